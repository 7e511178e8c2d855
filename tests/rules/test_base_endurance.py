"""Known-answer tests for the endurance check of an injured Intruder, of an Egg, and Intruders healing
(facts.md §15), named after their clause ids."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.engine import Context, settle
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules import event_cards
from nemesis_rules.model.rules.intruder_injuries import injure
from nemesis_rules.model.rules.shoot_and_melee import EGGS, CombatRoll
from nemesis_rules.testing import after_setup, explored, move_character, run, settled, with_hand, with_intruders

HAND = ("search", "search", "rest", "interruption", "demolition")


@pytest.fixture(scope="module")
def game() -> GameState:
    """Seed 3, two players in room 11: player 1 with five cards, player 2 (the Soldier) with
    one card and no reaction to an attack; the escape pods still locked."""
    state = with_hand(after_setup(players=2, seed=3), 1, *HAND)
    return with_hand(state, 2, "search")


def endurance(state: GameState, kind: str, injuries: int, *cards: str) -> tuple[GameState, list[str]]:
    """``injuries`` injuries on an Intruder of ``kind`` in room 11; ``cards`` drawn."""
    ctx = Context()
    state = with_intruders(state, Intruder(1, kind, "11"))
    state = settle(injure(state, 1, injuries, ctx), ctx)
    after, fired = run(state, [Outcome("attack-card", card) for card in cards])
    return after, ctx.fired + fired


def test_base_endurance_single_card_an_adult_dies_at_its_blood_value(game: GameState) -> None:
    after, fired = endurance(game, "adult", 3, "scratch-2")  # blood 3
    assert after.intruders == ()
    assert "base.endurance.single-card" in fired


def test_base_endurance_single_card_an_adult_survives_above_its_injuries(game: GameState) -> None:
    after, fired = endurance(game, "adult", 2, "scratch-2")  # blood 3
    assert [i.injuries for i in after.intruders] == [2]
    assert "base.endurance.single-card" in fired


def test_base_endurance_two_cards_a_breeder_sums_two_cards(game: GameState) -> None:
    after, fired = endurance(game, "breeder", 4, "scratch-1", "scratch-2")  # 2 + 3 = 5 > 4
    assert [i.injuries for i in after.intruders] == [4]
    assert "base.endurance.two-cards" in fired
    after, fired = endurance(game, "breeder", 5, "scratch-1", "scratch-2")  # 5 <= 5
    assert after.intruders == ()
    assert "base.endurance.two-cards" in fired


def test_base_endurance_carcass_left_by_a_killed_adult(game: GameState) -> None:
    before = game.room("11").objects.count("carcass")
    after, fired = endurance(game, "adult", 3, "scratch-2")
    assert after.room("11").objects.count("carcass") == before + 1
    assert "base.endurance.carcass" in fired


def test_base_endurance_carcass_not_for_a_larva(game: GameState) -> None:
    before = game.room("11").objects.count("carcass")
    after, fired = endurance(game, "larva", 1)
    assert after.intruders == () and after.room("11").objects.count("carcass") == before
    assert "base.endurance.carcass" not in fired


def test_base_endurance_egg_one_injury_destroys_one_egg(game: GameState) -> None:
    state = move_character(replace(explored(game, "09"), eggs=5), 1, "09")  # room 09 is the Nest
    state, _ = settled(state, CombatRoll(1, EGGS, "", False))
    after, fired = run(state, [Outcome("combat-die", "single")])
    assert after.eggs == 4
    assert "base.endurance.egg" in fired and "base.encounter.egg-not-intruder" in fired
    assert not after.first_encounter


def test_base_endurance_heal_regeneration_removes_injury_markers(game: GameState) -> None:
    state = with_intruders(game, Intruder(1, "adult", "02", injuries=3), Intruder(2, "creeper", "03", injuries=1))
    ctx = Context()
    after = event_cards.regeneration(state, ctx)
    assert [i.injuries for i in after.intruders] == [1, 0]
    assert "base.endurance.heal" in ctx.fired
