"""Known-answer test that the hibernation chambers stay closed before the blue spaces, named after its
clause id. It plays straight from setup (seed 3, two players in the Hibernatorium, the hands as dealt),
so it is kept apart from test_base_hibernation.py."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.state import GameState
from nemesis_rules.testing import after_setup, refused_clause


@pytest.fixture
def game() -> GameState:
    """Two players after setup (seed 3): player 1 to act, both in the Hibernatorium (11)."""
    return after_setup(players=2, seed=3)


def test_base_hibernation_blue_the_chambers_are_closed_before_the_blue_spaces(game: GameState) -> None:
    action = Decision.make(1, "room-action", room="hibernatorium", pay=("demolition", "search"))
    assert game.time == 0
    assert refused_clause(game, action) == "base.hibernation.blue"
