"""What an invariant is, the registry of the catalogue, and checking all of them at once.

An invariant (design.md, principle 6) has an id, a one-line statement, the clause it rests on
(its citation: :func:`nemesis_rules.rulebook.clause` gives file and section), the rulesets it
applies to, and a predicate returning a message (what is wrong) or None:

* a **state** invariant looks at one state;
* a **step** invariant looks at one transition: the state before, the action, the state after.

A state invariant may say which :class:`~nemesis_rules.model.core.state.GameState` fields it reads
(``reads``); the incremental :class:`~nemesis_rules.invariants.checker.Checker` then skips it
on a transition that left all of them untouched. One that reads ``characters`` may also say
which :class:`~nemesis_rules.model.core.state.Character` fields it reads (``character_reads``): it is
then skipped on a transition whose replaced characters differ in none of them. Every
declaration is proved by tests/invariants/test_declared_reads.py, which records what each
predicate touches over seeded games.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol

if TYPE_CHECKING:
    from nemesis_rules.model.core.actions import Action
    from nemesis_rules.model.core.state import Character, GameState

from nemesis_rules.model.core.state import GameState
from nemesis_rules.rulebook import clause

StatePredicate = Callable[["GameState"], "str | None"]
StepPredicate = Callable[["GameState", "Action", "GameState"], "str | None"]
FiredStepPredicate = Callable[["GameState", "Action", "GameState", "tuple[str, ...]"], "str | None"]
Kind = Literal["state", "step"]


class Tracker(Protocol):
    """The incremental form of a state invariant, kept per game by a checker: ``full`` checks a
    state from scratch; ``step`` gives the verdict on ``after`` knowing ``before`` was checked."""

    def full(self, state: GameState) -> str | None: ...

    def step(self, before: GameState, after: GameState) -> str | None: ...


@dataclass(frozen=True, slots=True)
class Invariant:
    """One named invariant. ``rulesets`` None means every ruleset; ``reads`` None means the
    predicate may read anything (it then runs after every transition)."""

    id: str
    statement: str
    clause: str
    kind: Kind
    predicate: Callable[..., str | None]
    rulesets: frozenset[str] | None = None
    reads: frozenset[str] | None = None
    """The :class:`GameState` fields that matter (None: any): a state invariant's verdict
    depends on nothing else; a step invariant cannot be broken by a transition that changes
    none of them."""
    uses_fired: bool = False
    """Step invariants only: the predicate also receives the clauses the transition fired."""
    tracker: Callable[[], Tracker] | None = None
    """State invariants only: a factory of its incremental form (see :class:`Tracker`)."""
    decisions_only: bool = False
    """Step invariants only: the predicate finds nothing wrong when the action is a chance
    outcome (it is about what players decide), so the checker does not call it on those."""
    character_reads: frozenset[str] | None = None
    """When ``reads`` holds ``characters``: the :class:`Character` fields that matter (None:
    any); ``player``, a character's seat, never changes and always counts. A state invariant's
    verdict depends on no other field of a character; a step invariant cannot be broken by a
    transition that changes none of them (nor any other field in ``reads``)."""
    only_after: Literal["decision", "outcome"] | None = None
    """Step invariants only: the one kind of action after which the predicate can find something
    wrong (an effect family dispatching the words of one kind; ``decision`` is what
    ``decisions_only`` says), so the checker does not call it after the other kind."""

    def applies_to(self, ruleset: str) -> bool:
        return self.rulesets is None or ruleset in self.rulesets

    def check_state(self, state: GameState) -> str | None:
        """The problem this state invariant finds in ``state`` (None: it holds)."""
        result: str | None = self.predicate(state)
        return result

    def check_step(
        self, before: GameState, action: Action, after: GameState, fired: tuple[str, ...] = ()
    ) -> str | None:
        """The problem this step invariant finds in one transition (None: it holds)."""
        if self.uses_fired:
            found: str | None = self.predicate(before, action, after, fired)
            return found
        result: str | None = self.predicate(before, action, after)
        return result

    def citation(self) -> str:
        """``file, section`` of the clause this invariant rests on ("" when it has none)."""
        if not self.clause:
            return ""

        return str(clause(self.clause).citation)


@dataclass(frozen=True, slots=True)
class Violation:
    """An invariant that does not hold, and what is wrong."""

    invariant: str
    message: str
    clause: str = ""

    def __str__(self) -> str:
        return f"{self.invariant}: {self.message}" + (f" [{self.clause}]" if self.clause else "")

    def to_json(self) -> dict[str, str]:
        return {"invariant": self.invariant, "message": self.message, "clause": self.clause}


REGISTRY: dict[str, Invariant] = {}


def register(invariant: Invariant) -> Invariant:
    if invariant.id in REGISTRY:
        raise ValueError(f"invariant {invariant.id!r} is registered twice")
    REGISTRY[invariant.id] = invariant
    return invariant


def state_invariant(
    id: str,
    statement: str,
    clause: str,
    *,
    rulesets: Iterable[str] | None = None,
    reads: Iterable[str] | None = None,
    character_reads: Iterable[str] | None = None,
    tracker: Callable[[], Tracker] | None = None,
) -> Callable[[StatePredicate], StatePredicate]:
    """Register the decorated function as a state invariant of the catalogue (``reads``, and
    ``character_reads``: the fields its verdict depends on; ``tracker``: a factory of its
    incremental form; see :class:`Invariant`)."""

    def wrap(fn: StatePredicate) -> StatePredicate:
        register(
            Invariant(
                id,
                statement,
                clause,
                "state",
                fn,
                frozenset(rulesets) if rulesets is not None else None,
                frozenset(reads) if reads is not None else None,
                tracker=tracker,
                character_reads=frozenset(character_reads) if character_reads is not None else None,
            )
        )
        return fn

    return wrap


def step_invariant(
    id: str,
    statement: str,
    clause: str,
    *,
    rulesets: Iterable[str] | None = None,
    reads: Iterable[str] | None = None,
    character_reads: Iterable[str] | None = None,
    decisions_only: bool = False,
    only_after: Literal["decision", "outcome"] | None = None,
) -> Callable[[StepPredicate], StepPredicate]:
    """Register the decorated function as a step invariant of the catalogue (``reads`` and
    ``character_reads``: a transition that changes none of these fields cannot break it;
    ``decisions_only``: nor can a chance outcome; ``only_after``: nor can the other kind of action)."""

    def wrap(fn: StepPredicate) -> StepPredicate:
        register(
            Invariant(
                id,
                statement,
                clause,
                "step",
                fn,
                frozenset(rulesets) if rulesets is not None else None,
                frozenset(reads) if reads is not None else None,
                decisions_only=decisions_only,
                character_reads=frozenset(character_reads) if character_reads is not None else None,
                only_after=only_after,
            )
        )
        return fn

    return wrap


def fired_step_invariant(
    id: str,
    statement: str,
    clause: str,
    *,
    rulesets: Iterable[str] | None = None,
    reads: Iterable[str] | None = None,
) -> Callable[[FiredStepPredicate], FiredStepPredicate]:
    """Register a step invariant that also reads the clauses the transition fired (what a rule
    *tried* to do is sometimes invisible in the states, e.g. a raise at the top of a track);
    ``reads``: a transition that changes none of these fields cannot break it (see
    :func:`step_invariant`)."""

    def wrap(fn: FiredStepPredicate) -> FiredStepPredicate:
        register(
            Invariant(
                id,
                statement,
                clause,
                "step",
                fn,
                frozenset(rulesets) if rulesets is not None else None,
                frozenset(reads) if reads is not None else None,
                uses_fired=True,
            )
        )
        return fn

    return wrap


CharacterPredicate = Callable[["GameState", "Character"], "str | None"]


class _CharacterTracker:
    """Re-checks only the characters a transition replaced (the others are the same objects)."""

    __slots__ = ("_predicate",)

    def __init__(self, predicate: CharacterPredicate) -> None:
        self._predicate = predicate

    def full(self, state: GameState) -> str | None:
        return problems(m for c in state.characters if (m := self._predicate(state, c)) is not None)

    def step(self, before: GameState, after: GameState) -> str | None:
        old, new = before.characters, after.characters
        if old is new:
            return None
        if len(old) != len(new):
            return self.full(after)
        found: list[str] | None = None
        predicate = self._predicate
        for a, b in zip(old, new, strict=True):
            if a is not b and (m := predicate(after, b)) is not None:
                if found is None:
                    found = []
                found.append(m)
        return "; ".join(found) if found else None


def character_invariant(
    id: str,
    statement: str,
    clause: str,
    *,
    character_reads: Iterable[str],
    rulesets: Iterable[str] | None = None,
) -> Callable[[CharacterPredicate], CharacterPredicate]:
    """Register a state invariant that holds for each character on its own: ``fn(state,
    character)`` reading the character's fields ``character_reads`` alone (and the config);
    after a transition only the characters it replaced are checked again, and only when one
    of those fields changed."""

    def wrap(fn: CharacterPredicate) -> CharacterPredicate:
        def whole(state: GameState) -> str | None:
            return _CharacterTracker(fn).full(state)

        register(
            Invariant(
                id,
                statement,
                clause,
                "state",
                whole,
                frozenset(rulesets) if rulesets is not None else None,
                reads=frozenset({"characters"}),
                tracker=lambda: _CharacterTracker(fn),
                character_reads=frozenset(character_reads),
            )
        )
        return fn

    return wrap


def problems(found: Iterable[str]) -> str | None:
    """Several problems as one message ("; "-separated), or None when there are none."""
    listed = list(found)
    return "; ".join(listed) if listed else None
