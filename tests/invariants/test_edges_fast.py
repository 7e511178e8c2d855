"""The edges' speed trick held to its plain version (issue #24): :func:`near_edge`, asked at every
step of a campaign, keeps the answers drawn from the fields the previous state shares; it names
what :func:`near_edge_plain` (the NEAR table) names, on the states of games that start at every
edge, asked in order, out of order and across games."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from nemesis_rules.invariants.edges import NEAR, edge_start, near_edge, near_edge_plain
from nemesis_rules.invariants.fuzzing import plan
from nemesis_rules.model.core.engine import step
from nemesis_rules.model.core.state import GameState
from nemesis_rules.players.play import choose
from nemesis_rules.rulebook.spec import spec_value


def _edge_games(steps: int) -> list[GameState]:
    """The states of the first ``steps`` steps of each game of a forty-game plan that starts at an
    edge (every edge of both rulesets), played at random from there."""
    states: list[GameState] = []
    for spec in plan(40, 1, (1, 2, 3, 4, 5), ("base", "void-seeders")):
        state = edge_start(spec.index, spec.ruleset, spec.players, spec.seed)
        rng = random.Random(spec.seed)
        for _ in range(steps if state is not None else 0):
            if state is None or state.end is not None:
                break
            states.append(state)
            state = step(state, choose(state, rng)).state
    return states


def _at_limits(state: GameState) -> GameState:
    """``state`` with Noise in every corridor, its first Escape Pod holding as many Characters as it
    seats and every Character at the top of the Insanity track (limits random play seldom meets)."""
    seated = tuple(range(1, spec_value("pods.seats") + 1))
    top = spec_value("insanity.max")
    return state.evolve(
        noise=frozenset(state.config.board.corridors),
        pods=tuple(replace(p, occupants=seated) if n == 0 else p for n, p in enumerate(state.pods)),
        characters=tuple(c.evolve(insanity=top) for c in state.characters),
    )


def test_edges_fast_near_edge_is_near_edge_plain_in_order_and_out_of_order() -> None:
    states = _edge_games(150)
    states += [_at_limits(s) for s in states[::50]]
    named: Counter[str] = Counter()
    for state in (*states, *states[::7], *reversed(states[::3])):
        fast = near_edge(state)
        assert fast == near_edge_plain(state)
        named.update(fast)
    assert set(named) == set(NEAR)  # every entry was put to the test
