"""Known-answer tests for dropping an item (facts.md §6), named after their clause ids. They play
from a hand of two cards, so they are kept apart from test_base_item.py."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.state import GameState
from nemesis_rules.testing import after_setup, run, top_frame, with_hand


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11: the Scout (player 1, Rifle, two cards) and the Soldier
    (no cards, so no Interruption window opens)."""
    return with_hand(with_hand(after_setup(players=2, seed=3), 1, "search", "rest"), 2)


def test_base_item_drop_is_free_and_discards_an_item(game: GameState) -> None:
    after, fired = run(game, [Decision.make(1, "drop", item="rifle")])
    c = after.character(1)
    assert "rifle" not in c.hands and c.hand == game.character(1).hand
    assert "base.item.drop" in fired
    assert top_frame(after) == top_frame(game)  # still the same turn, no action spent


def test_base_item_drop_a_heavy_object_stays_in_the_room(game: GameState) -> None:
    state = game.with_character(game.character(1).evolve(hands=("rifle", "corpse-red")))
    after, fired = run(state, [Decision.make(1, "drop", item="corpse-red")])
    assert after.room("11").objects.count("corpse-red") == state.room("11").objects.count("corpse-red") + 1
    assert "base.item.drop" in fired
