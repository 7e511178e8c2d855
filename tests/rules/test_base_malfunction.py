"""Known-answer tests for Malfunction markers: one per room, the rooms that take none and running
out of them (facts.md §9, §11), named after their clause ids."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.markers import place_malfunction
from nemesis_rules.testing import after_setup, with_frames, with_hand


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11: the Scout (player 1, Rifle, two cards) and the Soldier
    (no cards, so no Interruption window opens)."""
    return with_hand(with_hand(after_setup(players=2, seed=3), 1, "search", "rest"), 2)


def test_base_malfunction_limit_one_marker_per_room(game: GameState) -> None:
    ctx = Context()
    once = place_malfunction(game, "11", ctx)
    assert once.room("11").malfunction and "base.malfunction.limit" in ctx.fired
    assert place_malfunction(once, "11", Context()) == once


@pytest.mark.parametrize("position", ["09", "14"])  # the Nest, the Room Covered with Slime
def test_base_malfunction_immune_rooms_never_take_a_marker(game: GameState, position: str) -> None:
    ctx = Context()
    after = place_malfunction(game, position, ctx)
    assert not after.room(position).malfunction and "base.malfunction.immune-rooms" in ctx.fired


def test_base_malfunction_exhaustion_a_marker_beyond_the_supply_breaches_the_hull(game: GameState) -> None:
    # all eight Malfunction markers are on the board
    state = game
    for p in ("01", "02", "03", "04", "05", "06", "07", "08"):
        state = state.with_room(p, replace(state.room(p), malfunction=True))
    ctx = Context()
    after = with_frames(place_malfunction(state, "11", ctx))
    assert after.end is not None and "base.malfunction.exhaustion" in ctx.fired
    assert not any(c.alive for c in after.characters)
