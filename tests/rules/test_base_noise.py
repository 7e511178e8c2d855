"""Known-answer tests for the Noise roll: a number, Danger, Silence, the second marker in a corridor,
and noise passing closed doors, named after their clause ids. Seed 3, two players in room 11: the Scout
(player 1, five cards) and the Soldier (one card, so no Interruption window opens)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.engine import Context, settle
from nemesis_rules.model.core.frames import Frame
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.noise import NoiseRoll, danger
from nemesis_rules.testing import after_setup, run, with_hand

HAND = ("search", "search", "rest", "interruption", "demolition")


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (Hibernatorium): the Scout (player 1, Rifle, five cards)
    and the Soldier (player 2, one card, so no Interruption window opens)."""
    state = with_hand(after_setup(players=2, seed=3), 1, *HAND)
    return with_hand(state, 2, "search")


def settled(state: GameState, *frames: Frame) -> tuple[GameState, list[str]]:
    """Put ``frames`` on the stack (the first resolves first), run every automatic step, and
    return the state with the clauses that fired."""
    ctx = Context()
    return settle(state.push(*frames), ctx), ctx.fired


def test_base_noise_danger_all_noisy_changes_nothing(game: GameState) -> None:
    spaces = frozenset(game.config.board.spaces_at["11"])
    state = replace(game, noise=spaces)
    ctx = Context()
    after = danger(state, "11", 1, ctx)
    assert after.noise == spaces and after.pending == state.pending
    assert "base.noise.danger-all-noisy" in ctx.fired


def test_base_noise_danger_all_noisy_not_when_a_corridor_is_quiet(game: GameState) -> None:
    ctx = Context()
    after = danger(game, "11", 1, ctx)
    assert after.noise == frozenset(game.config.board.spaces_at["11"])
    assert "base.noise.danger-all-noisy" not in ctx.fired


def test_base_noise_doors_ignored_noise_passes_a_closed_door(game: GameState) -> None:
    state = game.with_door("11-15", "closed")  # corridor 11-15 bears the number 1
    state, _ = settled(state, NoiseRoll(1, "11"))
    after, fired = run(state, [Outcome("noise-roll", "1")])
    assert "11-15" in after.noise and after.door("11-15") == "closed"
    assert "base.noise.doors-ignored" in fired
