"""A :class:`~nemesis_rules.board.picture.Picture` as SVG markup: plain text, no plotting library,
so that a report page can hold dozens of pictures. Shapes with a hover text are wrapped in a group
with a ``<title>``; coordinates are rounded to a tenth of a pixel."""

from __future__ import annotations

from html import escape

from nemesis_rules.board.picture import FONT_FAMILY, Circle, Line, Picture, Polygon, Rect, Shape

_FONTS = f"{FONT_FAMILY}, Verdana, Geneva, sans-serif"


def _n(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _paint(fill: str, stroke: str, width: float) -> str:
    out = f' fill="{fill}"'
    if stroke != "none":
        out += f' stroke="{stroke}" stroke-width="{_n(width)}"'
    return out


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
            f'stroke="{shape.stroke}" stroke-width="{_n(shape.width)}"{dash}/>'
        )
    if isinstance(shape, Circle):
        paint = _paint(shape.fill, shape.stroke, shape.width)
        if shape.ry is not None:
            return f'<ellipse cx="{_n(shape.cx)}" cy="{_n(shape.cy)}" rx="{_n(shape.r)}" ry="{_n(shape.ry)}"{paint}/>'
        return f'<circle cx="{_n(shape.cx)}" cy="{_n(shape.cy)}" r="{_n(shape.r)}"{paint}/>'
    if isinstance(shape, Polygon):
        points = " ".join(f"{_n(x)},{_n(y)}" for x, y in shape.points)
        return f'<polygon points="{points}"{_paint(shape.fill, shape.stroke, shape.width)}/>'
    # an inline style, not presentation attributes: a page's own CSS for its text must not restyle these
    style = f"font-size:{_n(shape.size)}px;text-anchor:{shape.anchor};fill:{shape.colour}"
    if shape.bold:
        style += ";font-weight:bold"
    if shape.italic:
        style += ";font-style:italic"
    return f'<text x="{_n(shape.x)}" y="{_n(shape.y)}" style="{style}">{escape(shape.text, quote=False)}</text>'


def svg_parts(picture: Picture, *, css_class: str = "ship") -> tuple[str, list[str]]:
    """The ``<svg>`` opening tag (with a white background, without a title) and each shape's markup:
    pieces a page can store once and put together again (the step-through viewer does)."""
    opening = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{css_class}" viewBox="0 0 {_n(picture.width)} '
        f'{_n(picture.height)}" role="img" aria-label="{escape(picture.title or "the ship")}" '
        f'font-family="{_FONTS}"><rect x="0" y="0" width="{_n(picture.width)}" height="{_n(picture.height)}" '
        'fill="#ffffff"/>'
    )
    parts = []
    for shape in picture.shapes:
        markup = _shape(shape)
        if shape.tip:
            markup = f"<g><title>{escape(shape.tip, quote=False)}</title>{markup}</g>"
        parts.append(markup)
    return opening, parts


def to_svg(picture: Picture, *, css_class: str = "ship", standalone: bool = False) -> str:
    """The picture as an ``<svg>`` element (scales to its container: a viewBox, no fixed size), or,
    ``standalone``, as an SVG file with its XML declaration and its own size."""
    size = f' width="{_n(picture.width)}" height="{_n(picture.height)}"' if standalone else ""
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{css_class}" viewBox="0 0 {_n(picture.width)} '
        f'{_n(picture.height)}"{size} role="img" aria-label="{escape(picture.title or "the ship")}" '
        f'font-family="{_FONTS}">',
        f"<title>{escape(picture.title)}</title>",
        f'<rect x="0" y="0" width="{_n(picture.width)}" height="{_n(picture.height)}" fill="#ffffff"/>',
    ]
    for shape in picture.shapes:
        markup = _shape(shape)
        if shape.tip:
            markup = f"<g><title>{escape(shape.tip, quote=False)}</title>{markup}</g>"
        out.append(markup)
    out.append("</svg>")
    text = "".join(out)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + text + "\n" if standalone else text
