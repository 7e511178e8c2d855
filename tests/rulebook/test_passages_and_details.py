"""Quoting the cited passage, and everything ``rules show`` tells about a clause."""

from __future__ import annotations

from pathlib import Path

import pytest

from nemesis_rules.rulebook import UnknownClauseError, catalogue
from nemesis_rules.rulebook.details import clause_details
from nemesis_rules.rulebook.passages import MAX_PASSAGE, passage, rules_dir
from nemesis_rules.rulebook.sources import DE_FILE, REF_FILE, VS_FILE, Citation


def _quote(clause_id: str, file: str) -> tuple[int | None, str]:
    item = catalogue()[clause_id]
    citation = next(c for c in item.citations if c.file == file)
    quoted = passage(citation, item.statement, item.card)
    assert quoted.problem is None and quoted.text is not None
    return quoted.line, quoted.text


def test_reference_room_row_is_quoted(rule_texts: dict[str, str]) -> None:
    line, text = _quote("base.room.armory", REF_FILE)
    assert text.startswith("ArmoryRecharge energy weapon")
    assert line is not None and rule_texts[REF_FILE].splitlines()[line - 1].startswith("Armory")


def test_best_matching_line_of_a_section_is_quoted(rule_texts: dict[str, str]) -> None:
    _, main = _quote("vs.lurking.remove", VS_FILE)
    assert main.startswith("3. Remove all Void Seeders in these Rooms")
    _, noise = _quote("base.noise.danger", REF_FILE)
    assert noise.startswith("Danger") and "neighbouring room walks in" in noise


def test_a_long_line_is_cut_to_the_card_it_names(rule_texts: dict[str, str]) -> None:
    _, text = _quote("base.item.grenade", "facts.md")
    assert text.startswith("…Grenade 4 [") and len(text) <= MAX_PASSAGE


def test_german_paragraph_is_quoted_from_its_opening(rule_texts: dict[str, str]) -> None:
    _, text = _quote("base.round.draw", DE_FILE)
    assert text.startswith("Das Spiel besteht aus zwei Phasen")


def test_missing_rule_texts_leave_the_citation_without_passage(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("NEMESIS_RULES_DIR", str(tmp_path))
    assert rules_dir() is None
    quoted = passage(Citation(REF_FILE, "Noise"), "Danger.")
    assert quoted.text is None and quoted.line is None and "not available" in str(quoted.problem)


def test_a_section_missing_from_the_text_is_a_problem_not_an_error(rule_texts: dict[str, str]) -> None:
    quoted = passage(Citation(REF_FILE, "Noise > No such line"), "Danger.")
    assert quoted.text is None and "not found" in str(quoted.problem)


def test_details_give_citations_code_tests_rulings_and_triggers(rule_texts: dict[str, str]) -> None:
    data = clause_details("base.noise.danger")
    assert data["statement"] == catalogue()["base.noise.danger"].statement
    assert [c["file"] for c in data["citations"]] == ["facts.md", REF_FILE]
    assert all(c["passage"] and c["line"] for c in data["citations"])
    assert any(where["file"].startswith("nemesis_rules/model/") for where in data["implemented_by"])
    assert "base.ref.danger-in-combat" in data["rulings"]
    assert {o["id"] for o in data["same_trigger"]} == {
        "base.noise.danger-all-noisy",
        "base.noise.danger-fills-corridors",
    }


def test_details_name_replacements_both_ways() -> None:
    replacing = next(c for c in catalogue().values() if c.replaces)
    target = replacing.replaces[0]
    assert clause_details(replacing.id)["replaces"] == list(replacing.replaces)
    assert replacing.id in clause_details(target)["replaced_by"]


def test_details_of_an_unknown_clause_raise_the_lookup_error() -> None:
    with pytest.raises(UnknownClauseError, match=r"did you mean 'base\.noise\.danger'"):
        clause_details("base.noise.dangr")
