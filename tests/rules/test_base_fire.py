"""Known-answer tests for fire at the end of a turn (facts.md §2), named after their clause ids."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.round import EndTurn
from nemesis_rules.testing import after_setup, with_frames, with_hand


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11: the Scout (player 1, Rifle, two cards) and the Soldier
    (no cards, so no Interruption window opens)."""
    return with_hand(with_hand(after_setup(players=2, seed=3), 1, "search", "rest"), 2)


def test_base_fire_end_of_turn_a_character_in_a_burning_room_is_wounded(game: GameState) -> None:
    state = game.with_room("11", replace(game.room("11"), fire=True))
    ctx = Context()
    EndTurn(1).run(state, ctx)
    assert "base.fire.end-of-turn" in ctx.fired
    after = with_frames(state.evolve(pending=state.pending[:-1]), EndTurn(1))
    assert after.character(1).light_wounds == 1


def test_base_fire_end_of_turn_no_wound_without_fire(game: GameState) -> None:
    ctx = Context()
    EndTurn(1).run(game, ctx)
    assert "base.fire.end-of-turn" not in ctx.fired
