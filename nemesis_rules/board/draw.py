"""A picture of the ship, laid out like the printed board: bow (Cockpit) left, Engines right.

Rooms are labelled boxes, corridors carry their noise numbers, technical corridor entrances
are marked with their numbers. ``room_names`` and ``notes`` let a state view (``show``) put
placed tiles, characters, intruders and markers on the same picture.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.patches import FancyBboxPatch

from nemesis_rules.board.graph import Board
from nemesis_rules.board.rooms import room_catalogue

PICTURE_FORMATS: tuple[str, ...] = ("png", "svg")
_FILL = {"red": "#f4c7c3", "yellow": "#fbefb0", "green": "#cfe8c8", "white": "#f2f2f2", "none": "#d9d9ee"}
_BOX_W, _BOX_H = 1.05, 0.66
_X_SCALE = 1.9  # spread bow-to-stern so corridor numbers sit clear of the boxes


def render(
    board: Board,
    fmt: str = "png",
    *,
    room_names: Mapping[str, str] | None = None,
    notes: Mapping[str, Sequence[str]] | None = None,
    highlight: Mapping[str, str] | None = None,
    title: str | None = None,
) -> bytes:
    """Draw ``board`` and return the picture's bytes in ``fmt`` ("png" or "svg").

    ``room_names`` maps positions to room ids (placed tiles); ``notes`` adds text lines inside
    a room's box; ``highlight`` maps positions to an edge colour.
    """
    if fmt not in PICTURE_FORMATS:
        raise ValueError(f"unknown picture format {fmt!r}")
    catalogue = room_catalogue()
    names = dict(board.printed_rooms)
    names.update(room_names or {})
    xy = {p.id: (p.xy[0] * _X_SCALE, p.xy[1]) for p in board.layout.positions}
    fig, ax = plt.subplots(figsize=(16, 9), dpi=110)
    ax.set_aspect("equal")
    ax.axis("off")

    for c in board.layout.corridors:
        (x1, y1), (x2, y2) = xy[c.between[0]], xy[c.between[1]]
        ax.plot([x1, x2], [y1, y2], color="#555555", linewidth=2.2, zorder=1)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        ax.text(
            mx,
            my,
            ",".join(str(n) for n in c.numbers),
            ha="center",
            va="center",
            fontsize=9,
            zorder=3,
            bbox={"boxstyle": "circle,pad=0.25", "fc": "white", "ec": "#555555"},
        )

    tech_numbers = {t.position: t.numbers for t in board.layout.technical_entrances}
    for pid in board.positions:
        x, y = xy[pid]
        room_id = names.get(pid)
        room = catalogue.get(room_id) if room_id else None
        fill = _FILL[room.colour] if room else "#ffffff"
        edge = (highlight or {}).get(pid, "#222222")
        box = FancyBboxPatch(
            (x - _BOX_W / 2, y - _BOX_H / 2),
            _BOX_W,
            _BOX_H,
            boxstyle="round,pad=0.02",
            fc=fill,
            ec=edge,
            linewidth=1.6,
            zorder=2,
        )
        ax.add_patch(box)
        heading = pid if room is None else f"{pid} {room.name}"
        if room is None:
            heading += f"\n({board.kinds[pid]})"
        ax.text(
            x,
            y + _BOX_H / 2 - 0.07,
            heading,
            ha="center",
            va="top",
            fontsize=7.5,
            fontweight="bold",
            zorder=4,
            wrap=True,
        )
        lines = list((notes or {}).get(pid, ()))
        if lines:
            ax.text(x, y - 0.06, "\n".join(lines[:5]), ha="center", va="center", fontsize=6.5, zorder=4)
        if pid in tech_numbers:
            ax.text(
                x + _BOX_W / 2 - 0.02,
                y - _BOX_H / 2 + 0.02,
                "T" + ",".join(str(n) for n in tech_numbers[pid]),
                ha="right",
                va="bottom",
                fontsize=7,
                color="white",
                zorder=5,
                bbox={"boxstyle": "round,pad=0.15", "fc": "#c46a00", "ec": "#c46a00"},
            )
    xs = [p[0] for p in xy.values()]
    ys = [p[1] for p in xy.values()]
    ax.set_xlim(min(xs) - 0.7, max(xs) + 0.7)
    ax.set_ylim(min(ys) - 0.8, max(ys) + 0.8)
    ax.text(min(xs) - 0.6, max(ys) + 0.65, "bow", fontsize=9, style="italic")
    ax.text(max(xs) + 0.6, max(ys) + 0.65, "stern", fontsize=9, style="italic", ha="right")
    ax.set_title(
        title
        or f"Nemesis ship, {board.layout.name} side: corridor numbers on the corridors, "
        "T = technical corridor entrance",
        fontsize=10,
    )
    buffer = io.BytesIO()
    fig.savefig(buffer, format=fmt, bbox_inches="tight")
    plt.close(fig)
    return buffer.getvalue()
