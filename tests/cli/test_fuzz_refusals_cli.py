"""``fuzz`` reports refusals next to what fired; ``rules coverage --summary`` reads its summary."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from nemesis_rules.cli.app import app


def _fuzz(tmp_path: Path, *extra: str) -> dict:  # type: ignore[type-arg]
    out = tmp_path / "out"
    args = ["fuzz", "--games", "2", "--players", "2", "--ruleset", "base", "--json", "--out", str(out), *extra]
    result = CliRunner().invoke(app, args)
    assert result.exit_code in (0, 1), result.output
    return json.loads((out / "summary.json").read_text())  # type: ignore[no-any-return]


def test_fuzz_summary_counts_refusals_and_exercised_clauses(tmp_path: Path) -> None:
    summary = _fuzz(tmp_path)
    assert summary["campaign"]["probes"] == 2 and summary["probes"] > 0
    assert summary["refused"] and summary["refused_by_ruleset"]["base"] == summary["refused"]
    cov = summary["clause_coverage"]["base"]
    assert cov["fired"] <= cov["exercised"] <= cov["clauses"]
    assert cov["exercised"] + len(cov["never_exercised"]) == cov["clauses"]
    assert cov["percent"] == round(100 * cov["exercised"] / cov["clauses"], 1)


def test_fuzz_without_probes_plays_the_same_games(tmp_path: Path) -> None:
    probed = _fuzz(tmp_path / "a")
    plain = _fuzz(tmp_path / "b", "--probes", "0")
    assert plain["probes"] == 0 and plain["refused"] == {}
    assert (plain["steps"], plain["clauses"], plain["end_reasons"]) == (
        probed["steps"],
        probed["clauses"],
        probed["end_reasons"],
    )


def test_rules_coverage_reads_a_fuzz_summary(tmp_path: Path) -> None:
    summary = _fuzz(tmp_path)
    path = tmp_path / "out" / "summary.json"
    result = CliRunner().invoke(app, ["rules", "coverage", "--summary", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    (base,) = data["rulesets"]
    assert base["exercised"] == summary["clause_coverage"]["base"]["exercised"]
    assert data["overall"]["percent"] == base["percent"] and data["games"] == 2
    text = CliRunner().invoke(app, ["rules", "coverage", "--summary", str(path)])
    assert text.exit_code == 0 and "cited refusing a probe" in text.output and "overall: " in text.output


def test_rules_coverage_with_a_file_that_is_no_summary_is_bad_input(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"games": 1}')
    result = CliRunner().invoke(app, ["rules", "coverage", "--summary", str(bad)])
    assert result.exit_code == 2 and "not a fuzz summary" in result.output
    assert "Traceback" not in result.output
