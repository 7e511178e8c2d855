"""Known-answer test that every Door is open after setup (facts.md §9), named after its clause id.
It plays from a hand of three cards, so it is kept apart from test_base_door.py."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.state import GameState
from nemesis_rules.testing import after_setup, with_hand


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11: the Scout (player 1, three cards) and the Soldier (none)."""
    return with_hand(with_hand(after_setup(players=2, seed=3), 1, "search", "rest", "demolition"), 2)


def test_base_door_start_open_every_door_is_open_after_setup(game: GameState) -> None:
    assert game.doors and all(door == "open" for door in game.doors)
