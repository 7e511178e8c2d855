"""Known-answer tests for the Nest's destruction when its last Egg goes (facts.md §8), named after
their clause ids. The Hatching Event card's case is in test_base_nest_hatching.py (seed 0's ship).

Seed 3: room 09 is the Nest, next to 08; player 1 (the Scout) and player 2 start in the
Hibernatorium (11), next to 08."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.events import FireDamageStep
from nemesis_rules.model.rules.shoot_and_melee import EGGS, CombatRoll
from nemesis_rules.testing import after_setup, equip, move_character, run, settled
from nemesis_rules.testing import use_item as use


@pytest.fixture
def game() -> GameState:
    return equip(equip(after_setup(players=2, seed=3), 2), 1)


def nest_with(state: GameState, eggs: int, fire: bool = False) -> GameState:
    """The Nest (09) explored, its token gone, ``eggs`` Eggs left on the Intruder board."""
    assert state.room("09").tile == "nest"
    state = state.with_room("09", replace(state.room("09"), explored=True, token=None, fire=fire))
    return replace(state, eggs=eggs)


def test_base_nest_destroyed_when_melee_takes_the_last_egg(game: GameState) -> None:
    state = move_character(nest_with(game, 1), 1, "09")
    state, _ = settled(state, CombatRoll(1, EGGS, "", False))
    after, fired = run(state, [Outcome("combat-die", "single")])
    assert after.eggs == 0 and fired.count("base.nest.destroyed") == 1


def test_base_nest_destroyed_not_while_an_egg_is_left(game: GameState) -> None:
    state = move_character(nest_with(game, 2), 1, "09")
    state, _ = settled(state, CombatRoll(1, EGGS, "", False))
    after, fired = run(state, [Outcome("combat-die", "single")])
    assert after.eggs == 1 and "base.nest.destroyed" not in fired


def test_base_nest_destroyed_by_a_grenade_taking_the_last_eggs(game: GameState) -> None:
    state = move_character(nest_with(equip(game, 1, "grenade"), 1), 1, "08")
    after, fired = run(state, [use("grenade", target="eggs")])
    assert after.eggs == 0 and fired.count("base.nest.destroyed") == 1


def test_base_nest_destroyed_by_a_molotov_burning_the_last_egg(game: GameState) -> None:
    state = move_character(nest_with(equip(game, 1, "molotov"), 1), 1, "08")
    after, fired = run(state, [use("molotov", at="09")])
    assert after.eggs == 0 and fired.count("base.nest.destroyed") == 1


def test_base_nest_destroyed_by_fire_damage_in_the_burning_nest(game: GameState) -> None:
    after, fired = settled(nest_with(game, 1, fire=True), FireDamageStep())
    assert after.eggs == 0 and fired.count("base.nest.destroyed") == 1
    kept, fired = settled(nest_with(game, 2, fire=True), FireDamageStep())
    assert kept.eggs == 1 and "base.nest.destroyed" not in fired
