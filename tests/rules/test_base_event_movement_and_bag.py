"""Known-answer tests for the Event Phase from the Scout and Soldier game: an Event card's corridor
number moves an Intruder, or into the technical corridors and off the board, and bag development is step
8; named after their clause ids. Seed 3, two players in room 11: the Scout (player 1, five cards) and
the Soldier (one card, so no Interruption window opens); test_base_event.py plays from seed 0."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.events import BagDevelopmentDraw, BagDevelopmentStep, EventCardDraw
from nemesis_rules.model.rules.intruder_injuries import RetreatDirection
from nemesis_rules.testing import after_setup, explored, run, settled, top_frame, with_hand, with_intruders

HAND = ("search", "search", "rest", "interruption", "demolition")


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (Hibernatorium): the Scout (player 1, Rifle, five cards)
    and the Soldier (player 2, one card, so no Interruption window opens)."""
    state = with_hand(after_setup(players=2, seed=3), 1, *HAND)
    return with_hand(state, 2, "search")


def event_card(state: GameState, number: int, mover: str) -> str:
    """An Event card in the deck whose corridor number is ``number`` and which moves ``mover``."""
    for card, _ in state.deck("event").draw_outcomes():
        data = tables.event_card(state.config, card)
        if data.number == number and mover in data.movers:
            return card
    raise AssertionError(f"no event card {number} for {mover}")


def test_base_event_random_direction_a_corridor_number_moves_the_intruder(game: GameState) -> None:
    # room 02's number 3 is its corridor to room 01
    state = with_intruders(explored(game, "02"), Intruder(1, "adult", "02"))
    state, _ = settled(state, RetreatDirection(1))
    card = next(c for c, _ in state.deck("event").draw_outcomes() if tables.event_card(state.config, c).number == 3)
    after, fired = run(state, [Outcome("event-card", card)])
    assert [i.position for i in after.intruders] == ["01"]
    assert "base.event.random-direction" in fired and "base.retreat.tech" not in fired


def test_base_event_movement_tech_the_intruder_leaves_the_board(game: GameState) -> None:
    state = with_intruders(game, Intruder(1, "adult", "02", injuries=2, token="adult-5"))
    state, _ = settled(state, EventCardDraw())
    card = event_card(state, 1, "adult")
    after, fired = run(state, [Outcome("event-card", card)])
    assert all(i.id != 1 for i in after.intruders)
    assert "adult-5" in after.bag
    assert "base.event.movement-tech" in fired


def test_base_event_bag_development_is_step_8(game: GameState) -> None:
    after, fired = settled(game, BagDevelopmentStep())
    assert isinstance(top_frame(after), BagDevelopmentDraw)
    assert "base.event.bag-development" in fired
