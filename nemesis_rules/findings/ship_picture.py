"""The ship in one game state as a picture (:class:`~nemesis_rules.board.picture.Picture`), the one
drawing ``show --png/--svg``, ``show --html`` and the report's situation pictures are made from.

On the board of :func:`~nemesis_rules.board.draw.ship_frame` (rooms named to fit their boxes, every
door open, closed or destroyed, a Noise marker in each corridor that holds one and at each technical
corridor entrance when the technical corridors do) it places, in each room: Fire, Malfunction, the
face-down exploration token, the item counter; the Characters (their player's colour and number,
a dot per Light Wound, a square per Serious Wound (hollow when dressed), Slime as a green ring,
Insanity where the game keeps the track); the Intruders and Void Seeders with their injuries; Lairs;
Eggs (the Nest's and loose ones), Carcasses and corpses. Below the ship: the Time and Self-Destruct
tracks and the Destination, the Escape Pods with who sits in them, every Character with its wounds,
and a legend. Hover texts (SVG ``<title>``) name every piece.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from nemesis_rules.board.draw import MARGIN, door_shapes, noise_marker, ship_frame
from nemesis_rules.board.layout import TECH
from nemesis_rules.board.picture import Circle, Line, Picture, Polygon, Rect, Shape, Text, fit_text, text_width
from nemesis_rules.model.core.state import Character, GameState, Intruder, Pod
from nemesis_rules.model.data import tables
from nemesis_rules.model.data.tracks import Track
from nemesis_rules.model.rules.void_seeders.components import LAIR, PANIC_DECK, SEEDER_TYPES

PLAYER_COLOURS = ("#2a6fdb", "#d33c3c", "#d9a400", "#2f9e44", "#8e44ad")
"""Players 1 to 5: blue, red, yellow, green, purple (the order of the Void Seeders' Insanity tokens)."""
INTRUDER_FILL = {
    "larva": "#9c8462",
    "creeper": "#5d5d5d",
    "adult": "#2f2f2f",
    "breeder": "#1c1c1c",
    "queen": "#000000",
}
SEEDER_FILL = "#4b1d6b"
LAIR_FILL = "#9b59b6"
TRACK_FILL = {"green": "#cfe8c8", "white": "#ffffff", "blue": "#cfe0f6", "red": "#f4c7c3", "yellow": "#fbefb0"}
PIECE_H = 34.0
PANEL_GAP = 16.0


def player_colour(player: int) -> str:
    return PLAYER_COLOURS[(player - 1) % len(PLAYER_COLOURS)]


def _has_insanity(state: GameState) -> bool:
    """The Insanity track comes with the Panic deck (Void Seeders); the base game has neither."""
    return any(name == PANIC_DECK for name, _ in state.decks)


# -- pieces: each draws itself at (x, y), the top left of its cell, and says how wide it is ---------


def character_piece(c: Character, x: float, y: float, insanity: bool) -> tuple[list[Shape], float]:
    """A Character: a disc in its player's colour (grey while hibernating) with the player's number;
    under it a dot per Light Wound and a square per Serious Wound (hollow when dressed); Slime a green
    ring; Insanity a purple number at its shoulder."""
    cx, cy = x + 13, y + 11
    wounds = list(c.serious_wounds)
    dressed = list(c.dressed)
    tip = (
        f"character P{c.player} {c.name} ({c.status}): {c.light_wounds} light wound(s), "
        f"serious: {', '.join(wounds) or 'none'}" + (f" (dressed: {', '.join(dressed)})" if dressed else "")
    )
    if insanity:
        tip += f"; insanity {c.insanity}"
    if c.slime:
        tip += "; slime"
    shapes: list[Shape] = []
    if c.slime:
        shapes.append(Circle(cx, cy, 12.5, fill="none", stroke="#3fbf3f", width=3.0, tip=f"slime on P{c.player}"))
    fill = player_colour(c.player) if c.active else "#b8b8b8"  # a hibernating Character greyed
    shapes.append(Circle(cx, cy, 10, fill=fill, stroke="#111111", width=1.2, tip=tip))
    shapes.append(Text(cx, cy + 4.3, str(c.player), size=12, bold=True, colour="#ffffff"))
    if insanity:
        shapes.append(
            Circle(
                cx + 11,
                cy - 8,
                6,
                fill="#f3e6fa",
                stroke="#6c2a8c",
                width=1.0,
                tip=f"insanity P{c.player}: {c.insanity}",
            )
        )
        shapes.append(Text(cx + 11, cy - 5.2, str(c.insanity), size=8.5, bold=True, colour="#4b1d6b"))
    px = x + 2
    for _ in range(c.light_wounds):
        shapes.append(Circle(px + 2.5, y + 27, 2.5, fill="#d00000", tip=f"light wound P{c.player}"))
        px += 6
    for i, wound in enumerate(wounds):
        is_dressed = wounds[: i + 1].count(wound) <= dressed.count(wound)  # the first n of a kind are dressed
        shapes.append(
            Rect(
                px,
                y + 24,
                5.5,
                5.5,
                fill="#ffffff" if is_dressed else "#8b0000",
                stroke="#8b0000",
                width=1.0,
                tip=f"serious wound P{c.player}: {wound}" + (" (dressed)" if is_dressed else ""),
            )
        )
        px += 7
    return shapes, max(36.0 if insanity else 30.0, px - x + 2)


def intruder_piece(intruder: Intruder, x: float, y: float) -> tuple[list[Shape], float]:
    """An Intruder or Void Seeder: a dark tag with its kind (a Lair a purple square), a red dot
    per injury under it."""
    kind = intruder.kind
    injuries = f", {intruder.injuries} injur{'y' if intruder.injuries == 1 else 'ies'}" if intruder.injuries else ""
    shapes: list[Shape] = []
    if kind == LAIR:
        tip = f"lair #{intruder.id}{injuries}"
        shapes.append(Rect(x + 2, y + 1, 26, 20, fill=LAIR_FILL, stroke="#4b1d6b", width=1.5, radius=2, tip=tip))
        shapes.append(Line(x + 2, y + 21, x + 28, y + 1, stroke="#4b1d6b", width=1.0))
        shapes.append(Text(x + 15, y + 15, "Lair", size=8.5, bold=True, colour="#ffffff"))
        width = 30.0
    else:
        family = "void-seeder" if kind in SEEDER_TYPES else "intruder"
        fill = SEEDER_FILL if family == "void-seeder" else INTRUDER_FILL.get(kind, "#2f2f2f")
        label = kind.capitalize()
        size = 9.0
        while size > 6.5 and text_width(label, size) > 40:
            size -= 0.5
        width = max(30.0, text_width(label, size) + 8)
        shapes.append(
            Polygon(
                (
                    (x + 4, y + 2),
                    (x + width - 4, y + 2),
                    (x + width, y + 11),
                    (x + width - 4, y + 20),
                    (x + 4, y + 20),
                    (x, y + 11),
                ),
                fill=fill,
                stroke="#c00000" if family == "intruder" else "#d58cff",
                width=1.5,
                tip=f"{family} {kind} #{intruder.id}{injuries}",
            )
        )
        shapes.append(Text(x + width / 2, y + 14.5, label, size=size, bold=True, colour="#ffffff"))
        width += 2
    for i in range(intruder.injuries):
        shapes.append(
            Circle(
                x + 5 + i * 6,
                y + 27,
                2.5,
                fill="#ff2020",
                stroke="#700000",
                width=0.6,
                tip=f"injury on {kind} #{intruder.id}",
            )
        )
    return shapes, width


def object_piece(kind: str, x: float, y: float, where: str) -> tuple[list[Shape], float]:
    """A Heavy Object or token lying in a room: an Egg (a cream oval), a Carcass (a brown blob),
    a corpse (a grey cross)."""
    if kind == "egg":
        return [Circle(x + 8, y + 11, 6.5, ry=9, fill="#f6ecd0", stroke="#8a7440", width=1.2, tip=f"egg {where}")], 18.0
    if kind == "carcass":
        points = ((x + 2, y + 14), (x + 6, y + 4), (x + 15, y + 3), (x + 20, y + 10), (x + 16, y + 19), (x + 6, y + 19))
        shapes: list[Shape] = [Polygon(points, fill="#7a4a21", stroke="#3d230e", width=1.2, tip=f"carcass {where}")]
        shapes.append(Text(x + 11, y + 14.5, "C", size=8.5, bold=True, colour="#ffffff"))
        return shapes, 24.0
    colour = "#777777"
    tip = f"corpse {where} ({kind})"
    return [
        Rect(x + 6, y + 2, 5, 19, fill=colour, tip=tip),
        Rect(x + 1, y + 7, 15, 5, fill=colour, tip=tip),
    ], 20.0


def status_badge(label: str, fill: str, ink: str, x: float, y: float, tip: str) -> tuple[list[Shape], float]:
    width = text_width(label, 9.0) + 8
    return [
        Rect(x, y, width, 14, fill=fill, stroke="#333333", width=0.8, radius=3, tip=tip),
        Text(x + width / 2, y + 10.5, label, size=9.0, bold=True, colour=ink),
    ], width + 4


def _flow(
    cells: Sequence[tuple[list[Shape], float]], area: tuple[float, float, float, float], start_y: float
) -> list[Shape]:
    """Place the cells left to right in rows of :data:`PIECE_H` inside ``area``; what does not fit
    is counted in a ``+N`` at the end."""
    x0, y0, w, h = area
    out: list[Shape] = []
    x, y = x0, start_y
    for i, (shapes, width) in enumerate(cells):
        if x + width > x0 + w and x > x0:
            x, y = x0, y + PIECE_H
        if y + PIECE_H > y0 + h + 4:
            left = len(cells) - i
            out.append(
                Text(
                    x0 + w,
                    y0 + h,
                    f"+{left}",
                    size=10,
                    bold=True,
                    anchor="end",
                    colour="#c00000",
                    tip=f"more: {left} more piece(s) here than the box shows",
                )
            )
            break
        out.extend(_shift(shapes, x, y))
        x += width
    return out


def _shift(shapes: list[Shape], dx: float, dy: float) -> list[Shape]:
    """Pieces are drawn at (0, 0) and moved to their cell."""
    moved: list[Shape] = []
    for s in shapes:
        if isinstance(s, Rect):
            moved.append(Rect(s.x + dx, s.y + dy, s.w, s.h, s.fill, s.stroke, s.width, s.radius, s.dash, s.tip))
        elif isinstance(s, Line):
            moved.append(Line(s.x1 + dx, s.y1 + dy, s.x2 + dx, s.y2 + dy, s.stroke, s.width, s.dash, s.tip))
        elif isinstance(s, Circle):
            moved.append(Circle(s.cx + dx, s.cy + dy, s.r, s.fill, s.stroke, s.width, s.ry, s.tip))
        elif isinstance(s, Polygon):
            moved.append(Polygon(tuple((x + dx, y + dy) for x, y in s.points), s.fill, s.stroke, s.width, s.tip))
        else:
            moved.append(Text(s.x + dx, s.y + dy, s.text, s.size, s.colour, s.anchor, s.bold, s.italic, s.tip))
    return moved


def _seated(state: GameState) -> set[int]:
    return {p for pod in state.pods for p in pod.occupants}


def _room_pieces(state: GameState, position: str, area: tuple[float, float, float, float]) -> list[Shape]:
    room = state.room(position)
    insanity = _has_insanity(state)
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
        out.extend(_shift(shapes, x, y0))
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
    out.extend(_flow(cells, area, y0 + (17 if badges else 0)))
    return out


# -- panels under the ship ---------------------------------------------------------------------------


def _track(track: Track, index: int | None, x: float, y: float, name: str) -> tuple[list[Shape], float]:
    shapes: list[Shape] = [Text(x, y + 15, name, size=11, bold=True, anchor="start")]
    cx = x + 92
    for i, space in enumerate(track.spaces):
        w = max(24.0, text_width(space.label, 9) + 8)
        flags = f" ({', '.join(space.flags)})" if space.flags else ""
        shapes.append(
            Rect(
                cx,
                y,
                w,
                22,
                fill=TRACK_FILL.get(space.colour, "#eeeeee"),
                stroke="#555555",
                width=1.0,
                tip=f"{name.lower()} track space {space.label}{flags}",
            )
        )
        shapes.append(Text(cx + w / 2, y + 15, space.label, size=9, colour="#333333"))
        if index is not None and i == min(index, len(track.spaces) - 1):
            shapes.append(
                Circle(
                    cx + w / 2,
                    y + 11,
                    8.5,
                    fill="none",
                    stroke="#000000",
                    width=3.0,
                    tip=f"{name.lower()} marker: space {space.label}",
                )
            )
        cx += w + 2
    if index is None:
        shapes.append(Text(cx + 6, y + 15, "(not running)", size=10, italic=True, anchor="start", colour="#555555"))
        cx += 90
    return shapes, cx - x


def _pods(state: GameState, x: float, y: float) -> tuple[list[Shape], float]:
    shapes: list[Shape] = [Text(x, y + 12, "Escape pods", size=11, bold=True, anchor="start")]
    if not state.pods:
        shapes.append(Text(x + 92, y + 12, "(none in play yet)", size=10, italic=True, anchor="start"))
        return shapes, 40.0
    cx = x + 92
    for pod in state.pods:
        shapes.extend(_pod(pod, cx, y))
        cx += 116
    return shapes, 50.0


def _pod(pod: Pod, x: float, y: float) -> list[Shape]:
    status = "launched" if pod.launched else "locked" if pod.locked else "unlocked"
    who = ", ".join(f"P{p}" for p in pod.occupants) or "empty"
    shapes: list[Shape] = [
        Rect(
            x,
            y,
            110,
            44,
            fill="#eef3f8" if not pod.launched else "#dddddd",
            stroke="#1b2a4a",
            width=2.2 if pod.locked else 1.2,
            radius=10,
            dash=pod.launched,
            tip=f"escape pod {pod.number} (section {pod.section}): {status}; occupants: {who}",
        ),
        Text(x + 6, y + 13, f"Pod {pod.number} · {pod.section}", size=9.5, bold=True, anchor="start"),
        Text(x + 104, y + 13, status, size=8.5, anchor="end", italic=True, colour="#444444"),
    ]
    for i, player in enumerate(pod.occupants):
        cx = x + 12 + i * 16
        shapes.append(
            Circle(
                cx,
                y + 30,
                7,
                fill=player_colour(player),
                stroke="#111111",
                width=1.0,
                tip=f"in pod {pod.number}: P{player}",
            )
        )
        shapes.append(Text(cx, y + 33.5, str(player), size=9, bold=True, colour="#ffffff"))
    return shapes


def _character_rows(state: GameState, x: float, y: float, width: float) -> tuple[list[Shape], float]:
    insanity = _has_insanity(state)
    shapes: list[Shape] = [Text(x, y + 12, "Characters", size=11, bold=True, anchor="start")]
    row = y + 20
    for c in state.characters:
        shapes.append(
            Circle(
                x + 9,
                row + 8,
                8,
                fill=player_colour(c.player),
                stroke="#111111",
                width=1.0,
                tip=f"character P{c.player} {c.name}",
            )
        )
        shapes.append(Text(x + 9, row + 11.5, str(c.player), size=10, bold=True, colour="#ffffff"))
        dressed = f" (dressed: {', '.join(c.dressed)})" if c.dressed else ""
        parts = [
            f"{c.name}, {c.status}" + (f" in {c.position}" if c.alive else ""),
            f"light wounds {c.light_wounds}",
            f"serious: {', '.join(c.serious_wounds) or 'none'}{dressed}",
        ]
        if insanity:
            parts.append(f"insanity {c.insanity}")
        if c.slime:
            parts.append("slime")
        held = [h for h in c.hands if h]
        if held:
            parts.append("holding " + ", ".join(held))
        line = "; ".join(parts)
        lines, size = fit_text(line, width - 26, size=10.0, min_size=8.0, max_lines=1)
        shapes.append(Text(x + 22, row + 12, lines[0], size=size, anchor="start", tip=f"character P{c.player}: {line}"))
        row += 20
    if not state.characters:
        shapes.append(Text(x + 92, y + 12, "(not chosen yet)", size=10, italic=True, anchor="start"))
    return shapes, row - y


def _retip(shapes: list[Shape], tip: str) -> list[Shape]:
    """The legend's samples say what they are: ``legend: ...``, not a piece of the game."""
    return [replace(s, tip=f"legend: {tip}") if s.tip else s for s in shapes]


def _legend(x: float, y: float, width: float, insanity: bool) -> tuple[list[Shape], float]:
    """A sample of each kind of piece with its name, in rows as wide as the picture."""
    samples: list[tuple[list[Shape], float, str]] = []

    def add(drawn: tuple[list[Shape], float], label: str) -> None:
        samples.append((drawn[0], drawn[1], label))

    sample = Character(player=1, name="sample", position="00", light_wounds=1, serious_wounds=("sample",), slime=True)
    add(
        character_piece(sample, 0, 0, insanity), "character: player, wounds, slime" + (", insanity" if insanity else "")
    )
    add(intruder_piece(Intruder(0, "adult", "00", injuries=1), 0, 0), "intruder, its injuries")
    if insanity:
        add(intruder_piece(Intruder(0, SEEDER_TYPES[2], "00"), 0, 0), "void seeder")
        add(intruder_piece(Intruder(0, LAIR, "00"), 0, 0), "lair")
    add(object_piece("egg", 0, 0, "sample"), "egg")
    add(object_piece("carcass", 0, 0, "sample"), "carcass")
    add(object_piece("corpse", 0, 0, "sample"), "corpse")
    add(status_badge("FIRE", "#ff7a00", "#ffffff", 0, 4, "fire"), "fire")
    add(status_badge("MALF", "#9aa0a6", "#111111", 0, 4, "malfunction"), "malfunction")
    add(status_badge("token ?", "#1b2a4a", "#ffffff", 0, 4, "token"), "unexplored room (dashed)")
    add((noise_marker(9, 11, "noise"), 20.0), "noise")
    for door in ("open", "closed", "destroyed"):
        add((door_shapes(10, 11, 1, 0, door, "door"), 20.0), f"door {door}")
    shapes: list[Shape] = [Text(x, y + 15, "Legend", size=11, bold=True, anchor="start")]
    cx, cy = x + 92, y
    for drawn, drawn_w, label in samples:
        step = drawn_w + 6 + text_width(label, 9.5) + 16
        if cx + step > x + width and cx > x + 92:
            cx, cy = x + 92, cy + PIECE_H
        shapes.extend(_shift(_retip(drawn, label), cx, cy))
        shapes.append(Text(cx + drawn_w + 6, cy + 15, label, size=9.5, anchor="start"))
        cx += step
    return shapes, cy - y + PIECE_H


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
    time, time_w = _track(tables.time_track(config), state.time, MARGIN, y, "Time")
    shapes.extend(time)
    base = tables.base(config)
    destruct, _ = _track(base.self_destruct_track, state.self_destruct, MARGIN + time_w + 30, y, "Self-destruct")
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
    pods, pods_h = _pods(state, MARGIN, y)
    shapes.extend(pods)
    y += pods_h + 8
    if not compact:
        rows, rows_h = _character_rows(state, MARGIN, y, width - 2 * MARGIN)
        shapes.extend(rows)
        y += rows_h + 8
        legend, legend_h = _legend(MARGIN, y, width - 2 * MARGIN, _has_insanity(state))
        shapes.extend(legend)
        y += legend_h
    title = " / ".join(title_lines) or "the ship"
    return Picture(math.ceil(width), math.ceil(y + 8), tuple(shapes), title)
