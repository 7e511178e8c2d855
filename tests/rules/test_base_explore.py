"""Known-answer tests for exploring a room (RU-RB p.14-15; facts.md §10), named after the
clauses they check: a Character walks from the Hibernatorium into unexplored room 15."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.game import is_chance, legal_actions
from nemesis_rules.testing import after_setup, run, with_hand

ROOM = "15"
CORRIDOR = "11-15"


@pytest.fixture(scope="module")
def game() -> GameState:
    return after_setup(2, seed=0)


def walk_in(game: GameState, token: str, tile: str = "storage") -> tuple[GameState, list[str]]:
    """Player 1 moves from the Hibernatorium into room ``ROOM``, a face-down ``tile`` under ``token``."""
    state = with_hand(game, 1, "search", "rest")
    state = state.with_room(ROOM, replace(state.room(ROOM), tile=tile, explored=False, token=token, items=None))
    return run(state, [Decision.make(1, "move", to=ROOM, pay=("search",))])


def noise_roll_next(state: GameState) -> bool:
    return is_chance(state) and all(isinstance(o, Outcome) and o.chance == "noise-roll" for o in legal_actions(state))


def test_base_explore_reveal_the_tile_is_turned_face_up(game: GameState) -> None:
    state, fired = walk_in(game, "fire-2")
    assert state.character(1).position == ROOM
    assert state.room(ROOM).explored and state.room(ROOM).tile == "storage"
    assert "base.explore.reveal" in fired


def test_base_explore_item_counter_from_the_token(game: GameState) -> None:
    state, fired = walk_in(game, "fire-3")
    assert state.room(ROOM).items == 3
    assert "base.explore.item-counter" in fired


def test_base_explore_token_removed_from_the_game(game: GameState) -> None:
    state, fired = walk_in(game, "malfunction-2")
    assert state.room(ROOM).token is None
    assert state.removed.count("exploration:malfunction-2") == 1
    assert "base.explore.token-removed" in fired


def test_base_explore_silence_token_no_noise_roll(game: GameState) -> None:
    state, fired = walk_in(game, "silence-1")
    assert not noise_roll_next(state)
    assert not state.noise  # nothing was placed either
    assert "base.explore.silence-token" in fired


def test_base_explore_slime_token_slimes_the_explorer(game: GameState) -> None:
    assert not game.character(1).slime
    state, fired = walk_in(game, "slime-2")
    assert state.character(1).slime
    assert noise_roll_next(state)
    assert "base.explore.slime-token" in fired


def test_base_explore_fire_token_fire_marker_in_the_room(game: GameState) -> None:
    state, fired = walk_in(game, "fire-1")
    assert state.room(ROOM).fire and not state.room(ROOM).malfunction
    assert noise_roll_next(state)
    assert "base.explore.fire-token" in fired


def test_base_explore_malfunction_token_malfunction_marker_in_the_room(game: GameState) -> None:
    state, fired = walk_in(game, "malfunction-1")
    assert state.room(ROOM).malfunction and not state.room(ROOM).fire
    assert noise_roll_next(state)
    assert "base.explore.malfunction-token" in fired


def test_base_explore_door_token_closes_the_corridor_just_used(game: GameState) -> None:
    assert game.door(CORRIDOR) == "open"
    state, fired = walk_in(game, "doors-2")
    assert state.door(CORRIDOR) == "closed"
    assert noise_roll_next(state)
    assert "base.explore.door-token" in fired


def test_base_explore_then_noise_roll_follows_exploration(game: GameState) -> None:
    state, fired = walk_in(game, "fire-2")
    assert noise_roll_next(state)
    assert "base.explore.then-noise" in fired
