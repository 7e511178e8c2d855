"""Ways across the ship for the random players (:mod:`nemesis_rules.model.players` and its goal
modules): corridor steps between positions of the static board, and the moves that bring a
character nearer to where it is heading."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType

from nemesis_rules.board.graph import Board
from nemesis_rules.model.actions import Action, Decision
from nemesis_rules.model.state import GameState

MOVES = frozenset({"move", "careful-move"})
"""The decisions that walk a character into a neighbouring room."""


@lru_cache(maxsize=64)
def distances(board: Board, target: str) -> Mapping[str, int]:
    """Corridor steps from every position to ``target`` (the static board: computed once)."""
    dist = {target: 0}
    queue = deque([target])
    while queue:
        here = queue.popleft()
        for there in board.neighbours[here]:
            if there not in dist:
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
    return [
        a
        for a in decisions
        if isinstance(a, Decision) and a.kind in MOVES and a.get("to") not in avoid and nearest(str(a.get("to"))) < here
    ]
