"""Known-answer test that a Character carries at most one Slime marker (facts.md §11), named after
its clause id."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.base_hooks import base_on_enter
from nemesis_rules.testing import after_setup, with_hand


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (the Scout and the Soldier), no cards in hand."""
    return with_hand(with_hand(after_setup(players=2, seed=3), 1), 2)


def test_base_slime_one_per_character(game: GameState) -> None:
    slimed = game.with_character(replace(game.character(1), slime=True))
    ctx = Context()
    assert base_on_enter(slimed, 1, "14", ctx) == slimed  # still just the one marker
    assert "base.slime.one-per-character" not in ctx.fired
    fresh = Context()
    assert base_on_enter(game, 1, "14", fresh).character(1).slime
    assert "base.slime.one-per-character" in fresh.fired
