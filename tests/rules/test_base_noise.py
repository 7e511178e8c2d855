"""Known-answer tests for the Noise roll: a number, Danger, Silence, the second marker in a corridor,
and noise passing closed doors, named after their clause ids. Seed 3, two players in room 11: the Scout
(player 1, five cards) and the Soldier (one card, so no Interruption window opens)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.noise import NoiseRoll, danger
from nemesis_rules.testing import after_setup, run, settled, with_frames, with_hand

HAND = ("search", "search", "rest", "interruption", "demolition")


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (Hibernatorium): the Scout (player 1, Rifle, five cards)
    and the Soldier (player 2, one card, so no Interruption window opens)."""
    state = with_hand(after_setup(players=2, seed=3), 1, *HAND)
    return with_hand(state, 2, "search")


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


def test_base_noise_second_marker_encounter(game) -> None:  # type: ignore[no-untyped-def]
    corridor = game.config.board.space_by_number["11"][1]
    state = replace(game, noise=frozenset({corridor}))
    state = with_frames(state, NoiseRoll(1, "11"))
    state, fired = run(state, [Outcome("noise-roll", "1")])
    assert "base.noise.second-marker-encounter" in fired
    assert "base.encounter.discard-noise" in fired
    assert not (state.noise & set(state.config.board.spaces_at["11"]))
    assert state.pending[-1].chance == "intruder-token"


def test_base_noise_number_places_a_marker(game) -> None:  # type: ignore[no-untyped-def]
    state = with_frames(game, NoiseRoll(1, "11"))
    state, fired = run(state, [Outcome("noise-roll", "4")])
    assert "11-14" in state.noise and "base.noise.number" in fired


def test_base_noise_danger_fills_corridors(game) -> None:  # type: ignore[no-untyped-def]
    state = with_frames(game, NoiseRoll(1, "11"))
    state, fired = run(state, [Outcome("noise-roll", "danger")])
    assert set(state.config.board.spaces_at["11"]) <= state.noise
    assert "base.noise.danger-fills-corridors" in fired


def test_base_noise_danger_pulls_neighbours_in(game) -> None:  # type: ignore[no-untyped-def]
    state = replace(game, intruders=(Intruder(1, "adult", "15"), Intruder(2, "creeper", "14")), next_intruder=3)
    state = with_frames(state, NoiseRoll(1, "11"))
    state, fired = run(state, [Outcome("noise-roll", "danger")])
    assert {i.position for i in state.intruders} == {"11"}
    assert "base.noise.danger" in fired and not state.noise


def test_base_noise_slimed_silence_reads_as_danger(game) -> None:  # type: ignore[no-untyped-def]
    state = game.with_character(replace(game.character(1), slime=True))
    state = with_frames(state, NoiseRoll(1, "11"))
    state, fired = run(state, [Outcome("noise-roll", "silence")])
    assert "base.noise.slimed-silence" in fired
    assert set(state.config.board.spaces_at["11"]) <= state.noise


def test_base_noise_silence_does_nothing(game) -> None:  # type: ignore[no-untyped-def]
    state = with_frames(game, NoiseRoll(1, "11"))
    state, fired = run(state, [Outcome("noise-roll", "silence")])
    assert not state.noise and "base.noise.silence" in fired
