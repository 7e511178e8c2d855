"""Shrinking a game that breaks an invariant to a minimal one that still breaks it.

A game is a *choice sequence*: at each step, the index of the action taken among the legal ones
(sorted, as :func:`~nemesis_rules.model.core.engine.legal_actions` lists them); an index beyond the
options wraps around. Shrinking searches for a shorter or simpler sequence (shortlex: fewer
steps first, then smaller indices) that still breaks the same invariant, Hypothesis style:

* delete chunks of 8, 4, 2 and 1 choices (later choices then read against the new game);
* lower each choice to 0, then to half its value.

Every candidate is replayed from the state just before its first changed choice (states are
immutable, so the states along the best sequence so far are kept as checkpoints), and stops at
the first violation, which becomes the new end of the sequence. The search is deterministic and
bounded by a number of candidate replays; it reports whether it reached a local minimum (no
single deletion or lowering still breaks the invariant) or ran out of budget.
"""

from __future__ import annotations

from dataclasses import dataclass

from nemesis_rules.invariants.checker import Checker
from nemesis_rules.invariants.core import Invariant
from nemesis_rules.invariants.fuzzing import ENGINE_ERROR, GameSpec, Setup, first_state
from nemesis_rules.model.core.actions import Action
from nemesis_rules.model.core.engine import RuleGap, legal_actions, step
from nemesis_rules.model.core.state import GameState

CHUNKS = (8, 4, 2, 1)
DEFAULT_BUDGET = 400
"""Candidate replays a shrink may use (each replays only from its first changed choice)."""


@dataclass(frozen=True, slots=True)
class Shrunk:
    """The smallest game found: its actions (setup included), its choice sequence, the message
    of the violation it ends with, how many candidates were tried, and whether it is a local
    minimum (False: the budget ran out first)."""

    actions: tuple[Action, ...]
    choices: tuple[int, ...]
    message: str
    tried: int
    minimal: bool


@dataclass(slots=True)
class _Run:
    choices: list[int]
    actions: list[Action]
    states: list[GameState]
    """``states[i]`` is the state before choice ``i``."""
    message: str


class _Search:
    def __init__(self, spec: GameSpec, setup: Setup, target: str, error_kind: str) -> None:
        self.spec = spec
        self.setup = setup
        self.target = target
        self.error_kind = error_kind
        invariants: tuple[Invariant, ...] = ()
        if target != ENGINE_ERROR:
            invariants = tuple(i for i in setup.invariants() if i.id == target)
        self.invariants = invariants
        self.tried = 0

    def _violation(
        self, checker: Checker, before: GameState, action: Action, after: GameState, fired: tuple[str, ...]
    ) -> str | None:
        for v in checker.after(before, action, after, fired):
            if v.invariant == self.target:
                return v.message
        return None

    def replay(self, choices: list[int], base: _Run | None, start_at: int) -> _Run | None:
        """Play ``choices`` (sharing ``base``'s first ``start_at`` choices); the run up to the
        first violation of the target, or None when it does not break it."""
        self.tried += 1
        if base is None or start_at == 0:
            state = first_state(self.spec, self.setup)
            prefix_choices: list[int] = []
            prefix_actions: list[Action] = []
            states = [state]
        else:
            state = base.states[start_at]
            prefix_choices = base.choices[:start_at]
            prefix_actions = base.actions[:start_at]
            states = base.states[: start_at + 1]
        checker = Checker(self.spec.ruleset, self.invariants)
        for v in checker.first(state):
            if v.invariant == self.target:
                return _Run(prefix_choices, prefix_actions, states, v.message)
        taken = list(prefix_choices)
        actions = list(prefix_actions)
        for index in choices[start_at:]:
            if state.end is not None:
                return None
            options = legal_actions(state)
            index %= len(options)
            action = options[index]
            taken.append(index)
            actions.append(action)
            try:
                transition = step(state, action)
            except RuleGap:
                return None
            except Exception as exc:
                if self.target == ENGINE_ERROR and type(exc).__name__ == self.error_kind:
                    return _Run(taken, actions, states, f"{type(exc).__name__}: {exc}")
                return None
            if self.target != ENGINE_ERROR:
                message = self._violation(checker, state, action, transition.state, transition.fired)
                if message is not None:
                    return _Run(taken, actions, states, message)
            state = transition.state
            states.append(state)
        return None


def _better(candidate: _Run, best: _Run) -> bool:
    return (len(candidate.choices), candidate.choices) < (len(best.choices), best.choices)


def choice_sequence(spec: GameSpec, setup: Setup, actions: tuple[Action, ...]) -> list[int]:
    """The indices of ``actions`` among the legal actions, step by step."""
    state = first_state(spec, setup)
    out = []
    for action in actions:
        options = legal_actions(state)
        out.append(options.index(action))
        try:
            state = step(state, action).state
        except Exception:
            break
    return out


def shrink(
    spec: GameSpec,
    setup: Setup,
    actions: tuple[Action, ...],
    target: str,
    *,
    error_kind: str = "",
    budget: int = DEFAULT_BUDGET,
) -> Shrunk | None:
    """Shrink the game ``actions`` (breaking invariant ``target``, or raising ``error_kind`` when
    ``target`` is :data:`ENGINE_ERROR`); None if the game does not reproduce the problem."""
    search = _Search(spec, setup, target, error_kind)
    best = search.replay(choice_sequence(spec, setup, actions), None, 0)
    if best is None:
        return None
    improved = True
    minimal = False
    while improved:
        improved = False
        for size in CHUNKS:
            i = len(best.choices) - size
            while i >= 0:
                if search.tried >= budget:
                    return _result(best, search, minimal=False)
                candidate = search.replay(best.choices[:i] + best.choices[i + size :], best, i)
                if candidate is not None and _better(candidate, best):
                    best = candidate
                    improved = True
                i = min(i - 1, len(best.choices) - size)
        i = len(best.choices) - 1
        while i >= 0:
            for lower in (0, best.choices[i] // 2):
                if lower >= best.choices[i]:
                    continue
                if search.tried >= budget:
                    return _result(best, search, minimal=False)
                changed = [*best.choices[:i], lower, *best.choices[i + 1 :]]
                candidate = search.replay(changed, best, i)
                if candidate is not None and _better(candidate, best):
                    best = candidate
                    improved = True
                    break
            i = min(i - 1, len(best.choices) - 1)
        minimal = not improved
    return _result(best, search, minimal=minimal)


def _result(best: _Run, search: _Search, *, minimal: bool) -> Shrunk:
    return Shrunk(tuple(best.actions), tuple(best.choices), best.message, search.tried, minimal)
