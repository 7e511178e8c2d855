"""Known-answer test that a corridor holds one Door at most, named after its clause id. Seed 3, two
players in room 11: the Scout (player 1, five cards) and the Soldier (one card, so no Interruption
window opens); test_base_door.py plays from empty hands."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules import ship
from nemesis_rules.testing import after_setup, with_hand

HAND = ("search", "search", "rest", "interruption", "demolition")


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (Hibernatorium): the Scout (player 1, Rifle, five cards)
    and the Soldier (player 2, one card, so no Interruption window opens)."""
    state = with_hand(after_setup(players=2, seed=3), 1, *HAND)
    return with_hand(state, 2, "search")


def test_base_door_one_per_corridor(game: GameState) -> None:
    state = game.with_door("11-15", "closed")
    ctx = Context()
    after = ship.set_door(state, "11-15", "closed", ctx)
    assert after.doors == state.doors
    assert "base.door.one-per-corridor" in ctx.fired
