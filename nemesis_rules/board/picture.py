"""The drawing model every picture of the ship is made of: a list of plain shapes on a canvas
measured in pixels, y pointing down (as in SVG).

A picture is computed once, from the board or from a game state, and then rendered by
:mod:`nemesis_rules.board.picture_svg` (an SVG document or inline element) or
:mod:`nemesis_rules.board.picture_png` (a PNG through matplotlib): the two formats show the same
shapes at the same places. Text is placed by its baseline; :func:`fit_text` fits a label into a
box with the widths of the DejaVu Sans face, the font both renderers ask for first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

Anchor = Literal["start", "middle", "end"]


@dataclass(frozen=True, slots=True)
class Rect:
    """A rectangle, ``radius`` rounding its corners; ``tip`` is its hover text in an SVG."""

    x: float
    y: float
    w: float
    h: float
    fill: str = "none"
    stroke: str = "none"
    width: float = 1.0
    radius: float = 0.0
    dash: bool = False
    tip: str = ""


@dataclass(frozen=True, slots=True)
class Line:
    """A straight line."""

    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = "#000"
    width: float = 1.0
    dash: bool = False
    tip: str = ""


@dataclass(frozen=True, slots=True)
class Circle:
    """A circle (or, with ``ry``, an ellipse of radii ``r`` across and ``ry`` down)."""

    cx: float
    cy: float
    r: float
    fill: str = "none"
    stroke: str = "none"
    width: float = 1.0
    ry: float | None = None
    tip: str = ""


@dataclass(frozen=True, slots=True)
class Polygon:
    """A closed polygon through ``points``."""

    points: tuple[tuple[float, float], ...]
    fill: str = "none"
    stroke: str = "none"
    width: float = 1.0
    tip: str = ""


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text; ``y`` is its baseline, ``size`` its font size in pixels."""

    x: float
    y: float
    text: str
    size: float = 10.0
    colour: str = "#000"
    anchor: Anchor = "middle"
    bold: bool = False
    italic: bool = False
    tip: str = ""


Shape = Rect | Line | Circle | Polygon | Text


@dataclass(frozen=True, slots=True)
class Picture:
    """A canvas of ``width`` x ``height`` pixels and the shapes on it, drawn in order."""

    width: float
    height: float
    shapes: tuple[Shape, ...]
    title: str = ""

    def kinds(self) -> dict[str, int]:
        """How many shapes carry each hover text's first word (``door``, ``noise``, ...): what a
        test asks to know that every kind of piece was drawn."""
        out: dict[str, int] = {}
        for shape in self.shapes:
            if shape.tip:
                key = shape.tip.split(":", 1)[0].split(" ", 1)[0]
                out[key] = out.get(key, 0) + 1
        return out


def moved(shapes: Sequence[Shape], dx: float, dy: float) -> list[Shape]:
    """``shapes`` moved by ``(dx, dy)``: a piece is drawn at (0, 0) and moved to its place."""
    out: list[Shape] = []
    for s in shapes:
        if isinstance(s, Rect | Text):
            out.append(replace(s, x=s.x + dx, y=s.y + dy))
        elif isinstance(s, Line):
            out.append(replace(s, x1=s.x1 + dx, y1=s.y1 + dy, x2=s.x2 + dx, y2=s.y2 + dy))
        elif isinstance(s, Circle):
            out.append(replace(s, cx=s.cx + dx, cy=s.cy + dy))
        else:
            out.append(replace(s, points=tuple((x + dx, y + dy) for x, y in s.points)))
    return out


FONT_FAMILY = "DejaVu Sans"
"""The face the widths below are of; matplotlib ships it, browsers fall back to Verdana (as wide)."""

_WIDTHS: dict[str, float] = {}
for _chars, _em in (
    ("il.,:;'|!jI", 0.28),
    (" ", 0.32),
    ('frt()[]-/"', 0.40),
    ("sczJ*", 0.52),
    ("abdeghknopquvxy0123456789#?+=<>_L", 0.62),
    ("FTZPESBKXYV&", 0.68),
    ("ACDGHNORUQ", 0.76),
    ("mwMW%@", 0.96),
):
    for _c in _chars:
        _WIDTHS[_c] = _em
_DEFAULT_EM = 0.66


def text_width(text: str, size: float) -> float:
    """The width in pixels of ``text`` at font ``size`` (DejaVu Sans, within a few per cent)."""
    return sum(_WIDTHS.get(c, _DEFAULT_EM) for c in text) * size


def _wrap(words: list[str], width: float, size: float) -> list[str]:
    lines: list[str] = []
    current = ""
    for word in words:
        candidate = f"{current} {word}" if current else word
        if current and text_width(candidate, size) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines


def fit_text(
    text: str, width: float, *, size: float, min_size: float, max_lines: int = 1
) -> tuple[tuple[str, ...], float]:
    """Lines and a font size at which ``text`` fits ``width`` pixels in at most ``max_lines`` lines:
    the largest size from ``size`` down to ``min_size`` (half a pixel at a time) that needs no cut;
    at ``min_size`` the last line is cut and ends with an ellipsis."""
    words = text.split()
    step = size
    while step >= min_size:
        lines = _wrap(words, width, step)
        if len(lines) <= max_lines and all(text_width(line, step) <= width for line in lines):
            return tuple(lines), step
        step -= 0.5
    lines = _wrap(words, width, min_size)[:max_lines]
    last = lines[-1] if lines else ""
    while last and text_width(last + "…", min_size) > width:
        last = last[:-1]
    lines[-1:] = [last.rstrip() + "…"]
    return tuple(lines), min_size
