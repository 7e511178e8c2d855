"""Known-answer tests for crafting: the Crafted deck's availability and a crafted Flamethrower
(facts.md §6), named after their clause ids."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.items import craft, craft_ways, drop
from nemesis_rules.testing import after_setup, equip, with_frames, with_hand


def test_base_craft_availability_needs_a_copy_in_the_crafted_deck_and_discards_return() -> None:
    state = equip(after_setup(players=2, seed=3), 1, "chemicals", "tools", hands=())
    copies = state.deck("blue").unknown.count("flamethrower")
    assert ("flamethrower", "chemicals", "tools") in craft_ways(state, 1)
    # with every copy crafted already, none can be crafted
    deck = state.deck("blue")
    gone = state.with_deck("blue", replace(deck, unknown=deck.unknown.remove("flamethrower", copies)))
    assert all(way[0] != "flamethrower" for way in craft_ways(gone, 1))
    # a crafted copy dropped (discarded) may be crafted again
    crafted = craft(state, 1, "flamethrower", ("chemicals", "tools"), Context())
    assert crafted.deck("blue").unknown.count("flamethrower") == copies - 1
    back = drop(crafted, 1, "flamethrower", Context())
    assert back.deck("blue").unknown.count("flamethrower") == copies


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (the Scout, player 1, Rifle; the Soldier), no cards."""
    return with_hand(with_hand(after_setup(players=2, seed=3), 1), 2)


def test_base_craft_flamethrower_loaded_a_crafted_flamethrower_is_full(game: GameState) -> None:
    state = equip(game, 1, "chemicals", "tools", hands=())
    ctx = Context()
    after = with_frames(craft(state, 1, "flamethrower", ("chemicals", "tools"), ctx))
    c = after.character(1)
    assert "flamethrower" in c.hands and c.ammo_of("flamethrower") == 4
    assert c.inventory.count("chemicals") == 0 and "base.craft.flamethrower-loaded" in ctx.fired
