"""Known-answer tests for the end of the game: the hyperjump at the red space, the ship's destruction,
when the victory check is needed and who survives it (facts.md §13; RU-RB p.11-12), named after their
clause ids. The objectives step is in test_base_end_objectives.py (it plays from a five-player game), the
endings that hang on hibernation in test_base_end_hibernating.py and a pod's launch in
test_base_end_pod_launch.py (they play from the Hibernatorium and from Evacuation Section A)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.engine import Context, settle
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.endgame import end_game
from nemesis_rules.model.rules.events import TimeStep
from nemesis_rules.model.rules.victory import CoordinatesCheck, EngineCheck
from nemesis_rules.testing import after_setup, settled, with_hand

HAND = ("search", "search", "rest", "interruption", "demolition")


@pytest.fixture(scope="module")
def game() -> GameState:
    """Seed 3, two players in room 11: player 1 with five cards, player 2 (the Soldier) with
    one card and no reaction to an attack; the escape pods still locked."""
    state = with_hand(after_setup(players=2, seed=3), 1, *HAND)
    return with_hand(state, 2, "search")


def first_space(state: GameState, flag: str) -> int:
    return next(s for s in range(20) if flag in tables.self_destruct_flags(replace(state, self_destruct=s)))


def test_base_end_destruction_at_the_skull(game: GameState) -> None:
    skull = first_space(game, "explosion")
    state = replace(game, self_destruct=skull - 1, time=0)
    state = state.with_character(replace(state.character(1), status="hibernating"))
    after, fired = settled(state, TimeStep())
    assert after.end is not None and after.end.reason == "ship-destroyed-self-destruct"
    assert after.end.survivors == ()
    assert "base.end.destruction" in fired


def test_base_end_destruction_a_ninth_fire_kills_awake_and_asleep(game: GameState) -> None:
    state = game.with_character(replace(game.character(1), status="hibernating"))
    state = state.with_character(replace(state.character(2), status="escaped"))
    ctx = Context()
    after = settle(end_game(state, "ship-destroyed-ninth-fire", ctx), ctx)
    assert after.end is not None
    assert after.character(1).status == "dead" and after.end.survivors == (2,)
    assert "base.end.destruction" in ctx.fired


def test_base_end_check_needed_only_with_a_survivor(game: GameState) -> None:
    ctx = Context()
    over = end_game(game, "hyperjump", ctx)
    assert not any(isinstance(f, EngineCheck) for f in over.pending)
    over = settle(over, ctx)
    assert over.end is not None and over.end.survivors == () and over.end.winners == ()
    asleep = game.with_character(replace(game.character(1), status="hibernating"))
    checked = end_game(asleep, "hyperjump", Context())
    assert any(isinstance(f, EngineCheck) for f in checked.pending)


def test_base_end_survival_pod_or_hibernation_on_a_ship_that_arrives(game: GameState) -> None:
    # two Damaged engines: the ship does not arrive; the sleeper dies, the pod survivor lives
    engines = (("damaged", "working"), ("damaged", "working"), ("working", "damaged"))
    state = replace(game, engines=engines)
    state = state.with_character(replace(state.character(1), status="hibernating"))
    state = state.with_character(replace(state.character(2), status="escaped"))
    ctx = Context()
    after = settle(end_game(state, "hyperjump", ctx), ctx)
    assert after.end is not None and after.end.survivors == (2,)
    assert after.character(1).status == "dead"
    intact = replace(state, engines=(("working", "damaged"),) * 3)
    ctx = Context()
    arrived = settle(end_game(intact, "hyperjump", ctx), ctx)
    assert arrived.end is not None and arrived.end.survivors == (1, 2)
    assert "base.end.survival" in ctx.fired
    nobody = replace(intact, characters=tuple(replace(c, status="dead") for c in intact.characters))
    ctx = Context()
    settle(end_game(nobody, "hyperjump", ctx), ctx)
    assert "base.end.survival" not in ctx.fired  # nobody survives: nothing to check


def test_base_end_jump_at_the_red_space(game: GameState) -> None:
    red = next(t for t in range(40) if "jump" in tables.time_flags(replace(game, time=t)))
    after, fired = settled(replace(game, time=red - 1), TimeStep())
    assert after.end is not None and after.end.reason == "hyperjump"
    assert "base.end.jump" in fired


def test_base_end_jump_not_before_the_red_space(game: GameState) -> None:
    red = next(t for t in range(40) if "jump" in tables.time_flags(replace(game, time=t)))
    after, fired = settled(replace(game, time=red - 2), TimeStep())
    assert after.end is None and after.phase != "over"
    assert "base.end.jump" not in fired


def test_base_end_pod_earth_and_base_end_malfunction_engines(game: GameState) -> None:
    # one Damaged engine on top and a Malfunction in every Engine room: the ship holds
    engines = (("damaged", "working"), ("working", "damaged"), ("working", "damaged"))
    state = replace(game, engines=engines, phase="over")
    for position in ("19", "20", "21"):
        state = state.with_room(position, replace(state.room(position), malfunction=True))
    state = state.with_character(replace(state.character(1), status="escaped"))
    state = state.with_character(replace(state.character(2), status="hibernating"))
    ctx = Context()
    after = EngineCheck().run(state, ctx)
    assert "ship-destroyed" not in after.flags
    assert after.character(1).status == "escaped" and after.character(2).status == "hibernating"
    assert "base.end.malfunction-engines" in ctx.fired and "base.end.pod-earth" in ctx.fired


def test_base_end_quarantine_mars_the_quarantine_holder_survives(game: GameState) -> None:
    # Coordinates card 1 with the marker on B leads to Mars
    state = replace(game, coordinates="coordinates-1", destination="B", phase="over")
    state = state.with_character(replace(state.character(1), status="hibernating", objectives=("quarantine",)))
    state = state.with_character(replace(state.character(2), status="hibernating", objectives=("hoarder",)))
    ctx = Context()
    after = CoordinatesCheck().run(state, ctx)
    assert after.character(1).status == "hibernating" and after.character(2).status == "dead"
    assert "base.end.quarantine-mars" in ctx.fired
