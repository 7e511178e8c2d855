"""The clause catalogue: it validates, it cites real sections, and broken catalogues are rejected."""

from __future__ import annotations

import re

import pytest

from nemesis_rules.rulebook import (
    CARD_DECKS,
    RULESETS,
    CatalogueError,
    Clause,
    UnknownClauseError,
    UnknownRulesetError,
    card_slug,
    catalogue,
    clause,
    clauses_for,
    families,
    find_section,
    load_clauses,
    validate_clauses,
)
from nemesis_rules.rulebook.sources import FACTS_FILE

BASE_FAMILIES = {
    "setup", "round", "cost", "move", "careful-move", "explore", "noise", "encounter", "bag", "attack",
    "event", "fire", "malfunction", "door", "tech-corridor", "combat", "endurance", "retreat", "wound",
    "death", "contamination", "item", "search", "craft", "heavy-object", "trade", "character",
    "interruption", "quest-item", "room", "pod", "self-destruct", "time", "hibernation", "end", "objective",
    "weakness", "supply",
}  # fmt: skip
VS_FAMILIES = {
    "setup", "insanity", "panic", "lair", "injury", "movement", "encounter", "surprise-attack", "event",
    "lurking", "bag", "change", "end",
}  # fmt: skip
COPY_RUN = 10  # words in a row that would make a statement a copied sentence
ROOMS = [
    "armory", "comms-room", "emergency-room", "evacuation-section-a", "evacuation-section-b",
    "fire-control-system", "generator", "laboratory", "nest", "storage", "surgery", "airlock-control",
    "cabins", "canteen", "command-center", "engine-control-room", "hatch-control-system", "monitoring-room",
    "room-covered-with-slime", "shower-room", "cockpit", "engine", "hibernatorium",
]  # fmt: skip


def test_catalogue_validates_with_no_problems() -> None:
    assert validate_clauses(catalogue().values()) == []


def test_catalogue_is_large_and_covers_both_rulesets() -> None:
    table = catalogue()
    assert len(table) >= 300
    assert len(clauses_for("base")) >= 250
    assert len(clauses_for("void-seeders")) >= 250
    assert list(table) == sorted(table)
    assert catalogue() is table  # cached


def test_required_families_are_covered() -> None:
    base = {c.family for c in catalogue().values() if c.id.startswith("base.")}
    vs = {c.family for c in catalogue().values() if c.id.startswith("vs.")}
    assert base >= BASE_FAMILIES, BASE_FAMILIES - base
    assert vs >= VS_FAMILIES, VS_FAMILIES - vs
    change = {c.id.split(".")[2] for c in catalogue().values() if c.id.startswith("vs.change.")}
    expected = {"slime", "rest", "interruption", "shower", "canteen", "surgery", "laboratory", "antidote",
                "clothes", "contamination"}  # fmt: skip
    assert expected <= change
    assert [c.id for c in families()["vs.end"]] == sorted(
        c.id for c in catalogue().values() if c.id.startswith("vs.end.contamination-check.")
    )
    assert all(c.family == "noise" for c in families()["base.noise"])


@pytest.mark.parametrize(
    "clause_id",
    [
        "base.noise.danger",
        "base.noise.number",
        "base.noise.second-marker-encounter",
        "base.noise.danger-fills-corridors",
        "base.noise.silence",
        "base.noise.slimed-silence",
        "base.noise.occupied-room-no-roll",
        "base.move.adjacent",
        "base.encounter.surprise-attack",
        "vs.lurking.remove",
        "vs.insanity.no-return-below-3",
        "vs.event.lurking",
        "vs.end.contamination-check.final-draw",
    ],
)
def test_named_clause_ids_exist(clause_id: str) -> None:
    assert clause(clause_id).id == clause_id


@pytest.mark.parametrize("room", ROOMS)
def test_one_clause_per_room_action(room: str) -> None:
    item = clause(f"base.room.{room}")
    assert item.family == "room"


def test_unknown_clause_is_a_typed_lookup_error_with_one_line_message() -> None:
    with pytest.raises(UnknownClauseError) as caught:
        clause("base.noise.dangr")
    assert isinstance(caught.value, LookupError)
    message = str(caught.value)
    assert "\n" not in message
    assert "'base.noise.dangr'" in message and "base.noise.danger" in message


def test_clauses_for_separates_rulesets_and_drops_replaced_clauses() -> None:
    base_ids = {c.id for c in clauses_for("base")}
    vs_ids = {c.id for c in clauses_for("void-seeders")}
    assert all(i.startswith("base.") for i in base_ids)
    assert "base.noise.danger" in base_ids and "base.noise.danger" in vs_ids
    assert "base.encounter.surprise-attack" in base_ids and "base.encounter.surprise-attack" not in vs_ids
    assert "base.bag.larva" not in vs_ids and "vs.bag.blank" in vs_ids
    assert "base.event-card.hunt" not in vs_ids and "vs.event-card.hunt" in vs_ids
    with pytest.raises(UnknownRulesetError, match="'expansion'"):
        clauses_for("expansion")


def test_every_replacing_clause_names_base_clauses_that_leave_the_expansion() -> None:
    table = catalogue()
    replacing = [c for c in table.values() if c.replaces]
    assert len(replacing) >= 30
    for item in replacing:
        assert item.id.startswith("vs."), item.id
        for target in item.replaces:
            assert target.startswith("base."), (item.id, target)
            assert table[target].rulesets == ("base",), (item.id, target)


def test_base_only_rules_are_replaced_by_the_expansion() -> None:
    """A base rule missing from the void-seeders ruleset is one the expansion replaces (cards aside)."""
    table = catalogue()
    replaced = {t for c in table.values() for t in c.replaces}
    base_only_decks = {"event-card", "attack-card", "weakness"}  # decks the expansion swaps wholesale
    for item in table.values():
        if item.rulesets == ("base",) and item.family not in base_only_decks:
            assert item.id in replaced, item.id


def test_card_clauses_use_the_card_slug_and_facts_spelling(rule_texts: dict[str, str]) -> None:
    cards = [c for c in catalogue().values() if c.card is not None]
    assert len(cards) >= 150
    for item in cards:
        assert item.family in CARD_DECKS
        assert item.id.split(".")[2] == card_slug(item.card or "")
        assert item.card in rule_texts[FACTS_FILE], item.card
    assert clause("base.event-card.hunt").card == "Hunt"  # both Hunt event cards share one clause
    assert (
        clause("vs.event-card.evacuation-pod-ejection").statement
        != clause("base.event-card.evacuation-pod-ejection").statement
    )


def test_card_slug() -> None:
    assert card_slug("Evacuation Pod Ejection") == "evacuation-pod-ejection"
    assert card_slug("Motion Scanner/Sensor") == "motion-scanner-sensor"
    assert card_slug("Sawed-off") == "sawed-off"
    assert card_slug("  Ab Ovo!  ") == "ab-ovo"


def test_every_citation_is_found_in_the_cited_file(rule_texts: dict[str, str]) -> None:
    missing = []
    for item in catalogue().values():
        for citation in item.citations:
            try:
                find_section(citation.file, citation.section, rule_texts[citation.file])
            except LookupError as error:
                missing.append(f"{item.id}: {error}")
    assert missing == []


def test_void_seeders_clauses_cite_main_text_and_summary() -> None:
    parts = {c.part for item in catalogue().values() for c in item.citations if c.part is not None}
    assert parts == {"main", "summary"}
    # every void seeders rule clause (not card data) has at least one main-text citation
    for item in catalogue().values():
        if item.id.startswith("vs.") and item.card is None and item.family != "supply":
            assert any(c.part == "main" for c in item.citations), item.id


def test_statements_are_paraphrases_not_copies(rule_texts: dict[str, str]) -> None:
    """No statement shares a run of ten consecutive words (a copied sentence) with any rule text."""

    def words(text: str) -> list[str]:
        return re.findall(r"[a-z0-9äöüß]+", text.lower())

    grams: set[tuple[str, ...]] = set()
    for text in rule_texts.values():
        tokens = words(text)
        grams.update(tuple(tokens[i : i + COPY_RUN]) for i in range(len(tokens) - COPY_RUN + 1))
    copied = []
    for item in catalogue().values():
        tokens = words(item.statement)
        if any(tuple(tokens[i : i + COPY_RUN]) in grams for i in range(len(tokens) - COPY_RUN + 1)):
            copied.append(item.id)
    assert copied == []


BROKEN = """
[[clause]]
id = "base.noise.danger"
family = "noise"
rulesets = ["base", "void-seeders"]
file = "facts.md"
section = "§15 Combat and dice"
statement = "First copy."

[[clause]]
id = "base.noise.danger"
family = "noise"
rulesets = ["base"]
file = "facts.md"
section = "§15 Combat and dice"
statement = "Second copy with the same id."

[[clause]]
id = "Base.Noise.Roll_One"
family = "noise"
rulesets = ["base"]
file = "facts.md"
section = "§15 Combat and dice"
statement = "Bad id syntax."

[[clause]]
id = "base.noise.elsewhere"
family = "noise"
rulesets = ["base"]
file = "rulebook.pdf"
section = "Noise"
statement = "Unknown file."

[[clause]]
id = "base.noise.odd-ruleset"
family = "noise"
rulesets = ["advanced"]
file = "facts.md"
section = "§15 Combat and dice"
statement = "Unknown ruleset."

[[clause]]
id = "vs.noise.replacer"
family = "noise"
rulesets = ["void-seeders"]
file = "void-seeders-rulebook.txt"
section = "Void Seeders Rules > Encounter"
replaces = ["base.noise.nowhere", "base.noise.danger"]
statement = "Replaces an unknown id and a base clause still in the expansion."

[[clause]]
id = "base.move.no-statement"
family = "move"
rulesets = ["base"]
file = "facts.md"
section = "§2 Turn structure"
"""


def test_broken_catalogue_is_rejected_with_every_problem_named() -> None:
    with pytest.raises(CatalogueError) as caught:
        load_clauses(BROKEN)
    problems = caught.value.problems
    joined = "\n".join(problems)
    assert "duplicate clause id 'base.noise.danger'" in joined
    assert "bad clause id 'Base.Noise.Roll_One'" in joined
    assert "unknown file 'rulebook.pdf'" in joined
    assert "unknown ruleset 'advanced'" in joined
    assert "replaces unknown clause 'base.noise.nowhere'" in joined
    assert "replaces 'base.noise.danger', which still lists ruleset 'void-seeders'" in joined
    assert "clause 'base.move.no-statement': missing statement" in joined
    assert len(problems) >= 7
    assert "\n" not in str(caught.value)
    assert str(caught.value).startswith(f"clause catalogue has {len(problems)} problems: ")


def test_validator_reports_family_and_card_slug_mismatches() -> None:
    from nemesis_rules.rulebook import Citation

    good = Citation(FACTS_FILE, "§4 Event deck")
    bad = [
        Clause("base.noise.x", "move", "Family differs from id.", ("base",), good),
        Clause("base.event-card.hunting", "event-card", "Slug differs.", ("base",), good, card="Hunt"),
        Clause("vs.noise.y", "noise", "A vs clause in base.", ("base",), good),
        Clause("base.noise.z", "noise", "Base clause replacing.", ("base",), good, replaces=("base.noise.x",)),
    ]
    problems = validate_clauses(bad)
    assert any("family 'move'" in p for p in problems)
    assert any("card 'Hunt' has slug 'hunt'" in p for p in problems)
    assert any("'vs.noise.y' is a void seeders clause but lists ruleset 'base'" in p for p in problems)
    assert any("'base.noise.z' is not a void seeders clause" in p for p in problems)


def test_malformed_toml_is_a_catalogue_error() -> None:
    with pytest.raises(CatalogueError, match="not valid TOML"):
        load_clauses("[[clause]\nid = ")


def test_rulesets_are_known() -> None:
    assert RULESETS == ("base", "void-seeders")
    for item in catalogue().values():
        assert set(item.rulesets) <= set(RULESETS)
        assert item.applies_to(item.rulesets[0])
        assert item.origin == ("base" if item.id.startswith("base.") else "void-seeders")


def test_an_unreachable_reading_needs_a_ruleset_in_force_and_a_reason() -> None:
    from nemesis_rules.rulebook import Citation

    good = Citation(FACTS_FILE, "§4 Event deck")
    bad = [
        Clause("base.noise.x", "noise", "Elsewhere.", ("base",), good, unreachable=(("void-seeders", "no board"),)),
        Clause("base.noise.y", "noise", "No reason.", ("base",), good, unreachable=(("base", " "),)),
    ]
    problems = validate_clauses(bad)
    elsewhere = "'base.noise.x' is unreachable under 'void-seeders', a ruleset it is not in force under"
    assert any(elsewhere in p for p in problems)
    assert any("'base.noise.y' needs a one-line reason" in p for p in problems)
    text = """[[clause]]
id = "base.move.table"
family = "move"
rulesets = ["base"]
file = "facts.md"
section = "§2 Turn structure"
statement = "Unreachable must be a table."
unreachable = "never"
"""
    with pytest.raises(CatalogueError, match="'unreachable' must be a table"):
        load_clauses(text)


def test_the_catalogue_says_why_some_clauses_cannot_happen_in_void_seeders() -> None:
    table = catalogue()
    assert "Help cards" in (table["vs.setup.help-cards"].unreachable_under("void-seeders") or "")
    assert "Carcass" in (table["base.supply.components"].unreachable_under("void-seeders") or "")
    assert table["base.supply.components"].unreachable_under("base") is None
