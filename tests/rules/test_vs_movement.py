"""Known-answer test that moving Void Seeders pass closed Doors and leave them closed, named after its
clause id. It plays from the game of test_vs_attack_card.py (one Void Seeder in room 11, player 2 in
room 15)."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.intruders import move_intruder
from nemesis_rules.testing import after_setup, move_character


def game(kind: str, wounds: tuple[str, ...] = ()) -> GameState:
    state = after_setup(2, 0, ruleset="void-seeders")
    state = move_character(state, 2, "15")
    state = state.with_character(replace(state.character(1), serious_wounds=wounds))
    return replace(state, intruders=(Intruder(1, kind, "11"),), next_intruder=2)


def test_vs_movement_ignore_closed_doors() -> None:
    state = game("lurker").with_door("11-15", "closed")
    state = move_intruder(state, 1, "11-15", Context())
    assert state.intruders[0].position == "15" and state.door("11-15") == "closed"
