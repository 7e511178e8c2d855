"""The panels under the ship in a picture of a game state: the Time and Self-Destruct tracks with
their markers, the Escape Pods with who sits in them, every Character with its wounds, and a legend
with a sample of each kind of piece."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.board.draw import door_shapes, noise_marker
from nemesis_rules.board.picture import Circle, Rect, Shape, Text, fit_text, moved, text_width
from nemesis_rules.findings.ship_pieces import (
    PIECE_H,
    character_piece,
    has_insanity,
    intruder_piece,
    object_piece,
    player_colour,
    status_badge,
)
from nemesis_rules.model.core.state import Character, GameState, Intruder, Pod
from nemesis_rules.model.data.tracks import Track
from nemesis_rules.model.rules.void_seeders.components import LAIR, SEEDER_TYPES

TRACK_FILL = {"green": "#cfe8c8", "white": "#ffffff", "blue": "#cfe0f6", "red": "#f4c7c3", "yellow": "#fbefb0"}


def track_panel(track: Track, index: int | None, x: float, y: float, name: str) -> tuple[list[Shape], float]:
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


def pods_panel(state: GameState, x: float, y: float) -> tuple[list[Shape], float]:
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


def characters_panel(state: GameState, x: float, y: float, width: float) -> tuple[list[Shape], float]:
    insanity = has_insanity(state)
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


def legend_panel(x: float, y: float, width: float, insanity: bool) -> tuple[list[Shape], float]:
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
        shapes.extend(moved(_retip(drawn, label), cx, cy))
        shapes.append(Text(cx + drawn_w + 6, cy + 15, label, size=9.5, anchor="start"))
        cx += step
    return shapes, cy - y + PIECE_H
