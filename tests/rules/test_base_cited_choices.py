"""Known-answer tests for the places where the engine chose silently until the finders of issue #23
asked (each is now a cited clause or a ruling): the Noise roll after a plain Move, several Intruders
meeting one Closed Door, the Grenade's and the Molotov's Eggs, an Engine repaired with a Malfunction
in its room, the Character a player controls, and the Noise roll after an attempt on the Eggs In
Combat with Void Seeders. Named after their clause and ruling ids.

Seed 3, two players in room 11 (Hibernatorium): the Scout (player 1) and the Soldier (player 2)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.engine import Context, RuleGap
from nemesis_rules.model.core.multiset import EMPTY
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.attack_cards import summoning
from nemesis_rules.model.rules.encounter import EncounterDraw
from nemesis_rules.model.rules.events import EventCardDraw
from nemesis_rules.model.rules.item_effects import DrawActionCards
from nemesis_rules.model.rules.movement import enter_room
from nemesis_rules.model.rules.noise import BagNoise, EggNoise, NoiseRoll, RollNoise
from nemesis_rules.model.rules.ship import repair_engine
from nemesis_rules.model.rules.shoot_and_melee import EGGS, CombatRoll
from nemesis_rules.testing import (
    after_setup,
    equip,
    explored,
    move_character,
    run,
    settled,
    top_frame,
    use_item,
    with_hand,
    with_intruders,
    with_ruling,
)


@pytest.fixture
def game() -> GameState:
    state = with_hand(after_setup(players=2, seed=3), 1, "demolition", "interruption", "search")
    return with_hand(state, 2, "search")


def test_base_noise_after_move_a_move_into_an_empty_explored_room_rolls(game: GameState) -> None:
    state = explored(move_character(game, 1, "08"), "08")
    ctx = Context()
    after = enter_room(state, 1, "08", None, False, None, ctx)
    assert isinstance(top_frame(after), RollNoise) and "base.noise.after-move" in ctx.fired


def test_base_noise_after_move_not_into_an_occupied_room(game: GameState) -> None:
    state = explored(move_character(game, 1, "08"), "08")
    ctx = Context()
    after = enter_room(state, 1, "08", None, True, None, ctx)
    assert after == state and "base.noise.after-move" not in ctx.fired


def _card(state: GameState, number: int) -> str:
    for card, _ in state.deck("event").draw_outcomes():
        data = tables.event_card(state.config, card)
        if data.number == number and "adult" in data.movers:
            return card
    raise AssertionError(f"no event card {number} moving Adults")


def test_base_event_door_together_two_intruders_break_one_closed_door_and_both_stay(game: GameState) -> None:
    corridor = game.config.board.space_by_number["02"][3]  # room 02's corridor 3 leads to room 01
    state = with_intruders(explored(game, "02"), Intruder(1, "adult", "02"), Intruder(2, "adult", "02"))
    state = state.with_door(corridor, "closed")
    state, _ = settled(state, EventCardDraw())
    after, fired = run(state, [Outcome("event-card", _card(state, 3))])
    assert after.door(corridor) == "destroyed"
    assert sorted(i.position for i in after.intruders) == ["02", "02"]
    assert "base.event.door-together" in fired and fired.count("base.door.intruder-destroys") == 1


def test_base_event_door_together_not_through_an_open_door(game: GameState) -> None:
    state = with_intruders(explored(game, "02"), Intruder(1, "adult", "02"), Intruder(2, "adult", "02"))
    state, _ = settled(state, EventCardDraw())
    after, fired = run(state, [Outcome("event-card", _card(state, 3))])
    assert sorted(i.position for i in after.intruders) == ["01", "01"]
    assert "base.event.door-together" not in fired


def _nest(state: GameState, eggs: int) -> GameState:
    assert state.room("09").tile == "nest"
    state = state.with_room("09", replace(state.room("09"), explored=True, token=None))
    return replace(state, eggs=eggs)


def test_base_nest_item_eggs_a_grenade_destroys_two_eggs_and_a_noise_roll_follows(game: GameState) -> None:
    state = move_character(_nest(equip(game, 1, "grenade"), 4), 1, "08")
    after, fired = run(state, [use_item("grenade", target="eggs")])
    assert after.eggs == 2 and "base.nest.item-eggs" in fired and "base.nest.destroy-eggs" not in fired
    assert any(isinstance(f, NoiseRoll) for f in after.pending)


def test_base_nest_item_eggs_a_molotov_destroys_one_egg(game: GameState) -> None:
    state = move_character(_nest(equip(game, 1, "molotov"), 4), 1, "08")
    after, fired = run(state, [use_item("molotov", at="09")])
    assert after.eggs == 3 and "base.nest.item-eggs" in fired


def test_base_room_engine_malfunction_a_repair_works_with_a_malfunction_and_says_so(game: GameState) -> None:
    state = move_character(game, 1, "20")
    state = state.with_room("20", replace(state.room("20"), malfunction=True))
    ctx = Context()
    repair_engine(state, 1, ctx)
    assert "base.room.engine" in ctx.fired and "base.room.engine-malfunction" in ctx.fired
    clean = Context()
    repair_engine(move_character(game, 1, "20"), 1, clean)
    assert "base.room.engine-malfunction" not in clean.fired


def test_base_setup_own_character_each_seat_keeps_the_character_it_drafted() -> None:
    state = after_setup(players=3, seed=5)
    names = [c.name for c in state.characters]
    assert len(set(names)) == 3 and all(not n.startswith("draft:") for n in names)


def _vs_nest_in_combat() -> GameState:
    state = after_setup(players=2, seed=0, ruleset="void-seeders")
    nest = next(p for p in state.config.board.positions if state.room(p).tile == "nest")
    state = state.with_room(nest, replace(state.room(nest), explored=True, token=None))
    state = move_character(replace(state, eggs=5), 2, nest)
    return with_intruders(state, Intruder(1, "lair", nest))


@pytest.mark.parametrize(("reading", "rolls"), [("roll", True), ("no-roll", False)])
def test_vs_ambiguity_egg_noise_in_combat_each_reading(reading: str, rolls: bool) -> None:
    state = with_ruling(_vs_nest_in_combat(), "vs.ambiguity.egg-noise-in-combat", reading)
    state = state.push(CombatRoll(2, EGGS, "rifle", False))
    after, fired = run(state, [Outcome("combat-die", "single")])
    assert after.eggs == 4
    assert any(isinstance(f, NoiseRoll) for f in after.pending) is rolls
    assert "vs.ambiguity.egg-noise-in-combat" in fired


def test_vs_ambiguity_egg_noise_in_combat_not_asked_out_of_combat() -> None:
    state = _vs_nest_in_combat()
    state = replace(state, intruders=())
    after, fired = settled(state, EggNoise(2, state.character(2).position))
    assert isinstance(top_frame(after), NoiseRoll) and "vs.ambiguity.egg-noise-in-combat" not in fired


@pytest.mark.parametrize(("reading", "rolls"), [("at-roll", False), ("at-draw", True)])
def test_base_ambiguity_bag_noise_combat_timing_each_reading(game: GameState, reading: str, rolls: bool) -> None:
    state = with_intruders(move_character(game, 2, "08"), Intruder(1, "adult", "08"))
    state = with_ruling(state, "base.ambiguity.bag-noise-combat-timing", reading)
    after, fired = settled(state, BagNoise(2, "08"))
    assert any(isinstance(f, NoiseRoll) for f in after.pending) is rolls
    assert "base.ambiguity.bag-noise-combat-timing" in fired


def test_base_ambiguity_bag_noise_combat_timing_not_asked_out_of_combat(game: GameState) -> None:
    after, fired = settled(move_character(game, 2, "08"), BagNoise(2, "08"))
    assert isinstance(top_frame(after), NoiseRoll) and "base.ambiguity.bag-noise-combat-timing" not in fired


def _holding_every_card(game: GameState) -> GameState:
    c = game.character(1)
    return game.with_character(c.evolve(hand=c.hand.union(c.deck).union(c.discard), deck=EMPTY, discard=EMPTY))


def test_base_gap_action_cards_exhausted_draw_nothing_takes_what_there_is(game: GameState) -> None:
    state = _holding_every_card(game)
    after, fired = settled(state, DrawActionCards(1, 2))
    assert after.character(1) == state.character(1) and "base.gap.action-cards-exhausted" in fired


def test_base_gap_action_cards_exhausted_strict_stops_at_the_gap(game: GameState) -> None:
    state = with_ruling(_holding_every_card(game), "base.gap.action-cards-exhausted", "strict")
    with pytest.raises(RuleGap):
        settled(state, DrawActionCards(1, 1))


def test_base_gap_empty_bag_a_summoning_draws_nothing_from_an_empty_bag(game: GameState) -> None:
    state = replace(with_intruders(game, Intruder(1, "creeper", "11")), bag=EMPTY)
    ctx = Context()
    after = summoning(state, state.intruders[0], 1, ctx)
    assert after == state and "base.gap.empty-bag" in ctx.fired


def test_base_gap_empty_bag_add_adult_refills_the_bag_for_a_summoning(game: GameState) -> None:
    state = replace(with_intruders(game, Intruder(1, "creeper", "11")), bag=EMPTY)
    state = with_ruling(state, "base.gap.empty-bag", "add-adult")
    after = summoning(state, state.intruders[0], 1, Context())
    assert after.bag.total == 1 and next(iter(after.bag)).startswith("adult")


def _blank_last(game: GameState) -> GameState:
    adults = [t for t, n in game.token_pool.items() if t.startswith("adult") for _ in range(n)]
    pool = game.token_pool
    for token in adults:
        pool = pool.remove(token)
    return replace(game, bag=EMPTY.add("blank"), token_pool=pool)


def test_base_gap_blank_no_adult_the_blank_goes_back_alone(game: GameState) -> None:
    state = _blank_last(game).push(EncounterDraw(1, "11"))
    after, fired = run(state, [Outcome("intruder-token", "blank")])
    assert after.bag == EMPTY.add("blank") and "base.gap.blank-no-adult" in fired


def test_base_gap_blank_no_adult_strict_stops_at_the_gap(game: GameState) -> None:
    state = with_ruling(_blank_last(game), "base.gap.blank-no-adult", "strict").push(EncounterDraw(1, "11"))
    with pytest.raises(RuleGap):
        run(state, [Outcome("intruder-token", "blank")])


def test_base_encounter_blank_with_an_adult_left_it_goes_in_and_no_gap(game: GameState) -> None:
    state = replace(game, bag=EMPTY.add("blank")).push(EncounterDraw(1, "11"))
    after, fired = run(state, [Outcome("intruder-token", "blank")])
    assert after.bag.total == 2 and "base.gap.blank-no-adult" not in fired
