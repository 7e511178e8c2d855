"""Known-answer test that the hyperjump leaves the Intruders aboard, alive (facts.md §8), named
after its clause id. It plays from a two-player game, so it is kept apart from test_base_objective.py."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.events import TimeStep
from nemesis_rules.testing import after_setup, settled, with_hand, with_intruders

HAND = ("search", "search", "rest", "interruption", "demolition")


@pytest.fixture(scope="module")
def game() -> GameState:
    """Seed 3, two players in room 11: player 1 with five cards, player 2 (the Soldier) with
    one card and no reaction to an attack; the escape pods still locked."""
    state = with_hand(after_setup(players=2, seed=3), 1, *HAND)
    return with_hand(state, 2, "search")


def red_space(state: GameState) -> int:
    return next(t for t in range(40) if "jump" in tables.time_flags(replace(state, time=t)))


def test_base_objective_jump_no_kill_intruders_stay_aboard(game: GameState) -> None:
    state = with_intruders(replace(game, time=red_space(game) - 1), Intruder(1, "adult", "11"))
    after, fired = settled(state, TimeStep())
    assert after.end is not None and after.end.reason == "hyperjump"
    assert [i.kind for i in after.intruders] == ["adult"]
    assert "queen-killed" not in after.flags and "ship-destroyed" not in after.flags
    assert "base.time.jump" in fired
    assert "base.objective.jump-no-kill" in fired
