"""The picture of a game state (``show --png/--svg/--html``, the report's situations) shows every
kind of piece: doors in each state, Noise per corridor and technical entrance, Fire, Malfunction,
characters with wounds and (Void Seeders) Insanity, Intruders, Void Seeders, Lairs, Eggs, Carcasses,
corpses, Slime, the escape pods with their occupants, the Time and Self-Destruct tracks."""

from __future__ import annotations

from pathlib import Path

import pytest

from nemesis_rules.board.layout import TECH
from nemesis_rules.board.picture_svg import to_svg
from nemesis_rules.findings.ship_picture import ship_picture
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState, Intruder, Pod
from nemesis_rules.record import read_record, replay_record

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def state_at(name: str, line: int) -> GameState:
    return replay_record(read_record(EXAMPLES / name), until_line=line).final_state


def busy(state: GameState) -> GameState:
    """``state`` with one of every piece the picture can show placed on it."""
    ids = state.config.corridor_ids
    doors = tuple("closed" if i == 0 else "destroyed" if i == 1 else d for i, d in enumerate(state.doors))
    first, second = state.characters[0], state.characters[1]
    state = state.evolve(
        doors=doors,
        noise=frozenset({ids[2], TECH}),
        intruders=(Intruder(90, "adult", "07", injuries=2), Intruder(91, "stalker", "08"), Intruder(92, "lair", "09")),
        pods=(Pod(1, "A", locked=False, occupants=(second.player,)), Pod(2, "B")),
        self_destruct=2,
        eggs=3,
    )
    state = state.with_room("07", state.room("07").evolve(fire=True, malfunction=True))
    state = state.with_room("09", state.room("09").evolve(objects=Multiset.of(("carcass", "egg", "corpse-red"))))
    state = state.with_room("05", state.room("05").evolve(tile="nest"))
    return state.with_character(
        first.evolve(
            position="07", light_wounds=2, serious_wounds=("leg", "arm"), dressed=("leg",), slime=True, insanity=4
        )
    )


@pytest.mark.parametrize(
    ("name", "line"), [("game-void-seeders-seed2-3p.jsonl", 120), ("game-base-seed7-4p.jsonl", 400)]
)
def test_every_kind_of_piece_is_drawn(name: str, line: int) -> None:
    state = busy(state_at(name, line))
    kinds = ship_picture(state, ["test"]).kinds()
    for kind in (
        "door",
        "noise",
        "fire",
        "malfunction",
        "character",
        "light",
        "serious",
        "slime",
        "intruder",
        "egg",
        "carcass",
        "corpse",
        "escape",
        "in",
        "time",
        "self-destruct",
        "lair",
        "void-seeder",
    ):
        assert kinds.get(kind, 0) > 0, kind
    svg = to_svg(ship_picture(state, ["test"]))
    ids = state.config.corridor_ids
    for tip in (
        f"door {ids[0]}: closed",
        f"door {ids[1]}: destroyed",
        f"noise in corridor {ids[2]}",
        "noise in the technical corridors",
        "fire in room 07",
        "malfunction in room 07",
        "intruder adult #90, 2 injuries",
        "void-seeder stalker #91",
        "lair #92",
        "egg in the Nest (05)",
        "carcass in room 09",
        f"in pod 1: P{state.characters[1].player}",
        "self-destruct marker: space",
        "serious wound P1: leg (dressed)",
    ):
        assert tip in svg, tip


def test_insanity_is_drawn_in_void_seeders_only() -> None:
    vs = ship_picture(busy(state_at("game-void-seeders-seed2-3p.jsonl", 120))).kinds()
    base = ship_picture(busy(state_at("game-base-seed7-4p.jsonl", 400))).kinds()
    assert vs.get("insanity", 0) >= 2 and "insanity" not in base


def test_a_room_too_full_counts_what_it_cannot_show() -> None:
    state = state_at("game-base-seed7-4p.jsonl", 400)
    crowd = tuple(Intruder(100 + i, "adult", "11", injuries=3) for i in range(14))
    kinds = ship_picture(state.evolve(intruders=crowd)).kinds()
    assert kinds.get("more", 0) == 1 and 0 < kinds["intruder"] < 14


def test_a_hibernating_character_is_drawn_grey_and_a_dead_one_not_at_all() -> None:
    state = state_at("game-base-seed7-4p.jsonl", 400)
    one, two = state.characters[0], state.characters[1]
    state = state.with_character(one.evolve(status="hibernating", position="11"))
    state = state.with_character(two.evolve(status="dead"))
    svg = to_svg(ship_picture(state))
    assert f"character P{one.player} {one.name} (hibernating)" in svg
    assert f"character P{two.player} {two.name} (dead)" not in svg
