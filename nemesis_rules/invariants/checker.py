"""Incremental invariant checking: what runs after every transition of every fuzzed game.

States are immutable and a transition copies the fields it does not change by reference, so
``before.field is after.field`` proves a field unchanged. The checker compares the fields of
the two states once per transition and then runs only what may have changed:

* a state invariant whose ``reads`` fields are all untouched is not run: it held (or was
  already reported) in ``before`` and gives the same verdict;
* a state invariant with a tracker (the conservation ledgers, the per-character invariants) is
  updated by difference: only the parts of the state the transition replaced are looked at;
* a step invariant with ``reads`` runs only on transitions that change one of those fields;
  the others run on every transition.

An invariant that raises is reported as violated, with the exception as its message.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields

from nemesis_rules.invariants.core import Invariant, Tracker, Violation
from nemesis_rules.model.actions import Action
from nemesis_rules.model.state import GameState

STATE_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(GameState))
_BIT = {name: 1 << i for i, name in enumerate(STATE_FIELDS)}
ALL_FIELDS = (1 << len(STATE_FIELDS)) - 1


def field_mask(names: frozenset[str] | None) -> int:
    """The bit mask of some state fields (every bit for None, or for a field the state lacks)."""
    if names is None or any(n not in _BIT for n in names):
        return ALL_FIELDS
    mask = 0
    for name in names:
        mask |= _BIT[name]
    return mask


def changed_fields(before: GameState, after: GameState) -> int:
    """The mask of the fields ``after`` does not share with ``before``."""
    mask = 0
    for name in STATE_FIELDS:
        if getattr(before, name) is not getattr(after, name):
            mask |= _BIT[name]
    return mask


class Checker:
    """Checks ``invariants`` (the catalogue's for ``ruleset`` when None) state after state.

    Call :meth:`first` on a game's first state, then :meth:`after` on each transition.
    """

    __slots__ = ("_states", "_steps", "invariants")

    def __init__(self, ruleset: str, invariants: Sequence[Invariant] | None = None) -> None:
        if invariants is None:
            from nemesis_rules.invariants.catalogue import catalogue

            invariants = catalogue()
        self.invariants = tuple(i for i in invariants if i.applies_to(ruleset))
        self._states: tuple[tuple[int, Tracker | None, Invariant], ...] = tuple(
            (field_mask(i.reads), i.tracker() if i.tracker is not None else None, i)
            for i in self.invariants
            if i.kind == "state"
        )
        self._steps: tuple[tuple[int, Invariant], ...] = tuple(
            (field_mask(i.reads), i) for i in self.invariants if i.kind == "step"
        )

    def first(self, state: GameState) -> list[Violation]:
        """Every state invariant on a state with no known predecessor."""
        out = []
        for _, tracker, inv in self._states:
            try:
                message = tracker.full(state) if tracker is not None else inv.check_state(state)
            except Exception as exc:
                message = _failed(exc)
            if message is not None:
                out.append(Violation(inv.id, message, inv.clause))
        return out

    def after(
        self, before: GameState, action: Action, after: GameState, fired: tuple[str, ...] = ()
    ) -> list[Violation]:
        """The invariants one transition breaks, assuming ``before`` was checked already."""
        out = []
        changed = changed_fields(before, after)
        for mask, tracker, inv in self._states:
            if not mask & changed:
                continue
            try:
                message = tracker.step(before, after) if tracker is not None else inv.check_state(after)
            except Exception as exc:
                message = _failed(exc)
            if message is not None:
                out.append(Violation(inv.id, message, inv.clause))
        for mask, inv in self._steps:
            if not mask & changed:
                continue
            try:
                message = inv.check_step(before, action, after, fired)
            except Exception as exc:
                message = _failed(exc)
            if message is not None:
                out.append(Violation(inv.id, message, inv.clause))
        return out


def _failed(exc: Exception) -> str:
    """An invariant that raises is reported, not allowed to stop the game (a user's function
    may fail on a state its author did not foresee)."""
    return f"the invariant itself failed: {type(exc).__name__}: {exc}"
