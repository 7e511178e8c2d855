"""The engine's component tables held to the specification's numbers (rulebook/data/spec.toml),
and each number held to the line of the rule texts it cites.

A disagreement between a table and the specification is never a silent pass: it fails here
unless a data ruling of the catalogue names the number (none does today)."""

from __future__ import annotations

import re

import pytest

from nemesis_rules.invariants.components import SPEC_SUPPLIES
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import Character, GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.game import make_config, start
from nemesis_rules.model.rules import queries
from nemesis_rules.model.rules.items import HAND_SLOTS
from nemesis_rules.model.rules.wounds import DEATH_AT_SERIOUS
from nemesis_rules.rulebook.errors import NumbersError
from nemesis_rules.rulebook.passages import rule_text
from nemesis_rules.rulebook.spec import load_spec, spec, spec_value

SUPPLIES = SPEC_SUPPLIES
"""The supplies the invariants hold to the specification (invariants/components.py)."""


@pytest.mark.parametrize("supply", sorted(SUPPLIES))
def test_base_supply_components_tables_match_the_specification(supply: str) -> None:
    """base.supply.components: every supply the texts state is the table's supply."""
    assert tables.supply(make_config("base", 2), supply) == spec_value(SUPPLIES[supply])


def test_base_supply_egg_at_start_matches_the_specification() -> None:
    config = make_config("base", 2)
    egg = next(s for s in tables.base(config).supplies if s.id == "egg")
    assert egg.at_start == spec_value("supply.egg-at-start")


@pytest.mark.parametrize("ruleset", ["base", "void-seeders"])
def test_base_supply_miniatures_tables_match_the_specification(ruleset: str) -> None:
    """base.supply.miniatures / vs.supply.miniatures: the miniature count of every type."""
    config = make_config(ruleset, 2)
    declared = {k.split(".")[-1]: n.at() for k, n in spec().items() if k.startswith(f"miniatures.{ruleset}.")}
    miniatures = tables.void_seeders(config).miniatures if ruleset == "void-seeders" else tables.base(config).miniatures
    assert {m.type: m.count for m in miniatures} == declared


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_base_setup_escape_pods_by_player_count(players: int) -> None:
    config = make_config("base", players)
    assert tables.pods_for(config) == spec_value("pods.in-play", players)
    assert tables.base(config).escape_pods.seats == spec_value("pods.seats")


def test_base_time_track_tracks_match_the_specification() -> None:
    base = tables.base(make_config("base", 2))
    time = base.time_track.spaces
    assert len(time) == spec_value("track.time.spaces")
    first_blue = next(i for i, s in enumerate(time) if "hibernation" in s.flags)
    assert first_blue == spec_value("track.time.first-blue")
    assert "jump" in time[-1].flags
    destruct = base.self_destruct_track.spaces
    assert len(destruct) == spec_value("track.self-destruct.spaces")
    assert next(i for i, s in enumerate(destruct) if "no-abort" in s.flags) == spec_value(
        "track.self-destruct.first-yellow"
    )
    assert len(base.destination_track.spaces) == spec_value("track.destination.spaces")
    assert len(base.weakness_setup.slots) == spec_value("weaknesses.slots")


def test_vs_insanity_track_matches_the_specification() -> None:
    track = tables.void_seeders(make_config("void-seeders", 2)).insanity_track
    assert (track.start, track.floor, track.max) == (
        spec_value("insanity.start"),
        spec_value("insanity.floor"),
        spec_value("insanity.max"),
    )


def test_base_round_draw_hand_size_slots_and_death_match_the_specification() -> None:
    """The engine's constants: hand size 5, two hand slots, death on a wound beyond 3 Serious."""
    state: GameState = start("base", 2)
    character = Character(1, "captain", "11")
    assert queries.hand_size(state, character, Context()) == spec_value("hand.size")
    assert spec_value("hand.slots") == HAND_SLOTS
    assert spec_value("wounds.serious-for-death") == DEATH_AT_SERIOUS


@pytest.mark.parametrize("number_id", sorted(spec()))
def test_each_specification_number_cites_a_line_that_states_it(number_id: str) -> None:
    """The cited line holds the number (for a derived one, the numbers it is counted from)."""
    number = spec()[number_id]
    text = rule_text(number.citation.file)
    if text is None:
        pytest.skip("the rule texts are not present (NEMESIS_RULES_DIR)")
    line = text.splitlines()[number.line - 1]
    digits = {int(d) for d in re.findall(r"\d+", line)}
    if number.status == "transcribed":
        values = set(number.by_players.values()) if number.by_players else {number.at()}
        assert values <= digits, f"{number.where()}: {line[:120]!r} does not state {sorted(values)}"
    else:
        assert number.derivation, f"{number_id}: a derived number says how"
        assert line.strip(), f"{number.where()} is an empty line"


def test_spec_loader_names_every_problem() -> None:
    bad = """
[[number]]
id = "x"
statement = "s"
file = "nowhere.txt"
section = "a"
line = 0
status = "guessed"
value = 1
by_players = { "1" = 2 }
"""
    with pytest.raises(NumbersError) as caught:
        load_spec(bad)
    text = str(caught.value)
    for needle in ("unknown file", "line must be", "status must be", "each player count", "exactly one"):
        assert needle in text, needle
