"""A check run shared by the tests of the check's report (a run takes about half a minute)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from nemesis_rules.cli.app import app


@pytest.fixture(scope="session")
def checked(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any], Any]:
    """``nemesis-rules check --json`` on both rulesets with the smallest budget: the folder it wrote,
    its printed summary, and the CLI result."""
    out = tmp_path_factory.mktemp("check") / "report"
    done = CliRunner().invoke(app, ["check", "--out", str(out), "--budget", "10", "--json"])
    summary = json.loads(done.stdout) if done.exit_code == 0 else {}
    return out, summary, done
