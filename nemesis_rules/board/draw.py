"""The ship as a picture, laid out like the printed board: bow (Cockpit) left, Engines right.

:func:`ship_frame` draws what the board itself shows and where a state's pieces go: each room a
box in its colour with its number and its name fitted to the box, each corridor with its number(s),
its door (open, closed or destroyed) and its Noise marker, each technical corridor entrance with its
numbers. It answers the shapes and the :class:`ShipGeometry` a state picture places its pieces by
(``nemesis_rules.findings.ship_picture``). :func:`board_picture` is the board alone; either is
written as SVG or PNG by :mod:`nemesis_rules.board.picture_file`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

from nemesis_rules.board.graph import Board
from nemesis_rules.board.layout import TECH
from nemesis_rules.board.picture import Circle, Line, Picture, Polygon, Rect, Shape, Text, fit_text
from nemesis_rules.board.rooms import room_catalogue

ROOM_FILL = {"red": "#f4c7c3", "yellow": "#fbefb0", "green": "#cfe8c8", "white": "#f2f2f2", "none": "#d9d9ee"}
BOX_W, BOX_H = 176.0, 122.0
"""A room's box in pixels: its heading (up to two lines) takes the top 34, its pieces the rest."""
HEADING_H = 34.0
X_UNIT, Y_UNIT = 250.0, 104.0
"""Pixels per unit of the layout's drawing coordinates (bow to stern, port to starboard)."""
MARGIN = 24.0
DOOR_COLOURS = {"open": "#ffffff", "closed": "#6b3e1f", "destroyed": "#ffffff"}
NOISE_FILL = "#ffd400"


@dataclass(frozen=True, slots=True)
class ShipGeometry:
    """Where things are on a ship picture: each room's box ``(x, y, w, h)``, the free area under its
    heading, each technical entrance's badge, and the height the ship takes."""

    boxes: Mapping[str, tuple[float, float, float, float]]
    tech_badges: Mapping[str, tuple[float, float, float, float]] = field(default_factory=dict)
    top: float = 0.0
    bottom: float = 0.0
    width: float = 0.0

    def content(self, position: str) -> tuple[float, float, float, float]:
        """The part of a room's box under its heading, where pieces go."""
        x, y, w, h = self.boxes[position]
        return x + 5, y + HEADING_H + 2, w - 10, h - HEADING_H - 6


def noise_marker(x: float, y: float, tip: str, r: float = 7.5) -> list[Shape]:
    """A Noise marker: a yellow disc with an N."""
    return [
        Circle(x, y, r, fill=NOISE_FILL, stroke="#7a6200", width=1.2, tip=tip),
        Text(x, y + r * 0.45, "N", size=r * 1.35, bold=True, colour="#5a4800"),
    ]


def door_shapes(x: float, y: float, ux: float, uy: float, state: str, tip: str) -> list[Shape]:
    """A door across a corridor whose direction is ``(ux, uy)``: open, a white frame; closed, a solid
    brown bar; destroyed, a dashed frame struck through in red."""
    nx, ny = -uy, ux  # across the corridor
    half_long, half_thick = 12.0, 4.5
    corners = tuple(
        (x + nx * a * half_long + ux * b * half_thick, y + ny * a * half_long + uy * b * half_thick)
        for a, b in ((-1, -1), (1, -1), (1, 1), (-1, 1))
    )
    if state == "closed":
        return [Polygon(corners, fill=DOOR_COLOURS["closed"], stroke="#2b1a0d", width=1.2, tip=tip)]
    if state == "destroyed":
        (ax, ay), (bx, by), (cx, cy), (dx, dy) = corners
        return [
            Polygon(corners, fill="#ffffff", stroke="#999999", width=1.0, tip=tip),
            Line(ax, ay, cx, cy, stroke="#d00000", width=2.2),
            Line(bx, by, dx, dy, stroke="#d00000", width=2.2),
        ]
    return [Polygon(corners, fill="#ffffff", stroke="#555555", width=1.2, tip=tip)]


def _box_edge(cx: float, cy: float, ux: float, uy: float) -> float:
    """How far from a box's centre a ray in direction ``(ux, uy)`` leaves the box."""
    tx = (BOX_W / 2) / abs(ux) if ux else math.inf
    ty = (BOX_H / 2) / abs(uy) if uy else math.inf
    return min(tx, ty)


def ship_frame(
    board: Board,
    *,
    tiles: Mapping[str, str] | None = None,
    computers: str = "printed",
    doors: Mapping[str, str] | None = None,
    noise: frozenset[str] = frozenset(),
    unexplored: frozenset[str] = frozenset(),
    top: float = MARGIN,
) -> tuple[list[Shape], ShipGeometry]:
    """The ship's rooms, corridors, doors, Noise markers and technical entrances, from ``top`` down.

    ``tiles`` maps positions to the room tiles placed there (printed rooms need none); ``doors`` maps
    corridor ids to ``open``, ``closed`` or ``destroyed`` (open where not given); ``noise`` holds the
    corridor ids with a Noise marker, and ``tech`` for the technical corridors' one marker, drawn at
    every entrance; ``unexplored`` positions show their tile dimmed, as a face-down token waits there.
    """
    catalogue = room_catalogue(computers)
    names = dict(board.printed_rooms)
    names.update(tiles or {})
    points = {p.id: p.xy for p in board.layout.positions}
    x0 = min(x for x, _ in points.values())
    y1 = max(y for _, y in points.values())
    centre = {
        pid: (MARGIN + BOX_W / 2 + (x - x0) * X_UNIT, top + BOX_H / 2 + (y1 - y) * Y_UNIT)
        for pid, (x, y) in points.items()
    }
    shapes: list[Shape] = []
    overlay: list[Shape] = []
    for corridor in board.layout.corridors:
        a, b = corridor.between
        (ax, ay), (bx, by) = centre[a], centre[b]
        length = math.hypot(bx - ax, by - ay)
        ux, uy = (bx - ax) / length, (by - ay) / length
        start = _box_edge(ax, ay, ux, uy)
        end = length - _box_edge(bx, by, -ux, -uy)
        mid = (start + end) / 2
        mx, my = ax + ux * mid, ay + uy * mid
        numbers = ",".join(str(n) for n in corridor.numbers)
        shapes.append(Line(ax, ay, bx, by, stroke="#6d6d6d", width=3.0))
        state = (doors or {}).get(corridor.id, "open")
        overlay.extend(door_shapes(mx, my, ux, uy, state, f"door {corridor.id}: {state}"))
        nx, ny = -uy, ux
        if ny > 0 or (ny == 0 and nx < 0):  # the number on the upper side (or left), the marker opposite
            nx, ny = -nx, -ny
        lx, ly = mx + nx * 20, my + ny * 20
        radius = 9.0 if len(numbers) == 1 else 12.5
        overlay.append(Circle(lx, ly, radius, fill="#ffffff", stroke="#555555", width=1.2, tip=f"corridor {numbers}"))
        overlay.append(Text(lx, ly + 3.6, numbers, size=10.0, bold=True, colour="#333333"))
        if corridor.id in noise:
            overlay.extend(noise_marker(mx - nx * 20, my - ny * 20, f"noise in corridor {corridor.id}"))
    boxes: dict[str, tuple[float, float, float, float]] = {}
    badges: dict[str, tuple[float, float, float, float]] = {}
    tech = {t.position: t.numbers for t in board.layout.technical_entrances}
    for pid in board.positions:
        cx, cy = centre[pid]
        x, y = cx - BOX_W / 2, cy - BOX_H / 2
        boxes[pid] = (x, y, BOX_W, BOX_H)
        tile = names.get(pid)
        room = catalogue.get(tile) if tile else None
        fill = ROOM_FILL[room.colour] if room is not None else "#ffffff"
        label = room.name if room is not None else f"({board.kinds[pid]} slot)"
        tip = f"room {pid}: {label}" + (", unexplored" if pid in unexplored else "")
        shapes.append(
            Rect(x, y, BOX_W, BOX_H, fill=fill, stroke="#333333", width=1.4, radius=7, dash=pid in unexplored, tip=tip)
        )
        shapes.append(Text(x + 6, y + 15, pid, size=11.5, bold=True, anchor="start", colour="#222222"))
        lines, size = fit_text(label, BOX_W - 40, size=12.0, min_size=8.0, max_lines=2)
        for i, line in enumerate(lines):
            baseline = y + 14 + i * (size + 1.5) if len(lines) > 1 else y + 18
            shapes.append(Text(x + 30, baseline, line, size=size, bold=True, anchor="start", italic=pid in unexplored))
        if pid in tech:
            text = "T" + ",".join(str(n) for n in tech[pid])
            w = 8 + 6.5 * len(text)
            bx, by = x + BOX_W - w - 3, y + BOX_H - 17
            badges[pid] = (bx, by, w, 14)
            overlay.append(
                Rect(bx, by, w, 14, fill="#c46a00", radius=3, tip=f"technical entrance {pid}: corridor {text[1:]}")
            )
            overlay.append(Text(bx + w / 2, by + 11, text, size=10.0, bold=True, colour="#ffffff"))
            if TECH in noise:
                overlay.extend(noise_marker(bx - 9, by + 7, f"noise in the technical corridors (entrance {pid})", 6.5))
    right = max(x + w for x, _, w, _ in boxes.values()) + MARGIN
    bottom = max(y + h for _, y, _, h in boxes.values())
    return [*shapes, *overlay], ShipGeometry(boxes, badges, top, bottom, right)


def board_picture(board: Board, title: str | None = None) -> Picture:
    """The board alone: rooms (placed tiles unknown, so slots say which pool they take), corridors
    with their numbers and open doors, technical entrances."""
    heading = title or (
        f"Nemesis ship, {board.layout.name} side: corridor numbers beside the corridors, "
        "T = technical corridor entrance and its numbers"
    )
    shapes, geometry = ship_frame(board, top=MARGIN + 24)
    shapes.insert(0, Text(MARGIN, MARGIN + 8, heading, size=14, bold=True, anchor="start"))
    shapes.append(Text(MARGIN, geometry.bottom + 24, "bow", size=11, italic=True, anchor="start"))
    shapes.append(Text(geometry.width - MARGIN, geometry.bottom + 24, "stern", size=11, italic=True, anchor="end"))
    return Picture(math.ceil(geometry.width), math.ceil(geometry.bottom + 36), tuple(shapes), heading)
