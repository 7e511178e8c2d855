"""Known-answer test that a corridor holds one Noise marker at most, named after its clause id. It plays
from setup (seed 3, two players in the Hibernatorium) with a five-card hand for player 1 and player 2's
hand as dealt, so it is kept apart from test_base_noise.py."""

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


def test_base_noise_limit_one_refuses_a_second_marker_in_a_corridor(game: GameState) -> None:
    careful = next(
        a
        for a in legal_actions(game)
        if isinstance(a, Decision) and a.kind == "careful-move" and len(game.config.board.spaces_at[a.text("to")]) > 1
    )
    noisy = replace(game, noise=game.noise | {careful.text("noise")})
    assert refused_clause(noisy, careful) == "base.noise.limit-one"
