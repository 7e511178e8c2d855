"""Steering's speed trick held to its plain version (issue #24): :func:`steered` asks only the steers
that can want an option of the node (each steer declares the decision kinds and chance nodes its
predicate can hold for); on the states of seeded games it picks what :func:`steered_plain` picks,
drawing the same numbers from the generator, and no predicate holds outside its declaration."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Set as AbstractSet

from nemesis_rules.invariants.steering import STEERS, steered, steered_plain
from nemesis_rules.model.core.actions import Action, Outcome
from nemesis_rules.model.core.engine import Transition, legal_actions
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data.vocabulary import CHANCES, WORDS
from nemesis_rules.players.play import play_game

GAMES = (("base", 3, 27), ("void-seeders", 5, 29), ("base", 4, 1), ("void-seeders", 4, 3), ("base", 5, 2))
"""Seeded games (ruleset, players, seed) whose states, between them, fit every steer."""


def _declared(steer_decisions: frozenset[str], steer_chances: frozenset[str], action: Action) -> bool:
    if isinstance(action, Outcome):
        return action.chance in steer_chances
    return action.kind in steer_decisions


def _compare_in_game(ruleset: str, players: int, seed: int, fitted: Counter[str]) -> int:
    """Compare the two at every state of one seeded game, with nothing seen and with what the game
    fired so far seen; count in ``fitted`` the steers active with a fitting option. Returns how
    many comparisons were made."""
    fired: set[str] = set()
    compared = 0

    def on_step(state: GameState, action: Action, transition: Transition) -> None:
        nonlocal compared
        options = legal_actions(state)
        views: tuple[AbstractSet[str], ...] = (frozenset(), frozenset(fired))
        for seen in views:
            for draw in range(2):
                fast, plain = random.Random(draw), random.Random(draw)
                assert steered(state, options, seen, fast) == steered_plain(state, options, seen, plain)
                assert fast.getstate() == plain.getstate()
                compared += 1
            for steer in STEERS:
                wanted = [a for a in options if steer.wants(state, a, seen)]
                assert all(_declared(steer.decisions, steer.chances, a) for a in wanted), steer.name
                if wanted and steer.active(state, seen):
                    fitted[steer.name] += 1
        fired.update(transition.fired)

    play_game(seed, players, ruleset, on_step=on_step)
    return compared


def test_steering_fast_steered_is_steered_plain_on_the_states_of_seeded_games() -> None:
    fitted: Counter[str] = Counter()
    compared = sum(_compare_in_game(ruleset, players, seed, fitted) for ruleset, players, seed in GAMES)
    assert compared > 1000
    assert set(fitted) == {s.name for s in STEERS}  # every steer was put to the test


def test_steering_fast_declarations_name_words_and_chance_nodes_of_the_vocabulary() -> None:
    for steer in STEERS:
        assert steer.decisions or steer.chances, steer.name
        assert steer.decisions <= set(WORDS), steer.name
        assert steer.chances <= set(CHANCES), steer.name
