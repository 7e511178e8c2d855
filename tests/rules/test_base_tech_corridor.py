"""Known-answer tests for the technical corridors: one Noise space shared by every entrance, Characters
barred from them, an Intruder vanishing into them, named after their clause ids."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.board.layout import TECH
from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.intruders import move_intruder
from nemesis_rules.model.rules.noise import NoiseRoll
from nemesis_rules.testing import after_setup, move_character, refused_clause, run, with_frames, with_hand


@pytest.fixture
def game() -> GameState:
    state = after_setup(players=2, seed=3)
    return with_hand(state, 1, "search", "search", "rest", "demolition", "interruption")


TECH_ROOM = "14"  # Airlock Control: a technical corridor entrance, next to the Hibernatorium (11)


def test_base_tech_corridor_shared_noise() -> None:
    state = after_setup(players=2, seed=4)
    state = move_character(state, 1, "02")
    state = with_frames(state, NoiseRoll(1, "02"))
    state, fired = run(state, [Outcome("noise-roll", "1")])
    assert TECH in state.noise and "base.tech-corridor.shared-noise" in fired
    # the same space seen from another entrance: a roll of its number there is an Encounter
    state = move_character(state, 1, "19")
    state = with_frames(state, NoiseRoll(1, "19"))
    state, fired = run(state, [Outcome("noise-roll", "3")])
    assert "base.noise.second-marker-encounter" in fired


def test_base_tech_corridor_characters_barred_a_move_through_the_technical_corridors_is_refused(
    game: GameState,
) -> None:
    board = game.config.board
    here = game.character(1).position
    entrances = [p for p in board.positions if TECH in board.spaces_at[p]]
    start = next(p for p in entrances if any((p, q) not in board.corridor_between for q in entrances if q != p))
    far = next(q for q in entrances if q != start and (start, q) not in board.corridor_between)
    state = move_character(game, 1, start) if start != here else game
    assert (
        refused_clause(state, Decision.make(1, "move", to=far, pay=("search",)))
        == "base.tech-corridor.characters-barred"
    )


def test_base_tech_corridor_intruder_vanishes_asks_nothing_in_the_base_game() -> None:
    state = after_setup(2, 0)
    state = replace(state, intruders=(Intruder(1, "adult", TECH_ROOM, token="adult-3"),), next_intruder=2)
    ctx = Context()
    after = move_intruder(state, 1, TECH, ctx)
    assert not after.intruders and after.bag.count("adult-3") == state.bag.count("adult-3") + 1
    assert "vs.gap.tech-corridor-token" not in ctx.fired
