"""The incremental checker agrees with checking every state in full, and seeded random games
of both rulesets break no invariant (the findings the engine still has are pinned, one test
each, in test_findings.py)."""

from __future__ import annotations

import random

import pytest

from nemesis_rules.invariants import Checker, catalogue, step_violations, violations
from nemesis_rules.model.core.engine import step
from nemesis_rules.model.data import tables
from nemesis_rules.model.game import start
from nemesis_rules.players.play import choose

KNOWN_FINDINGS: dict[str, str] = {}
"""Invariants the engine breaks today, each pinned by a strict xfail test that reproduces it."""


def _games(ruleset: str, seeds: range) -> list[tuple[int, int]]:
    return [(seed, 1 + seed % 5) for seed in seeds]


@pytest.mark.parametrize("ruleset", ["base", "void-seeders"])
def test_incremental_checking_agrees_with_full_checks(ruleset: str) -> None:
    """Every violation a full check finds new after a transition, the checker reports; and the
    checker reports nothing a full check does not find."""
    for seed, players in _games(ruleset, range(2)):
        rng = random.Random(seed)
        state = start(ruleset, players)
        checker = Checker(ruleset)
        assert {v.invariant for v in checker.first(state)} == {v.invariant for v in violations(state)}
        before_full = {v.invariant for v in violations(state)}
        while state.end is None:
            action = choose(state, rng)
            transition = step(state, action)
            after = transition.state
            reported = {v.invariant for v in checker.after(state, action, after, transition.fired)}
            full = {v.invariant for v in violations(after)}
            stepped = {v.invariant for v in step_violations(state, action, after, fired=transition.fired)}
            assert (full - before_full) | stepped <= reported, (seed, action)
            assert reported <= full | stepped, (seed, action)
            before_full = full
            state = after


def test_a_room_broken_by_a_transition_is_reported_by_the_incremental_check() -> None:
    """The Fire/Malfunction placement check looks again only at the rooms a transition
    replaced: a Malfunction put where the room takes none is still reported, and only once."""
    rng = random.Random(3)
    state = start("base", 2)
    checker = Checker("base")
    checker.first(state)
    while state.phase == "setup":
        action = choose(state, rng)
        transition = step(state, action)
        checker.after(state, action, transition.state, transition.fired)
        state = transition.state
    position = next(
        p for p in state.config.board.positions if not tables.room_can_malfunction(state.config, state.room(p).tile)
    )
    broken = state.with_room(position, state.room(position).evolve(malfunction=True))
    action = choose(state, rng)
    reported = checker.after(state, action, broken)
    assert [v.message for v in reported if v.invariant == "placement.fire-malfunction"] == [
        f"room {position} ({state.room(position).tile}) has a Malfunction marker but takes none"
    ]
    unchanged = broken.with_character(broken.character(1).evolve(insanity=2))
    assert not [v for v in checker.after(broken, action, unchanged) if v.invariant == "placement.fire-malfunction"]


@pytest.fixture(scope="module")
def campaign() -> dict[str, set[str]]:
    """Which invariants 12 seeded games of each ruleset break (game by game)."""
    broken: dict[str, set[str]] = {}
    for ruleset in ("base", "void-seeders"):
        for seed, players in _games(ruleset, range(12)):
            rng = random.Random(seed)
            state = start(ruleset, players)
            checker = Checker(ruleset)
            found = [v.invariant for v in checker.first(state)]
            while state.end is None:
                action = choose(state, rng)
                transition = step(state, action)
                found.extend(v.invariant for v in checker.after(state, action, transition.state, transition.fired))
                state = transition.state
            for invariant_id in found:
                broken.setdefault(invariant_id, set()).add(f"{ruleset} seed {seed}")
    return broken


@pytest.mark.parametrize("invariant_id", [i.id for i in catalogue()])
def test_random_games_keep_the_invariant(invariant_id: str, campaign: dict[str, set[str]]) -> None:
    if invariant_id in KNOWN_FINDINGS:
        pytest.skip(f"a known engine finding, pinned by {KNOWN_FINDINGS[invariant_id]}")
    assert invariant_id not in campaign, sorted(campaign[invariant_id])
