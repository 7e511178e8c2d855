"""Known-answer test that Susceptibility to Phosphates, discovered, adds an Injury to an Intruder the Fire
Control System drove out, named after its clause id. Seed 3, two players: the Scout (player 1) and the
Soldier (no Interruption in hand), as in test_base_room_doors.py; test_base_weakness_effects.py plays
from another `game`."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.intruder_injuries import find
from nemesis_rules.testing import after_setup, run, top_frame, with_hand

HAND = ("demolition", "interruption", "scavenging", "search", "suppressive-fire")


PAY = ("demolition", "interruption")


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players: the Scout (player 1) and the Soldier (no Interruption in hand)."""
    state = with_hand(after_setup(players=2, seed=3), 1, *HAND)
    return with_hand(state, 2, "basic-repairs", "full-auto", "search")


def enter(state: GameState, player: int, position: str, tile: str | None = None) -> GameState:
    room = state.room(position)
    state = state.with_room(position, replace(room, explored=True, token=None, tile=tile or room.tile))
    return state.with_character(replace(state.character(player), position=position))


def room_action(player: int, tile: str, **params: str) -> Decision:
    return Decision.make(player, "room-action", room=tile, pay=PAY, **params)


def burning_with_adult(state: GameState) -> GameState:
    state = state.with_room("05", replace(state.room("05"), fire=True))
    return replace(state, intruders=(Intruder(1, "adult", "05"),), next_intruder=2)


def test_base_weakness_susceptibility_to_phosphates_adds_an_injury_after_the_retreat(game: GameState) -> None:
    state = burning_with_adult(enter(game, 1, "10"))
    state = replace(state, discovered=frozenset({"susceptibility-to-phosphates"}))
    state, fired = run(
        state,
        [
            room_action(1, "fire-control-system"),
            Decision.make(1, "fire-control", target="05"),
            Outcome("event-card", "hunt-2"),
        ],
    )
    assert find(state, 1) == Intruder(1, "adult", "06", injuries=1)
    assert "base.weakness.susceptibility-to-phosphates" in fired
    assert top_frame(state).chance == "attack-card"  # type: ignore[attr-defined]  # its endurance check
