"""Known-answer test that the last Character launching a pod ends the game, named after its clause id.
Seed 3, two players: player 1 in Evacuation Section A (room 13) with pod 3 unlocked, player 2 holding no
Interruption; test_base_end.py plays from the start of the game."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.state import GameState
from nemesis_rules.testing import after_setup, run, with_hand

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


def test_base_end_pod_earth_the_last_character_launching_ends_the_game(game: GameState) -> None:
    state = game.with_character(replace(game.character(2), status="dead"))
    state, fired = run(state, [BOARD, Outcome("noise-roll", "silence"), Decision.make(1, "launch-pod")])
    assert state.end is not None and state.end.reason == "last-character-left-hyperjump"
    assert state.end.survivors == (1,) and state.character(1).status == "escaped"
    assert "base.end.last-character" in fired
