"""Known-answer tests for paying an action's cost: cards from the hand, never a Contamination card,
named after their clause ids. Seed 3, two players in room 11: the Scout (player 1, five cards) and the
Soldier (one card, so no Interruption window opens); test_base_cost.py plays from a three-card hand."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import IllegalActionError, apply, legal_actions
from nemesis_rules.testing import after_setup, with_hand


@pytest.fixture
def game():  # type: ignore[no-untyped-def]
    state = after_setup(players=2, seed=3)
    state = with_hand(state, 1, "search", "search", "rest", "interruption", "demolition")
    # player 2 shares the room; without an Interruption card no interruption window opens
    return with_hand(state, 2, "search")


def test_base_cost_paid_from_hand(game) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalActionError) as info:
        apply(game, Decision.make(1, "move", to="15", pay=("reload",)))
    assert info.value.clause == "base.cost.paid-from-hand"


def test_base_cost_contamination_cannot_pay(game) -> None:  # type: ignore[no-untyped-def]
    state = with_hand(game, 1, "contamination", "rest")
    moves = [a for a in legal_actions(state) if isinstance(a, Decision) and a.kind == "move"]
    assert moves and all(a.cards() == ("rest",) for a in moves)
    with pytest.raises(IllegalActionError) as info:
        apply(state, Decision.make(1, "move", to="15", pay=("contamination",)))
    assert info.value.clause == "base.cost.contamination-cannot-pay"
