"""Replaying a record: apply every line, check every chance outcome was possible and every
decision legal, and point at the first line that is not (python-chess's PGN reader is the model).

Each refusal becomes a :class:`Problem` carrying the line, the reason, the clause and its
citation, and a summary of the state the line was played in. By default replay stops at the
first problem; ``lenient`` goes on from the last legal state and reports every problem. User
invariants (design principle 6) are checked after every step and reported like illegal lines.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from nemesis_rules import rulebook
from nemesis_rules.errors import BadInputError
from nemesis_rules.model.core.actions import Action
from nemesis_rules.model.core.engine import Context, IllegalActionError, RuleGap, legal_actions, settle, step
from nemesis_rules.model.core.frames import Choice
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.game import start
from nemesis_rules.record.describe import short_summary, summary_json
from nemesis_rules.record.lines import Record
from nemesis_rules.record.vocabulary import unknown_word

ProblemKind = Literal["illegal", "rule-gap", "invariant", "engine-error"]


@dataclass(frozen=True, slots=True)
class UserInvariant:
    """A user's check: ``f(state) -> str | None`` or ``f(before, action, after) -> str | None``;
    a string is the violation's description."""

    name: str
    check: Callable[..., str | None]
    per_step: bool

    @classmethod
    def of(cls, function: Callable[..., str | None], name: str | None = None) -> UserInvariant:
        """Wrap a plain function, telling a state invariant (1 argument) from a step one (3)."""
        label = name or str(getattr(function, "__name__", "invariant"))
        try:
            parameters = inspect.signature(function).parameters.values()
        except (TypeError, ValueError):
            raise BadInputError(f"cannot read the signature of invariant {label!r}") from None
        positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        if len(positional) not in (1, 3) or len(positional) != len(list(parameters)):
            raise BadInputError(
                f"invariant {label!r} must take (state) or (before, action, after), not {len(positional)} arguments"
            )
        return cls(label, function, len(positional) == 3)


@dataclass(frozen=True, slots=True)
class Citation:
    clause: str
    statement: str = ""
    file: str = ""
    section: str = ""

    def __str__(self) -> str:
        if not self.clause:
            return "(no clause named)"
        where = f" ({self.file}, {self.section})" if self.file else ""
        return f"{self.clause}{': ' + self.statement if self.statement else ''}{where}"


def cite(clause_id: str) -> Citation:
    """The clause's statement and citation from the catalogue; a ruling id cites the ruling's
    question and its first source; any other id (a user invariant) stands alone."""
    if not clause_id:
        return Citation("")
    if clause_id in rulebook.catalogue():
        found = rulebook.clause(clause_id)
        return Citation(clause_id, found.statement, found.citation.file, found.citation.section)
    if clause_id in rulebook.rulings():
        ruling = rulebook.ruling(clause_id)
        source = ruling.sources[0] if ruling.sources else None
        return Citation(clause_id, ruling.question, source.file if source else "", source.section if source else "")
    return Citation(clause_id)


@dataclass(frozen=True, slots=True)
class Problem:
    """One line replay refused: where, why, which rule, and the state it was played in."""

    line: int
    text: str
    kind: ProblemKind
    reason: str
    citation: Citation
    action: Action | None
    state: GameState

    @property
    def clause(self) -> str:
        return self.citation.clause

    def message(self, source: str) -> str:
        """Several lines: the python-chess style headline, then the line, the rule and the state."""
        what = {
            "illegal": f"illegal action '{self.action}'",
            "rule-gap": f"rule gap at '{self.action}'",
            "invariant": "invariant violated",
            "engine-error": f"the engine failed on '{self.action}'",
        }[self.kind]
        clause = f" [{self.clause}]" if self.clause else ""
        return (
            f"{source}:{self.line}: {what} ({self.reason}){clause}\n"
            f"  line {self.line}: {self.text}\n"
            f"  rule: {self.citation}\n"
            f"  state: {short_summary(self.state)}"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "text": self.text,
            "kind": self.kind,
            "reason": self.reason,
            "clause": self.clause,
            "statement": self.citation.statement,
            "citation": {"file": self.citation.file, "section": self.citation.section} if self.citation.file else None,
            "action": self.action.to_json() if self.action is not None else None,
            "state": summary_json(self.state),
        }


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """What replay found: every problem (empty when the record is legal), the state after the
    last legal line, and how many lines were applied."""

    record: Record
    problems: tuple[Problem, ...]
    final_state: GameState
    steps: int
    fired: tuple[str, ...] = field(default=())

    @property
    def legal(self) -> bool:
        return not self.problems

    def outcome(self) -> str:
        """How the record ends: the game's ending and winners, or that the record stops early."""
        end = self.final_state.end
        if end is None:
            return "record ends before the game's end"
        names = {c.player: c.name for c in self.final_state.characters}
        winners = ", ".join(f"player {p} ({names.get(p, '?')})" for p in end.winners) or "nobody"
        return f"ended by {end.reason}; winners: {winners}"

    def to_json(self) -> dict[str, Any]:
        end = self.final_state.end
        return {
            "file": self.record.source,
            "legal": self.legal,
            "lines": self.record.last_line,
            "steps": self.steps,
            "rounds": self.final_state.round,
            "ended": end is not None,
            "end": None
            if end is None
            else {"reason": end.reason, "survivors": list(end.survivors), "winners": list(end.winners)},
            "outcome": self.outcome(),
            "problems": [p.to_json() for p in self.problems],
        }


def initial_state(record: Record) -> GameState:
    """The state before the first action line: a new game, or the header's snapshot (with any
    procedure steps on top of its stack run first)."""
    header = record.header
    if header.snapshot is None:
        return start(header.ruleset, header.players, header.rulings, header.variants)
    try:
        return settle(header.snapshot, Context())
    except Exception as exc:  # the engine cannot run the given state: the snapshot is bad input
        raise BadInputError(
            f"the engine cannot run the snapshot's state ({type(exc).__name__}: {exc})", f"{record.source}:1"
        ) from None


def _diagnose_crash(
    state: GameState, action: Action, exc: Exception, from_snapshot: bool
) -> tuple[ProblemKind, str, str]:
    """An exception other than a refusal: if the action was not legal anyway, it is illegal;
    otherwise the engine failed on a legal action (on a snapshot, perhaps an impossible state)."""
    try:
        options: tuple[Action, ...] | None = legal_actions(state)
    except Exception:
        options = None
    frame = state.pending[-1] if state.pending else None
    if options is not None and action not in options:
        clause = getattr(frame, "clause", "") if isinstance(frame, Choice) else ""
        return "illegal", f"not one of the {len(options)} legal actions now", str(clause)
    hint = " (the snapshot may describe a state no game reaches)" if from_snapshot else " (a bug in the engine)"
    return "engine-error", f"{type(exc).__name__}: {exc}{hint}", ""


def _check_invariants(
    invariants: tuple[UserInvariant, ...], before: GameState | None, action: Action | None, after: GameState
) -> tuple[str, str] | None:
    """The first violated invariant (name, description), or None."""
    for invariant in invariants:
        if invariant.per_step and (before is None or action is None):
            continue
        try:
            found = invariant.check(before, action, after) if invariant.per_step else invariant.check(after)
        except Exception as exc:
            raise BadInputError(f"invariant {invariant.name!r} raised {type(exc).__name__}: {exc}") from None
        if found is not None:
            return invariant.name, str(found)
    return None


def replay_record(
    record: Record,
    *,
    lenient: bool = False,
    invariants: Iterable[UserInvariant | Callable[..., str | None]] = (),
    until_line: int | None = None,
) -> ReplayResult:
    """Apply the record's lines in order (up to ``until_line`` when given).

    An illegal line, a rule gap, an engine failure or a violated invariant is a :class:`Problem`;
    without ``lenient`` the first one ends the replay. A word the engine does not know (an
    unknown action, field or chance node) is bad input and raises :class:`BadInputError`.
    """
    checks = tuple(i if isinstance(i, UserInvariant) else UserInvariant.of(i) for i in invariants)
    state = initial_state(record)
    problems: list[Problem] = []
    fired: list[str] = []
    steps = 0
    violated = _check_invariants(checks, None, None, state)
    if violated is not None:
        problems.append(Problem(1, "(the header)", "invariant", violated[1], Citation(violated[0]), None, state))
        if not lenient:
            return ReplayResult(record, tuple(problems), state, steps)
    for index, action in enumerate(record.actions):
        line = record.line_number(index)
        if until_line is not None and line > until_line:
            break
        text = record.line_text(index)
        try:
            transition = step(state, action)
        except RuleGap as exc:
            problems.append(Problem(line, text, "rule-gap", exc.situation, cite(exc.clause), action, state))
        except Exception as exc:  # never a traceback: a refusal, an unknown word or an engine failure
            word = unknown_word(action)
            if word is not None:
                raise BadInputError(word, f"{record.source}:{line}") from None
            kind: ProblemKind
            if isinstance(exc, IllegalActionError):
                kind, reason, clause = "illegal", exc.reason, exc.clause
            else:
                kind, reason, clause = _diagnose_crash(state, action, exc, record.header.snapshot is not None)
            problems.append(Problem(line, text, kind, reason, cite(clause), action, state))
        else:
            steps += 1
            fired.extend(transition.fired)
            before, state = state, transition.state
            violated = _check_invariants(checks, before, action, state)
            if violated is not None:
                problems.append(Problem(line, text, "invariant", violated[1], Citation(violated[0]), action, state))
        if problems and not lenient:
            break
    return ReplayResult(record, tuple(problems), state, steps, tuple(fired))
