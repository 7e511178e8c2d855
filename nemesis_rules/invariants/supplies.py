"""Supplies are never exceeded: markers, heavy objects and miniatures (facts.md §1, §11;
void-seeders-rulebook.txt, Components). Every limit comes from the component tables."""

from __future__ import annotations

from typing import Any

from nemesis_rules.invariants.components import box, per_config
from nemesis_rules.invariants.core import state_invariant
from nemesis_rules.invariants.ledger import Counts, Ledger, Source, never_changes, register_ledger, tally
from nemesis_rules.model.core.config import GameConfig
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables

HEAVY_OBJECTS = tables.HEAVY_OBJECTS
OBJECT = "object"
MINIATURE = "miniature"


def _room_objects(state: GameState, value: Any, acc: Counts, sign: int) -> None:
    for room in value:
        if room.objects:
            tally(acc, OBJECT, room.objects, sign)


def _room_objects_delta(before: GameState, after: GameState, old: Any, new: Any, acc: Counts) -> None:
    if len(old) != len(new):
        _room_objects(before, old, acc, -1)
        _room_objects(after, new, acc, 1)
        return
    for a, b in zip(old, new, strict=True):
        if a is not b and a.objects is not b.objects:
            tally(acc, OBJECT, a.objects, -1)
            tally(acc, OBJECT, b.objects, 1)


def _carried(state: GameState, value: Any, acc: Counts, sign: int) -> None:
    for c in value:
        tally(acc, OBJECT, (h for h in c.hands if h in HEAVY_OBJECTS), sign)


def _carried_delta(before: GameState, after: GameState, old: Any, new: Any, acc: Counts) -> None:
    if len(old) != len(new):
        _carried(before, old, acc, -1)
        _carried(after, new, acc, 1)
        return
    for a, b in zip(old, new, strict=True):
        if a is not b and a.hands is not b.hands:
            tally(acc, OBJECT, (h for h in a.hands if h in HEAVY_OBJECTS), -1)
            tally(acc, OBJECT, (h for h in b.hands if h in HEAVY_OBJECTS), 1)


def _board_eggs(state: GameState, value: Any, acc: Counts, sign: int) -> None:
    key = (OBJECT, "egg")
    acc[key] = acc.get(key, 0) + sign * value


@per_config
def _object_box(config: GameConfig) -> Counts:
    supplies = box(config).supplies
    return {(OBJECT, kind): supplies[kind] for kind in HEAVY_OBJECTS}


HEAVY_OBJECT_SUPPLY = Ledger(
    sources=(
        Source("rooms", _room_objects, _room_objects_delta),
        Source("characters", _carried, _carried_delta, character_reads=frozenset({"hands"})),
        Source("eggs", _board_eggs),
    ),
    box=lambda state: _object_box(state.config),
    box_changed=never_changes,
    exact=False,
)


def _intruder_kinds(state: GameState, value: Any, acc: Counts, sign: int) -> None:
    tally(acc, MINIATURE, (i.kind for i in value), sign)


def _larvae_on_boards(state: GameState, value: Any, acc: Counts, sign: int) -> None:
    tally(acc, MINIATURE, ("larva" for c in value if c.larva), sign)


def _larvae_delta(before: GameState, after: GameState, old: Any, new: Any, acc: Counts) -> None:
    if len(old) != len(new):
        _larvae_on_boards(before, old, acc, -1)
        _larvae_on_boards(after, new, acc, 1)
        return
    for a, b in zip(old, new, strict=True):
        if a.larva != b.larva:
            tally(acc, MINIATURE, ("larva",), 1 if b.larva else -1)


@per_config
def _miniature_box(config: GameConfig) -> Counts:
    return {(MINIATURE, kind): n for kind, n in box(config).miniatures.items()}


MINIATURE_SUPPLY = Ledger(
    sources=(
        Source("intruders", _intruder_kinds),
        Source("characters", _larvae_on_boards, _larvae_delta, character_reads=frozenset({"larva"})),
    ),
    box=lambda state: _miniature_box(state.config),
    box_changed=never_changes,
    exact=False,
)
"""Miniatures in play: on the board, and Larvae on character boards. A type the ruleset does
not have counts as more than its box holds (none)."""


register_ledger(
    "supply.heavy-objects",
    "Eggs (the Intruder board's included), Carcasses and Corpses in play never exceed their supplies.",
    "base.supply.components",
    HEAVY_OBJECT_SUPPLY,
)


register_ledger(
    "supply.miniatures",
    "Every miniature in play is of a type of the ruleset, and no type exceeds its miniature count.",
    "base.supply.miniatures",
    MINIATURE_SUPPLY,
    ("base",),
)


register_ledger(
    "vs.supply.miniatures",
    "Every miniature in play is of a type of the ruleset, and no type exceeds its miniature count.",
    "vs.supply.miniatures",
    MINIATURE_SUPPLY,
    ("void-seeders",),
)


@state_invariant(
    "supply.fire",
    "At most as many Fire markers are on the board as the supply holds.",
    "base.fire.exhaustion",
    reads=("rooms",),
)
def fire_supply(state: GameState) -> str | None:
    limit = box(state.config).supplies["fire"]
    used = sum(1 for r in state.rooms if r.fire)
    return f"{used} Fire markers on the board, the supply holds {limit}" if used > limit else None


@state_invariant(
    "supply.malfunction",
    "At most as many Malfunction markers are on the board as the supply holds.",
    "base.malfunction.exhaustion",
    reads=("rooms",),
)
def malfunction_supply(state: GameState) -> str | None:
    limit = box(state.config).supplies["malfunction"]
    used = sum(1 for r in state.rooms if r.malfunction)
    return f"{used} Malfunction markers on the board, the supply holds {limit}" if used > limit else None


@state_invariant(
    "supply.noise",
    "At most as many Noise markers are on the board as the supply holds.",
    "base.supply.components",
    reads=("noise",),
)
def noise_supply(state: GameState) -> str | None:
    limit = box(state.config).supplies["noise"]
    used = len(state.noise)
    return f"{used} Noise markers on the board, the supply holds {limit}" if used > limit else None


@state_invariant(
    "supply.doors",
    "At most as many Door tokens (closed or destroyed) are on the board as the supply holds.",
    "base.door.exhaustion",
    reads=("doors",),
)
def door_supply(state: GameState) -> str | None:
    limit = box(state.config).supplies["door"]
    used = sum(1 for d in state.doors if d != "open")
    return f"{used} Door tokens on the board, the supply holds {limit}" if used > limit else None
