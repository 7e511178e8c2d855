"""The numeric cross-check: every stated number by source, and the conflicts the rulings must cover."""

from __future__ import annotations

import pytest

from nemesis_rules.rulebook import (
    NumbersError,
    RulingKind,
    UnknownQuantityError,
    find_section,
    load_quantities,
    numeric_conflicts,
    quantities,
    quantity,
    rulings,
    uncovered_conflicts,
)
from nemesis_rules.rulebook.sources import FACTS_FILE, REF_FILE


def test_quantities_load() -> None:
    table = quantities()
    assert len(table) >= 100
    assert quantities() is table
    assert all(q.values for q in table.values())


def test_every_value_citation_is_found(rule_texts: dict[str, str]) -> None:
    missing = []
    for item in quantities().values():
        for entry in item.values:
            citation = entry.citation
            try:
                find_section(citation.file, citation.section, rule_texts[citation.file])
            except LookupError as error:
                missing.append(f"{item.id}: {error}")
    assert missing == []


@pytest.mark.parametrize(
    "quantity_id",
    [
        "noise-die.number-faces",
        "noise-die.danger-faces",
        "board.corridors",
        "board.tech-entrance-rooms",
        "board.computer-rooms",
        "contamination.infected",
        "combat-die.creeper-faces",
        "surprise.larva",
        "vs.tokens.numbered",
        "pods.players-1-2",
    ],
)
def test_known_conflicts_are_found(quantity_id: str) -> None:
    assert quantity_id in {c.id for c in numeric_conflicts()}


def test_conflict_names_its_sources_and_values() -> None:
    conflict = next(c for c in numeric_conflicts() if c.id == "noise-die.number-faces")
    values = dict(conflict.by_value)
    assert set(values) == {8, 4}
    assert {e.citation.file for e in values[8]} == {FACTS_FILE}
    assert {e.citation.file for e in values[4]} == {REF_FILE}
    line = conflict.describe()
    assert line.startswith("noise-die.number-faces: 8 (facts.md, §15 Combat and dice")
    assert " vs 4 (base-rules-reference.txt, Noise" in line


def test_agreeing_sources_are_no_conflict() -> None:
    ids = {c.id for c in numeric_conflicts()}
    assert "hand.size" not in ids and len(quantity("hand.size").values) == 3
    assert "pods.players-5" not in ids


def test_every_numeric_conflict_is_covered_by_a_data_ruling() -> None:
    assert uncovered_conflicts() == []
    conflicts = {c.id for c in numeric_conflicts()}
    for item in rulings().values():
        if item.quantities:
            assert item.kind is RulingKind.DATA
            assert set(item.quantities) <= conflicts, item.id


def test_unknown_quantity() -> None:
    with pytest.raises(UnknownQuantityError) as caught:
        quantity("board.corridor")
    assert str(caught.value).startswith("unknown quantity 'board.corridor' (did you mean 'board.corridors'")


def test_broken_numbers_are_rejected_with_every_problem_named() -> None:
    text = """
[[quantity]]
id = "Bad Id"
description = "x"
values = [{ value = 1, file = "nowhere.txt", section = "x" }]

[[quantity]]
id = "dup"
description = "first"
values = [{ value = 1.5, file = "facts.md", section = "§1 Intruder bag" }]

[[quantity]]
id = "dup"
description = "second"
values = []
"""
    with pytest.raises(NumbersError) as caught:
        load_quantities(text)
    joined = "\n".join(caught.value.problems)
    assert "bad quantity id 'Bad Id'" in joined
    assert "unknown file 'nowhere.txt'" in joined
    assert "value 1.5 is neither an integer nor a string" in joined
    assert "duplicate quantity id 'dup'" in joined
    assert "quantity 'dup' has no values" in joined
