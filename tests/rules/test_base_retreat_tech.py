"""Known-answer test for an Intruder retreating into the technical corridors, named after its clause id.
Seed 3, two players in room 11: the Scout (player 1, five cards) and the Soldier (one card, so no
Interruption window opens); test_base_retreat.py plays from empty hands."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.intruder_injuries import RetreatDirection
from nemesis_rules.testing import after_setup, run, settled, with_hand, with_intruders

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


def test_base_retreat_tech_and_base_event_random_direction(game: GameState) -> None:
    # room 02 has a technical entrance numbered 1 and 2: a retreat on a "1" card leaves the board
    state = with_intruders(game, Intruder(1, "adult", "02", injuries=1, token="adult-5"))
    state, _ = settled(state, RetreatDirection(1))
    card = event_card(state, 1, "adult")
    after, fired = run(state, [Outcome("event-card", card)])
    assert not after.intruders
    assert "adult-5" in after.bag
    assert card in after.deck("event").discard
    assert "base.event.random-direction" in fired and "base.retreat.tech" in fired
    assert "base.tech-corridor.no-doors" in fired
