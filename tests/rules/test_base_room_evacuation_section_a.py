"""Known-answer tests for Evacuation Section A's room action: boarding an unlocked pod with a free seat
after a quiet Noise roll, named after its clause id. Seed 3, two players: player 1 in Evacuation Section
A (room 13) with pod 3 unlocked, player 2 holding no Interruption; Section B is in test_base_room.py."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import IllegalActionError, apply, legal_actions
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.evacuation import LaunchOrWait
from nemesis_rules.model.rules.pods import pod_of
from nemesis_rules.testing import after_setup, run, top_frame, turn_of, with_hand

HAND = ("demolition", "interruption", "scavenging", "search", "suppressive-fire")


PAY = ("demolition", "interruption")


BOARD = Decision.make(1, "room-action", room="evacuation-section-a", pod="3", pay=PAY)


def setup(rulings: dict[str, str] | None = None) -> GameState:
    """Player 1 in Evacuation Section A (room 13) with pod 3 unlocked; player 2 holds no
    Interruption, so nothing waits for their reaction."""
    state = with_hand(after_setup(players=2, seed=3, rulings=rulings), 1, *HAND)
    state = with_hand(state, 2, "basic-repairs", "full-auto", "search")
    state = state.with_room("13", replace(state.room("13"), explored=True, token=None))
    state = state.with_character(replace(state.character(1), position="13"))
    return replace(state, pods=tuple(replace(p, locked=p.number != 3) for p in state.pods))


@pytest.fixture
def game() -> GameState:
    return setup()


def test_base_room_evacuation_section_a_needs_an_unlocked_pod_with_a_free_seat(game: GameState) -> None:
    boards = [a for a in legal_actions(game) if isinstance(a, Decision) and a.kind == "room-action"]
    assert {a.get("pod") for a in boards} == {"3"}
    locked = replace(game, pods=tuple(replace(p, locked=True) for p in game.pods))
    assert not [a for a in legal_actions(locked) if isinstance(a, Decision) and a.kind == "room-action"]
    full = replace(game, pods=tuple(replace(p, occupants=(2, 2)) if p.number == 3 else p for p in game.pods))
    with pytest.raises(IllegalActionError):
        apply(full, BOARD)


def test_base_room_evacuation_section_a_fails_when_an_intruder_appears(game: GameState) -> None:
    state = replace(game, intruders=(Intruder(1, "adult", "14"),), next_intruder=2)
    state, _ = run(state, [BOARD, Outcome("noise-roll", "danger")])
    assert state.intruders[0].position == "13"
    assert pod_of(state, 1) is None and not isinstance(top_frame(state), LaunchOrWait)
    assert turn_of(state) == 1  # the attempt is over; the second action is still to come
