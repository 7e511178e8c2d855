"""Known-answer tests for picking up a Heavy Object (facts.md §6), named after their clause ids."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import IllegalActionError, check
from nemesis_rules.model.core.state import GameState
from nemesis_rules.testing import after_setup, run, with_hand


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11: the Scout (player 1, Rifle, two cards) and the Soldier
    (no cards, so no Interruption window opens)."""
    return with_hand(with_hand(after_setup(players=2, seed=3), 1, "search", "rest"), 2)


def test_base_heavy_object_pick_up_is_a_basic_action(game: GameState) -> None:
    room = game.room("11")
    state = game.with_room("11", replace(room, objects=room.objects.add("corpse-red")))
    after, fired = run(state, [Decision.make(1, "pick-up", object="corpse-red", pay=("search",))])
    c = after.character(1)
    assert c.hands == ("rifle", "corpse-red") and "search" not in c.hand
    assert "base.heavy-object.kinds" in fired
    assert after.room("11").objects.count("corpse-red") == room.objects.count("corpse-red")


def test_base_heavy_object_hand_slot_two_full_hands_cannot_pick_up(game: GameState) -> None:
    room = game.room("11")
    state = game.with_room("11", replace(room, objects=room.objects.add("corpse-red")))
    state = state.with_character(state.character(1).evolve(hands=("rifle", "carcass")))
    with pytest.raises(IllegalActionError) as err:
        check(state, Decision.make(1, "pick-up", object="corpse-red", pay=("search",)))
    assert err.value.clause == "base.heavy-object.hand-slot"
