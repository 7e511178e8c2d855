"""The ship layout as data: positions, corridors with their noise numbers, technical entrances.

The basic side of the board (shared/rules/facts.md §9). A layout is plain data; it is checked
by :mod:`nemesis_rules.board.checks` and built into a frozen graph by
:mod:`nemesis_rules.board.graph`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any, Literal

from nemesis_rules.errors import BadInputError
from nemesis_rules.provenance import Provenance

PositionKind = Literal["printed", "slot-1", "slot-2"]
POSITION_KINDS: tuple[PositionKind, ...] = ("printed", "slot-1", "slot-2")
TECH = "tech"
"""The id of the single shared technical corridor space (one Noise marker for all entrances)."""


@dataclass(frozen=True, slots=True)
class Position:
    """A numbered place on the board: a printed room or a slot for a room tile."""

    id: str
    kind: PositionKind
    room: str | None
    xy: tuple[float, float]


@dataclass(frozen=True, slots=True)
class Corridor:
    """A corridor between two positions; one door, one Noise space, one or two numbers."""

    id: str
    between: tuple[str, str]
    numbers: tuple[int, ...]

    def other_end(self, position: str) -> str:
        a, b = self.between
        return b if position == a else a


@dataclass(frozen=True, slots=True)
class TechnicalEntrance:
    """An entrance to the shared technical corridor space, with the noise numbers it bears."""

    position: str
    numbers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Layout:
    """A whole board side as declared data, with the counts it claims to have."""

    name: str
    positions: tuple[Position, ...]
    corridors: tuple[Corridor, ...]
    technical_entrances: tuple[TechnicalEntrance, ...]
    expected: tuple[tuple[str, int], ...]
    provenance: Provenance
    corridor_provenance: Provenance
    technical_provenance: Provenance


def corridor_id(a: str, b: str) -> str:
    """The stable id of the corridor between two positions: the two numbers in order, ``"01-02"``."""
    lo, hi = sorted((a, b))
    return f"{lo}-{hi}"


def layout_from_mapping(raw: Mapping[str, Any]) -> Layout:
    """Build a layout from its TOML-shaped mapping; malformed entries raise BadInputError."""
    try:
        source = str(raw.get("source", "unknown"))
        positions = tuple(
            Position(
                id=str(p["id"]),
                kind=p["kind"],
                room=p.get("room"),
                xy=(float(p.get("xy", (0.0, 0.0))[0]), float(p.get("xy", (0.0, 0.0))[1])),
            )
            for p in raw.get("position", ())
        )
        corridors = tuple(
            Corridor(
                id=corridor_id(str(c["between"][0]), str(c["between"][1])),
                between=(str(c["between"][0]), str(c["between"][1])),
                numbers=tuple(int(n) for n in c["numbers"]),
            )
            for c in raw.get("corridor", ())
        )
        technical = tuple(
            TechnicalEntrance(position=str(t["position"]), numbers=tuple(int(n) for n in t["numbers"]))
            for t in raw.get("technical_entrance", ())
        )
        expected = tuple((str(k), int(v)) for k, v in raw.get("expected", {}).items())
        return Layout(
            name=str(raw.get("name", "unnamed")),
            positions=positions,
            corridors=corridors,
            technical_entrances=technical,
            expected=expected,
            provenance=Provenance(source),
            corridor_provenance=Provenance.from_table(raw.get("corridor_provenance", {}), source),
            technical_provenance=Provenance.from_table(raw.get("technical_provenance", {}), source),
        )
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise BadInputError(f"malformed layout: {exc!r}") from None


@cache
def basic_layout() -> Layout:
    """The basic side of the printed board (facts.md §9)."""
    text = (files("nemesis_rules.board") / "data" / "basic-side.toml").read_text(encoding="utf-8")
    return layout_from_mapping(tomllib.loads(text))
