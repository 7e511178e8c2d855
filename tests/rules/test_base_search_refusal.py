"""Known-answer test that the rooms without a search refuse it, named after its clause id. It plays
straight from setup (seed 3, two players in the Hibernatorium, the hands as dealt), so it is kept apart
from test_base_search.py."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.state import GameState
from nemesis_rules.testing import after_setup, refused_clause


@pytest.fixture
def game() -> GameState:
    """Two players after setup (seed 3): player 1 to act, both in the Hibernatorium (11)."""
    return after_setup(players=2, seed=3)


def test_base_search_no_search_rooms_the_hibernatorium_cannot_be_searched(game: GameState) -> None:
    action = Decision.make(1, "play-card", card="search", pay=())
    assert refused_clause(game, action) == "base.search.no-search-rooms"
