"""The engine: one path to legality, asked two ways (design.md, principle 3).

``legal_actions(state)`` enumerates every decision open now, or every chance outcome;
``check(state, action)`` raises :class:`IllegalActionError` with the reason and the clause;
``apply(state, action)`` checks, then applies, then runs every procedure step that needs no
input, and reports the clauses that fired (:func:`step` returns them with the new state).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from nemesis_rules.errors import NemesisRulesError
from nemesis_rules.model.core import fast
from nemesis_rules.model.core.actions import Action, Decision, Outcome
from nemesis_rules.model.core.frames import ChanceNode, Choice, Step
from nemesis_rules.model.core.state import popped

if TYPE_CHECKING:
    from nemesis_rules.model.core.state import GameState

MAX_AUTOMATIC_STEPS = 100_000


class IllegalActionError(NemesisRulesError):
    """The rules forbid ``action`` in ``state``: ``reason`` says why, ``clause`` which rule."""

    def __init__(self, action: Action, reason: str, clause: str, state: GameState) -> None:
        self.action = action
        self.reason = reason
        self.clause = clause
        self.state = state
        super().__init__(f"illegal action '{action}' ({reason})" + (f" [{clause}]" if clause else ""))


class RuleGap(NemesisRulesError):
    """The texts say nothing about this reachable situation and no ruling decides it (principle 9)."""

    def __init__(self, clause: str, situation: str) -> None:
        self.clause = clause
        self.situation = situation
        super().__init__(f"rule gap at {clause}: {situation}")


@dataclass(frozen=True, slots=True)
class GapReached:
    """A gap the game ran into, and the ruling (with its reading) that decided it."""

    clause: str
    situation: str
    ruling: str
    reading: str


class Context:
    """Collects what one transition did: the clauses that fired and the gaps it met."""

    __slots__ = ("fired", "gaps")

    def __init__(self) -> None:
        self.fired: list[str] = []
        self.gaps: list[GapReached] = []

    def fire(self, *clauses: str) -> None:
        self.fired.extend(clauses)

    def gap(self, state: GameState, ruling: str, clause: str, situation: str) -> str:
        """Record a gap decided by ``ruling``; returns the chosen reading."""
        reading = state.config.rulings.get(ruling)
        if reading is None or reading == "strict":
            raise RuleGap(clause, situation)
        key = (clause, situation, ruling, reading)
        reached = _GAPS.get(key)
        if reached is None:
            if len(_GAPS) >= _GAPS_KEPT:
                _GAPS.clear()
            reached = _GAPS[key] = GapReached(clause, situation, ruling, reading)
        self.gaps.append(reached)
        self.fired.append(ruling)
        return reading


_GAPS: dict[tuple[str, str, str, str], GapReached] = {}
"""One immutable :class:`GapReached` per gap, situation and reading, shared by every transition
that meets it (some gaps are met at every card drawn). A situation names at most a room, a
player, a pod or a kind, so a game meets a few hundred at most."""
_GAPS_KEPT = 4096


@dataclass(frozen=True, slots=True)
class Transition:
    """The result of one applied action."""

    state: GameState
    fired: tuple[str, ...]
    gaps: tuple[GapReached, ...]


_transition: Callable[[GameState, tuple[str, ...], tuple[GapReached, ...]], Transition] = fast.builder(Transition)
"""``Transition(state, fired, gaps)`` without the frozen dataclass's ``__init__`` (one per step)."""

_last = fast.LastAsked()
"""The actions listed last, so that ``check`` recognises them (see :class:`.fast.LastAsked`)."""


def _is_listed(state: GameState, frame: Choice, action: Decision) -> bool:
    """Whether ``action`` is one of the decisions ``frame`` lists in ``state``.

    The plain test is ``action in frozenset(frame.options(state))`` (or ``in`` the listing). A
    set costs a dataclass ``__hash__`` call per decision listed, ``in`` a dataclass ``__eq__``
    call per decision passed, and a state is asked about once or twice (a record's next line,
    the prober's questions). Here one pass compares the fields ``__eq__`` compares, the kind
    first (a turn lists a dozen kinds), with no call per decision (tests/model/test_engine_refusal.py)."""
    if _last.state is not state:
        _last.remember(state, frame.options(state))
    cls, player, kind, params = type(action), action.player, action.kind, action.params
    try:
        for listed in cast("tuple[Decision, ...]", _last.actions):
            if listed.kind == kind and listed.params == params and type(listed) is cls and listed.player == player:
                return True
    except AttributeError:  # pragma: no cover - a chance outcome among a Choice's decisions
        return action in _last.actions
    return False


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every action open now, sorted and unique: decisions of the acting player, or chance outcomes."""
    if not state.pending:
        return ()
    listed = _last.listed(state)  # the same state asked again: the same listing (fast.LastAsked)
    if listed is not None:
        return listed
    frame = state.pending[-1]
    if isinstance(frame, ChanceNode):
        _last.remember_outcomes(state, frame.actions(state))
        return _last.actions
    if isinstance(frame, Choice):
        options = frame.options(state)
        _last.remember(state, options)
        return options
    return ()


def chance_outcomes(state: GameState) -> tuple[tuple[Outcome, int], ...]:
    """At a chance node: each possible outcome with its weight; otherwise empty."""
    if state.pending and isinstance(frame := state.pending[-1], ChanceNode):
        outcomes = _last.listed_outcomes(state)
        if outcomes is None:
            outcomes = frame.actions(state)
            _last.remember_outcomes(state, outcomes)
        return outcomes
    return ()


def is_chance(state: GameState) -> bool:
    """Whether a chance node (a die roll, a card or token draw) is due now."""
    return bool(state.pending) and isinstance(state.pending[-1], ChanceNode)


def acting_player(state: GameState) -> int | None:
    """The player whose decision is pending, or None at a chance node or the end."""
    if state.pending and isinstance(frame := state.pending[-1], Choice):
        return frame.player
    return None


def is_over(state: GameState) -> bool:
    """Whether the game has ended."""
    return state.end is not None


def check(state: GameState, action: Action) -> None:
    """Raise :class:`IllegalActionError` unless ``action`` is legal in ``state``."""
    refused = refusal(state, action)
    if refused is not None:
        raise IllegalActionError(action, refused[0], refused[1], state)


def refusal(state: GameState, action: Action) -> tuple[str, str] | None:
    """Why the rules forbid ``action`` in ``state`` and the clause, ``(reason, clause)``; None when it is legal.

    What :func:`check` raises. A caller that only tallies refusals asks this and builds no error: the
    prober asks about two remembered decisions at every decision node and most are refused, and an
    :class:`IllegalActionError` formats its whole message as it is made."""
    if state.end is not None or not state.pending:
        return "the game is over", "base.end.check-needed"
    frame = state.pending[-1]
    if isinstance(frame, ChanceNode):
        if _last.handed_out(state, action):
            return None  # one of the outcomes just enumerated for this very state
        if not isinstance(action, Outcome):
            return f"a chance outcome ({frame.chance}) is due, not a decision", frame.clause_for(state)
        if action.chance != frame.chance:
            return f"the chance node open now is '{frame.chance}'", frame.clause_for(state)
        possible = dict(frame.outcomes(state))
        if possible.get(action.outcome, 0) <= 0:
            shown = ", ".join(sorted(possible)[:12])
            return f"'{action.outcome}' is not a possible outcome (possible: {shown})", frame.clause_for(state)
        return None
    if isinstance(frame, Choice):
        # The plain order asks ``_last.handed_out`` first here too. Every decision a Choice lists
        # is a Decision by its player (tests/model/test_engine_refusal.py holds it on seeded
        # games), so an action handed out passes the two tests below and _is_listed finds it.
        if not isinstance(action, Decision):
            return f"player {frame.player} must decide ({frame.describe()})", frame.clause
        if action.player != frame.player:
            return _not_theirs(state, frame, action.player)
        if not _is_listed(state, frame, action):
            return frame.diagnose(state, action)
        return None
    return "nothing is pending", ""  # pragma: no cover - settle() prevents it


_GONE = {"hibernating": "base.hibernation.out-of-play", "escaped": "base.pod.launched"}
"""The clause that takes a character of each status out of play (see :func:`_not_theirs`)."""


def _not_theirs(state: GameState, frame: Choice, player: int) -> tuple[str, str]:
    """Why ``player`` may not decide now, and the clause: a hibernating or escaped character takes no
    further part, a player who passed takes no more actions this round, anyone else (the dead
    included) waits for a turn that is not theirs."""
    if 1 <= player <= len(state.characters):
        c = state.characters[player - 1]
        if c.status in _GONE:
            return f"player {player}'s character is {c.status} and takes no further part", _GONE[c.status]
        if c.passed and state.phase == "player":
            return f"player {player} has passed and takes no more actions this round", "base.round.passed-no-actions"
    return f"it is player {frame.player}'s decision, not player {player}'s", "base.round.turn-order"


def step(state: GameState, action: Action) -> Transition:
    """Check and apply ``action``; return the new state with the clauses that fired."""
    if state.end is not None or not _last.handed_out(state, action):
        check(state, action)  # what check() does first for an action just handed out: accept it
    ctx = Context()
    frame = state.pending[-1]
    if isinstance(frame, ChanceNode) and isinstance(action, Outcome):
        clause = frame.clause_for(state)
        if clause:
            ctx.fire(clause)
        outcome = action.outcome
        new = frame.resolve_on_top(state, outcome, ctx) if frame.on_top else frame.resolve(popped(state), outcome, ctx)
    elif isinstance(frame, Choice) and isinstance(action, Decision):
        new = frame.resolve_on_top(state, action, ctx) if frame.on_top else frame.resolve(popped(state), action, ctx)
    else:  # pragma: no cover - check() rules this out
        raise AssertionError(frame)
    new = settle(new, ctx)
    return _transition(new, tuple(ctx.fired), tuple(ctx.gaps))


def apply(state: GameState, action: Action) -> GameState:
    """Check and apply ``action``; the new state."""
    return step(state, action).state


def settle(state: GameState, ctx: Context) -> GameState:
    """Run procedure steps until a decision or chance node is on top, or the game is over."""
    for _ in range(MAX_AUTOMATIC_STEPS):
        pending = state.pending
        if state.end is not None:
            return state if not pending else _clear(state)
        if not pending:
            return state
        frame = pending[-1]
        if state.phase == "over" and not frame.after_the_end:
            state = frame.on_drop(popped(state))  # the game has ended: only its victory check still runs
            continue
        if not isinstance(frame, Step):
            return state
        state = frame.run_on_top(state, ctx) if frame.on_top else frame.run(popped(state), ctx)
    raise RuntimeError("procedure steps did not settle")  # pragma: no cover - a bug, not a rule


def _clear(state: GameState) -> GameState:

    return state.evolve(pending=(), phase="over")
