"""Known-answer tests for the Self-Destruct track (facts.md §12), named after their clause ids."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.events import TimeStep
from nemesis_rules.testing import after_setup, settled, with_hand

HAND = ("search", "search", "rest", "interruption", "demolition")


@pytest.fixture(scope="module")
def game() -> GameState:
    """Seed 3, two players in room 11: player 1 with five cards, player 2 (the Soldier) with
    one card and no reaction to an attack; the escape pods still locked."""
    state = with_hand(after_setup(players=2, seed=3), 1, *HAND)
    return with_hand(state, 2, "search")


def first_space(state: GameState, flag: str) -> int:
    return next(s for s in range(20) if flag in tables.self_destruct_flags(replace(state, self_destruct=s)))


def red_space(state: GameState) -> int:
    return next(t for t in range(40) if "jump" in tables.time_flags(replace(state, time=t)))


def test_base_self_destruct_advance_moves_with_the_time_marker(game: GameState) -> None:
    after, fired = settled(replace(game, self_destruct=0, time=0), TimeStep())
    assert after.time == 1 and after.self_destruct == 1
    assert "base.self-destruct.advance" in fired
    idle, fired = settled(replace(game, time=0), TimeStep())
    assert idle.self_destruct is None and "base.self-destruct.advance" not in fired


def test_base_self_destruct_lock_unlocks_every_pod_at_yellow(game: GameState) -> None:
    yellow = first_space(game, "pods-unlock")
    before, fired = settled(replace(game, self_destruct=yellow - 2, time=0), TimeStep())
    assert all(p.locked for p in before.pods) and "base.self-destruct.lock" not in fired
    after, fired = settled(replace(game, self_destruct=yellow - 1, time=0), TimeStep())
    assert after.self_destruct == yellow
    assert all(not p.locked for p in after.pods)
    assert "base.self-destruct.lock" in fired


def test_base_self_destruct_jump_destroys_the_ship(game: GameState) -> None:
    state = replace(game, self_destruct=0, time=red_space(game) - 1)
    state = state.with_character(replace(state.character(1), status="hibernating"))
    after, fired = settled(state, TimeStep())
    assert after.end is not None and after.end.reason == "ship-destroyed-self-destruct"
    assert "ship-destroyed" in after.flags
    assert after.character(1).status == "dead"  # even the hibernating
    assert "base.self-destruct.jump" in fired
