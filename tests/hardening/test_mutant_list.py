"""The mutation harness's defects (``benchmarks/mutants.toml``) still apply to the package: each
original snippet occurs exactly once in its file. A rule fix that rewrites a mutated line would
otherwise leave its mutant stale, and the harness would stop at it after most of a run."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _harness() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mutation_harness", ROOT / "benchmarks" / "mutation.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_every_mutant_applies_to_the_package() -> None:
    harness = _harness()
    mutants = harness.load_mutants()
    assert len(mutants) >= 51
    assert harness.stale(mutants, ROOT / "nemesis_rules") == []


def test_a_rewritten_line_makes_its_mutant_stale(tmp_path: Path) -> None:
    harness = _harness()
    mutant = next(m for m in harness.load_mutants() if m.id == "base.edge.egg-supply-ignored")
    (tmp_path / Path(mutant.file).parent).mkdir(parents=True)
    (tmp_path / mutant.file).write_text("if state.eggs >= supply:\n", encoding="utf-8")
    assert harness.stale([mutant], tmp_path) == [
        f"mutant {mutant.id}: its original occurs 0 times in {mutant.file} (stale mutant)"
    ]
