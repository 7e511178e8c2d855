"""The ship in one game state as a picture (:class:`~nemesis_rules.board.picture.Picture`), the one
drawing ``show --png/--svg``, ``show --html`` and the report's situation pictures are made from.

On the board of :func:`~nemesis_rules.board.draw.ship_frame` (rooms named to fit their boxes, every
door open, closed or destroyed, a Noise marker in each corridor that holds one and at each technical
corridor entrance when the technical corridors do) it places, in each room: Fire, Malfunction, the
face-down exploration token, the item counter; the Characters (their player's colour and number,
a dot per Light Wound, a square per Serious Wound (hollow when dressed), Slime as a green ring,
Insanity where the game keeps the track); the Intruders and Void Seeders with their injuries; Lairs;
Eggs (the Nest's and loose ones), Carcasses and corpses (the pieces: ``ship_pieces.py``). Below the
ship: the Time and Self-Destruct tracks and the Destination, the Escape Pods with who sits in them,
every Character with its wounds, and a legend (``ship_panels.py``). Hover texts (SVG ``<title>``) name
every piece.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from nemesis_rules.board.draw import MARGIN, noise_marker, ship_frame
from nemesis_rules.board.layout import TECH
from nemesis_rules.board.picture import Picture, Shape, Text, moved
from nemesis_rules.findings.ship_panels import characters_panel, legend_panel, pods_panel, track_panel
from nemesis_rules.findings.ship_pieces import (
    character_piece,
    flow,
    has_insanity,
    intruder_piece,
    object_piece,
    status_badge,
)
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables

PANEL_GAP = 16.0


def _seated(state: GameState) -> set[int]:
    return {p for pod in state.pods for p in pod.occupants}


def _room_pieces(state: GameState, position: str, area: tuple[float, float, float, float]) -> list[Shape]:
    room = state.room(position)
    insanity = has_insanity(state)
    badges: list[tuple[list[Shape], float]] = []
    if room.fire:
        badges.append(status_badge("FIRE", "#ff7a00", "#ffffff", 0, 0, f"fire in room {position}"))
    if room.malfunction:
        badges.append(status_badge("MALF", "#9aa0a6", "#111111", 0, 0, f"malfunction in room {position}"))
    if room.token is not None and not room.explored:
        badges.append(status_badge("token ?", "#1b2a4a", "#ffffff", 0, 0, f"exploration token face down in {position}"))
    if room.items is not None:
        badges.append(
            status_badge(f"items {room.items}", "#ffffff", "#111111", 0, 0, f"item counter in {position}: {room.items}")
        )
    x0, y0, _, _ = area
    out: list[Shape] = []
    x = x0
    for shapes, width in badges:
        out.extend(moved(shapes, x, y0))
        x += width
    cells: list[tuple[list[Shape], float]] = []
    seated = _seated(state)
    for c in state.characters:
        if c.position == position and c.status in ("active", "hibernating") and c.player not in seated:
            cells.append(character_piece(c, 0, 0, insanity))
    for intruder in state.intruders_at(position):
        cells.append(intruder_piece(intruder, 0, 0))
    eggs = state.eggs if room.tile == "nest" else 0
    for _ in range(eggs):
        cells.append(object_piece("egg", 0, 0, f"in the Nest ({position})"))
    for kind, count in room.objects.items():
        for _ in range(count):
            cells.append(object_piece(kind, 0, 0, f"in room {position}"))
    out.extend(flow(cells, area, y0 + (17 if badges else 0)))
    return out


def ship_picture(state: GameState, title_lines: Sequence[str] = (), *, compact: bool = False) -> Picture:
    """The whole picture of ``state``: ``title_lines`` on top, then a status line, the ship with every
    piece, the tracks, the pods, the Characters and the legend; ``compact`` leaves out the Characters'
    list and the legend (a page of many pictures explains them once)."""
    config = state.config
    shapes: list[Shape] = []
    y = MARGIN
    for i, line in enumerate(title_lines):
        shapes.append(Text(MARGIN, y + 12, line, size=14 if i == 0 else 12, bold=i == 0, anchor="start"))
        y += 19
    eggs = f"; eggs in the Nest: {state.eggs}" if state.eggs else ""
    status = (
        f"{config.ruleset.title}, {config.players} player(s); round {state.round}, {state.phase} phase; "
        f"bag {state.bag.total} token(s){eggs}"
    )
    if state.end is not None:
        status += f"; game over: {state.end.reason}"
    shapes.append(Text(MARGIN, y + 12, status, size=12, anchor="start", colour="#333333"))
    y += 24
    tiles = {p: state.room(p).tile for p in config.board.positions if state.room(p).tile is not None}
    doors = dict(zip(config.corridor_ids, state.doors, strict=False))
    unexplored = frozenset(p for p, tile in tiles.items() if tile is not None and not state.room(p).explored)
    frame, geometry = ship_frame(
        config.board,
        tiles={p: t for p, t in tiles.items() if t is not None},
        computers=config.variants.get("computers", "printed"),
        doors=doors,
        noise=state.noise,
        unexplored=unexplored,
        top=y,
    )
    shapes.extend(frame)
    for position in config.board.positions:
        shapes.extend(_room_pieces(state, position, geometry.content(position)))
    y = geometry.bottom + PANEL_GAP
    width = geometry.width
    time, time_w = track_panel(tables.time_track(config), state.time, MARGIN, y, "Time")
    shapes.extend(time)
    base = tables.base(config)
    destruct, _ = track_panel(base.self_destruct_track, state.self_destruct, MARGIN + time_w + 30, y, "Self-destruct")
    shapes.extend(destruct)
    y += 32
    coordinates = f" (Coordinates card {state.coordinates})" if state.coordinates else ""
    shapes.append(Text(MARGIN, y + 14, "Destination", size=11, bold=True, anchor="start"))
    shapes.append(
        Text(
            MARGIN + 92,
            y + 14,
            f"{state.destination}{coordinates}",
            size=11,
            anchor="start",
            tip=f"destination marker: {state.destination}",
        )
    )
    if TECH in state.noise:
        shapes.extend(noise_marker(MARGIN + 400, y + 10, "noise in the technical corridors"))
        shapes.append(Text(MARGIN + 412, y + 14, "Noise in the technical corridors", size=11, anchor="start"))
    y += 26
    pods, pods_h = pods_panel(state, MARGIN, y)
    shapes.extend(pods)
    y += pods_h + 8
    if not compact:
        rows, rows_h = characters_panel(state, MARGIN, y, width - 2 * MARGIN)
        shapes.extend(rows)
        y += rows_h + 8
        legend, legend_h = legend_panel(MARGIN, y, width - 2 * MARGIN, has_insanity(state))
        shapes.extend(legend)
        y += legend_h
    title = " / ".join(title_lines) or "the ship"
    return Picture(math.ceil(width), math.ceil(y + 8), tuple(shapes), title)
