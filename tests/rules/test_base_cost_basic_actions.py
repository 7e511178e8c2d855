"""Known-answer test that a Move is a basic action and playing a card is not, named after its clause id.
It plays straight from setup (seed 3, two players in the Hibernatorium, the hands as dealt), so it is
kept apart from test_base_cost.py."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import legal_actions
from nemesis_rules.model.core.state import GameState
from nemesis_rules.testing import after_setup, run


@pytest.fixture
def game() -> GameState:
    """Two players after setup (seed 3): player 1 to act, both in the Hibernatorium (11)."""
    return after_setup(players=2, seed=3)


def test_base_cost_basic_actions_a_move_is_a_basic_action(game: GameState) -> None:
    move = next(a for a in legal_actions(game) if isinstance(a, Decision) and a.kind == "move")
    _, fired = run(game, [move])
    assert "base.cost.basic-actions" in fired
    card = next(a for a in legal_actions(game) if isinstance(a, Decision) and a.kind == "play-card")
    _, fired = run(game, [card])
    assert "base.cost.basic-actions" not in fired
