"""Known-answer tests for Closed Doors met by an Event card's Intruder movement: several Intruders from
one room (clause base.event.door-together) and Intruders from both rooms a corridor joins (ruling
base.ambiguity.door-both-sides, each reading). Named after the clause and ruling ids.

Seed 3, two players in room 11 (Hibernatorium); corridor 01-02 bears number 3 at both its ends, so an
Event card numbered 3 moves an Adult in room 01 and an Adult in room 02 towards each other."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.state import DoorState, GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.events import EventCardDraw
from nemesis_rules.testing import after_setup, explored, run, settled, with_intruders, with_ruling

RULING = "base.ambiguity.door-both-sides"


@pytest.fixture
def game() -> GameState:
    state = explored(after_setup(players=2, seed=3), "01", "02")
    assert state.config.board.space_by_number["01"][3] == state.config.board.space_by_number["02"][3] == "01-02"
    return state


def _card(state: GameState, number: int, kinds: set[str]) -> str:
    for card, _ in state.deck("event").draw_outcomes():
        data = tables.event_card(state.config, card)
        if data.number == number and kinds <= set(data.movers):
            return card
    raise AssertionError(f"no event card {number} moving {sorted(kinds)}")


def _event(state: GameState, *intruders: Intruder, door: DoorState = "closed") -> tuple[GameState, list[str]]:
    state = with_intruders(state, *intruders).with_door("01-02", door)
    state, _ = settled(state, EventCardDraw())
    return run(state, [Outcome("event-card", _card(state, 3, {i.kind for i in intruders}))])


def _positions(state: GameState) -> dict[int, str]:
    return {i.id: i.position for i in state.intruders}


def test_base_ambiguity_door_both_sides_default_is_together(game: GameState) -> None:
    assert game.config.rulings[RULING] == "together"


def test_base_ambiguity_door_both_sides_together_every_intruder_stays(game: GameState) -> None:
    state = with_ruling(game, RULING, "together")
    after, fired = _event(state, Intruder(1, "adult", "02"), Intruder(2, "adult", "01"))
    assert after.door("01-02") == "destroyed"
    assert _positions(after) == {1: "02", 2: "01"}
    assert RULING in fired and "base.event.door-together" in fired
    assert fired.count("base.door.intruder-destroys") == 1


def test_base_ambiguity_door_both_sides_one_after_another_the_later_passes(game: GameState) -> None:
    state = with_ruling(game, RULING, "one-after-another")
    after, fired = _event(state, Intruder(1, "adult", "02"), Intruder(2, "adult", "01"))
    assert after.door("01-02") == "destroyed"
    assert _positions(after) == {1: "02", 2: "02"}  # Adult 1 came on the board first and broke the Door
    assert RULING in fired and "base.event.door-together" not in fired


def test_base_ambiguity_door_both_sides_one_after_another_order_is_arrival_order(game: GameState) -> None:
    state = with_ruling(game, RULING, "one-after-another")
    after, _ = _event(state, Intruder(1, "adult", "01"), Intruder(2, "adult", "02"))
    assert _positions(after) == {1: "01", 2: "01"}


def test_base_ambiguity_door_both_sides_together_with_two_from_one_side(game: GameState) -> None:
    state = with_ruling(game, RULING, "together")
    after, fired = _event(state, Intruder(1, "adult", "02"), Intruder(2, "adult", "01"), Intruder(3, "adult", "02"))
    assert _positions(after) == {1: "02", 2: "01", 3: "02"}
    assert fired.count("base.door.intruder-destroys") == 1


def test_base_ambiguity_door_both_sides_not_asked_through_an_open_door(game: GameState) -> None:
    state = with_ruling(game, RULING, "together")
    after, fired = _event(state, Intruder(1, "adult", "02"), Intruder(2, "adult", "01"), door="open")
    assert _positions(after) == {1: "01", 2: "02"}  # they pass each other
    assert RULING not in fired and "base.event.door-together" not in fired


def test_base_ambiguity_door_both_sides_not_asked_from_one_room(game: GameState) -> None:
    after, fired = _event(game, Intruder(1, "adult", "02"), Intruder(2, "adult", "02"))
    assert _positions(after) == {1: "02", 2: "02"}
    assert RULING not in fired and "base.event.door-together" in fired


def test_base_ambiguity_door_both_sides_a_door_already_destroyed_lets_both_pass(game: GameState) -> None:
    after, fired = _event(game, Intruder(1, "adult", "02"), Intruder(2, "adult", "01"), door="destroyed")
    assert _positions(after) == {1: "01", 2: "02"}
    assert RULING not in fired and "base.door.intruder-destroys" not in fired


def test_base_ambiguity_door_both_sides_the_way_of_moving_keeps_an_adult_out(game: GameState) -> None:
    """With The Way of Moving only Breeders break the Door; an Adult moved after it from the other
    room passes through under one-after-another and stays under together."""
    state = game.evolve(discovered=game.discovered | {"the-way-of-moving"})
    for reading, adult_ends in (("together", "01"), ("one-after-another", "02")):
        ruled = with_ruling(state, RULING, reading)
        after, _ = _event(ruled, Intruder(1, "breeder", "02"), Intruder(2, "adult", "01"))
        assert after.door("01-02") == "destroyed"
        assert _positions(after) == {1: "02", 2: adult_ends}
