"""Known-answer test that Careful Movement is refused into a room whose corridors are all noisy, named
after its clause id. It plays from setup (seed 3, two players in the Hibernatorium) with a five-card
hand for player 1 and player 2's hand as dealt, so it is kept apart from test_base_careful_move.py."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import legal_actions
from nemesis_rules.model.core.state import GameState
from nemesis_rules.testing import after_setup, refused_clause, with_hand


@pytest.fixture
def game() -> GameState:
    state = after_setup(players=2, seed=3)
    return with_hand(state, 1, "search", "search", "rest", "demolition", "interruption")


def _first(state: GameState, kind: str) -> Decision:
    return next(a for a in legal_actions(state) if isinstance(a, Decision) and a.kind == kind)


def test_base_careful_move_all_noisy_refuses_when_every_corridor_of_the_room_is_noisy(game: GameState) -> None:
    careful = _first(game, "careful-move")
    spaces = game.config.board.spaces_at[careful.text("to")]
    noisy = replace(game, noise=game.noise | frozenset(spaces))
    assert refused_clause(noisy, careful) == "base.careful-move.all-noisy"
