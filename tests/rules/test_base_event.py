"""Known-answer tests for the Event Phase steps 4, 6 and 7 (RU-RB p.10-11; facts.md §2, §4),
named after the clauses they check."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.engine import Context, settle
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.game import step
from nemesis_rules.model.rules.events import EventCardAfter, EventCardDraw, FireDamageStep, TimeStep
from nemesis_rules.testing import after_setup, explored, move_character, settled, with_intruders, with_ruling


@pytest.fixture(scope="module")
def game() -> GameState:
    """Seed 0: room 15 (shower room) has corridor 1 to the Hibernatorium (11), 2 to 16, 3 to 18;
    room 10 is the Nest. Both Characters stand in the Hibernatorium."""
    state = after_setup(2, seed=0)
    assert state.config.board.space_by_number["15"] == {1: "11-15", 2: "15-16", 3: "15-18", 4: "tech"}
    return state


def draw_event(state: GameState, card: str) -> tuple[GameState, list[str]]:
    """Step 7 with ``card`` drawn from the Event deck."""
    at_draw = settle(state.push(EventCardDraw()), Context())
    transition = step(at_draw, Outcome("event-card", card))
    return transition.state, list(transition.fired)


def test_base_event_time_marker_moves_one_space(game: GameState) -> None:
    after, fired = settled(game, TimeStep())
    assert after.time == game.time + 1 and after.self_destruct is None
    assert "base.event.time" in fired


def test_base_event_time_self_destruct_marker_moves_too(game: GameState) -> None:
    after, _ = settled(game.evolve(self_destruct=0), TimeStep())
    assert after.time == game.time + 1 and after.self_destruct == 1


def test_base_event_fire_damage_intruder_in_a_burning_room_takes_one_injury(game: GameState) -> None:
    state = explored(game, "15", "18")
    state = state.with_room("15", replace(state.room("15"), fire=True))
    state = with_intruders(state, Intruder(1, "adult", "15"), Intruder(2, "adult", "18"))
    after, fired = settled(state, FireDamageStep())
    assert {i.id: i.injuries for i in after.intruders} == {1: 1, 2: 0}
    assert "base.event.fire-damage" in fired


def test_base_event_fire_damage_an_egg_in_a_burning_room_is_destroyed(game: GameState) -> None:
    state = explored(game, "15")
    room = state.room("15")
    state = state.with_room("15", replace(room, fire=True, objects=room.objects.add("egg")))
    after, fired = settled(state, FireDamageStep())
    assert after.room("15").objects.count("egg") == 0
    assert "base.event.fire-damage" in fired


def test_base_event_fire_damage_a_burning_nest_loses_an_egg(game: GameState) -> None:
    state = explored(game, "10")
    state = state.with_room("10", replace(state.room("10"), fire=True))
    after, _ = settled(state, FireDamageStep())
    assert after.eggs == game.eggs - 1


def test_base_event_card_movement_then_effect_then_discard(game: GameState) -> None:
    # Bulkheads Open, corridor 1, moves Adults and Breeders: the Adult in 15 walks to 11
    # (the Closed Door on 15-16 is no obstacle to that), then the Door opens
    state = explored(game, "15").with_door("15-16", "closed")
    state = move_character(move_character(state, 1, "01"), 2, "01")
    state = with_intruders(state, Intruder(1, "adult", "15"))
    after, fired = draw_event(state, "bulkheads-open-1")
    assert after.intruders[0].position == "11"
    assert after.door("15-16") == "open"
    assert after.deck("event").discard.count("bulkheads-open-1") == 1
    assert after.deck("event").unknown.count("bulkheads-open-1") == 0
    assert "base.event.card" in fired
    assert fired.index("base.event.movement") < fired.index("base.event-card.bulkheads-open")


def test_base_event_movement_only_the_card_s_symbols_not_in_combat(game: GameState) -> None:
    # Damage (corridor 2) moves Creepers and Adults
    state = explored(game, "15", "06")
    state = move_character(state, 2, "06")
    state = with_intruders(
        state,
        Intruder(1, "adult", "15"),  # moves through 15's corridor 2 to 16
        Intruder(2, "queen", "18"),  # not on the card
        Intruder(3, "creeper", "06"),  # in Combat with player 2
    )
    after, fired = draw_event(state, "damage-1")
    assert {i.id: i.position for i in after.intruders} == {1: "16", 2: "18", 3: "06"}
    assert "base.event.movement" in fired


def test_base_event_movement_unexplored_room_stays_face_down(game: GameState) -> None:
    state = explored(game, "15")
    assert not state.room("18").explored
    token = state.room("18").token
    state = with_intruders(state, Intruder(1, "adult", "15"))
    after, fired = draw_event(state, "scent-of-prey-1")  # corridor 3: 15 -> 18
    assert after.intruders[0].position == "18"
    assert not after.room("18").explored and after.room("18").token == token
    assert "base.source.intruder-unexplored-room" in fired  # the rulebook's reading, the default
    assert "base.event.movement-unexplored" in fired


def test_base_event_movement_unexplored_flip_no_token_reading(game: GameState) -> None:
    state = with_ruling(explored(game, "15"), "base.source.intruder-unexplored-room", "flip-no-token")
    token = state.room("18").token
    state = with_intruders(state, Intruder(1, "adult", "15"))
    after, fired = draw_event(state, "scent-of-prey-1")
    assert "base.event.movement-unexplored" not in fired  # the FAQ's reading turns the tile
    assert after.room("18").explored and after.room("18").token is None
    assert after.removed.count(f"exploration:{token}") == 1


def test_base_event_card_remove_card_leaves_and_discards_shuffled_back(game: GameState) -> None:
    deck = game.deck("event")
    deck = replace(
        deck, unknown=deck.unknown.remove("coolant-leak-1").remove("hunt-1"), discard=Multiset.of(["hunt-1"])
    )
    state = game.with_deck("event", deck)
    after, fired = settled(state, EventCardAfter("coolant-leak-1"))
    new = after.deck("event")
    assert new.unknown.count("hunt-1") == 1 and not new.discard
    assert new.unknown.count("coolant-leak-1") == 0
    assert after.removed.count("event:coolant-leak-1") == 1
    assert "base.event.card-remove" in fired
