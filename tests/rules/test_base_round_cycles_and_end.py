"""Known-answer tests for the turn cycle and the end of a round (facts.md §2), named after their
clause ids. They play from empty hands, so they are kept apart from test_base_round.py."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.round import EndRoundStep, NextTurn, StartRound
from nemesis_rules.testing import after_setup, top_frame, with_hand


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (the Scout and the Soldier), no cards in hand."""
    return with_hand(with_hand(after_setup(players=2, seed=3), 1), 2)


def test_base_round_cycles_after_the_last_player_the_first_plays_again(game: GameState) -> None:
    ctx = Context()
    after = NextTurn(2).run(game, ctx)  # player 2 is last in order; nobody has passed
    assert getattr(top_frame(after), "player", None) == 1 and "base.round.cycles" in ctx.fired


def test_base_round_end_then_a_new_round_begins(game: GameState) -> None:
    ctx = Context()
    after = EndRoundStep().run(game, ctx)
    assert top_frame(after) == StartRound() and "base.round.end" in ctx.fired
