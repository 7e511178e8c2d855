"""Known-answer test that a Character in combat is refused a room action, named after its clause id. It
plays straight from setup (seed 3, two players in the Hibernatorium, the hands as dealt), so it is kept
apart from test_base_combat.py."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.testing import after_setup, refused_clause, with_intruders


@pytest.fixture
def game() -> GameState:
    """Two players after setup (seed 3): player 1 to act, both in the Hibernatorium (11)."""
    return after_setup(players=2, seed=3)


def test_base_combat_no_room_action_in_combat(game: GameState) -> None:
    state = with_intruders(game, Intruder(1, "adult", "11"))
    action = Decision.make(1, "room-action", room="hibernatorium", pay=("demolition", "search"))
    assert refused_clause(state, action) == "base.combat.no-room-action"
