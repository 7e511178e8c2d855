"""Ways across the ship for the random players (:mod:`nemesis_rules.players.strategies` and its goal
modules): corridor steps between positions of the static board, and the moves that bring a
character nearer to where it is heading."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType

from nemesis_rules.board.graph import Board
from nemesis_rules.model.core.actions import Action, Decision
from nemesis_rules.model.core.state import GameState

MOVES = frozenset({"move", "careful-move"})
"""The decisions that walk a character into a neighbouring room."""


class Listed:
    """One listing of decisions as the goals read it, worked out once per listing (the goals
    of one choice scan the same list several times): every decision, in order (``own``); the
    moves with where each goes (``moves``); the others (``others``), in order."""

    __slots__ = ("_moves", "_others", "own")

    def __init__(self, decisions: Iterable[Action]) -> None:
        self.own = tuple([a for a in decisions if isinstance(a, Decision)])
        self._moves: tuple[tuple[Decision, str], ...] | None = None
        self._others: tuple[Decision, ...] | None = None

    @property
    def moves(self) -> tuple[tuple[Decision, str], ...]:
        if self._moves is None:
            self._moves = tuple([(a, _destination(a)) for a in self.own if a.kind in MOVES])
        return self._moves

    @property
    def others(self) -> tuple[Decision, ...]:
        if self._others is None:
            self._others = tuple([a for a in self.own if a.kind not in MOVES])
        return self._others


def _destination(move: Decision) -> str:
    """Where a move goes: its last parameter, "to" (sorting last of a move's names), looked up
    by name should it not be."""
    name, value = move.params[-1]
    return str(value if name == "to" else move.get("to"))


def listed(decisions: Iterable[Action]) -> Listed:
    """:class:`Listed` for ``decisions``, kept for the last tuple asked about (the very same
    tuple object: holding it keeps the ``is`` test sound, and a tuple cannot change). Another
    iterable, such as a list a goal built, is read afresh."""
    if type(decisions) is not tuple:
        return Listed(decisions)
    kept = _LISTED[0]
    if kept is not None and kept[0] is decisions:
        return kept[1]
    found = Listed(decisions)
    _LISTED[0] = (decisions, found)
    return found


_LISTED: list[tuple[tuple[Action, ...], Listed] | None] = [None]


@lru_cache(maxsize=256)
def distances(board: Board, target: str, avoid: frozenset[str] = frozenset()) -> Mapping[str, int]:
    """Corridor steps from every position to ``target`` without passing through a room of
    ``avoid`` (the static board, and the few dangers that recur from decision to decision:
    each worked out once)."""
    dist = {target: 0}
    queue = deque([target])
    while queue:
        here = queue.popleft()
        for there in board.neighbours[here]:
            if there not in dist and there not in avoid:
                dist[there] = dist[here] + 1
                queue.append(there)
    return MappingProxyType(dist)


def steps(board: Board, origin: str, target: str) -> int:
    """Corridor steps from ``origin`` to ``target``; a position count when no way leads there."""
    return distances(board, target).get(origin, len(board.neighbours))


def closer_moves(
    state: GameState,
    player: int,
    targets: Sequence[str],
    decisions: Iterable[Action],
    avoid: frozenset[str] | set[str] = frozenset(),
) -> list[Decision]:
    """The moves among ``decisions`` that bring ``player`` a step nearer to the nearest of
    ``targets``, never into a room of ``avoid`` (in the order given)."""
    board = state.config.board

    def nearest(position: str) -> int:
        return min(steps(board, position, t) for t in targets)

    here = nearest(state.character(player).position)
    return [a for a, to in listed(decisions).moves if to not in avoid and nearest(to) < here]
