"""Known-answer tests for turn order (a player who passed is refused, the others wait for their turn)
and for drawing up in the Player Phase, named after their clause and ruling ids. They play straight from
setup (seed 3, two players in the Hibernatorium, the hands as dealt), so they are kept apart from
test_base_round.py."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import apply, legal_actions
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.hands import DrawUp
from nemesis_rules.testing import after_setup, refused_clause, with_frames, with_hand, with_ruling


@pytest.fixture
def game() -> GameState:
    """Two players after setup (seed 3): player 1 to act, both in the Hibernatorium (11)."""
    return after_setup(players=2, seed=3)


def _drawn(state: GameState) -> int:
    state = with_frames(with_hand(state, 1, "search", "rest", "demolition"), DrawUp(1))
    while state.pending and type(state.pending[-1]).__name__ == "ActionCardDraw":
        state = apply(state, legal_actions(state)[0])
    return state.character(1).hand.total


def test_base_round_passed_no_actions_a_player_who_passed_is_refused_with_the_rule(game: GameState) -> None:
    state = apply(game, Decision.make(1, "pass"))
    while not isinstance(state.pending[-1], type(game.pending[-1])) or state.pending[-1].player != 2:
        state = apply(state, next(a for a in legal_actions(state) if isinstance(a, Decision)))
    assert refused_clause(state, Decision.make(1, "pass")) == "base.round.passed-no-actions"


def test_base_round_turn_order_a_player_who_has_not_passed_waits_for_their_turn(game: GameState) -> None:
    assert refused_clause(game, Decision.make(2, "pass")) == "base.round.turn-order"


def test_base_de_draw_five_draws_five_cards_whatever_is_held(game: GameState) -> None:
    assert _drawn(game) == 5
    assert _drawn(with_ruling(game, "base.de.draw-five", "draw-five")) == 8
