"""A picture as the bytes of a file: SVG (the markup, standalone) or PNG (through matplotlib)."""

from __future__ import annotations

from nemesis_rules.board.picture import Picture
from nemesis_rules.board.picture_png import to_png
from nemesis_rules.board.picture_svg import to_svg

PICTURE_FORMATS: tuple[str, ...] = ("png", "svg")


def picture_bytes(picture: Picture, fmt: str) -> bytes:
    """``picture`` in ``fmt`` ("png" or "svg"); another format is a ValueError."""
    if fmt == "svg":
        return to_svg(picture, standalone=True).encode("utf-8")
    if fmt == "png":
        return to_png(picture)
    raise ValueError(f"unknown picture format {fmt!r} (choose from {', '.join(PICTURE_FORMATS)})")
