"""Known-answer tests for Careful Movement: the Noise goes into a corridor of the player's choice, and
not in combat, named after their clause ids. Seed 3, two players in room 11: the Scout (player 1, five
cards) and the Soldier (one card, so no Interruption window opens)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import IllegalActionError, apply, legal_actions
from nemesis_rules.model.core.state import Intruder
from nemesis_rules.testing import after_setup, run, with_hand


@pytest.fixture
def game():  # type: ignore[no-untyped-def]
    state = after_setup(players=2, seed=3)
    state = with_hand(state, 1, "search", "search", "rest", "interruption", "demolition")
    # player 2 shares the room; without an Interruption card no interruption window opens
    return with_hand(state, 2, "search")


def test_base_careful_move_choose_corridor_places_the_chosen_noise(game) -> None:  # type: ignore[no-untyped-def]
    state, fired = run(game, [Decision.make(1, "careful-move", to="15", noise="15-16", pay=("rest", "search"))])
    assert "15-16" in state.noise
    assert "base.careful-move.choose-corridor" in fired
    assert state.character(1).position == "15" and state.character(1).hand.total == 3
    assert state.room("15").explored


def test_base_careful_move_not_in_combat(game) -> None:  # type: ignore[no-untyped-def]
    state = replace(game, intruders=(Intruder(1, "adult", "11"),), next_intruder=2)
    kinds = {a.kind for a in legal_actions(state) if isinstance(a, Decision)}
    assert "careful-move" not in kinds and "move" in kinds
    with pytest.raises(IllegalActionError) as info:
        apply(state, Decision.make(1, "careful-move", to="15", noise="15-16", pay=("rest", "search")))
    assert info.value.clause == "base.careful-move.not-in-combat"
