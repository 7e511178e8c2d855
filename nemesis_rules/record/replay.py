"""Replaying a record: apply every line, check every chance outcome was possible and every
decision legal, and point at the first line that is not (python-chess's PGN reader is the model).

Each refusal becomes a :class:`Problem` carrying the line, the reason, the clause and its
citation, and a summary of the state the line was played in. By default replay stops at the
first problem; ``lenient`` goes on from the last legal state and reports every problem. User
invariants (design principle 7) are checked after every step and reported like illegal lines.

What is not a verdict of the rules never looks like one:

* a record that starts from a snapshot is checked before play by ``start_check`` (the command
  line passes every state invariant of the catalogue): a state no game reaches is bad input
  naming the invariant, unless ``trust_start`` (``--trust-start``) says to replay it anyway,
  and then the result says so;
* a user's invariant that raises, exits or is interrupted is a :class:`PluginError` (bad input
  naming the plug-in), never the verdict;
* the engine failing on a legal action is an :class:`InternalError` (exit code 3) naming the
  line, never an illegal line.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from nemesis_rules import rulebook
from nemesis_rules.errors import BadInputError, InternalError, LimitError, PluginError, one_line, quote, shorten
from nemesis_rules.model.core.actions import Action
from nemesis_rules.model.core.engine import Context, IllegalActionError, RuleGap, legal_actions, settle, step
from nemesis_rules.model.core.frames import Choice
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.game import start
from nemesis_rules.record.describe import short_summary, summary_json
from nemesis_rules.record.limits import DEFAULT, Limits
from nemesis_rules.record.lines import Record
from nemesis_rules.record.vocabulary import unknown_word

ProblemKind = Literal["illegal", "rule-gap", "invariant", "engine-error"]
"""``engine-error`` is no longer produced (an engine failure is an :class:`InternalError`); it
stays in the published kinds so that older results still validate."""
StartCheck = Callable[[GameState], Sequence[tuple[str, str]]]
"""What a starting state breaks: (invariant id, what is wrong) pairs; empty when it is sound."""


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
            raise BadInputError(f"cannot read the signature of invariant {quote(label)}") from None
        positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        if len(positional) not in (1, 3) or len(positional) != len(list(parameters)):
            raise BadInputError(
                f"invariant {quote(label)} must take (state) or (before, action, after), "
                f"not {len(positional)} arguments"
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
        action = quote(self.action)
        what = {
            "illegal": f"illegal action {action}",
            "rule-gap": f"rule gap at {action}",
            "invariant": "invariant violated",
            "engine-error": f"the engine failed on {action}",
        }[self.kind]
        clause = f" [{self.clause}]" if self.clause else ""
        return (
            f"{one_line(source)}:{self.line}: {what} ({shorten(one_line(self.reason))}){clause}\n"
            f"  line {self.line}: {shorten(one_line(self.text))}\n"
            f"  rule: {self.citation}\n"
            f"  state: {shorten(one_line(short_summary(self.state)), 2000)}"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "text": shorten(self.text, 2000),
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
    trusted_start: bool = False
    """The starting snapshot was replayed without its check (``--trust-start``)."""

    @property
    def legal(self) -> bool:
        return not self.problems

    def outcome(self) -> str:
        """How the record ends: the game's ending and winners, or that the record stops early;
        a start replayed unchecked says so."""
        end = self.final_state.end
        trusted = "; the starting state was not checked (--trust-start)" if self.trusted_start else ""
        if end is None:
            return "record ends before the game's end" + trusted
        names = {c.player: c.name for c in self.final_state.characters}
        winners = ", ".join(f"player {p} ({names.get(p, '?')})" for p in end.winners) or "nobody"
        return f"ended by {end.reason}; winners: {winners}{trusted}"

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
            "start_checked": not self.trusted_start,
            "problems": [p.to_json() for p in self.problems],
        }


def initial_state(record: Record, start_check: StartCheck | None = None) -> GameState:
    """The state before the first action line: a new game, or the header's snapshot (with any
    procedure steps on top of its stack run first). A snapshot that ``start_check`` finds
    impossible, or that the engine cannot settle and list the options of, is bad input."""
    header = record.header
    if header.snapshot is None:
        return start(header.ruleset, header.players, header.rulings, header.variants)
    where = f"{record.source}:1"
    if start_check is not None:
        broken = start_check(header.snapshot)
        if broken:
            name, what = broken[0]
            more = f" (and {len(broken) - 1} more)" if len(broken) > 1 else ""
            raise BadInputError(
                f"impossible starting state: invariant {name} fails: {shorten(what)}{more} "
                "(--trust-start replays it anyway)",
                where,
            )
    try:
        state = settle(header.snapshot, Context())
        legal_actions(state)
    except Exception as exc:  # the engine cannot run the given state: the snapshot is bad input
        raise BadInputError(
            f"the engine cannot run the snapshot's state ({type(exc).__name__}: {shorten(str(exc))})", where
        ) from None
    return state


def _diagnose_crash(
    state: GameState, action: Action, exc: Exception, line: int, text: str, trusted: bool
) -> tuple[str, str]:
    """An exception other than a refusal: if the action was not legal anyway, it is illegal
    (reason, clause); if it was, the engine failed on a legal action: an internal fault (which
    says so when the start it played from went unchecked)."""
    try:
        options: tuple[Action, ...] | None = legal_actions(state)
    except Exception:
        options = None
    frame = state.pending[-1] if state.pending else None
    if options is not None and action not in options:
        clause = getattr(frame, "clause", "") if isinstance(frame, Choice) else ""
        return f"not one of the {len(options)} legal actions now", str(clause)
    unchecked = "; the starting state was not checked (--trust-start)" if trusted else ""
    raise InternalError(
        f"at line {line}: {type(exc).__name__}: {shorten(str(exc))} (line {line}: {quote(text)}){unchecked}"
    ) from exc


def run_plugin(name: str, call: Callable[[], object]) -> str | None:
    """Run a user's plug-in: what it reports (None: nothing wrong); anything else it does, an
    exception, ``SystemExit``, ``KeyboardInterrupt`` or an answer that is not text, is a
    :class:`PluginError` naming it, never the verdict."""
    try:
        found = call()
    except SystemExit as exc:
        raise PluginError(name, f"it called exit({shorten(repr(exc.code))})") from None
    except KeyboardInterrupt:
        raise PluginError(name, "it was interrupted (KeyboardInterrupt)") from None
    except BaseException as exc:  # the user's code: whatever it raises is its failure
        detail = f": {shorten(one_line(str(exc)))}" if str(exc) else ""
        raise PluginError(name, f"it raised {type(exc).__name__}{detail}") from None
    if found is None:
        return None
    if not isinstance(found, str):
        raise PluginError(name, f"it returned a {type(found).__name__}, not a message (str) or None")
    return found


def _call(invariant: UserInvariant, before: GameState | None, action: Action | None, after: GameState) -> object:
    return invariant.check(before, action, after) if invariant.per_step else invariant.check(after)


def _check_invariants(
    invariants: tuple[UserInvariant, ...], before: GameState | None, action: Action | None, after: GameState
) -> tuple[str, str] | None:
    """The first violated invariant (name, description), or None."""
    for invariant in invariants:
        if invariant.per_step and (before is None or action is None):
            continue
        found = run_plugin(invariant.name, functools.partial(_call, invariant, before, action, after))
        if found is not None:
            return invariant.name, one_line(found)
    return None


def replay_record(
    record: Record,
    *,
    lenient: bool = False,
    invariants: Iterable[UserInvariant | Callable[..., str | None]] = (),
    until_line: int | None = None,
    start_check: StartCheck | None = None,
    trust_start: bool = False,
    limits: Limits = DEFAULT,
) -> ReplayResult:
    """Apply the record's lines in order (up to ``until_line`` when given).

    An illegal line, a rule gap or a violated invariant is a :class:`Problem`; without
    ``lenient`` the first one ends the replay. A word the engine does not know (an unknown
    action, field or chance node), a starting snapshot ``start_check`` refuses (unless
    ``trust_start``), a plug-in that fails, or more than ``limits.steps`` lines is bad input
    (:class:`BadInputError`); the engine failing on a legal line is an :class:`InternalError`.
    """
    if len(record.actions) > limits.steps:
        raise LimitError(
            f"{len(record.actions)} action lines, more than {limits.steps} (raise the limit with --max-steps)",
            record.source,
        )
    checks = tuple(i if isinstance(i, UserInvariant) else UserInvariant.of(i) for i in invariants)
    trusted = trust_start and record.header.snapshot is not None
    state = initial_state(record, None if trust_start else start_check)
    problems: list[Problem] = []
    fired: list[str] = []
    steps = 0
    violated = _check_invariants(checks, None, None, state)
    if violated is not None:
        problems.append(Problem(1, "(the header)", "invariant", violated[1], Citation(violated[0]), None, state))
        if not lenient:
            return ReplayResult(record, tuple(problems), state, steps, trusted_start=trusted)
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
            if isinstance(exc, IllegalActionError):
                reason, clause = exc.reason, exc.clause
            else:
                reason, clause = _diagnose_crash(state, action, exc, line, text, trusted)
            problems.append(Problem(line, text, "illegal", reason, cite(clause), action, state))
        else:
            steps += 1
            fired.extend(transition.fired)
            before, state = state, transition.state
            violated = _check_invariants(checks, before, action, state)
            if violated is not None:
                problems.append(Problem(line, text, "invariant", violated[1], Citation(violated[0]), action, state))
        if problems and not lenient:
            break
    return ReplayResult(record, tuple(problems), state, steps, tuple(fired), trusted)
