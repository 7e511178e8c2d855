"""Pending frames: what the game waits for next (a player's decision, a chance outcome) or a
procedure step that runs by itself.

A rule procedure with several steps (an Encounter: clear the noise, draw a token, place the
Intruder, maybe a Surprise Attack) is a sequence of frames on the state's ``pending`` stack,
so that a chance outcome or a decision in the middle is just another action applied to an
immutable state. Each frame class carries its rule: ``options``/``outcomes`` enumerate,
``resolve`` applies, and ``diagnose`` explains a refusal with the clause it breaks.
"""

from __future__ import annotations

from abc import ABCMeta, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from nemesis_rules.model.core import fast
from nemesis_rules.model.core.actions import Decision, Outcome, outcome
from nemesis_rules.model.core.state import popped

if TYPE_CHECKING:
    from nemesis_rules.model.core.engine import Context
    from nemesis_rules.model.core.state import GameState


class FrameMeta(ABCMeta):
    """``ABCMeta`` with the plain ``isinstance``/``issubclass`` of ``type``: abstract methods are
    still enforced, but frames are never registered as virtual subclasses, so the ABC's cached
    subclass bookkeeping (a Python-level call on every ``isinstance(frame, Step)`` of the
    engine's loop) is not needed.

    A frozen slotted dataclass frame (``@dataclass(frozen=True, slots=True)`` builds the class
    again with its slots, through this metaclass) gets :func:`.fast.frozen_init` in place of the
    dataclass's ``__init__``: the same parameters and effect, built for half the cost (the rules
    build two or three frames a step). The dataclass's own stays in :data:`PLAIN_INITS`.

    A class that defines its own ``run`` (``resolve``) but not ``run_on_top`` (``resolve_on_top``)
    is not run on top (:attr:`Frame.on_top` false), whatever it inherits."""

    __instancecheck__ = type.__instancecheck__
    __subclasscheck__ = type.__subclasscheck__

    def __new__(mcls, name: str, bases: tuple[type, ...], namespace: dict[str, Any], **kwargs: Any) -> FrameMeta:
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        if ("run" in namespace and "run_on_top" not in namespace) or (
            "resolve" in namespace and "resolve_on_top" not in namespace
        ):
            setattr(cls, "on_top", False)  # noqa: B010 - a subclass's own run or resolve is not bypassed by an inherited on-top one
        params = namespace.get("__dataclass_params__")
        if "__slots__" in namespace and params is not None and params.frozen:
            init = fast.frozen_init(cls)
            if init is not None:
                PLAIN_INITS[cls] = namespace["__init__"]
                setattr(cls, "__init__", init)  # noqa: B010 - mypy refuses assigning a method
        return cls


PLAIN_INITS: dict[type, Callable[..., None]] = {}
"""The dataclass's own ``__init__`` of each frame class whose ``__init__`` :class:`FrameMeta`
replaced (the plain version a test holds the fast one to)."""


class FrameABC(metaclass=FrameMeta):
    """The abstract base of the frame kinds (what ``abc.ABC`` is for ``ABCMeta``)."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Frame:
    """Base of all frames. ``after_the_end``: a step of the victory check, the only frames that
    still run once the game has ended (anything else still pending is dropped)."""

    after_the_end: ClassVar[bool] = False
    on_top: ClassVar[bool] = False
    """Whether the engine hands this frame the state with the frame still on top (a step's
    :meth:`Step.run_on_top`, a decision's :meth:`Choice.resolve_on_top`): one state copy fewer."""

    def describe(self) -> str:
        return type(self).__name__

    def on_drop(self, state: GameState) -> GameState:
        """The game ended with this frame still pending: put back any card it holds (so every
        card stays in exactly one place). Most frames hold none."""
        return state


@dataclass(frozen=True, slots=True)
class Step(Frame, FrameABC):
    """A procedure step that needs no input; the engine runs it as soon as it is on top."""

    @abstractmethod
    def run(self, state: GameState, ctx: Context) -> GameState:
        """Apply the step (it may push further frames) to ``state``, the state without it."""

    def run_on_top(self, state: GameState, ctx: Context) -> GameState:
        """What ``self.run(state.pop(), ctx)`` returns, given ``state`` with this step still on
        top. A step whose work ends by pushing the frames that follow it can make them replace
        its own in one copy (:meth:`.GameState.replace_top`) where popping and then pushing is
        two (the engine pops before every step it runs; the steps of a turn and of drawing a
        hand push a frame each time). Such a step overrides this and sets :attr:`on_top`;
        ``tests/model/test_fast_paths.py`` holds it to :meth:`run` on states of seeded games."""
        return self.run(popped(state), ctx)


_OUTCOMES: dict[str, dict[str, Outcome]] = {}
"""One immutable :class:`Outcome` object per chance and result, shared by every answer (the
names are the components' and the dice's: a few hundred in all)."""


def _outcome_actions(chance: str, outcomes: Iterable[tuple[str, int]]) -> tuple[tuple[Outcome, int], ...]:
    """Each possible outcome of ``chance`` as an action with its weight, in outcome order (sorting
    the names is the same order as sorting the actions: they share ``chance``). Each outcome's
    action object is made once and shared."""
    known = _OUTCOMES.get(chance)
    if known is None:
        known = _OUTCOMES[chance] = {}
    pairs = []
    for o, w in sorted(outcomes):
        if w > 0:
            action = known.get(o)
            if action is None:
                action = known[o] = outcome(chance, o)
            pairs.append((action, w))
    return tuple(pairs)


_ACTIONS: dict[tuple[str, tuple[tuple[str, int], ...]], tuple[tuple[Outcome, int], ...]] = {}
""":meth:`ChanceNode.actions` by chance and (outcome, weight) pairs, for at most :data:`_ACTIONS_KEPT`
of them at once (then it starts again)."""
_ACTIONS_KEPT = 8192


@dataclass(frozen=True, slots=True)
class ChanceNode(Frame, FrameABC):
    """A random event: ``chance`` names it in records; outcomes come with integer weights."""

    chance: ClassVar[str] = "chance"
    clause: ClassVar[str] = ""

    @abstractmethod
    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        """Every possible outcome with its integer weight."""

    @abstractmethod
    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        """Apply the drawn ``outcome`` to ``state``, the state without this frame."""

    def resolve_on_top(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        """What ``self.resolve(state.pop(), outcome, ctx)`` returns, given ``state`` with this
        frame still on top (see :meth:`Step.run_on_top`)."""
        return self.resolve(popped(state), outcome, ctx)

    def clause_for(self, state: GameState) -> str:
        """The clause this chance node implements in ``state`` (most nodes have one fixed clause)."""
        return self.clause

    def actions(self, state: GameState) -> tuple[tuple[Outcome, int], ...]:
        """Every possible outcome as an action with its weight, in outcome order: what
        :meth:`actions_plain` lists, looked up by the chance and its (outcome, weight) pairs when
        they were listed before (a die's faces at every roll; a deck's cards whenever the same
        cards are left). The answer depends on nothing else, and is an immutable value."""
        outcomes = self.outcomes(state)
        if type(outcomes) is not tuple:
            return _outcome_actions(self.chance, outcomes)
        key = (self.chance, outcomes)
        found = _ACTIONS.get(key)
        if found is None:
            if len(_ACTIONS) >= _ACTIONS_KEPT:
                _ACTIONS.clear()
            found = _ACTIONS[key] = _outcome_actions(self.chance, outcomes)
        return found

    def actions_plain(self, state: GameState) -> tuple[tuple[Outcome, int], ...]:
        """:meth:`actions` worked out afresh each time."""
        return _outcome_actions(self.chance, self.outcomes(state))


@dataclass(frozen=True, slots=True)
class Choice(Frame, FrameABC):
    """A player's decision. ``options`` lists every legal decision (sorted, unique)."""

    player: int

    clause: ClassVar[str] = ""

    @abstractmethod
    def options(self, state: GameState) -> tuple[Decision, ...]:
        """Every legal decision now, sorted and unique."""

    @abstractmethod
    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        """Apply the player's legal ``decision`` to ``state``, the state without this frame."""

    def resolve_on_top(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        """What ``self.resolve(state.pop(), decision, ctx)`` returns, given ``state`` with this
        frame still on top (see :meth:`Step.run_on_top`: a decision whose resolution pushes the
        frames that follow it lets them replace its own, one copy instead of two)."""
        return self.resolve(popped(state), decision, ctx)

    def diagnose(self, state: GameState, decision: Decision) -> tuple[str, str]:
        """Why ``decision`` is not legal here: (reason, clause id). Override for precise reasons."""
        return f"'{decision.kind}' is not one of the choices open now ({self.describe()})", self.clause
