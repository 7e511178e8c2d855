"""Known-answer test for crafting by browsing the open Crafted deck with the right components, named
after its clause ids. Seed 3, two players in room 11: the Scout (player 1, five cards) and the Soldier
(one card, so no Interruption window opens); test_base_craft.py plays from empty hands."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.items import craft, craft_ways
from nemesis_rules.testing import after_setup, with_hand

HAND = ("search", "search", "rest", "interruption", "demolition")


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (Hibernatorium): the Scout (player 1, Rifle, five cards)
    and the Soldier (player 2, one card, so no Interruption window opens)."""
    state = with_hand(after_setup(players=2, seed=3), 1, *HAND)
    return with_hand(state, 2, "search")


def test_base_craft_browse_and_base_craft_components(game: GameState) -> None:
    state = game.with_character(replace(game.character(1), inventory=Multiset.of(("chemicals", "clothes"))))
    assert ("molotov", "chemicals", "clothes") in craft_ways(state, 1)  # flame + cloth
    ctx = Context()
    after = craft(state, 1, "molotov", ("chemicals", "clothes"), ctx)
    assert "molotov" in after.character(1).inventory  # taken by name from the open Crafted deck
    assert after.deck("blue").unknown.count("molotov") == state.deck("blue").unknown.count("molotov") - 1
    assert "base.craft.browse" in ctx.fired and "base.craft.components" in ctx.fired
