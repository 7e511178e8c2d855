"""Known-answer tests for bag development: what each drawn Intruder token does (facts.md §1),
named after their clause ids."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.bag import token_type
from nemesis_rules.model.rules.events import BagDevelopmentDraw
from nemesis_rules.testing import after_setup, run, top_frame, with_frames, with_hand, with_intruders


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11: the Scout (player 1, Rifle with 4 Ammo, three cards) and
    the Soldier (no cards)."""
    state = with_hand(after_setup(players=2, seed=3), 1, "search", "rest", "demolition")
    return with_hand(state, 2)  # no cards: no Interruption window opens


def develop(state: GameState, token: str) -> tuple[GameState, list[str]]:
    """Draw ``token`` in bag development."""
    return run(with_frames(state, BagDevelopmentDraw()), [Outcome("intruder-token", token)])


def count(bag: Multiset, kind: str) -> int:
    return sum(n for t, n in bag.items() if token_type(t) == kind)


def test_base_bag_larva_leaves_the_bag_and_an_adult_comes_in(game: GameState) -> None:
    after, fired = develop(game, "larva-1")
    assert count(after.bag, "larva") == count(game.bag, "larva") - 1
    assert count(after.bag, "adult") == count(game.bag, "adult") + 1
    assert count(after.token_pool, "adult") == count(game.token_pool, "adult") - 1
    assert "base.bag.larva" in fired


def test_base_bag_creeper_leaves_the_bag_and_a_breeder_comes_in(game: GameState) -> None:
    after, fired = develop(game, "creeper-1")
    assert count(after.bag, "creeper") == count(game.bag, "creeper") - 1
    assert count(after.bag, "breeder") == count(game.bag, "breeder") + 1
    assert "base.bag.creeper" in fired


def test_base_bag_removed_to_pool_a_larva_token_joins_the_supply(game: GameState) -> None:
    # the Larva token taken out of the bag is beside the board again, ready to come back
    after, fired = develop(game, "larva-1")
    assert count(after.token_pool, "larva") == count(game.token_pool, "larva") + 1
    assert "base.bag.removed-to-pool" in fired


def test_base_bag_adult_every_player_not_in_combat_rolls_for_noise(game: GameState) -> None:
    after, fired = develop(game, "adult-2")
    assert after.bag == game.bag  # the token goes back
    assert top_frame(after).chance == "noise-roll"  # type: ignore[attr-defined]
    assert "base.bag.adult" in fired


def test_base_bag_adult_a_character_in_combat_does_not_roll(game: GameState) -> None:
    # an Intruder in room 11 puts both Characters In Combat: nobody rolls
    state = with_intruders(game, Intruder(1, "creeper", "11"))
    after, fired = develop(state, "adult-2")
    assert after.pending == state.pending and after.bag == state.bag
    assert "base.bag.adult" in fired


def test_base_bag_breeder_has_the_adult_effect(game: GameState) -> None:
    state = replace(game, bag=game.bag.add("breeder-3"))
    after, fired = develop(state, "breeder-3")
    assert after.bag == state.bag
    assert top_frame(after).chance == "noise-roll"  # type: ignore[attr-defined]
    assert "base.bag.breeder" in fired


def test_base_bag_blank_adds_an_adult_and_stays(game: GameState) -> None:
    after, fired = develop(game, "blank")
    assert count(after.bag, "blank") == 1
    assert count(after.bag, "adult") == count(game.bag, "adult") + 1
    assert "base.bag.blank" in fired


def test_base_bag_blank_adds_nothing_when_no_adult_is_left(game: GameState) -> None:
    pool = Multiset.of(t for t, n in game.token_pool.items() if token_type(t) != "adult" for _ in range(n))
    state = replace(game, token_pool=pool)
    after, fired = develop(state, "blank")
    assert after.bag == state.bag and "base.bag.blank" in fired


def test_base_bag_queen_egg_with_nobody_in_the_nest_adds_an_egg(game: GameState) -> None:
    after, fired = develop(game, "queen-4")
    assert after.eggs == game.eggs + 1 and after.bag == game.bag
    assert not any(i.kind == "queen" for i in after.intruders)
    assert "base.bag.queen-egg" in fired and "base.bag.queen-in-nest" not in fired


def test_base_bag_queen_in_nest_places_the_queen_and_an_encounter(game: GameState) -> None:
    state = game.with_room("09", replace(game.room("09"), explored=True, token=None))
    state = state.with_character(replace(state.character(1), position="09"))
    after, fired = develop(state, "queen-4")
    queens = [i for i in after.intruders if i.kind == "queen"]
    assert [q.position for q in queens] == ["09"] and after.eggs == state.eggs
    assert "base.bag.queen-in-nest" in fired


def test_base_bag_queen_egg_counts_the_eggs_carried_and_dropped_against_the_supply(game: GameState) -> None:
    """Seven Eggs on the Intruder board and the eighth lying in a room: the box has none left, so
    the Queen token adds none (ruling base.gap.egg-supply, reading ``nothing``); the engine used to
    look at the board alone and put a ninth Egg there."""
    state = replace(game, eggs=7).with_room("14", replace(game.room("14"), objects=Multiset.of(("egg",))))
    after, fired = develop(state, "queen-4")
    assert after.eggs == 7 and "base.gap.egg-supply" in fired
    carried = replace(game, eggs=7).with_character(replace(game.character(2), hands=("assault-rifle", "egg")))
    after, fired = develop(carried, "queen-4")
    assert after.eggs == 7 and "base.gap.egg-supply" in fired
    after, fired = develop(replace(game, eggs=6).with_character(carried.character(2)), "queen-4")
    assert after.eggs == 7 and "base.gap.egg-supply" not in fired
