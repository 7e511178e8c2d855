"""The alignment of the rule texts to the clause catalogue (issue: conflict discovery by method):
texts cut into units with stable ids, entries checked, every unit of the four texts read, and
``rules alignment`` listing them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nemesis_rules.cli.app import app
from nemesis_rules.rulebook.alignment import align, entries, orphans, parse_entries, restating, units
from nemesis_rules.rulebook.catalogue import catalogue
from nemesis_rules.rulebook.errors import AlignmentError
from nemesis_rules.rulebook.passages import rule_text, rules_dir
from nemesis_rules.rulebook.rulings import rulings
from nemesis_rules.rulebook.sources import DE_FILE, FACTS_FILE, REF_FILE, RULE_FILES, VS_FILE

TEXT = """The turn

Draw. Every player draws back up to 5 cards (e.g. after a pass). A Serious Wound can lower that!
- a list item. With two sentences.
Action\tCost
"""

needs_texts = pytest.mark.skipif(rules_dir() is None, reason="the rule texts are not present (NEMESIS_RULES_DIR)")


def texts() -> dict[str, str]:
    return {f: t for f in RULE_FILES if (t := rule_text(f)) is not None}


def test_units_are_sentences_items_and_rows_with_stable_ids() -> None:
    found = units(REF_FILE, TEXT)
    assert [(u.id, u.kind) for u in found] == [
        ("base-rules-reference.txt:1.0", "heading"),
        ("base-rules-reference.txt:3.0", "sentence"),
        ("base-rules-reference.txt:3.1", "sentence"),
        ("base-rules-reference.txt:3.2", "sentence"),
        ("base-rules-reference.txt:4.0", "item"),
        ("base-rules-reference.txt:5.0", "row"),
    ]
    assert found[2].text == "Every player draws back up to 5 cards (e.g. after a pass)."
    assert found[2].start == "Every player draws back up to"
    assert units(REF_FILE, "\n\n" + TEXT)[1].id == "base-rules-reference.txt:5.0"  # ids are lines


def test_an_entry_is_aligned_marked_or_refused_naming_itself() -> None:
    good = parse_entries(
        REF_FILE,
        '[[unit]]\nat = "3.1"\nclauses = ["base.round.draw"]\n\n'
        '[[unit]]\nat = "3.0"\nstatus = "no-rule-content"\nreason = "a label"\n',
    )
    assert good[(3, 1)].clauses == ("base.round.draw",) and good[(3, 0)].reason == "a label"
    planted = {
        '[[unit]]\nat = "3"\nclauses = ["x"]\n': "'at' must be LINE.INDEX",
        '[[unit]]\nat = "3.0"\n': "give 'clauses'",
        '[[unit]]\nat = "3.0"\nstatus = "no-rule-content"\n': "says why",
        '[[unit]]\nat = "3.0"\nclauses = ["x"]\nrelation = "differs"\n': "names the ruling",
        '[[unit]]\nat = "3.0"\nclauses = ["x"]\n[[unit]]\nat = "3.0"\nclauses = ["y"]\n': "listed twice",
        '[[unit]]\nat = "3.0"\nclause = ["x"]\n': r"unknown key\(s\) clause",
    }
    for raw, words in planted.items():
        with pytest.raises(AlignmentError, match=words):
            parse_entries(REF_FILE, raw)


def test_an_entry_whose_words_are_not_the_units_is_stale_and_a_missing_one_unaligned() -> None:
    data = {
        REF_FILE: parse_entries(REF_FILE, '[[unit]]\nat = "3.1"\nstarts = "Every player draws one"\nclauses = ["x"]\n')
    }
    rows = {r.id: r for r in align({REF_FILE: TEXT}, data)}
    assert rows["base-rules-reference.txt:3.1"].status == "stale"
    assert rows["base-rules-reference.txt:3.2"].status == "unaligned"
    assert rows["base-rules-reference.txt:1.0"].status == "no-rule-content"  # a heading, by rule


def test_the_summary_and_the_overview_are_the_restating_parts() -> None:
    text = "Setup\nThe main text.\nRules Summary\nA restated rule.\n"
    assert restating(VS_FILE, text) == frozenset({3, 4})
    assert restating(DE_FILE, "Eins.\nZwei.\n") == frozenset({1, 2})
    assert restating(FACTS_FILE, text) == frozenset()


def test_alignment_data_names_only_catalogued_clauses_and_rulings() -> None:
    known, decided = set(catalogue()), set(rulings())
    for file in RULE_FILES:
        for entry in entries(file).values():
            assert set(entry.clauses) <= known, (file, entry.line, set(entry.clauses) - known)
            assert not entry.ruling or entry.ruling in decided, (file, entry.line, entry.ruling)


@needs_texts
def test_every_unit_of_the_four_texts_has_been_read() -> None:
    """No unit lacks an entry and no entry has gone stale; the units that state a rule the catalogue
    lacks (``uncatalogued``) are findings, listed by ``rules alignment --unaligned``."""
    given = texts()
    rows = align(given)
    assert {r.file for r in rows} == set(RULE_FILES)
    assert [r.id for r in rows if r.status in ("unaligned", "stale")] == []
    assert list(orphans(given)) == []


@needs_texts
def test_every_restated_unit_says_how_it_restates() -> None:
    given = texts()
    for file in (VS_FILE, DE_FILE):
        lines = restating(file, given[file])
        missing = [
            r.id
            for r in align({file: given[file]})
            if r.line in lines and r.kind not in ("heading", "contents") and r.status == "aligned" and not r.relation
        ]
        assert missing == []


@needs_texts
def test_each_rule_the_catalogue_lacks_is_an_open_entry_of_the_conflict_report() -> None:
    from nemesis_rules.findings.report import alignment_findings

    found = {e["id"]: e for e in alignment_findings()}
    lacking = [r for r in align(texts()) if r.status == "uncatalogued"]
    assert sorted(found) == sorted(f"alignment:{r.id}" for r in lacking)
    for row in lacking:
        entry = found[f"alignment:{row.id}"]
        assert entry["origin"] == "alignment" and entry["status"] == "open" and entry["reason"] == row.reason
        assert entry["kind"] == ("contradiction" if "differs:" in row.reason else "gap")
        assert entry["quote"] == row.text and entry["line"] == row.line


def test_rules_alignment_lists_json_rows_and_refuses_an_unknown_file(tmp_path: Path) -> None:
    folder = tmp_path / "rules"
    folder.mkdir()
    for name in RULE_FILES:
        (folder / name).write_text(TEXT if name == REF_FILE else "", encoding="utf-8")
    runner = CliRunner()
    done = runner.invoke(app, ["rules", "alignment", "--rules-dir", str(folder), "--file", REF_FILE, "--json"])
    assert done.exit_code == 0, done.output
    rows = json.loads(done.stdout)
    assert rows[0] == {
        "file": REF_FILE, "line": 1, "index": 0, "text": "The turn", "clauses": [],
        "status": "no-rule-content", "reason": "a heading",
    }  # fmt: skip
    assert {"file", "line", "text", "clauses", "status"} <= set(rows[1])
    bad = runner.invoke(app, ["rules", "alignment", "--rules-dir", str(folder), "--file", "facts.mdx"])
    assert bad.exit_code == 2 and "did you mean 'facts.md'" in bad.output and "Traceback" not in bad.output


def test_rules_alignment_unaligned_exits_1_while_anything_is_open(tmp_path: Path) -> None:
    folder = tmp_path / "rules"
    folder.mkdir()
    for name in RULE_FILES:
        (folder / name).write_text("A sentence nobody aligned.\n" if name == FACTS_FILE else "", encoding="utf-8")
    done = CliRunner().invoke(app, ["rules", "alignment", "--rules-dir", str(folder), "--unaligned"])
    assert done.exit_code == 1
    assert "facts.md:1.0  unaligned" in done.stdout and "1 unit(s): 1 unaligned" in done.stdout


def test_rules_alignment_without_the_texts_is_bad_input(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("NEMESIS_RULES_DIR", str(tmp_path / "nowhere"))
    done = CliRunner().invoke(app, ["rules", "alignment"])
    assert done.exit_code == 2 and "NEMESIS_RULES_DIR" in done.output
