"""A :class:`~nemesis_rules.board.picture.Picture` as SVG markup: plain text, no plotting library,
so that a report page can hold dozens of pictures. Shapes with a hover text are wrapped in a group
with a ``<title>``; coordinates are rounded to a tenth of a pixel.

Text is styled by class: each distinct style (size, anchor, colour, weight, slant) is one rule of a
``<style>`` element in the picture, named after a digest of the style, so that two pictures on one
page never give one class two meanings; the rules are written ``svg text.nr-...`` so that a page's own
CSS for the text of its SVGs (the report styles ``.ship text``) does not restyle them."""

from __future__ import annotations

import hashlib
from html import escape

from nemesis_rules.board.picture import FONT_FAMILY, Circle, Line, Picture, Polygon, Rect, Shape, Text

_FONTS = f"{FONT_FAMILY}, Verdana, Geneva, sans-serif"


def _n(value: float) -> str:
    """A coordinate or size: whole pixels from 20 up (the eye cannot tell), tenths below."""
    if abs(value) >= 20:
        return str(round(value))
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _c(colour: str) -> str:
    """``#rrggbb`` as ``#rgb`` where that is the same colour."""
    if (
        len(colour) == 7
        and colour[0] == "#"
        and colour[1] == colour[2]
        and colour[3] == colour[4]
        and colour[5] == colour[6]
    ):
        return "#" + colour[1] + colour[3] + colour[5]
    return colour


def _paint(fill: str, stroke: str, width: float) -> str:
    out = f' fill="{_c(fill)}"'
    if stroke != "none":
        out += f' stroke="{_c(stroke)}"' + (f' stroke-width="{_n(width)}"' if width != 1 else "")
    return out


def _text_style(shape: Text) -> str:
    style = f"font-size:{_n(shape.size)}px;text-anchor:{shape.anchor};fill:{_c(shape.colour)}"
    if shape.bold:
        style += ";font-weight:bold"
    if shape.italic:
        style += ";font-style:italic"
    return style


def _class(style: str) -> str:
    return "nr-" + hashlib.blake2s(style.encode(), digest_size=3).hexdigest()


def _shape(shape: Shape) -> str:
    if isinstance(shape, Rect):
        rounded = f' rx="{_n(shape.radius)}"' if shape.radius else ""
        dash = ' stroke-dasharray="4 3"' if shape.dash else ""
        return (
            f'<rect x="{_n(shape.x)}" y="{_n(shape.y)}" width="{_n(shape.w)}" height="{_n(shape.h)}"{rounded}'
            f"{_paint(shape.fill, shape.stroke, shape.width)}{dash}/>"
        )
    if isinstance(shape, Line):
        dash = ' stroke-dasharray="5 4"' if shape.dash else ""
        return (
            f'<line x1="{_n(shape.x1)}" y1="{_n(shape.y1)}" x2="{_n(shape.x2)}" y2="{_n(shape.y2)}" '
            f'stroke="{_c(shape.stroke)}" stroke-width="{_n(shape.width)}"{dash}/>'
        )
    if isinstance(shape, Circle):
        paint = _paint(shape.fill, shape.stroke, shape.width)
        if shape.ry is not None:
            return f'<ellipse cx="{_n(shape.cx)}" cy="{_n(shape.cy)}" rx="{_n(shape.r)}" ry="{_n(shape.ry)}"{paint}/>'
        return f'<circle cx="{_n(shape.cx)}" cy="{_n(shape.cy)}" r="{_n(shape.r)}"{paint}/>'
    if isinstance(shape, Polygon):
        points = " ".join(f"{_n(x)},{_n(y)}" for x, y in shape.points)
        return f'<polygon points="{points}"{_paint(shape.fill, shape.stroke, shape.width)}/>'
    return (
        f'<text x="{_n(shape.x)}" y="{_n(shape.y)}" class="{_class(_text_style(shape))}">'
        f"{escape(shape.text, quote=False)}</text>"
    )


def _style_element(picture: Picture) -> str:
    styles = sorted({_text_style(s) for s in picture.shapes if isinstance(s, Text)})
    return "<style>" + "".join(f"svg text.{_class(style)}{{{style}}}" for style in styles) + "</style>"


def svg_parts(picture: Picture, *, css_class: str = "ship") -> tuple[str, list[str]]:
    """The ``<svg>`` opening tag (with its fonts, without a title) and the pieces of its content: the
    white background, the text styles, then each shape's markup; a page can store the pieces once and
    put pictures together again (the step-through viewer does)."""
    opening = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{css_class}" viewBox="0 0 {_n(picture.width)} '
        f'{_n(picture.height)}" role="img" aria-label="{escape(picture.title or "the ship")}" '
        f'font-family="{_FONTS}">'
    )
    parts = [
        f'<rect x="0" y="0" width="{_n(picture.width)}" height="{_n(picture.height)}" fill="#ffffff"/>',
        _style_element(picture),
    ]
    for shape in picture.shapes:
        markup = _shape(shape)
        if shape.tip:
            markup = f"<g><title>{escape(shape.tip, quote=False)}</title>{markup}</g>"
        parts.append(markup)
    return opening, parts


def to_svg(picture: Picture, *, css_class: str = "ship", standalone: bool = False) -> str:
    """The picture as an ``<svg>`` element (scales to its container: a viewBox, no fixed size), or,
    ``standalone``, as an SVG file with its XML declaration and its own size."""
    opening, parts = svg_parts(picture, css_class=css_class)
    if standalone:
        opening = opening.replace(" role=", f' width="{_n(picture.width)}" height="{_n(picture.height)}" role=', 1)
    text = opening + f"<title>{escape(picture.title)}</title>" + "".join(parts) + "</svg>"
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + text + "\n" if standalone else text
