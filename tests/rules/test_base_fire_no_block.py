"""Known-answer test that Fire (and a Malfunction) does not block searching a room, named after its
clause ids. Seed 3, two players in room 11: the Scout (player 1, five cards) and the Soldier (one card,
so no Interruption window opens); test_base_fire.py plays from a two-card hand."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.items import Search
from nemesis_rules.testing import after_setup, explored, move_character, settled, top_frame, with_hand

HAND = ("search", "search", "rest", "interruption", "demolition")


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (Hibernatorium): the Scout (player 1, Rifle, five cards)
    and the Soldier (player 2, one card, so no Interruption window opens)."""
    state = with_hand(after_setup(players=2, seed=3), 1, *HAND)
    return with_hand(state, 2, "search")


def test_base_fire_no_block_and_base_malfunction_no_block_search(game: GameState) -> None:
    # room 05 is the Armory (red): burning and malfunctioning, it can still be searched
    state = move_character(explored(game, "05"), 1, "05")
    state = state.with_room("05", replace(state.room("05"), fire=True, malfunction=True, items=2))
    after, fired = settled(state, Search(1, "", True))
    assert after.room("05").items == 1
    assert getattr(top_frame(after), "colour", None) == "red"
    assert "base.fire.no-block" in fired and "base.malfunction.no-block-search" in fired
    assert "base.ship.room-colours" in fired
