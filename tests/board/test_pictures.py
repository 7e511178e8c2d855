"""The drawing model and its two renderers: room names fit their boxes, every door state and Noise
marker is drawn, and the SVG and the PNG come from the same shapes."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET

from PIL import Image

from nemesis_rules.board.draw import BOX_W, board_picture, ship_frame
from nemesis_rules.board.graph import basic_board
from nemesis_rules.board.layout import TECH
from nemesis_rules.board.picture import Picture, Rect, Text, fit_text, text_width
from nemesis_rules.board.picture_file import picture_bytes
from nemesis_rules.board.picture_svg import to_svg
from nemesis_rules.board.rooms import room_catalogue

SVG = "{http://www.w3.org/2000/svg}"


def test_every_room_name_fits_its_box_without_a_cut() -> None:
    for room in room_catalogue().values():
        lines, size = fit_text(room.name, BOX_W - 40, size=12.0, min_size=8.0, max_lines=2)
        assert all(text_width(line, size) <= BOX_W - 40 for line in lines), room.name
        assert " ".join(lines) == room.name, room.name  # nothing cut off


def test_a_name_too_long_for_its_box_is_cut_with_an_ellipsis() -> None:
    lines, size = fit_text("Extraordinarily Longwinded Compartment Of Nothing", 60, size=12, min_size=8, max_lines=1)
    assert size == 8 and lines[0].endswith("…") and text_width(lines[0], size) <= 60


def test_the_board_picture_has_every_room_corridor_and_technical_entrance() -> None:
    board = basic_board()
    kinds = board_picture(board).kinds()
    assert kinds["room"] == 21 and kinds["corridor"] == 28 and kinds["door"] == 28 and kinds["technical"] == 8


def test_each_door_state_and_noise_marker_is_drawn() -> None:
    board = basic_board()
    doors = {"01-02": "closed", "01-03": "destroyed"}
    shapes, _ = ship_frame(board, doors=doors, noise=frozenset({"01-04", TECH}))
    tips = [s.tip for s in shapes if s.tip]
    assert "door 01-02: closed" in tips and "door 01-03: destroyed" in tips and "door 01-04: open" in tips
    assert "noise in corridor 01-04" in tips
    technical = [t for t in tips if t.startswith("noise in the technical corridors")]
    assert len(technical) == len(board.layout.technical_entrances)


def test_svg_and_png_draw_the_same_picture() -> None:
    picture = board_picture(basic_board())
    svg = ET.fromstring(picture_bytes(picture, "svg"))
    rects = svg.findall(f".//{SVG}rect")
    assert len(rects) == 1 + sum(isinstance(s, Rect) for s in picture.shapes)  # plus the white background
    assert len(svg.findall(f".//{SVG}text")) == sum(isinstance(s, Text) for s in picture.shapes)
    png = Image.open(io.BytesIO(picture_bytes(picture, "png")))
    assert png.size == (round(picture.width), round(picture.height))


def test_text_keeps_its_own_style_inside_a_page_that_styles_svg_text() -> None:
    picture = Picture(100, 40, (Text(50, 20, "Nest", size=11, anchor="start", bold=True),))
    markup = to_svg(picture)
    found = re.search(r'<text [^>]*class="(nr-[0-9a-f]+)"', markup)
    assert found is not None
    assert f"svg text.{found[1]}{{font-size:11px;text-anchor:start;fill:#000;font-weight:bold}}" in markup
