"""Known-answer test for a Character's own Quest Items (facts.md §7), named after its clause id."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.state import GameState
from nemesis_rules.testing import after_setup, with_hand


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11: the Scout (player 1, three cards) and the Soldier (none)."""
    return with_hand(with_hand(after_setup(players=2, seed=3), 1, "search", "rest", "demolition"), 2)


def test_base_character_quest_items_two_of_its_own(game: GameState) -> None:
    for c in game.characters:
        assert len(c.quests) == 2 and all(state == "inactive" for _, state in c.quests)
    assert set(game.character(1).quests).isdisjoint(game.character(2).quests)
