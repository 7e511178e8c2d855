"""Known-answer scenarios for a player's turn in the round: one action then a pass, two actions end the
turn, and no action after passing, named after their clauses. The round's phases, drawing and
discarding are in test_base_round.py, the turn cycle in test_base_round_cycles_and_end.py (they play
from other hands)."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.testing import after_setup, run, turn_of, with_hand


@pytest.fixture
def game():  # type: ignore[no-untyped-def]
    state = after_setup(players=2, seed=3)
    state = with_hand(state, 1, "search", "search", "rest", "interruption", "demolition")
    # player 2 shares the room; without an Interruption card no interruption window opens
    return with_hand(state, 2, "search")


def test_base_round_turn_one_action_then_pass(game) -> None:  # type: ignore[no-untyped-def]
    state, _ = run(game, [Decision.make(1, "careful-move", to="15", noise="15-16", pay=("rest", "search"))])
    # careful movement replaces the noise roll, so player 1 decides again at once
    assert turn_of(state) == 1 and state.pending[-1].done == 1  # type: ignore[attr-defined]
    state, fired = run(state, [Decision.make(1, "pass"), Decision.make(1, "keep-hand")])
    assert state.character(1).passed and "base.round.pass-voluntary" in fired
    assert turn_of(state) == 2


def test_base_round_turn_two_actions_end_the_turn(game) -> None:  # type: ignore[no-untyped-def]
    state, _ = run(game, [Decision.make(1, "careful-move", to="15", noise="15-16", pay=("rest", "search"))])
    back = Decision.make(1, "careful-move", to="11", noise="06-11", pay=("demolition", "interruption"))
    state, _ = run(state, [back])
    assert turn_of(state) == 2 and not state.character(1).passed


def test_base_round_passed_no_actions() -> None:
    state = after_setup(players=2, seed=3)
    state, _ = run(state, [Decision.make(1, "pass"), Decision.make(1, "keep-hand")])
    state, _ = run(state, [Decision.make(2, "pass"), Decision.make(2, "keep-hand")])
    # both passed: the Event Phase runs and the time marker moves
    assert state.time == 1 and state.phase == "event"
    assert state.pending[-1].chance == "event-card"  # type: ignore[attr-defined]
