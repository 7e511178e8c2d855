"""Known-answer tests for who fights whom: no Character attacks another, and Intruders in combat attack
in the Attack step, named after their clause ids. Seed 3, two players in room 11: the Scout (player 1,
five cards) and the Soldier (one card, so no Interruption window opens); test_base_combat.py plays from
a three-card hand."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import IllegalActionError, apply
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.attack import AttackCardDraw
from nemesis_rules.testing import after_setup, settled, top_frame, with_hand, with_intruders

HAND = ("search", "search", "rest", "interruption", "demolition")


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (Hibernatorium): the Scout (player 1, Rifle, five cards)
    and the Soldier (player 2, one card, so no Interruption window opens)."""
    state = with_hand(after_setup(players=2, seed=3), 1, *HAND)
    return with_hand(state, 2, "search")


def test_base_combat_no_pvp_refuses_a_character_as_target(game: GameState) -> None:
    state = with_intruders(game, Intruder(1, "adult", "11"))
    with pytest.raises(IllegalActionError) as info:
        apply(state, Decision.make(1, "melee", target="soldier", pay=("search",)))
    assert info.value.clause == "base.combat.no-pvp"


def test_base_combat_in_combat_intruders_attack_in_the_attack_step(game: GameState) -> None:
    from nemesis_rules.model.rules.events import AttackStep

    state = with_intruders(game, Intruder(1, "adult", "11"), Intruder(2, "adult", "02"))
    after, fired = settled(state, AttackStep())
    assert isinstance(top_frame(after), AttackCardDraw)
    assert "base.combat.in-combat" in fired
