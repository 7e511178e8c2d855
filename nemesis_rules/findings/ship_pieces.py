"""The pieces of a ship picture, each drawn at the top left of its cell in a room (or a panel) and
saying how wide it is: a Character (its player's colour and number, its wounds, Slime, Insanity), an
Intruder, Void Seeder or Lair with its injuries, an Egg, a Carcass or a corpse, a status badge (Fire,
Malfunction, the face-down exploration token, the item counter). ``flow`` lays cells out in a room.
"""

from __future__ import annotations

from collections.abc import Sequence

from nemesis_rules.board.picture import Circle, Line, Polygon, Rect, Shape, Text, moved, text_width
from nemesis_rules.model.core.state import Character, GameState, Intruder
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
PIECE_H = 34.0


def player_colour(player: int) -> str:
    return PLAYER_COLOURS[(player - 1) % len(PLAYER_COLOURS)]


def has_insanity(state: GameState) -> bool:
    """The Insanity track comes with the Panic deck (Void Seeders); the base game has neither."""
    return any(name == PANIC_DECK for name, _ in state.decks)


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


def flow(
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
        out.extend(moved(shapes, x, y))
        x += width
    return out
