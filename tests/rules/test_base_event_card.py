"""Known-answer tests for the 20 base Event cards (facts.md §4; RU-RB p.10), named after the
clauses they check: each card's effect is resolved on a known ship (seed 0's tiles)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.board.layout import TECH
from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.engine import Context, settle
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.game import is_chance, legal_actions
from nemesis_rules.model.rules.events import EventEffect
from nemesis_rules.testing import after_setup, explored, move_character, with_hand, with_intruders

POSITIONS = tuple(f"{n:02d}" for n in range(1, 19) if n != 11)


@pytest.fixture(scope="module")
def game() -> GameState:
    """Seed 0: 02 laboratory, 03 generator, 10 nest, 15 shower room, 18 storage, ...; both
    Characters in the Hibernatorium (11)."""
    state = after_setup(2, seed=0)
    assert (state.room("03").tile, state.room("10").tile, state.room("15").tile) == ("generator", "nest", "shower-room")
    return state


def resolve(state: GameState, card: str) -> tuple[GameState, list[str]]:
    """Resolve the Event card ``card``'s effect (and what happens to the card after)."""
    ctx = Context()
    after = settle(state.push(EventEffect(card)), ctx)
    return after, ctx.fired


def burning(state: GameState, *positions: str) -> GameState:
    for position in positions:
        state = state.with_room(position, replace(state.room(position), fire=True))
    return state


def malfunctioning(state: GameState) -> set[str]:
    return {p for p in state.config.board.positions if state.room(p).malfunction}


def on_fire(state: GameState) -> set[str]:
    return {p for p in state.config.board.positions if state.room(p).fire}


def chances(state: GameState) -> set[str]:
    return {a.chance for a in legal_actions(state) if isinstance(a, Outcome)} if is_chance(state) else set()


def test_base_event_card_bulkheads_open_every_closed_door_opens(game: GameState) -> None:
    state = game.with_door("11-15", "closed").with_door("05-10", "closed").with_door("02-06", "destroyed")
    after, fired = resolve(state, "bulkheads-open-1")
    assert after.door("11-15") == after.door("05-10") == "open"
    assert after.door("02-06") == "destroyed"
    assert "base.event-card.bulkheads-open" in fired


def test_base_event_card_consuming_fire_items_to_zero_and_fire_spreads(game: GameState) -> None:
    state = explored(game, "15", "16", "18")
    state = state.with_room("15", replace(state.room("15"), items=3, fire=True)).with_door("15-18", "closed")
    after, fired = resolve(state, "consuming-fire-1")
    assert after.room("15").items == 0
    assert on_fire(after) == {"15", "11", "16"}  # not through the Closed Door into 18
    assert "base.event-card.consuming-fire" in fired


@pytest.mark.parametrize("broken", [True, False])
def test_base_event_card_coolant_leak_self_destruct_only_with_a_generator_malfunction(
    game: GameState, broken: bool
) -> None:
    state = explored(game, "03")
    state = state.with_room("03", replace(state.room("03"), malfunction=broken))
    after, fired = resolve(state, "coolant-leak-1")
    assert (after.self_destruct is not None) == broken
    assert after.removed.count("event:coolant-leak-1") == 1
    assert "base.event-card.coolant-leak" in fired


def test_base_event_card_damage_malfunction_where_adults_breeders_queens_are(game: GameState) -> None:
    state = explored(game, "02", "05", "06", "18")
    state = with_intruders(
        state,
        Intruder(1, "adult", "02"),
        Intruder(2, "creeper", "05"),
        Intruder(3, "larva", "06"),
        Intruder(4, "queen", "18"),
    )
    after, fired = resolve(state, "damage-1")
    assert malfunctioning(after) == {"02", "18"}
    assert "base.event-card.damage" in fired


def test_base_event_card_damaging_fire_malfunction_then_fire_next_door(game: GameState) -> None:
    state = burning(explored(game, "15", "16", "18"), "15").with_door("15-16", "closed")
    after, fired = resolve(state, "damaging-fire-1")
    assert malfunctioning(after) == {"15"}
    assert on_fire(after) == {"15", "11", "18"}  # 16 lies behind a Closed Door
    assert "base.event-card.damaging-fire" in fired


def test_base_event_card_eclosion_larva_carrier_dies_creeper_appears_others_draw(game: GameState) -> None:
    state = move_character(game, 1, "15")
    state = state.with_character(replace(state.character(1), larva=True))
    after, fired = resolve(state, "eclosion-1")
    assert after.character(1).status == "dead" and not after.character(1).larva
    assert [i.kind for i in after.intruders if i.position == "15"] == ["creeper"]
    assert after.character(2).status != "dead"
    assert "base.event-card.eclosion" in fired
    assert is_chance(after)  # player 2 draws four cards to scan


def test_base_event_card_egg_protection_encounter_in_the_nest(game: GameState) -> None:
    state = move_character(explored(game, "10"), 1, "10")
    state = state.evolve(noise=frozenset({"05-10"}))
    after, fired = resolve(state, "egg-protection-1")
    assert "05-10" not in after.noise  # the Encounter discards the Noise around the room
    assert "base.event-card.egg-protection" in fired
    assert "base.encounter.discard-noise" in fired and chances(after) == {"intruder-token"}  # a token is drawn


def test_base_event_card_egg_protection_nobody_in_the_nest_no_encounter(game: GameState) -> None:
    state = game.evolve(noise=frozenset({"11-15"}))
    after, _ = resolve(state, "egg-protection-1")
    assert after.noise == frozenset({"11-15"}) and not is_chance(after)


def test_base_event_card_evacuation_pod_ejection_lowest_pod_removed(game: GameState) -> None:
    lowest = min(p.number for p in game.pods)
    after, fired = resolve(game, "evacuation-pod-ejection-1")
    assert [p.number for p in after.pods] == sorted(p.number for p in game.pods)[1:]
    assert after.removed.count(f"pod:{lowest}") == 1
    assert after.removed.count("event:evacuation-pod-ejection-1") == 1
    assert "base.event-card.evacuation-pod-ejection" in fired


def test_base_event_card_flammable_compounds_fire_in_the_hibernatorium(game: GameState) -> None:
    after, fired = resolve(game, "flammable-compounds-1")
    assert on_fire(after) == {"11"}
    assert "base.event-card.flammable-compounds" in fired


def test_base_event_card_flammable_compounds_spreads_if_already_burning(game: GameState) -> None:
    after, _ = resolve(burning(game, "11"), "flammable-compounds-1")
    assert on_fire(after) == {"11", "06", "08", "14", "15"}


def test_base_event_card_hatching_larva_for_a_handless_character_in_the_nest(game: GameState) -> None:
    state = with_hand(move_character(explored(game, "10"), 1, "10"), 1)
    after, fired = resolve(state, "hatching-1")
    assert after.eggs == game.eggs - 1
    assert after.character(1).larva
    assert after.bag == game.bag  # someone got a Larva: no token into the bag
    assert "base.event-card.hatching" in fired


def test_base_event_card_hatching_larva_token_into_the_bag_when_nobody_infested(game: GameState) -> None:
    state = with_hand(move_character(explored(game, "10"), 1, "10"), 1, "search")  # holds a card
    state = state.evolve(token_pool=state.token_pool.add("larva-1"))
    after, _ = resolve(state, "hatching-1")
    assert after.eggs == game.eggs - 1 and not after.character(1).larva
    assert after.bag.count("larva-1") == state.bag.count("larva-1") + 1


def test_base_event_card_hunt_adults_move_to_a_neighbouring_character(game: GameState) -> None:
    state = move_character(move_character(game, 1, "05"), 2, "07")
    state = with_intruders(
        state, Intruder(1, "adult", "06"), Intruder(2, "creeper", "02"), Intruder(3, "adult", "12", token="adult-3")
    )
    after, fired = resolve(state, "hunt-1")
    positions = {i.id: i.position for i in after.intruders}
    assert positions == {1: "05", 2: "02", 3: "12"}  # lowest of 05/07; creeper and lone adult stay
    assert "base.event-card.hunt" in fired


def test_base_event_card_hunt_an_adult_in_combat_stays(game: GameState) -> None:
    state = move_character(move_character(game, 1, "06"), 2, "05")
    state = with_intruders(state, Intruder(1, "adult", "06"))
    after, _ = resolve(state, "hunt-1")
    assert after.intruders[0].position == "06"


def test_base_event_card_life_support_failure_every_green_room(game: GameState) -> None:
    state = explored(game, *POSITIONS)
    after, fired = resolve(state, "life-support-failure-1")
    assert malfunctioning(after) == {"02", "05", "09"}  # laboratory, surgery, emergency room
    assert after.removed.count("event:life-support-failure-1") == 1
    assert "base.event-card.life-support-failure" in fired


def test_base_event_card_lurking_intruders_not_in_combat_back_to_the_bag(game: GameState) -> None:
    state = with_intruders(game, Intruder(1, "adult", "15", token="adult-3"), Intruder(2, "creeper", "11"))
    after, fired = resolve(state, "lurking-1")
    assert [i.id for i in after.intruders] == [2]
    assert after.bag.count("adult-3") == game.bag.count("adult-3") + 1
    assert "base.event-card.lurking" in fired


def test_base_event_card_malfunction_lowest_explored_room_and_card_shuffled_back(game: GameState) -> None:
    state = explored(game, "02")
    state = state.with_deck("event", state.deck("event").remove_top("malfunction-1"))
    after, fired = resolve(state, "malfunction-1")
    assert malfunctioning(after) == {"01"}  # the Cockpit, printed and explored
    deck = after.deck("event")
    assert deck.unknown.count("malfunction-1") == 1 and not deck.discard.count("malfunction-1")
    assert "base.event-card.malfunction" in fired


def test_base_event_card_nest_noise_in_the_explored_nest_corridors(game: GameState) -> None:
    after, fired = resolve(explored(game, "10"), "nest-1")
    assert after.noise == frozenset({"05-10", "10-13"})
    assert "base.event-card.nest" in fired
    unexplored, _ = resolve(game, "nest-1")
    assert not unexplored.noise


def test_base_event_card_noise_in_technical_corridors_first_noise_on_the_tech_space(game: GameState) -> None:
    after, fired = resolve(game, "noise-in-technical-corridors-1")
    assert after.noise == frozenset({TECH}) and not is_chance(after)
    assert "base.event-card.noise-in-technical-corridors" in fired


def test_base_event_card_noise_in_technical_corridors_then_noise_rolls(game: GameState) -> None:
    state = move_character(game, 1, "15").evolve(noise=frozenset({TECH}))  # 15 has a tech entrance, 11 not
    after, _ = resolve(state, "noise-in-technical-corridors-1")
    assert chances(after) == {"noise-roll"}
    assert "15" in after.config.board.technical_positions and "11" not in after.config.board.technical_positions


def test_base_event_card_regeneration_every_intruder_heals_two(game: GameState) -> None:
    state = with_intruders(game, Intruder(1, "adult", "15", injuries=3), Intruder(2, "queen", "18", injuries=1))
    after, fired = resolve(state, "regeneration-1")
    assert [i.injuries for i in after.intruders] == [1, 0]
    assert "base.event-card.regeneration" in fired


def test_base_event_card_scent_of_prey_noise_around_slimed_characters(game: GameState) -> None:
    state = move_character(game, 2, "02")
    state = state.with_character(replace(state.character(1), slime=True)).evolve(noise=frozenset({"11-15"}))
    after, fired = resolve(state, "scent-of-prey-1")
    assert after.noise == frozenset(state.config.board.spaces_at["11"])  # only 11's corridors
    assert "base.event-card.scent-of-prey" in fired


def test_base_event_card_short_circuit_yellow_rooms_with_a_computer(game: GameState) -> None:
    state = explored(game, *POSITIONS)
    expected = {
        p
        for p in POSITIONS
        if tables.room_colour(state.config, state.room(p).tile or "") == "yellow"
        and tables.room_has_computer(state.config, state.room(p).tile or "")
    }
    after, fired = resolve(state, "short-circuit-1")
    assert malfunctioning(after) == expected == {"03", "12", "16"}  # not the Airlock Control (08)
    assert after.removed.count("event:short-circuit-1") == 1
    assert "base.event-card.short-circuit" in fired
