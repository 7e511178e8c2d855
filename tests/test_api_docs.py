"""The public API: the package and its main subpackages list their public names in ``__all__``,
each name exists and is documented, and the API site builds from the docstrings with pdoc
without a single warning (docs/api/build.py, as the README says)."""

from __future__ import annotations

import importlib
import inspect
import runpy
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MAIN = (
    "nemesis_rules",
    "nemesis_rules.model",
    "nemesis_rules.record",
    "nemesis_rules.rulebook",
    "nemesis_rules.invariants",
    "nemesis_rules.prove",
    "nemesis_rules.conformance",
)


@pytest.mark.parametrize("name", MAIN)
def test_api_every_public_name_exists_and_is_documented(name: str) -> None:
    module = importlib.import_module(name)
    assert inspect.getdoc(module), name
    public = getattr(module, "__all__", None)
    assert public, f"{name} has no __all__"
    for item in public:
        value = getattr(module, item, None)
        if value is None:
            value = importlib.import_module(f"{name}.{item}")  # a submodule the package makes public
        if inspect.isfunction(value) or inspect.isclass(value) or inspect.ismodule(value):
            assert inspect.getdoc(value), f"{name}.{item} has no docstring"


def test_api_docs_site_builds_without_warnings(tmp_path: Path) -> None:
    build = runpy.run_path(str(ROOT / "docs" / "api" / "build.py"))["build"]
    assert build(tmp_path) == []
    model = (tmp_path / "nemesis_rules" / "model.html").read_text(encoding="utf-8")
    assert "legal_actions" in model and "start" in model
    assert (tmp_path / "nemesis_rules" / "conformance" / "protocol.html").exists()
    assert (tmp_path / "nemesis_rules" / "model" / "data" / "vocabulary.html").exists()
