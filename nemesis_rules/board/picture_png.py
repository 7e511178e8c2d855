"""A :class:`~nemesis_rules.board.picture.Picture` as a PNG, through matplotlib's Agg canvas (no
pyplot, no global figure state): each shape becomes the matplotlib artist that draws it, on axes
that span the whole figure in the picture's own pixel coordinates (y down)."""

from __future__ import annotations

import io
from typing import Any

from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle as CirclePatch
from matplotlib.patches import Ellipse, FancyBboxPatch, Patch, Rectangle
from matplotlib.patches import Polygon as PolygonPatch

from nemesis_rules.board.picture import FONT_FAMILY, Circle, Line, Picture, Polygon, Rect, Shape, Text

_DPI = 100.0
_POINTS_PER_PIXEL = 72.0 / _DPI


def _colour(value: str) -> str:
    return "none" if value == "none" else value


def _artist(shape: Shape, ax: Axes, order: int) -> None:
    """Draw ``shape``; ``order`` stacks it as the SVG does: later shapes over earlier ones."""
    p = _POINTS_PER_PIXEL
    if isinstance(shape, Rect):
        common: dict[str, Any] = {
            "facecolor": _colour(shape.fill),
            "edgecolor": _colour(shape.stroke),
            "linewidth": shape.width * p if shape.stroke != "none" else 0,
            "linestyle": (0, (4, 3)) if shape.dash else "solid",
            "zorder": order,
        }
        if shape.radius:
            patch: Patch = FancyBboxPatch(
                (shape.x, shape.y), shape.w, shape.h, boxstyle=f"round,pad=0,rounding_size={shape.radius}", **common
            )
        else:
            patch = Rectangle((shape.x, shape.y), shape.w, shape.h, **common)
        ax.add_patch(patch)
    elif isinstance(shape, Line):
        ax.add_line(
            Line2D(
                [shape.x1, shape.x2],
                [shape.y1, shape.y2],
                color=shape.stroke,
                linewidth=shape.width * p,
                linestyle=(0, (5, 4)) if shape.dash else "solid",
                solid_capstyle="butt",
                zorder=order,
            )
        )
    elif isinstance(shape, Circle):
        paint: dict[str, Any] = {
            "facecolor": _colour(shape.fill),
            "edgecolor": _colour(shape.stroke),
            "linewidth": shape.width * p if shape.stroke != "none" else 0,
            "zorder": order,
        }
        if shape.ry is None:
            ax.add_patch(CirclePatch((shape.cx, shape.cy), shape.r, **paint))
        else:
            ellipse = Ellipse((shape.cx, shape.cy), 2 * shape.r, 2 * shape.ry, **paint)
            ax.add_patch(ellipse)
    elif isinstance(shape, Polygon):
        ax.add_patch(
            PolygonPatch(
                list(shape.points),
                closed=True,
                facecolor=_colour(shape.fill),
                edgecolor=_colour(shape.stroke),
                linewidth=shape.width * p if shape.stroke != "none" else 0,
                zorder=order,
            )
        )
    elif isinstance(shape, Text):
        ha = {"start": "left", "middle": "center", "end": "right"}[shape.anchor]
        ax.text(
            shape.x,
            shape.y,
            shape.text,
            fontsize=shape.size * p,
            color=shape.colour,
            ha=ha,
            va="baseline",
            fontweight="bold" if shape.bold else "normal",
            fontstyle="italic" if shape.italic else "normal",
            family=FONT_FAMILY,
            zorder=order,
        )


def to_png(picture: Picture, *, scale: float = 1.0) -> bytes:
    """The picture as PNG bytes, ``scale`` times its size in pixels."""
    figure = Figure(figsize=(picture.width / _DPI, picture.height / _DPI), dpi=_DPI)
    FigureCanvasAgg(figure)  # attaches the Agg canvas to the figure (no pyplot)
    ax = figure.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(0, picture.width)
    ax.set_ylim(picture.height, 0)
    ax.axis("off")
    figure.patch.set_facecolor("#ffffff")
    for order, shape in enumerate(picture.shapes):
        _artist(shape, ax, order)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=_DPI * scale, facecolor="#ffffff")
    return buffer.getvalue()
