"""The ship as a frozen networkx graph plus the lookups the engine asks on its hot path.

Nodes are positions ("01".."21") with ``kind`` and ``room`` (printed rooms only); edges are
corridors with ``id`` and ``numbers``. The technical corridor space is not a node: it is one
shared space reached from the entrances (facts.md §9, RU-RB p.16), exposed as
:data:`~nemesis_rules.board.layout.TECH` in :attr:`Board.space_by_number`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

import networkx as nx

from nemesis_rules.board.checks import layout_problems
from nemesis_rules.board.layout import TECH, Corridor, Layout, basic_layout
from nemesis_rules.errors import DataError


@dataclass(frozen=True, slots=True, eq=False)
class Board:
    """A checked layout and everything derived from it. Immutable; build with :func:`build_board`."""

    layout: Layout
    graph: nx.Graph
    positions: tuple[str, ...]
    corridors: Mapping[str, Corridor]
    neighbours: Mapping[str, tuple[str, ...]]
    corridors_at: Mapping[str, tuple[str, ...]]
    """Corridor ids at a position, in order of their lowest number."""
    spaces_at: Mapping[str, tuple[str, ...]]
    """Corridor ids at a position plus :data:`TECH` where there is an entrance (noise spaces)."""
    space_by_number: Mapping[str, Mapping[int, str]]
    """For a position and a noise/event number 1-4: the corridor id, or TECH, that bears it."""
    technical_positions: frozenset[str]
    kinds: Mapping[str, str]
    printed_rooms: Mapping[str, str]
    corridor_between: Mapping[tuple[str, str], str]

    def slots(self, kind: str) -> tuple[str, ...]:
        """The positions of one kind ("printed", "slot-1", "slot-2"), in number order."""
        return tuple(p for p in self.positions if self.kinds[p] == kind)


def build_board(layout: Layout) -> Board:
    """Check ``layout`` and build the frozen board; a broken layout raises DataError listing every problem."""
    problems = layout_problems(layout)
    if problems:
        raise DataError(f"layout {layout.name!r} is broken: " + "; ".join(problems))
    graph: nx.Graph = nx.Graph(name=layout.name)
    for p in layout.positions:
        graph.add_node(p.id, kind=p.kind, room=p.room, xy=p.xy)
    for c in layout.corridors:
        graph.add_edge(*c.between, id=c.id, numbers=c.numbers)
    nx.freeze(graph)

    positions = tuple(sorted(p.id for p in layout.positions))
    corridors = {c.id: c for c in layout.corridors}
    tech = {t.position: t.numbers for t in layout.technical_entrances}
    corridors_at: dict[str, tuple[str, ...]] = {}
    spaces_at: dict[str, tuple[str, ...]] = {}
    by_number: dict[str, Mapping[int, str]] = {}
    neighbours: dict[str, tuple[str, ...]] = {}
    between: dict[tuple[str, str], str] = {}
    for pid in positions:
        here = sorted((c for c in layout.corridors if pid in c.between), key=lambda c: min(c.numbers))
        corridors_at[pid] = tuple(c.id for c in here)
        spaces_at[pid] = corridors_at[pid] + ((TECH,) if pid in tech else ())
        numbers: dict[int, str] = {}
        for c in here:
            for n in c.numbers:
                numbers[n] = c.id
            between[(pid, c.other_end(pid))] = c.id
        for n in tech.get(pid, ()):
            numbers[n] = TECH
        by_number[pid] = MappingProxyType(dict(sorted(numbers.items())))
        neighbours[pid] = tuple(sorted(c.other_end(pid) for c in here))
    return Board(
        layout=layout,
        graph=graph,
        positions=positions,
        corridors=MappingProxyType(corridors),
        neighbours=MappingProxyType(neighbours),
        corridors_at=MappingProxyType(corridors_at),
        spaces_at=MappingProxyType(spaces_at),
        space_by_number=MappingProxyType(by_number),
        technical_positions=frozenset(tech),
        kinds=MappingProxyType({p.id: p.kind for p in layout.positions}),
        printed_rooms=MappingProxyType({p.id: p.room for p in layout.positions if p.room}),
        corridor_between=MappingProxyType(between),
    )


@cache
def basic_board() -> Board:
    """The basic side of the board, checked and frozen (built once per process)."""
    return build_board(basic_layout())
