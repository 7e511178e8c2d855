"""Known-answer tests for the Characters: the roster and what each brings to setup (Action deck, shared
cards, starting weapon, inactive Quest Items), and a Character's own Quest Items (facts.md §7), named
after their clause ids."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.testing import after_setup, with_hand


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11: the Scout (player 1, three cards) and the Soldier (none)."""
    return with_hand(with_hand(after_setup(players=2, seed=3), 1, "search", "rest", "demolition"), 2)


def test_base_character_quest_items_two_of_its_own(game: GameState) -> None:
    for c in game.characters:
        assert len(c.quests) == 2 and all(state == "inactive" for _, state in c.quests)
    assert set(game.character(1).quests).isdisjoint(game.character(2).quests)


def test_base_character_roster_action_deck_shared_cards_starting_weapon_quest_item_inactive() -> None:
    state = after_setup(players=2, seed=4)
    config = state.config
    assert sorted(tables.character_names(config)) == ["captain", "mechanic", "pilot", "scientist", "scout", "soldier"]
    for c in state.characters:
        cards = c.deck.union(c.hand)
        assert cards.total == 10
        for shared in ("demolition", "interruption", "rest"):
            assert cards.count(shared) == 1
        assert cards.count("search") == 2
        assert c.hands == (tables.starting_weapon(config, c.name)[0],)
        assert len(c.quests) == 2 and all(status == "inactive" for _, status in c.quests)
