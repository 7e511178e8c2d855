"""Known-answer tests for the Hibernatorium's room action: a Noise roll, then hibernation unless an
Intruder appears, named after its clause id. Seed 3, two players: player 1 in the Hibernatorium (room
11) with the Time marker on the first blue space, player 2 in room 15; the Coordinates card sends the
ship to Earth from space B."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.testing import after_setup, run, turn_of, with_hand

HAND = ("demolition", "interruption", "scavenging", "search", "suppressive-fire")


PAY = ("demolition", "interruption")


HIBERNATE = Decision.make(1, "room-action", room="hibernatorium", pay=PAY)


BLUE = 7  # the first blue space, "8"


@pytest.fixture
def game() -> GameState:
    """Player 1 in the Hibernatorium with the Time marker on the first blue space; player 2
    elsewhere (room 15) so that nothing waits for their reaction."""
    state = with_hand(after_setup(players=2, seed=3), 1, *HAND)
    state = state.with_character(replace(state.character(2), position="15"))
    return replace(state, time=BLUE)


def test_base_room_hibernatorium_noise_roll_then_hibernation(game: GameState) -> None:
    state, fired = run(game, [HIBERNATE, Outcome("noise-roll", "silence")])
    assert state.character(1).status == "hibernating" and state.character(1).position == "11"
    assert {"base.room.hibernatorium", "base.hibernation.blue", "base.hibernation.out-of-play"} <= set(fired)
    assert turn_of(state) == 2 and state.end is None


def test_base_room_hibernatorium_fails_when_an_intruder_appears(game: GameState) -> None:
    state = replace(game, intruders=(Intruder(1, "adult", "15"),), next_intruder=2)
    state = state.with_character(replace(state.character(2), position="01"))
    state, _ = run(state, [HIBERNATE, Outcome("noise-roll", "danger")])
    assert state.intruders[0].position == "11"
    assert state.character(1).active and turn_of(state) == 1
