"""Known-answer test that a Malfunction blocks its room's action (the Surgery here), named after its
clause id. It plays straight from setup (seed 3, two players in the Hibernatorium, the hands as dealt),
so it is kept apart from test_base_malfunction.py."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.state import GameState
from nemesis_rules.testing import after_setup, explored, move_character, refused_clause


@pytest.fixture
def game() -> GameState:
    """Two players after setup (seed 3): player 1 to act, both in the Hibernatorium (11)."""
    return after_setup(players=2, seed=3)


def _position_of(state: GameState, tile: str) -> str:
    return next(p for p in state.config.board.neighbours if state.room(p).tile == tile)


def test_base_malfunction_blocks_room_action_of_any_other_room(game: GameState) -> None:
    position = _position_of(game, "surgery")
    state = move_character(explored(game, position), 1, position)
    state = state.with_room(position, replace(state.room(position), malfunction=True))
    action = Decision.make(1, "room-action", room="surgery", pay=("demolition", "search"))
    assert refused_clause(state, action) == "base.malfunction.blocks-room-action"
