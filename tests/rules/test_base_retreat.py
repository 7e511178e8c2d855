"""Known-answer tests for an Intruder fleeing: the Retreat card and its direction (facts.md §15),
named after their clause ids."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.intruder_injuries import Retreat, RetreatDirection, base_judge
from nemesis_rules.testing import after_setup, run, top_frame, with_frames, with_hand, with_intruders


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (the Scout and the Soldier), no cards in hand."""
    return with_hand(with_hand(after_setup(players=2, seed=3), 1), 2)


def test_base_retreat_arrow_a_retreat_card_makes_the_intruder_flee(game: GameState) -> None:
    intruder = Intruder(1, "adult", "11", injuries=1)
    state = with_intruders(game, intruder)
    ctx = Context()
    after = base_judge(state, intruder, "sum", ("bite-4",), ctx)  # bite-4 shows the Retreat arrow
    assert top_frame(after) == Retreat(1) and after.intruders == state.intruders
    assert "base.retreat.arrow" in ctx.fired


def test_base_retreat_direction_the_event_cards_number_picks_the_corridor(game: GameState) -> None:
    state = with_intruders(game, Intruder(1, "adult", "11", injuries=2))
    state = with_frames(state, RetreatDirection(1))
    after, _ = run(state, [Outcome("event-card", "damage-1")])  # corridor number 2: 11 -> 06
    moved = after.intruders[0]
    assert moved.position == "06" and moved.injuries == 2
    assert after.deck("event").discard.count("damage-1") == 1
