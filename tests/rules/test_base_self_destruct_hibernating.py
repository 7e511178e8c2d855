"""Known-answer test that the ship's self-destruction kills the hibernating too, named after its clause
id. Seed 3, two players: player 1 in the Hibernatorium (room 11) with the Time marker on the first blue
space, player 2 in room 15; the Coordinates card sends the ship to Earth from space B;
test_base_self_destruct.py plays from the start of the game."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.events import TimeStep
from nemesis_rules.testing import after_setup, run, with_frames, with_hand

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


def test_base_self_destruct_explode_kills_the_hibernating(game: GameState) -> None:
    state, _ = run(game, [HIBERNATE, Outcome("noise-roll", "silence")])
    state = replace(state, self_destruct=5)  # one space before the skull
    state = with_frames(state.pop(), TimeStep())
    assert state.end is not None and state.end.reason == "ship-destroyed-self-destruct"
    assert state.character(1).status == "dead" and state.end.survivors == ()
