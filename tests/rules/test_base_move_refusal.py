"""Known-answer test that a closed Door refuses a Move, named after its clause id. It plays from setup
(seed 3, two players in the Hibernatorium) with a five-card hand for player 1 and player 2's hand as
dealt, so it is kept apart from test_base_move.py."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import legal_actions
from nemesis_rules.model.core.state import GameState
from nemesis_rules.testing import after_setup, refused_clause, with_hand


@pytest.fixture
def game() -> GameState:
    state = after_setup(players=2, seed=3)
    return with_hand(state, 1, "search", "search", "rest", "demolition", "interruption")


def _first(state: GameState, kind: str) -> Decision:
    return next(a for a in legal_actions(state) if isinstance(a, Decision) and a.kind == kind)


def test_base_move_closed_door_refuses_a_move_that_was_legal_before_the_door_closed(game: GameState) -> None:
    move = _first(game, "move")
    corridor = game.config.board.corridor_between[(game.character(1).position, move.text("to"))]
    closed = game.with_door(corridor, "closed")
    assert refused_clause(closed, move) == "base.move.closed-door"
