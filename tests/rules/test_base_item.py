"""Known-answer tests for items: the decks set out at setup, and items found by searching: the inventory
and a found weapon's Ammo (facts.md §6), named after their clause ids. The items' own actions are in
test_base_item_<kind>.py, dropping an item in test_base_item_drop.py."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.items import SearchDraw, continue_search
from nemesis_rules.testing import after_setup, run, top_frame, with_frames, with_hand


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (the Scout, player 1, Rifle; the Soldier), no cards."""
    return with_hand(with_hand(after_setup(players=2, seed=3), 1), 2)


def search_red(game: GameState, first: str, second: str) -> tuple[GameState, list[str]]:
    ctx = Context()
    state = with_frames(continue_search(game, 1, "red", (), ctx))
    assert isinstance(top_frame(state), SearchDraw)
    return run(state, [Outcome("item-card", first), Outcome("item-card", second)])


def test_base_item_inventory_a_kept_item_goes_into_the_inventory(game: GameState) -> None:
    state, _ = search_red(game, "grenade", "decoy")
    after, _ = run(state, [Decision.make(1, "keep-item", item="decoy")])
    c = after.character(1)
    assert c.inventory.count("decoy") == 1 and c.hands == game.character(1).hands


def test_base_item_found_weapon_ammo_a_found_weapon_has_one_ammo(game: GameState) -> None:
    state, _ = search_red(game, "prototype-pistol", "decoy")
    state = state.with_character(state.character(1).evolve(hands=()))
    after, _ = run(state, [Decision.make(1, "keep-item", item="prototype-pistol")])
    c = after.character(1)
    assert "prototype-pistol" in c.hands and c.ammo_of("prototype-pistol") == 1


def test_base_item_decks_and_contamination_deck_are_set_out_at_setup() -> None:
    state = after_setup(players=2, seed=4)
    decks = dict(state.decks)
    assert {"red", "yellow", "green", "blue", "contamination"} <= set(decks)
    assert all(decks[colour].unknown.total == 30 for colour in ("red", "yellow", "green"))
    assert decks["blue"].unknown.total == 12
