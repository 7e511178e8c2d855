"""Known-answer tests for the endings that hang on hibernation: the last Character hibernating on a ship
that reaches Earth, and the Coordinates or two Damaged engines killing the hibernating, named after
their clause ids. Seed 3, two players: player 1 in the Hibernatorium (room 11) with the Time marker on
the first blue space, player 2 in room 15; the Coordinates card sends the ship to Earth from space B;
test_base_end.py plays from the start of the game."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.state import GameState
from nemesis_rules.testing import after_setup, run, with_hand

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


def alone(state: GameState) -> GameState:
    """Player 2 is dead: player 1 is the last character aboard."""
    return state.with_character(replace(state.character(2), status="dead"))


def test_base_end_last_character_hibernating_on_a_ship_that_reaches_earth(game: GameState) -> None:
    state, fired = run(alone(game), [HIBERNATE, Outcome("noise-roll", "silence")])
    assert state.end is not None and state.end.reason == "last-character-left-hyperjump"
    assert state.end.survivors == (1,) and "ship-reaches-earth" in state.flags
    assert {"base.end.last-character", "base.end.engines", "base.end.coordinates"} <= set(fired)


def test_base_end_coordinates_kill_the_hibernating_off_course(game: GameState) -> None:
    state = replace(alone(game), destination="A")  # Venus on this Coordinates card
    state, _ = run(state, [HIBERNATE, Outcome("noise-roll", "silence")])
    assert state.end is not None and state.end.survivors == () and "ship-reaches-venus" in state.flags
    assert state.character(1).status == "dead"


def test_base_end_engines_two_damaged_kill_the_hibernating(game: GameState) -> None:
    state = replace(alone(game), engines=(("damaged", "working"), ("damaged", "working"), ("working", "damaged")))
    state, _ = run(state, [HIBERNATE, Outcome("noise-roll", "silence")])
    assert state.end is not None and state.end.survivors == () and "ship-destroyed" in state.flags
