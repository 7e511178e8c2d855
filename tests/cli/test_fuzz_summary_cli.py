"""``fuzz`` is quiet by default: the rule gaps it reaches are counted and folded (the undecided ones
one line per clause), ``--gaps`` lists each one, and the result is the last line, so that a
violation is never pushed off the screen by the gaps."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from nemesis_rules.cli.app import app

runner = CliRunner()
CAMPAIGN = ("fuzz", "--games", "6", "--players", "4", "--ruleset", "base", "--shrink-budget", "0", "--jobs", "1")


def fuzz(tmp_path: Path, *extra: str) -> tuple[int, list[str], dict[str, Any]]:
    result = runner.invoke(app, [*CAMPAIGN, "--out", str(tmp_path), *extra])
    summary = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    return result.exit_code, result.stdout.splitlines(), summary


def test_gaps_are_counted_and_folded_and_the_result_comes_last(tmp_path: Path) -> None:
    code, lines, summary = fuzz(tmp_path)
    gaps = summary["gaps"]
    assert code == 0 and gaps, "the campaign should reach some rule gaps"
    undecided = {g["clause"] for g in gaps if not g["ruling"]}
    clauses = {g["clause"] for g in gaps}
    decided = sum(1 for g in gaps if g["ruling"])
    header = f"rule gaps reached: {len(gaps)} at {len(clauses)} clause(s): {decided} decided by rulings"
    assert any(line.startswith(header) and "(--gaps lists them)" in line for line in lines)
    assert [line for line in lines if line.startswith("  undecided ")] == [
        line for line in lines if any(line.startswith(f"  undecided {c} (") for c in undecided)
    ]
    assert sum(1 for line in lines if "first record:" in line) == len(undecided)
    assert lines[-1] == "result: no violation"


def test_gaps_lists_every_gap(tmp_path: Path) -> None:
    code, lines, summary = fuzz(tmp_path, "--gaps")
    listed = [line for line in lines if "first record:" in line]
    assert code == 0 and len(listed) == len(summary["gaps"])
    for gap, line in zip(summary["gaps"], listed, strict=True):
        assert line.startswith(f"  {gap['clause']}: {gap['situation']}")
