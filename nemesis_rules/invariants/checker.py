"""Incremental invariant checking: what runs after every transition of every fuzzed game.

States are immutable and a transition copies the fields it does not change by reference, so
``before.field is after.field`` proves a field unchanged. The checker compares the fields of
the two states once per transition and then runs only what may have changed:

* a state invariant whose ``reads`` fields are all untouched is not run: it held (or was
  already reported) in ``before`` and gives the same verdict;
* a state invariant with a tracker (the conservation ledgers, the per-character invariants) is
  updated by difference: only the parts of the state the transition replaced are looked at;
* a step invariant with ``reads`` runs only on transitions that change one of those fields;
  the others run on every transition;
* a step invariant that is ``decisions_only`` is not run on a chance outcome, and one that is
  ``only_after`` one kind of action not after the other;
* an invariant that says which :class:`Character` fields it reads (``character_reads``) is
  skipped on a transition whose changed characters differ in none of them: most transitions
  replace one character to move a card between its hand, deck and discard pile, which no
  wound, placement, death or supply invariant looks at.

A transition's changes are one integer: a bit per state field, then a bit per character field
(set when some character of the same seat was replaced by one differing in that field; every
character bit when the number of characters changed).

An invariant that raises is reported as violated, with the exception as its message.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from nemesis_rules.errors import PluginError
from nemesis_rules.invariants.catalogue import catalogue
from nemesis_rules.invariants.core import Invariant, Tracker, Violation
from nemesis_rules.invariants.fields import (
    _BIT,
    _CHARACTER_BIT,
    ALL_CHARACTER_FIELDS,
    CHARACTER_FIELDS,
    CHARACTERS,
    STATE_FIELDS,
    field_mask,
)
from nemesis_rules.model.core.actions import Action, Decision
from nemesis_rules.model.core.state import GameState


def _character_lines(indent: str) -> list[str]:
    """Straight-line code adding to ``mask`` the bits of the character fields in which the
    characters ``old`` and ``new`` (tuples, seat by seat) differ."""
    lines = [
        "if len(old) != len(new):",
        f"    mask |= {ALL_CHARACTER_FIELDS}",
        "else:",
        "    for a, b in zip(old, new):",
        "        if a is b:",
        "            continue",
    ]
    for name in CHARACTER_FIELDS:
        lines.append(f"        if a.{name} is not b.{name}:")
        lines.append(f"            mask |= {_CHARACTER_BIT[name]}")
    return [indent + line for line in lines]


def _generate(name: str, lines: list[str]) -> Callable[..., int]:
    namespace: dict[str, Any] = {}
    exec(compile("\n".join(lines), f"<{name}>", "exec"), namespace)
    function: Callable[..., int] = namespace[name]
    return function


def _make_changed_fields() -> Callable[[GameState, GameState], int]:
    """Generate ``changed_fields``: one ``is not`` test per field in straight-line code, and
    when the characters differ, one per field of each replaced character."""
    lines = ["def changed_fields(before, after):", "    mask = 0"]
    for name in STATE_FIELDS:
        lines.append(f"    if before.{name} is not after.{name}:")
        lines.append(f"        mask |= {_BIT[name]}")
        if name == CHARACTERS:
            lines.append("        old, new = before.characters, after.characters")
            lines.extend(_character_lines("        "))
    lines.append("    return mask")
    return _generate("changed_fields", lines)


changed_fields = _make_changed_fields()
"""``changed_fields(before, after)``: the mask of the fields ``after`` does not share with
``before``, with the bits of the character fields that changed when the characters did."""


class Checker:
    """Checks ``invariants`` (the catalogue's for ``ruleset`` when None) state after state.

    Call :meth:`first` on a game's first state, then :meth:`after` on each transition.
    """

    __slots__ = ("_chance_plans", "_checks", "_plans", "_shared", "_states", "_steps", "invariants")

    def __init__(self, ruleset: str, invariants: Sequence[Invariant] | None = None) -> None:
        if invariants is None:
            invariants = catalogue()
        self.invariants = tuple(i for i in invariants if i.applies_to(ruleset))
        self._states: tuple[tuple[int, Tracker | None, Invariant], ...] = tuple(
            (field_mask(i.reads, i.character_reads), i.tracker() if i.tracker is not None else None, i)
            for i in self.invariants
            if i.kind == "state"
        )
        self._steps: tuple[tuple[int, Invariant], ...] = tuple(
            (field_mask(i.reads, i.character_reads), i) for i in self.invariants if i.kind == "step"
        )
        self._plans: dict[int, tuple[_Check, ...]] = {}
        """What to run after a decision (without the step invariants ``only_after`` outcomes), for
        each set of changed fields (a game meets a few dozen such sets)."""
        self._chance_plans: dict[int, tuple[_Check, ...]] = {}
        """The same after a chance outcome (without the ``decisions_only`` step invariants and
        those ``only_after`` decisions)."""
        self._checks: tuple[_Check, ...] = (
            *(
                (_STATE, inv.predicate, inv)
                if tracker is None
                else (_LEDGER if getattr(tracker, "takes_changed", False) else _TRACKED, tracker.step, inv)
                for _, tracker, inv in self._states
            ),
            *((_FIRED if inv.uses_fired else _STEP, inv.predicate, inv) for _, inv in self._steps),
        )
        """Every check this checker may run, in catalogue order (state invariants, then step invariants)."""
        if len(_SHARED_PLANS) >= _SHARED_PLANS_KEPT:
            _SHARED_PLANS.clear()
        self._shared = _SHARED_PLANS.setdefault(self.invariants, {})
        """Which of the checks each plan runs, shared by every checker of the same invariants (a
        campaign plays hundreds of games, each meeting the same few dozen sets of changed fields)."""

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

    def _plan(self, changed: int, decision: bool) -> tuple[_Check, ...]:
        """The checks a transition changing the fields ``changed`` needs, in catalogue order
        (state invariants, then step invariants), each with how to call it; ``decision``: the
        action was a decision (not a chance outcome)."""
        chosen = self._shared.get((changed, decision))
        if chosen is None:
            picked = [i for i, (mask, _, _) in enumerate(self._states) if mask & changed]
            first_step = len(self._states)
            picked.extend(
                first_step + i
                for i, (mask, inv) in enumerate(self._steps)
                if mask & changed
                and inv.only_after != ("outcome" if decision else "decision")
                and (decision or not inv.decisions_only)
            )
            chosen = self._shared[(changed, decision)] = tuple(picked)
        checks = self._checks
        (self._plans if decision else self._chance_plans)[changed] = found = tuple([checks[i] for i in chosen])
        return found

    def after(
        self, before: GameState, action: Action, after: GameState, fired: tuple[str, ...] = ()
    ) -> list[Violation]:
        """The invariants one transition breaks, assuming ``before`` was checked already."""
        out = []
        changed = changed_fields(before, after)
        decision = isinstance(action, Decision)
        plan = (self._plans if decision else self._chance_plans).get(changed)
        if plan is None:
            plan = self._plan(changed, decision)
        for how, check, inv in plan:
            try:  # the kinds by how often a plan runs them: half its checks are step predicates
                if how == _STEP:
                    message = check(before, action, after)
                elif how == _LEDGER:
                    message = check(before, after, changed)
                elif how == _STATE:
                    message = check(after)
                elif how == _FIRED:
                    message = check(before, action, after, fired)
                else:
                    message = check(before, after)
            except Exception as exc:
                message = _failed(exc)
            if message is not None:
                out.append(Violation(inv.id, message, inv.clause))
        return out


_SHARED_PLANS: dict[tuple[Invariant, ...], dict[tuple[int, bool], tuple[int, ...]]] = {}
"""For each selection of invariants, the indexes of the checks each plan runs (see ``Checker._shared``)."""
_SHARED_PLANS_KEPT = 16
"""Selections kept at a time (a campaign uses one or two: one per ruleset)."""

_LEDGER, _TRACKED, _STATE, _STEP, _FIRED = range(5)
"""How a planned check is called: a tracker's ``step(before, after, changed)`` (one that
``takes_changed``: the fields it need not compare) or ``step(before, after)``, a state predicate on
``after``, a step predicate on ``(before, action, after)``, or one that also takes ``fired``
(what :meth:`Invariant.check_state` and :meth:`Invariant.check_step` do, one call less)."""
_Check = tuple[int, Callable[..., "str | None"], Invariant]


def _failed(exc: Exception) -> str:
    """An invariant that raises is reported, not allowed to stop the game (a user's function
    may fail on a state its author did not foresee); a plug-in that fails is bad input instead
    (issue 21: a plug-in never decides the verdict)."""
    if isinstance(exc, PluginError):
        raise exc
    return f"the invariant itself failed: {type(exc).__name__}: {exc}"
