"""Room tile placement at setup, as a sequence of chance outcomes the engine can drive.

Setup steps 2-3 (void-seeders-rulebook.txt, Setup; facts.md §9): shuffle the "2" tiles and put
one face down on each "2" slot (5 of the 9 tiles are used), then every "1" tile on the "1"
slots. A ruleset may remove tiles from a pool (Void Seeders removes the Room Covered with
Slime). Each step is one chance node: the next empty slot and the tiles still in its pool,
each with weight 1.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from nemesis_rules.board.graph import Board
from nemesis_rules.board.rooms import tiles

SLOT_ORDER: tuple[str, ...] = ("slot-2", "slot-1")
"""Setup places the "2" tiles first, then the "1" tiles (VS-RB Setup steps 2 and 3)."""


@dataclass(frozen=True, slots=True)
class TilePools:
    """The tiles available for each slot kind after a ruleset's removals."""

    by_kind: Mapping[str, tuple[str, ...]]

    def pool(self, kind: str) -> tuple[str, ...]:
        return self.by_kind[kind]


@lru_cache(maxsize=16)
def tile_pools(removed: frozenset[str] = frozenset()) -> TilePools:
    """The "1" and "2" pools, without the ``removed`` tile ids (worked out once per set of
    removals: every tile drawn in setup asks)."""
    return TilePools(
        MappingProxyType(
            {
                "slot-1": tuple(t for t in tiles("1") if t not in removed),
                "slot-2": tuple(t for t in tiles("2") if t not in removed),
            }
        )
    )


@lru_cache(maxsize=16)
def slot_sequence(board: Board) -> tuple[str, ...]:
    """Every tile slot in the order setup fills them (worked out once per board)."""
    return tuple(p for kind in SLOT_ORDER for p in board.slots(kind))


def next_tile_draw(
    board: Board, pools: TilePools, placed: Mapping[str, str]
) -> tuple[str, tuple[tuple[str, int], ...]] | None:
    """The next slot to fill and the possible tiles with their weights, or None when all are placed."""
    for slot in slot_sequence(board):
        if slot in placed:
            continue
        kind = board.kinds[slot]
        used = set(placed.values())
        remaining = tuple((t, 1) for t in pools.pool(kind) if t not in used)
        return slot, remaining
    return None


def placement_problems(board: Board, pools: TilePools, placed: Mapping[str, str]) -> list[str]:
    """Every way ``placed`` (slot -> tile) breaks the placement rules; empty if it is a full legal setup."""
    problems: list[str] = []
    slots = set(slot_sequence(board))
    for slot, tile in sorted(placed.items()):
        if slot not in slots:
            problems.append(f"{slot} is not a room tile slot")
            continue
        if tile not in pools.pool(board.kinds[slot]):
            problems.append(f"tile {tile!r} cannot go on {board.kinds[slot]} {slot}")
    seen: dict[str, str] = {}
    for slot, tile in sorted(placed.items()):
        if tile in seen:
            problems.append(f"tile {tile!r} is placed twice ({seen[tile]} and {slot})")
        seen[tile] = slot
    for slot in sorted(slots - set(placed)):
        problems.append(f"slot {slot} has no tile")
    return problems


def random_placement(board: Board, pools: TilePools, rng: random.Random) -> dict[str, str]:
    """Fill every slot by sampling each chance node with ``rng`` (what the fuzzer does)."""
    placed: dict[str, str] = {}
    while (step := next_tile_draw(board, pools, placed)) is not None:
        slot, outcomes = step
        placed[slot] = rng.choice([tile for tile, _ in outcomes])
    return placed
