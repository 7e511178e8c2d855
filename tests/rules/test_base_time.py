"""Known-answer tests for the Time track: where its marker starts and the hyperjump at its end
(facts.md §12), named after their clause ids."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.endgame import end_game
from nemesis_rules.testing import after_setup, with_frames, with_hand


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11: the Scout (player 1, three cards) and the Soldier (none)."""
    return with_hand(with_hand(after_setup(players=2, seed=3), 1, "search", "rest", "demolition"), 2)


def test_base_time_jump_kills_every_awake_character_intruders_survive(game: GameState) -> None:
    from nemesis_rules.model.rules.intruders import place_intruder

    state, _ = place_intruder(game, "adult", "01", None, Context())
    ctx = Context()
    after = with_frames(end_game(state, "hyperjump", ctx))
    assert after.end is not None and "base.time.jump" in ctx.fired
    assert not any(c.alive for c in after.characters)
    assert [i.kind for i in after.intruders] == ["adult"]


def test_base_time_track_the_marker_starts_on_the_green_space() -> None:
    state = after_setup(players=2, seed=4)
    track = tables.time_track(state.config)
    assert state.time == track.start_index and len(track.spaces) == 16
