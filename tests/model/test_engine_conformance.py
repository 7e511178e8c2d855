"""Random-simulation conformance (OpenSpiel style) and the legal_actions/check agreement.

Every seeded game of 1-5 players must end by its rules; at every step the legal actions are
unique and sorted, chance weights are positive, states are hashable, every legal action passes
``check``, and every clause that fires is in the catalogue.
"""

from __future__ import annotations

import random

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import IllegalActionError, chance_outcomes, check, legal_actions, step
from nemesis_rules.players.play import MAX_STEPS, choose, play_game
from nemesis_rules.rulebook import catalogue, rulings

KNOWN = set(catalogue()) | set(rulings())


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("seed", [0, 1])
def test_random_games_end_by_the_rules(players: int, seed: int) -> None:
    seen_states = 0

    def inspect(state, action, transition) -> None:  # type: ignore[no-untyped-def]
        nonlocal seen_states
        seen_states += 1
        hash(transition.state)
        assert set(transition.fired) <= KNOWN, set(transition.fired) - KNOWN
        options = legal_actions(state)
        assert options == tuple(sorted(set(options)))
        assert action in options
        for _, weight in chance_outcomes(state):
            assert weight > 0

    state, log = play_game(seed, players, on_step=inspect)
    assert state.end is not None
    assert state.end.reason
    assert seen_states == len(log.actions) < MAX_STEPS


def test_same_seed_same_game_and_equal_states() -> None:
    first, log1 = play_game(7, 3)
    second, log2 = play_game(7, 3)
    assert log1.actions == log2.actions
    assert first == second and hash(first) == hash(second)


def test_every_legal_action_is_accepted_and_foreign_ones_are_refused() -> None:
    rng = random.Random(5)
    state, _ = play_game(5, 2, chooser=lambda s, r: choose(s, r))
    del state
    from nemesis_rules.model.game import start

    state = start("base", 2)
    refused = 0
    for _ in range(400):
        if state.end is not None:
            break
        options = legal_actions(state)
        for action in options:
            check(state, action)
        bogus = [
            Outcome("noise-roll", "7"),
            Decision.make(1, "move", to="21", pay=("search",)),
            Decision.make(2, "teleport"),
        ]
        for action in bogus:
            if action not in options:
                with pytest.raises(IllegalActionError) as info:
                    check(state, action)
                assert info.value.reason
                refused += 1
        state = step(state, choose(state, rng)).state
    assert refused > 100
