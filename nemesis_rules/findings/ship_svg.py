"""The ship in one state as an inline SVG element, for the report page and the step-through viewer:
the picture of :func:`~nemesis_rules.findings.ship_picture.ship_picture` (every piece, the tracks,
the pods) in SVG markup, with no plotting library (a page holds dozens of these)."""

from __future__ import annotations

from nemesis_rules.board.picture_svg import to_svg
from nemesis_rules.findings.ship_picture import ship_picture
from nemesis_rules.model.core.state import GameState


def ship_svg(state: GameState, caption: str = "", *, compact: bool = True) -> str:
    """An ``<svg class="ship">`` element drawing ``state``; ``caption`` becomes its title (hover text)
    and its first line. ``compact`` (the report's many pictures) leaves out the Characters' list and
    the legend: hovering a piece names it."""
    return to_svg(ship_picture(state, [caption] if caption else [], compact=compact))
