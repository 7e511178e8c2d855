"""Known-answer tests for Search, found weapons, the inventory and crafting (issue #8): each
sets up the situation the clause speaks of and checks the state after."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.items import Search, SearchDeckChoice, SearchDraw, SearchKeep, continue_search, craft
from nemesis_rules.testing import after_setup, equip, run, top_frame, with_frames, with_hand


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (the Scout, player 1, Rifle; the Soldier), no cards."""
    return with_hand(with_hand(after_setup(players=2, seed=3), 1), 2)


def search_red(game: GameState, first: str, second: str) -> tuple[GameState, list[str]]:
    ctx = Context()
    state = with_frames(continue_search(game, 1, "red", (), ctx))
    assert isinstance(top_frame(state), SearchDraw)
    return run(state, [Outcome("item-card", first), Outcome("item-card", second)])


def test_base_search_draw_two_keep_one_the_other_to_the_bottom(game: GameState) -> None:
    state, _ = search_red(game, "grenade", "decoy")
    frame = top_frame(state)
    assert isinstance(frame, SearchKeep) and sorted(frame.drawn) == ["decoy", "grenade"]
    after, _ = run(state, [Decision.make(1, "keep-item", item="grenade")])
    assert after.character(1).inventory.count("grenade") == 1
    assert after.deck("red").bottom[-1:] == ("decoy",)


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


@pytest.mark.parametrize(("position", "colour"), [("05", "red"), ("02", "green"), ("04", "yellow")])
def test_base_search_deck_by_colour_the_rooms_colour_picks_the_deck(
    game: GameState, position: str, colour: str
) -> None:
    state = game.with_character(game.character(1).evolve(position=position))
    frame = top_frame(with_frames(state, Search(1, "", False)))
    assert isinstance(frame, SearchDraw) and frame.colour == colour


def test_base_search_deck_by_colour_a_white_room_lets_the_searcher_choose(game: GameState) -> None:
    state = game.with_character(game.character(1).evolve(position="12"))  # Evacuation Section B: white
    state = with_frames(state, Search(1, "", False))
    assert isinstance(top_frame(state), SearchDeckChoice)
    after, _ = run(state, [Decision.make(1, "search-deck", deck="green")])
    frame = top_frame(after)
    assert isinstance(frame, SearchDraw) and frame.colour == "green"


def test_base_craft_flamethrower_loaded_a_crafted_flamethrower_is_full(game: GameState) -> None:
    state = equip(game, 1, "chemicals", "tools", hands=())
    ctx = Context()
    after = with_frames(craft(state, 1, "flamethrower", ("chemicals", "tools"), ctx))
    c = after.character(1)
    assert "flamethrower" in c.hands and c.ammo_of("flamethrower") == 4
    assert c.inventory.count("chemicals") == 0 and "base.craft.flamethrower-loaded" in ctx.fired
