"""What can happen next: a player's decision or a chance outcome (design.md, principle 2).

Both read like the game in a record: ``{"player": 2, "action": "move", "to": "07"}`` and
``{"chance": "noise-roll", "outcome": "3"}``. Parameter values are strings or tuples of
strings so that actions sort and hash.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from nemesis_rules.model.core import fast

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

_decision: Callable[[int, str, tuple[tuple[str, ParamValue], ...]], Decision] = fast.builder(Decision)
"""``Decision(player, kind, params)`` without the frozen dataclass's ``__init__`` (options are
built by the thousand; see :mod:`.fast`)."""
_outcome: Callable[[str, str], Outcome] = fast.builder(Outcome)


presorted: Callable[[int, str, tuple[tuple[str, ParamValue], ...]], Decision] = _decision
"""``presorted(player, kind, params)``: ``Decision(player, kind, params)`` for ``params`` already
sorted by name, each name once (what :meth:`Decision.make` would make of them), built without
sorting (options that list hundreds of decisions per turn build them in order)."""


def outcome(chance: str, result: str) -> Outcome:
    """``Outcome(chance, result)``, built the way :func:`_decision` builds a decision."""
    return _outcome(chance, result)
