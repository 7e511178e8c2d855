"""Known-answer tests for carried Heavy Objects: the kinds, held in a hand slot, and no seat of their
own in an escape pod, named after their clause ids. Seed 3, two players in room 11: the Scout (player 1,
five cards) and the Soldier (one card, so no Interruption window opens); test_base_heavy_object.py plays
from a two-card hand."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.evacuation import BoardPod, LaunchOrWait
from nemesis_rules.testing import after_setup, explored, move_character, run, settled, top_frame, with_hand

HAND = ("search", "search", "rest", "interruption", "demolition")


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (Hibernatorium): the Scout (player 1, Rifle, five cards)
    and the Soldier (player 2, one card, so no Interruption window opens)."""
    state = with_hand(after_setup(players=2, seed=3), 1, *HAND)
    return with_hand(state, 2, "search")


def test_base_heavy_object_no_pod_seat(game: GameState) -> None:
    # pod 3 of section A (room 13) is unlocked; the Scout carries an Egg: it takes no seat
    state = move_character(explored(game, "13"), 1, "13")
    state = replace(state, pods=tuple(replace(p, locked=False) for p in state.pods))
    state = state.with_character(replace(state.character(1), hands=("rifle", "egg")))
    after, fired = settled(state, BoardPod(1, 3, "13"))
    assert isinstance(top_frame(after), LaunchOrWait)
    assert next(p for p in after.pods if p.number == 3).occupants == (1,)
    assert "base.heavy-object.no-pod-seat" in fired


def test_base_heavy_object_kinds_a_carcass_goes_into_a_hand_slot(game: GameState) -> None:
    room = game.room("11")
    state = game.with_room("11", replace(room, objects=room.objects.add("carcass")))
    after, fired = run(state, [Decision.make(1, "pick-up", object="carcass", pay=("rest",))])
    assert after.character(1).hands == ("rifle", "carcass")
    assert "base.heavy-object.kinds" in fired
