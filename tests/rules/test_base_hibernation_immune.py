"""Known-answer tests for what a hibernating Character is immune to (the hyperjump, not the ship's
destruction), named after their clause ids. Seed 3, two players in room 11: the Scout (player 1, five
cards) and the Soldier (one card, so no Interruption window opens); test_base_hibernation.py plays from
the first blue space."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.endgame import end_game
from nemesis_rules.testing import after_setup, with_hand

HAND = ("search", "search", "rest", "interruption", "demolition")


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (Hibernatorium): the Scout (player 1, Rifle, five cards)
    and the Soldier (player 2, one card, so no Interruption window opens)."""
    state = with_hand(after_setup(players=2, seed=3), 1, *HAND)
    return with_hand(state, 2, "search")


def test_base_hibernation_immune_the_jump_spares_the_sleeper(game: GameState) -> None:
    state = game.with_character(replace(game.character(1), status="hibernating"))
    ctx = Context()
    after = end_game(state, "hyperjump", ctx)
    assert after.character(1).status == "hibernating" and after.character(2).status == "dead"
    assert "base.hibernation.immune" in ctx.fired


def test_base_hibernation_immune_but_not_to_the_ship_destruction(game: GameState) -> None:
    state = game.with_character(replace(game.character(1), status="hibernating"))
    ctx = Context()
    after = end_game(state, "ship-destroyed-ninth-fire", ctx)
    assert after.character(1).status == "dead"
    assert "base.hibernation.immune" not in ctx.fired
