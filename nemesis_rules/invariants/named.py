"""Every catalogued invariant as a plain module-level function, so that a catalogue violation
found by ``fuzz`` replays with the same ``--invariant FILE.py:NAME`` option users give for
their own invariants::

    nemesis-rules replay VIOLATION.jsonl --invariant .../nemesis_rules/invariants/named.py:conservation_cards

A state invariant becomes ``f(state)``; a step invariant ``f(before, action, after)`` (one that
reads the clauses a transition fired re-runs that transition to learn them). The function's
name is the invariant id with ``.`` and ``-`` turned into ``_`` (:func:`function_name`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from nemesis_rules.invariants.catalogue import catalogue
from nemesis_rules.invariants.core import Invariant
from nemesis_rules.model.core.actions import Action
from nemesis_rules.model.core.engine import step
from nemesis_rules.model.core.state import GameState


def function_name(invariant_id: str) -> str:
    """The name of the function that checks the catalogued invariant ``invariant_id``."""
    return invariant_id.replace(".", "_").replace("-", "_")


def replay_spec(invariant_id: str) -> str:
    """``FILE.py:NAME`` naming the catalogued invariant's function in this module."""
    return f"{Path(__file__).resolve()}:{function_name(invariant_id)}"


def _state_function(inv: Invariant) -> Callable[[GameState], str | None]:
    def check(state: GameState) -> str | None:
        if not inv.applies_to(state.config.ruleset.name):
            return None
        return inv.check_state(state)

    return check


def _step_function(inv: Invariant) -> Callable[[GameState, Action, GameState], str | None]:
    def check(before: GameState, action: Action, after: GameState) -> str | None:
        if not inv.applies_to(before.config.ruleset.name):
            return None
        fired: tuple[str, ...] = ()
        if inv.uses_fired:
            fired = step(before, action).fired
        return inv.check_step(before, action, after, fired)

    return check


def _export() -> None:
    for inv in catalogue():
        function = _state_function(inv) if inv.kind == "state" else _step_function(inv)
        function.__name__ = function.__qualname__ = function_name(inv.id)
        function.__doc__ = f"{inv.statement} [{inv.clause}]"
        globals()[function.__name__] = function


_export()
