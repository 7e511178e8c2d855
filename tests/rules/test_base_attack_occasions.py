"""Known-answer tests for whom an Intruder attack hits on each occasion (a Surprise Attack, an Event),
named after their clause ids. Seed 3, two players in room 11: the Scout (player 1, five cards) and the
Soldier (one card, so no Interruption window opens); test_base_attack.py plays from empty hands."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.attack import AttackCardDraw, IntruderAttack
from nemesis_rules.testing import after_setup, settled, top_frame, with_hand, with_intruders

HAND = ("search", "search", "rest", "interruption", "demolition")


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (Hibernatorium): the Scout (player 1, Rifle, five cards)
    and the Soldier (player 2, one card, so no Interruption window opens)."""
    state = with_hand(after_setup(players=2, seed=3), 1, *HAND)
    return with_hand(state, 2, "search")


def test_base_attack_surprise_target_hits_the_encountering_character(game: GameState) -> None:
    # the targeting rule would pick player 2 (one card in hand); a Surprise Attack hits player 1
    state = with_intruders(game, Intruder(1, "adult", "11"))
    after, fired = settled(state, IntruderAttack(1, 1, "surprise"))
    frame = top_frame(after)
    assert isinstance(frame, AttackCardDraw) and frame.target == 1
    assert "base.attack.surprise-target" in fired and "base.attack.occasions" in fired
    assert "base.encounter.surprise-attack" in fired and "base.attack.target" not in fired


def test_base_attack_occasions_the_event_attack_uses_the_targeting_rule(game: GameState) -> None:
    state = with_intruders(game, Intruder(1, "adult", "11"))
    after, fired = settled(state, IntruderAttack(1, 0, "event"))
    frame = top_frame(after)
    assert isinstance(frame, AttackCardDraw) and frame.target == 2  # fewest cards in hand
    assert "base.attack.occasions" in fired and "base.attack.target" in fired
    assert "base.attack.surprise-target" not in fired
