"""Known-answer scenarios for the Hibernatorium and the endings that hang on hibernation
(RU-RB p.11, p.24, p.26; facts.md §9, §12, §13), named after their clauses.

Seed 3 with two players: both start in the Hibernatorium (room 11); the Coordinates card
sends the ship to Earth from space B, where the Destination marker starts; every Engine has
its Working token on top.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import legal_actions
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.events import TimeStep
from nemesis_rules.testing import after_setup, run, turn_of, with_frames, with_hand

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


def hibernation_offered(state: GameState) -> bool:
    return any(isinstance(a, Decision) and a.get("room") == "hibernatorium" for a in legal_actions(state))


def alone(state: GameState) -> GameState:
    """Player 2 is dead: player 1 is the last character aboard."""
    return state.with_character(replace(state.character(2), status="dead"))


def test_base_hibernation_blue_only_from_a_blue_time_space(game: GameState) -> None:
    assert hibernation_offered(game)
    assert not hibernation_offered(replace(game, time=BLUE - 1))
    assert not hibernation_offered(replace(game, intruders=(Intruder(1, "larva", "11"),), next_intruder=2))


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


def test_base_hibernation_out_of_play_the_hibernating_take_no_turn(game: GameState) -> None:
    state, _ = run(game, [HIBERNATE, Outcome("noise-roll", "silence")])
    state, _ = run(state, [Decision.make(2, "pass"), Decision.make(2, "keep-hand")])
    assert state.phase == "event" and state.character(1).status == "hibernating"


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


def test_base_self_destruct_explode_kills_the_hibernating(game: GameState) -> None:
    state, _ = run(game, [HIBERNATE, Outcome("noise-roll", "silence")])
    state = replace(state, self_destruct=5)  # one space before the skull
    state = with_frames(state.pop(), TimeStep())
    assert state.end is not None and state.end.reason == "ship-destroyed-self-destruct"
    assert state.character(1).status == "dead" and state.end.survivors == ()
