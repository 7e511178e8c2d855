"""Board exports: the JSON contract, DOT, GraphML and the picture."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET

import networkx as nx

from nemesis_rules.board.draw import board_picture
from nemesis_rules.board.export import board_dict, to_dot, to_graphml, to_json
from nemesis_rules.board.graph import basic_board
from nemesis_rules.board.picture_file import picture_bytes


def test_json_contract() -> None:
    data = json.loads(to_json(basic_board()))
    assert [p["id"] for p in data["positions"]] == [f"{n:02d}" for n in range(1, 22)]
    cockpit = data["positions"][0]
    assert cockpit["kind"] == "printed" and cockpit["room"] == "cockpit"
    assert {p["kind"] for p in data["positions"]} == {"printed", "slot-1", "slot-2"}
    corridor = next(c for c in data["corridors"] if c["between"] == ["01", "03"])
    assert corridor["numbers"] == [1, 2]
    assert {"position": "02", "numbers": [1, 2]} in data["technical_entrances"]
    assert len(data["corridors"]) == 28 and len(data["technical_entrances"]) == 8
    assert len(data["rooms"]) == 25
    assert data["sources"]["corridors"]["status"] == "reconstructed"


def test_json_reflects_the_computer_variant() -> None:
    rooms = {r["id"]: r for r in board_dict(basic_board(), "reference")["rooms"]}
    assert rooms["cockpit"]["computer"] is True


def test_dot_has_every_corridor_with_its_numbers() -> None:
    dot = to_dot(basic_board())
    assert dot.startswith('graph "basic" {')
    assert '"01" -- "03" [label="1,2"];' in dot
    assert dot.count(" -- ") == 28
    assert "tech 1,2" in dot


def test_graphml_round_trips_through_networkx() -> None:
    text = to_graphml(basic_board())
    ET.fromstring(text)
    graph = nx.read_graphml(io.StringIO(text))
    assert graph.number_of_nodes() == 21 and graph.number_of_edges() == 28
    assert graph.edges["01", "03"]["numbers"] == "1,2"
    assert graph.nodes["21"]["technical"] == "2,3"


def test_pictures_are_real_png_and_svg() -> None:
    png = picture_bytes(board_picture(basic_board()), "png")
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 20_000
    svg = picture_bytes(board_picture(basic_board()), "svg")
    assert b"<svg" in svg[:500]
