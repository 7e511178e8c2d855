"""What can happen next: a player's decision or a chance outcome (design.md, principle 2).

Both read like the game in a record: ``{"player": 2, "action": "move", "to": "07"}`` and
``{"chance": "noise-roll", "outcome": "3"}``. Parameter values are strings or tuples of
strings so that actions sort and hash.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

ParamValue = str | tuple[str, ...]


@dataclass(frozen=True, slots=True, order=True)
class Decision:
    """A player's choice: ``kind`` (the action word) and its parameters, sorted by name."""

    player: int
    kind: str
    params: tuple[tuple[str, ParamValue], ...] = ()

    @classmethod
    def make(cls, player: int, kind: str, **params: ParamValue) -> Decision:
        if cls is not Decision:
            return cls(player, kind, tuple(sorted(params.items())))
        items = tuple(params.items())
        n = len(items)
        if n == 2:  # the most common shape (a target and a payment): one comparison
            if items[0][0] > items[1][0]:
                items = (items[1], items[0])
        elif n == 3:  # a careful move (destination, Noise space, payment): at most three comparisons
            a, b, c = items
            if a[0] > b[0]:
                a, b = b, a
            if b[0] > c[0]:
                b, c = c, b
                if a[0] > b[0]:
                    a, b = b, a
            items = (a, b, c)
        elif n > 3:
            items = tuple(sorted(items))
        return _decision(player, kind, items)

    def get(self, name: str, default: ParamValue | None = None) -> ParamValue | None:
        for key, value in self.params:
            if key == name:
                return value
        return default

    def text(self, name: str) -> str:
        value = self.get(name)
        if not isinstance(value, str):
            raise KeyError(name)
        return value

    def cards(self, name: str = "pay") -> tuple[str, ...]:
        value = self.get(name, ())
        return value if isinstance(value, tuple) else (value,) if value else ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"player": self.player, "action": self.kind}
        for key, value in self.params:
            out[key] = list(value) if isinstance(value, tuple) else value
        return out

    def __str__(self) -> str:
        args = " ".join(f"{k}={','.join(v) if isinstance(v, tuple) else v}" for k, v in self.params)
        return f"player {self.player} {self.kind}" + (f" {args}" if args else "")


def paid_each(
    player: int,
    kind: str,
    before: tuple[tuple[str, ParamValue], ...],
    ways: Iterable[tuple[str, ...]],
    after: tuple[tuple[str, ParamValue], ...] = (),
) -> list[Decision]:
    """One decision per way to pay: parameters ``before`` (each named before "pay"), then
    ``("pay", way)``, then ``after`` (each named after it), as :meth:`Decision.make` would sort
    them. An action's payment variants differ only in the cards paid: each is built from the
    same parameters, without sorting or keyword handling for each."""
    return [_decision(player, kind, (*before, ("pay", way), *after)) for way in ways]


def decision_key(decision: Decision) -> tuple[int, str, tuple[tuple[str, ParamValue], ...]]:
    """The sort key of a decision (the same order as comparing them, computed much faster)."""
    return (decision.player, decision.kind, decision.params)


@dataclass(frozen=True, slots=True, order=True)
class Outcome:
    """A chance outcome: which chance node (``chance``) and what came out (``outcome``)."""

    chance: str
    outcome: str

    def to_json(self) -> dict[str, Any]:
        return {"chance": self.chance, "outcome": self.outcome}

    def __str__(self) -> str:
        return f"{self.chance} -> {self.outcome}"


Action = Decision | Outcome

_new = object.__new__
_set_player = Decision.__dict__["player"].__set__
_set_kind = Decision.__dict__["kind"].__set__
_set_params = Decision.__dict__["params"].__set__
_set_chance = Outcome.__dict__["chance"].__set__
_set_outcome = Outcome.__dict__["outcome"].__set__


class _DecisionDraft:
    """A plain slotted twin of :class:`Decision` (the same slots in the same order, so the same
    memory layout, without the frozen ``__setattr__``): plain attribute stores fill it, then its
    class becomes ``Decision`` (CPython checks the layouts match), as the state copies are made
    (``nemesis_rules.model.core.state._make_copier``)."""

    __slots__ = ("player", "kind", "params")  # noqa: RUF023 - the order of Decision's own fields


def _twin_accepted() -> bool:
    """Whether this Python lets a draft become a ``Decision`` (CPython does)."""
    try:
        draft: Any = _new(_DecisionDraft)
        draft.player, draft.kind, draft.params = 0, "", ()
        draft.__class__ = Decision
    except TypeError:  # pragma: no cover - CPython accepts it
        return False
    return True


if _twin_accepted():

    def _decision(player: int, kind: str, params: tuple[tuple[str, ParamValue], ...]) -> Decision:
        """``Decision(player, kind, params)`` without the frozen dataclass's ``__init__`` (options
        are built by the thousand: filling a plain twin and switching its class is about four
        times as fast)."""
        out: Any = _new(_DecisionDraft)
        out.player = player
        out.kind = kind
        out.params = params
        out.__class__ = Decision
        decision: Decision = out
        return decision

else:  # pragma: no cover - another Python: the slot descriptors themselves

    def _decision(player: int, kind: str, params: tuple[tuple[str, ParamValue], ...]) -> Decision:
        """``Decision(player, kind, params)`` without the frozen dataclass's ``__init__``."""
        out: Decision = _new(Decision)
        _set_player(out, player)
        _set_kind(out, kind)
        _set_params(out, params)
        return out


presorted: Callable[[int, str, tuple[tuple[str, ParamValue], ...]], Decision] = _decision
"""``presorted(player, kind, params)``: ``Decision(player, kind, params)`` for ``params`` already
sorted by name, each name once (what :meth:`Decision.make` would make of them), built without
sorting (options that list hundreds of decisions per turn build them in order)."""


def outcome(chance: str, result: str) -> Outcome:
    """``Outcome(chance, result)``, built the way :func:`_decision` builds a decision."""
    out: Outcome = _new(Outcome)
    _set_chance(out, chance)
    _set_outcome(out, result)
    return out
