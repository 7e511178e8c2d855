"""Locating a citation's section in the rule texts."""

from __future__ import annotations

import pytest

from nemesis_rules.rulebook import Citation, SectionNotFoundError, citation_problem, find_section
from nemesis_rules.rulebook.sources import DE_FILE, FACTS_FILE, REF_FILE, VS_FILE


def test_vs_heading_path_is_found_in_its_part(rule_texts: dict[str, str]) -> None:
    text = rule_texts[VS_FILE]
    main = find_section(VS_FILE, "Void Seeders Rules > Surprise Attack", text)
    summary = find_section(VS_FILE, "Rules Summary > Surprise Attack", text)
    assert main < summary
    assert text.splitlines()[main - 1] == "Surprise Attack"
    assert text.splitlines()[summary - 1] == "Surprise Attack"


def test_vs_sub_heading_must_lie_inside_its_top_level_block(rule_texts: dict[str, str]) -> None:
    # "Laboratory" exists under Gameplay Changes and in the Summary, but not under Void Seeders Rules
    with pytest.raises(SectionNotFoundError, match="Laboratory"):
        find_section(VS_FILE, "Void Seeders Rules > Laboratory", rule_texts[VS_FILE])
    assert find_section(VS_FILE, "Gameplay Changes > Laboratory", rule_texts[VS_FILE]) > 0


def test_vs_table_of_contents_bullets_are_not_headings(rule_texts: dict[str, str]) -> None:
    line = find_section(VS_FILE, "Setup", rule_texts[VS_FILE])
    assert line > 60  # the bulleted "• Setup" of the contents (line 8) does not count


def test_reference_room_rows_match_by_prefix(rule_texts: dict[str, str]) -> None:
    text = rule_texts[REF_FILE]
    line = find_section(REF_FILE, "Basic rooms — always in play > Armory", text)
    assert text.splitlines()[line - 1].startswith("ArmoryRecharge")
    with pytest.raises(SectionNotFoundError):
        find_section(REF_FILE, "Basic rooms — always in play > Cabins", text)  # Cabins is an additional room


def test_facts_numbered_and_unnumbered_headings(rule_texts: dict[str, str]) -> None:
    text = rule_texts[FACTS_FILE]
    assert text.splitlines()[find_section(FACTS_FILE, "§4 Event deck", text) - 1] == "## 4. Event deck (20)"
    assert find_section(FACTS_FILE, "Key FAQ v2.2 rulings", text) > 0
    with pytest.raises(SectionNotFoundError):
        find_section(FACTS_FILE, "§4 Events", text)


def test_german_overview_paragraph_openings(rule_texts: dict[str, str]) -> None:
    text = rule_texts[DE_FILE]
    assert find_section(DE_FILE, "Sobald eine Begegnung abgehandelt wird", text) > 0
    with pytest.raises(SectionNotFoundError, match="no paragraph"):
        find_section(DE_FILE, "Dieser Absatz existiert nicht", text)


@pytest.mark.parametrize(
    ("file", "section", "fragment"),
    [
        ("rules.txt", "Setup", "unknown file"),
        (VS_FILE, "Laboratory", "top-level heading"),
        (VS_FILE, "Rules Summary >  > Blank", "empty heading"),
        (FACTS_FILE, "§99 Nothing", "does not match heading"),
        (FACTS_FILE, "Event deck", "neither"),
        (DE_FILE, "  ", "empty section"),
    ],
)
def test_citation_problem_without_texts(file: str, section: str, fragment: str) -> None:
    problem = citation_problem(file, section)
    assert problem is not None and fragment in problem


def test_citation_part() -> None:
    assert Citation(VS_FILE, "Rules Summary > Lairs").part == "summary"
    assert Citation(VS_FILE, "Void Seeders Features > Lairs").part == "main"
    assert Citation(FACTS_FILE, "§1 Intruder bag").part is None
