"""The ship board: data, graph, checks and placement (facts.md §9, §10)."""

from __future__ import annotations

import random
from dataclasses import replace

import networkx as nx
import pytest

from nemesis_rules.board.checks import layout_problems
from nemesis_rules.board.graph import basic_board, build_board
from nemesis_rules.board.layout import TECH, Corridor, TechnicalEntrance, basic_layout
from nemesis_rules.board.placement import (
    next_tile_draw,
    placement_problems,
    random_placement,
    slot_sequence,
    tile_pools,
)
from nemesis_rules.board.rooms import room_catalogue, tiles
from nemesis_rules.errors import DataError
from nemesis_rules.model.rulesets import BASE, VOID_SEEDERS


def test_basic_layout_is_sound() -> None:
    assert layout_problems(basic_layout()) == []


def test_positions_and_kinds_match_the_printed_board() -> None:
    board = basic_board()
    assert board.positions == tuple(f"{n:02d}" for n in range(1, 22))
    assert dict(board.printed_rooms) == {
        "01": "cockpit",
        "11": "hibernatorium",
        "19": "engine-3",
        "20": "engine-2",
        "21": "engine-1",
    }
    assert board.slots("slot-1") == ("02", "03", "04", "05", "09", "10", "12", "13", "16", "17", "18")
    assert board.slots("slot-2") == ("06", "07", "08", "14", "15")


def test_graph_is_frozen_and_connected() -> None:
    graph = basic_board().graph
    assert nx.is_frozen(graph)
    assert nx.is_connected(graph)
    assert graph.number_of_nodes() == 21
    assert graph.number_of_edges() == 28
    with pytest.raises(nx.NetworkXError):
        graph.add_edge("01", "21")


def test_corridor_numbers_read_from_both_ends() -> None:
    board = basic_board()
    assert board.space_by_number["01"][1] == board.space_by_number["01"][2] == "01-03"
    assert board.space_by_number["03"][1] == "01-03"
    assert board.space_by_number["11"] == {1: "11-15", 2: "06-11", 3: "08-11", 4: "11-14"}


def test_technical_entrances_share_one_space() -> None:
    board = basic_board()
    assert board.technical_positions == frozenset({"02", "04", "05", "09", "14", "15", "19", "21"})
    assert board.space_by_number["02"][1] == board.space_by_number["02"][2] == TECH
    assert board.space_by_number["19"][3] == board.space_by_number["21"][2] == TECH
    assert TECH in board.spaces_at["05"] and TECH not in board.spaces_at["11"]


def test_every_position_numbers_one_to_four_at_most_once() -> None:
    board = basic_board()
    for pid in board.positions:
        numbers = [n for c in board.corridors_at[pid] for n in board.corridors[c].numbers]
        numbers += [n for t in board.layout.technical_entrances if t.position == pid for n in t.numbers]
        assert sorted(numbers) == sorted(set(numbers)) and set(numbers) <= {1, 2, 3, 4}, pid


def test_a_broken_layout_is_rejected_with_every_problem_named() -> None:
    good = basic_layout()
    corridors = list(good.corridors)
    corridors[0] = Corridor("01-02", ("01", "02"), (1,))  # clashes with 01-03 (1,2) at 01
    corridors.append(Corridor("05-05", ("05", "05"), (7,)))  # self-loop, number out of range
    corridors = [c for c in corridors if c.id not in ("16-21", "18-21")]  # cuts off 21
    technical = (*good.technical_entrances, TechnicalEntrance("99", (2,)))
    broken = replace(good, corridors=tuple(corridors), technical_entrances=technical)
    problems = layout_problems(broken)
    text = "\n".join(problems)
    assert "position 01: number 1 appears on corridor 01-02 and corridor 01-03" in text
    assert "corridor 05-05 leads from 05 to itself" in text
    assert "corridor 05-05 bears number 7, outside 1-4" in text
    assert "technical entrance at unknown position 99" in text
    assert "the ship is not connected" in text and text.rstrip().endswith("| 21") is False and "| 21" in text
    assert "layout declares 28 corridors but has 27" in text
    assert "layout declares 8 technical_entrances but has 9" in text
    assert len(problems) >= 7
    with pytest.raises(DataError, match="number 1 appears"):
        build_board(broken)


def test_room_catalogue_has_every_room() -> None:
    rooms = room_catalogue()
    assert len(tiles("1")) == 11 and len(tiles("2")) == 9
    assert sum(1 for r in rooms.values() if r.tier == "printed") == 5
    assert {r.id for r in rooms.values() if r.computer} == {
        "comms-room",
        "fire-control-system",
        "generator",
        "laboratory",
        "command-center",
        "engine-control-room",
        "monitoring-room",
    }
    assert not rooms["nest"].searchable and not rooms["nest"].can_malfunction
    assert rooms["armory"].colour == "red" and rooms["surgery"].colour == "green"
    assert rooms["cabins"].colour == "white" and rooms["room-covered-with-slime"].colour == "none"
    assert all(r.provenance.source for r in rooms.values())


def test_computer_variant_reference_adds_the_four_rooms() -> None:
    reference = room_catalogue("reference")
    added = {r for r in reference if reference[r].computer and not room_catalogue()[r].computer}
    assert added == {"surgery", "airlock-control", "hatch-control-system", "cockpit"}
    assert reference["surgery"].provenance.status == "reconstructed"


def test_void_seeders_removes_the_slime_room_from_the_two_pool() -> None:
    assert "room-covered-with-slime" in tile_pools(BASE.removed_room_tiles).pool("slot-2")
    vs = tile_pools(VOID_SEEDERS.removed_room_tiles)
    assert "room-covered-with-slime" not in vs.pool("slot-2")
    assert len(vs.pool("slot-2")) == 8 and len(vs.pool("slot-1")) == 11


def test_placement_is_a_sequence_of_chance_nodes() -> None:
    board = basic_board()
    pools = tile_pools()
    first = next_tile_draw(board, pools, {})
    assert first is not None
    slot, outcomes = first
    assert slot == "06" and len(outcomes) == 9 and all(w == 1 for _, w in outcomes)
    assert slot_sequence(board)[:5] == ("06", "07", "08", "14", "15")
    placed = {"06": "cabins"}
    second = next_tile_draw(board, pools, placed)
    assert second is not None and "cabins" not in dict(second[1])


@pytest.mark.parametrize("seed", range(5))
def test_random_placement_is_legal(seed: int) -> None:
    board = basic_board()
    pools = tile_pools(VOID_SEEDERS.removed_room_tiles)
    placed = random_placement(board, pools, random.Random(seed))
    assert placement_problems(board, pools, placed) == []
    assert set(tiles("1")) <= set(placed.values())


def test_illegal_placements_are_reported() -> None:
    board = basic_board()
    pools = tile_pools(VOID_SEEDERS.removed_room_tiles)
    placed = random_placement(board, pools, random.Random(1))
    placed["06"] = "room-covered-with-slime"
    placed["07"] = "armory"
    del placed["02"]
    text = "\n".join(placement_problems(board, pools, placed))
    assert "tile 'room-covered-with-slime' cannot go on slot-2 06" in text
    assert "tile 'armory' cannot go on slot-2 07" in text
    assert "slot 02 has no tile" in text
