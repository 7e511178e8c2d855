"""Known-answer tests for Search: draw two, keep one, and the deck a room's colour picks
(facts.md §6), named after their clause ids."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.items import Search, SearchDeckChoice, SearchDraw, SearchKeep, continue_search
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


def test_base_search_draw_two_keep_one_the_other_to_the_bottom(game: GameState) -> None:
    state, _ = search_red(game, "grenade", "decoy")
    frame = top_frame(state)
    assert isinstance(frame, SearchKeep) and sorted(frame.drawn) == ["decoy", "grenade"]
    after, _ = run(state, [Decision.make(1, "keep-item", item="grenade")])
    assert after.character(1).inventory.count("grenade") == 1
    assert after.deck("red").bottom[-1:] == ("decoy",)


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
