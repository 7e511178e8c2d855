"""The checker's generated plan runners mean what the plain loop over a plan's checks means
(:func:`nemesis_rules.invariants.checker.run_plain`): over seeded games of both rulesets, with the
catalogue and with invariants that always break or raise (every way of calling a check, every
kind of action), a checker reports exactly what a twin checker run by the plain loop reports,
transition by transition, message by message and in the same order."""

from __future__ import annotations

import pytest

from nemesis_rules.invariants import Checker, catalogue
from nemesis_rules.invariants.checker import run_plain
from nemesis_rules.invariants.core import Invariant
from nemesis_rules.model.core.actions import Action
from nemesis_rules.model.core.engine import Transition
from nemesis_rules.model.core.state import GameState
from nemesis_rules.players.play import play_game


def _broken_state(state: GameState) -> str | None:
    return f"round {state.round}"


def _raising_step(before: GameState, action: Action, after: GameState) -> str | None:
    raise ValueError(f"cannot tell {action}")


def _broken_fired(before: GameState, action: Action, after: GameState, fired: tuple[str, ...]) -> str | None:
    return f"{len(fired)} clauses" if fired else None


EXTRA = (
    Invariant("test.state", "Never holds.", "", "state", _broken_state, reads=frozenset({"round", "pending"})),
    Invariant("test.raises", "Raises.", "", "step", _raising_step, decisions_only=True),
    Invariant("test.fired", "Fires.", "", "step", _broken_fired, uses_fired=True),
)
"""Invariants that report often: a state one with reads, a step one that raises after every
decision, one reading the fired clauses."""


@pytest.mark.parametrize(("ruleset", "seed", "players"), [("base", 2, 3), ("void-seeders", 6, 4)])
def test_a_checker_reports_what_the_plain_loop_reports(ruleset: str, seed: int, players: int) -> None:
    invariants = (*catalogue(), *EXTRA)
    fast, plain = Checker(ruleset, invariants), Checker(ruleset, invariants)
    reported = 0

    def look(state: GameState, action: Action, transition: Transition) -> None:
        nonlocal reported
        if not reported:
            assert fast.first(state) == plain.first(state)
        found = fast.after(state, action, transition.state, transition.fired)
        assert found == run_plain(plain, state, action, transition.state, transition.fired), action
        reported += len(found) + 1

    play_game(seed, players, ruleset, on_step=look)
    assert reported > 100
