"""Board exports: the JSON contract, Graphviz DOT and GraphML.

The JSON shape is a contract other commands and tests rely on::

    {"name", "positions": [{"id", "kind", "room", "xy"}],
     "corridors": [{"id", "between", "numbers", "door"}],
     "technical_entrances": [{"position", "numbers"}],
     "rooms": [...the room catalogue...], "sources": {...}}
"""

from __future__ import annotations

import io
import json
from typing import Any

import networkx as nx

from nemesis_rules.board.graph import Board
from nemesis_rules.board.rooms import room_catalogue

FORMATS: tuple[str, ...] = ("json", "dot", "graphml")


def board_dict(board: Board, computers: str = "printed") -> dict[str, Any]:
    """The board and the room catalogue as plain JSON-ready data."""
    layout = board.layout
    return {
        "name": layout.name,
        "positions": [
            {"id": p.id, "kind": p.kind, "room": p.room, "xy": list(p.xy)}
            for p in sorted(layout.positions, key=lambda p: p.id)
        ],
        "corridors": [
            {"id": c.id, "between": list(c.between), "numbers": list(c.numbers), "door": True}
            for c in sorted(layout.corridors, key=lambda c: c.id)
        ],
        "technical_entrances": [
            {"position": t.position, "numbers": list(t.numbers)}
            for t in sorted(layout.technical_entrances, key=lambda t: t.position)
        ],
        "rooms": [room.as_dict() for room in room_catalogue(computers).values()],
        "sources": {
            "layout": layout.provenance.as_dict(),
            "corridors": layout.corridor_provenance.as_dict(),
            "technical_entrances": layout.technical_provenance.as_dict(),
        },
    }


def to_json(board: Board, computers: str = "printed") -> str:
    return json.dumps(board_dict(board, computers), indent=2) + "\n"


def _dot_quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def to_dot(board: Board) -> str:
    """An undirected Graphviz graph: positions as boxes, corridors labelled with their numbers."""
    lines = [f"graph {_dot_quote(board.layout.name)} {{", "  rankdir=LR;", "  node [shape=box];"]
    for p in sorted(board.layout.positions, key=lambda p: p.id):
        label = p.id if p.room is None else f"{p.id}\\n{p.room}"
        if p.id in board.technical_positions:
            nums = ",".join(str(n) for t in board.layout.technical_entrances if t.position == p.id for n in t.numbers)
            label += f"\\ntech {nums}"
        lines.append(f"  {_dot_quote(p.id)} [label={_dot_quote(label)}, kind={_dot_quote(p.kind)}];")
    for c in sorted(board.layout.corridors, key=lambda c: c.id):
        nums = ",".join(str(n) for n in c.numbers)
        lines.append(f"  {_dot_quote(c.between[0])} -- {_dot_quote(c.between[1])} [label={_dot_quote(nums)}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def to_graphml(board: Board) -> str:
    """GraphML with scalar attributes (numbers joined by commas; technical entrances on nodes)."""
    graph: nx.Graph = nx.Graph(name=board.layout.name)
    tech = {t.position: ",".join(str(n) for n in t.numbers) for t in board.layout.technical_entrances}
    for p in board.layout.positions:
        graph.add_node(p.id, kind=p.kind, room=p.room or "", technical=tech.get(p.id, ""), x=p.xy[0], y=p.xy[1])
    for c in board.layout.corridors:
        graph.add_edge(*c.between, id=c.id, numbers=",".join(str(n) for n in c.numbers))
    buffer = io.BytesIO()
    nx.write_graphml(graph, buffer)
    return buffer.getvalue().decode("utf-8")


def export(board: Board, fmt: str, computers: str = "printed") -> str:
    """The board in one of :data:`FORMATS`."""
    if fmt == "json":
        return to_json(board, computers)
    if fmt == "dot":
        return to_dot(board)
    if fmt == "graphml":
        return to_graphml(board)
    raise ValueError(f"unknown format {fmt!r}")
