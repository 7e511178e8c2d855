"""Known-answer scenarios for hibernation (RU-RB p.11, p.24, p.26; facts.md §9, §12, §13), named after
their clauses. The Hibernatorium's room action is in test_base_room_hibernatorium.py, the endings that
hang on hibernation in test_base_end_hibernating.py and test_base_self_destruct_hibernating.py.

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


def hibernation_offered(state: GameState) -> bool:
    return any(isinstance(a, Decision) and a.get("room") == "hibernatorium" for a in legal_actions(state))


def test_base_hibernation_blue_only_from_a_blue_time_space(game: GameState) -> None:
    assert hibernation_offered(game)
    assert not hibernation_offered(replace(game, time=BLUE - 1))
    assert not hibernation_offered(replace(game, intruders=(Intruder(1, "larva", "11"),), next_intruder=2))


def test_base_hibernation_out_of_play_the_hibernating_take_no_turn(game: GameState) -> None:
    state, _ = run(game, [HIBERNATE, Outcome("noise-roll", "silence")])
    state, _ = run(state, [Decision.make(2, "pass"), Decision.make(2, "keep-hand")])
    assert state.phase == "event" and state.character(1).status == "hibernating"
