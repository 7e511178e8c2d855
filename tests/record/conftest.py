"""Shared fixtures of the record tests: seeded games, their records, and a state at a player's turn."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.state import GameState
from nemesis_rules.players.play import GameLog, play_game
from nemesis_rules.record import Record, record_from_log
from nemesis_rules.testing import after_setup

GAME_SEEDS = tuple((seed, 1 + seed % 5) for seed in range(20))
"""(seed, players) of the games every record test may use: 20 games, every player count."""


@pytest.fixture(scope="session")
def games() -> dict[tuple[int, int], tuple[GameState, GameLog]]:
    return {(seed, players): play_game(seed, players) for seed, players in GAME_SEEDS}


@pytest.fixture(scope="session")
def records(games: dict[tuple[int, int], tuple[GameState, GameLog]]) -> dict[tuple[int, int], Record]:
    return {key: record_from_log(state.config, log) for key, (state, log) in games.items()}


@pytest.fixture(scope="session")
def turn_state() -> GameState:
    """Seed 1, 2 players: the captain (player 1) in 11 to act, holding interruption, motivation,
    order, rest and search; 11 has corridors to 06, 08, 14 and 15."""
    return after_setup(2, seed=1)
