"""``nemesis-rules check``: the main job writes index.html, errata.md, report.json and conflicts.csv,
the report and the summary validate against their published schemas, the errata hold every
contradiction and ambiguity of both rulesets, and bad input is refused in one line."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

from nemesis_rules.cli.app import app
from nemesis_rules.findings import check as check_module
from nemesis_rules.findings.check import enrich
from nemesis_rules.findings.errata import render_errata
from nemesis_rules.findings.report import conflict_report
from nemesis_rules.findings.report_schema import report_schema
from nemesis_rules.rulebook.rulings import rulings

Checked = tuple[Path, dict[str, Any], Any]


def test_check_writes_the_four_files_and_exits_0(checked: Checked) -> None:
    out, summary, done = checked
    assert done.exit_code == 0, done.output
    assert sorted(p.name for p in out.iterdir() if p.is_file()) == [
        "conflicts.csv",
        "errata.md",
        "index.html",
        "report.json",
    ]
    assert not list(out.glob(".*")), "no temporary file is left beside the report"
    assert summary["verdict"]["ok"] and summary["written"]["index.html"].endswith("index.html")


def test_check_json_and_report_json_validate_against_their_schemas(checked: Checked) -> None:
    out, summary, _ = checked
    jsonschema.validate(summary, report_schema())
    assert summary["format"] == "nemesis-rules-check-summary"
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    jsonschema.validate(report, report_schema())
    assert report["verdict"] == summary["verdict"]
    assert report["fuzz"]["games"] >= check_module.MIN_GAMES and report["fuzz"]["violations"] == []


def test_schema_command_prints_the_report_schema() -> None:
    done = CliRunner().invoke(app, ["schema", "report"])
    assert done.exit_code == 0 and json.loads(done.stdout) == report_schema()


def test_a_planted_defect_in_the_report_fails_its_schema(checked: Checked) -> None:
    out, _, _ = checked
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    report["conflicts"][0]["severity"] = "catastrophic"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(report, report_schema())


def test_errata_hold_every_contradiction_and_ambiguity_of_both_rulesets(checked: Checked) -> None:
    out, _, _ = checked
    errata = (out / "errata.md").read_text(encoding="utf-8")
    wanted = [r.id for r in rulings().values() if r.kind.value in ("contradiction", "ambiguity")]
    assert wanted and [i for i in wanted if f"### {i} (" not in errata] == []
    assert errata.startswith("# Nemesis: errata and clarifications")
    assert "## base (" in errata and "## void-seeders (" in errata


def test_conflicts_csv_has_one_row_per_entry(checked: Checked) -> None:
    out, _, _ = checked
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    rows = list(csv.DictReader((out / "conflicts.csv").read_text(encoding="utf-8").splitlines()))
    assert [r["id"] for r in rows] == [e["id"] for e in report["conflicts"]]
    assert all(r["kind"] and r["severity"] and r["question"] for r in rows)


def test_an_entry_concerns_a_ruleset_only_where_its_clauses_hold() -> None:
    entries = {e["id"]: e for e in enrich(conflict_report(), texts_given=False)}
    summary_rulings = [e for i, e in entries.items() if i.startswith("vs.summary.")]
    assert summary_rulings and all(e["concerns"] == ["void-seeders"] for e in summary_rulings)
    assert all("base" in e["concerns"] for i, e in entries.items() if i.startswith("base.de."))


def test_without_the_rule_texts_the_report_cites_and_says_how_to_add_passages(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("NEMESIS_RULES_DIR", str(tmp_path / "no-texts-here"))
    entries = enrich(conflict_report(), texts_given=False)
    assert not [e for e in entries if e["origin"] == "alignment"], "the alignment needs the texts"
    assert all(p["text"] is None and p["file"] and p["section"] for e in entries for p in e["passages"])
    report = {"rulesets": ["base"], "conflicts": entries, "rule_texts": False}
    assert "give --rules-dir DIR to quote it" in render_errata(report)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--ruleset", "expansion"], "unknown ruleset 'expansion'"),
        (["--ruling", "no.such.ruling=x"], "no.such.ruling"),
        (["--budget", "1"], "--budget"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], words: str, tmp_path: Path) -> None:
    done = CliRunner().invoke(app, ["check", "--out", str(tmp_path / "r"), *args])
    assert done.exit_code == 2 and words in done.output and "Traceback" not in done.output


def test_a_report_folder_that_is_a_file_is_bad_input(tmp_path: Path) -> None:
    target = tmp_path / "report"
    target.write_text("not a folder")
    done = CliRunner().invoke(app, ["check", "--out", str(target)])
    assert done.exit_code == 2 and "is a file, not a folder" in done.output


def test_a_failed_proof_makes_the_check_exit_1(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    real = check_module._proofs

    def one_failing(options: check_module.CheckOptions) -> list[dict[str, Any]]:
        results = real(options)
        return [{**results[0], "status": "counterexample"}, *results[1:]]

    monkeypatch.setattr(check_module, "_proofs", one_failing)
    monkeypatch.setattr(check_module, "GAP_GAMES", 1)
    done = CliRunner().invoke(app, ["check", "--out", str(tmp_path / "r"), "--budget", "10", "--ruleset", "base"])
    assert done.exit_code == 1 and done.stdout.startswith("FAILED: something failed")
    assert (tmp_path / "r" / "index.html").is_file()


def test_every_question_a_finder_asked_is_shown_as_a_ruling_a_settled_entry_or_an_open_entry() -> None:
    """Each ruling names the finders that raise its question (``reading`` when none does); each
    question a sentence settles is an entry of kind ``settled`` quoting that sentence; a question
    nothing answers is an open entry of its finder."""
    from nemesis_rules.rulebook.finders import settled
    from nemesis_rules.rulebook.passages import rules_dir

    entries = {e["id"]: e for e in enrich(conflict_report(), rules_dir() is not None)}
    for ruling in rulings():
        assert entries[ruling]["finder"] in entries[ruling]["finders"]
    assert entries["vs.ambiguity.egg-noise-in-combat"]["finder"] == "universals"
    assert "numbers" in entries["vs.data.token-count"]["finders"]
    for item in settled().values():
        entry = entries[item.id]
        assert entry["kind"] == "settled" and entry["finder"] == item.finder and entry["severity"] == item.severity
        assert entry["sources"][0]["file"] == item.sentence.file
        if rules_dir() is not None:
            assert entry["status"] == "decided" and entry["passages"][0]["line"] == item.sentence.line
    for entry in entries.values():
        if entry["status"] == "open" and entry["origin"] not in ("alignment", "numeric-cross-check", "same-trigger"):
            assert entry["origin"] == entry["finder"] and entry["readings"] == []


def test_rules_conflicts_lists_settled_entries_and_what_answers_each_finders_questions() -> None:
    done = CliRunner().invoke(app, ["rules", "conflicts", "--games", "0", "--kind", "settled"])
    assert done.exit_code == 0, done.output
    assert "settled.terms.intruder-void-seeder" in done.output
    assert "questions the finders asked, by what answers them:" in done.output and "universals" in done.output
