"""The ship in one state as a small inline SVG, for the report page: rooms laid out like the printed
board (bow to stern), corridors with their numbers, each room's tile, who and what is in it, fire and
malfunctions. Plain text markup, no plotting library: a page holds dozens of these."""

from __future__ import annotations

from html import escape

from nemesis_rules.board.rooms import room_catalogue
from nemesis_rules.model.core.state import GameState
from nemesis_rules.record.describe import picture_notes

_FILL = {"red": "#f4c7c3", "yellow": "#fbefb0", "green": "#cfe8c8", "white": "#f2f2f2", "none": "#d9d9ee"}
_W, _H = 118, 62
_SCALE_X, _SCALE_Y = 150, 92


def ship_svg(state: GameState, caption: str = "") -> str:
    """An ``<svg>`` element drawing ``state``'s ship; ``caption`` becomes its title (hover text)."""
    board = state.config.board
    names, notes, highlight = picture_notes(state)
    catalogue = room_catalogue(state.config.variants.get("computers", "printed"))
    points = {p.id: p.xy for p in board.layout.positions}
    xs = [x for x, _ in points.values()]
    ys = [y for _, y in points.values()]
    x0, y1 = min(xs), max(ys)

    def at(position: str) -> tuple[float, float]:
        x, y = points[position]
        return (x - x0) * _SCALE_X + _W / 2 + 8, (y1 - y) * _SCALE_Y + _H / 2 + 8

    width = (max(xs) - x0) * _SCALE_X + _W + 16
    height = (y1 - min(ys)) * _SCALE_Y + _H + 16
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="ship" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'role="img" aria-label="{escape(caption or "the ship")}">',
        f"<title>{escape(caption)}</title>",
    ]
    for corridor in board.layout.corridors:
        (ax, ay), (bx, by) = at(corridor.between[0]), at(corridor.between[1])
        label = ",".join(str(n) for n in corridor.numbers)
        noisy = corridor.id in state.noise
        out.append(
            f'<line x1="{ax:.0f}" y1="{ay:.0f}" x2="{bx:.0f}" y2="{by:.0f}" '
            f'stroke="{"#c00000" if noisy else "#777"}" stroke-width="{3 if noisy else 2}"/>'
        )
        out.append(f'<text x="{(ax + bx) / 2:.0f}" y="{(ay + by) / 2 + 4:.0f}" class="corridor">{escape(label)}</text>')
    for position in board.positions:
        cx, cy = at(position)
        tile = names.get(position) or board.printed_rooms.get(position)
        room = catalogue.get(tile) if tile else None
        fill = _FILL[room.colour] if room is not None else "#ffffff"
        edge = highlight.get(position, "#333")
        out.append(
            f'<rect x="{cx - _W / 2:.0f}" y="{cy - _H / 2:.0f}" width="{_W}" height="{_H}" rx="6" '
            f'fill="{fill}" stroke="{edge}" stroke-width="{2.5 if position in highlight else 1.2}"/>'
        )
        heading = f"{position} {room.name}" if room is not None else f"{position} ({board.kinds[position]})"
        lines = [heading, *notes.get(position, [])][:4]
        for i, line in enumerate(lines):
            shown = line if len(line) <= 24 else line[:23] + "…"
            css = "room" if i == 0 else "note"
            out.append(f'<text x="{cx:.0f}" y="{cy - _H / 2 + 14 + i * 13:.0f}" class="{css}">{escape(shown)}</text>')
    out.append("</svg>")
    return "".join(out)
