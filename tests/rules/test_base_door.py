"""Known-answer tests for Intruders destroying Doors and for running out of Door tokens
(facts.md §2, §11), named after their clause ids. That every Door starts open is in
test_base_door_start_open.py (it plays from another `game`)."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.intruders import move_intruder
from nemesis_rules.testing import after_setup, with_hand, with_intruders


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (the Scout and the Soldier), no cards in hand."""
    return with_hand(with_hand(after_setup(players=2, seed=3), 1), 2)


def test_base_door_intruder_destroys_a_closed_door_and_stays(game: GameState) -> None:
    state = with_intruders(game, Intruder(1, "adult", "15")).with_door("11-15", "closed")
    ctx = Context()
    after = move_intruder(state, 1, "11-15", ctx)
    assert after.door("11-15") == "destroyed" and after.intruders[0].position == "15"
    assert "base.door.intruder-destroys" in ctx.fired


def test_base_door_exhaustion_a_door_is_taken_from_the_board_when_none_is_left(game: GameState) -> None:
    from nemesis_rules.invariants.components import box
    from nemesis_rules.model.rules.ship import set_door

    supply = box(game.config).supplies["door"]
    corridors = [c for c in game.config.board.corridors if game.door(c) == "open"]
    state = game
    for corridor in corridors[:supply]:
        state = state.with_door(corridor, "closed")
    ctx = Context()
    after = set_door(state, corridors[supply], "closed", ctx)
    assert after.door(corridors[supply]) == "closed"
    assert sum(1 for d in after.doors if d != "open") == supply
    assert after.door(corridors[0]) == "open"  # ruling base.gap.door-token-taken, closed-first: the lowest
    assert "base.door.exhaustion" in ctx.fired


def test_base_door_exhaustion_destroyed_first_takes_a_destroyed_doors_token(game: GameState) -> None:
    from dataclasses import replace as evolve

    from nemesis_rules.invariants.components import box
    from nemesis_rules.model.rules.ship import set_door

    rulings = {**game.config.rulings, "base.gap.door-token-taken": "destroyed-first"}
    state = evolve(game, config=evolve(game.config, rulings=rulings))
    supply = box(state.config).supplies["door"]
    corridors = [c for c in state.config.board.corridors if state.door(c) == "open"]
    for corridor in corridors[: supply - 1]:
        state = state.with_door(corridor, "closed")
    destroyed = corridors[supply - 1]
    state = state.with_door(destroyed, "destroyed")
    after = set_door(state, corridors[supply], "closed", Context())
    assert after.door(destroyed) == "open" and after.door(corridors[0]) == "closed"
    assert sum(1 for d in after.doors if d != "open") == supply
