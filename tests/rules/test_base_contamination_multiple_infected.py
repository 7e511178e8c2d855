"""Known-answer tests for scanning several infected Contamination cards at once (one Larva only), named
after their clause id. Seed 3, two players in room 11: the Scout (player 1, five cards) and the Soldier
(one card, so no Interruption window opens); test_base_contamination.py plays from empty hands."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.healing import scan_hand
from nemesis_rules.testing import after_setup, with_hand

HAND = ("search", "search", "rest", "interruption", "demolition")


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (Hibernatorium): the Scout (player 1, Rifle, five cards)
    and the Soldier (player 2, one card, so no Interruption window opens)."""
    state = with_hand(after_setup(players=2, seed=3), 1, *HAND)
    return with_hand(state, 2, "search")


def test_base_contamination_multiple_infected_give_one_larva(game: GameState) -> None:
    state = with_hand(game, 1, "contamination-infected", "contamination-infected", "search")
    ctx = Context()
    after = scan_hand(state, 1, ctx)
    assert after.character(1).larva and after.character(1).status == "active"
    assert "base.contamination.multiple-infected" in ctx.fired


def test_base_contamination_multiple_infected_not_for_one_card(game: GameState) -> None:
    state = with_hand(game, 1, "contamination-infected", "search")
    ctx = Context()
    after = scan_hand(state, 1, ctx)
    assert after.character(1).larva
    assert "base.contamination.multiple-infected" not in ctx.fired
