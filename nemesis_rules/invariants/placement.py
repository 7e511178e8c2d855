"""Where markers and pieces may be: one Noise marker per corridor (the technical corridor
space is one space), one Fire and one Malfunction per room, one door per corridor, one Slime
marker per character, and every piece on a real position (facts.md §9, §11).

The state holds these as sets and flags, so "two markers in one place" cannot be written
down; these invariants guard that representation (a count where a flag belongs, a space that
is not on the board) and the rules attached to it (no Malfunction where a room takes none).
"""

from __future__ import annotations

from nemesis_rules.board.layout import TECH
from nemesis_rules.invariants.components import per_config
from nemesis_rules.invariants.core import Invariant, character_invariant, problems, register, state_invariant
from nemesis_rules.model.core.config import GameConfig
from nemesis_rules.model.core.state import Character, GameState, RoomState
from nemesis_rules.model.data import tables

DOOR_STATES = frozenset({"open", "closed", "destroyed"})


@per_config
def noise_spaces(config: GameConfig) -> frozenset[str]:
    """Every space a Noise marker can lie in: each corridor, and the one technical corridor space."""
    return frozenset(config.corridor_ids) | {TECH}


@state_invariant(
    "placement.noise",
    "Each corridor holds at most one Noise marker, and all technical entrances share one space.",
    "base.noise.limit-one",
    reads=("noise",),
)
def noise_placement(state: GameState) -> str | None:
    if not isinstance(state.noise, frozenset):
        return f"Noise markers are held as {type(state.noise).__name__}, not as a set of spaces"
    stray = sorted(state.noise - noise_spaces(state.config))
    return f"Noise markers on spaces that are not corridors: {', '.join(stray)}" if stray else None


def _room_marker_problem(config: GameConfig, position: str, room: RoomState) -> str | None:
    if type(room.fire) is not bool or type(room.malfunction) is not bool:
        return f"room {position} holds Fire={room.fire!r}, Malfunction={room.malfunction!r} (one at most)"
    if room.malfunction and not tables.room_can_malfunction(config, room.tile):
        return f"room {position} ({room.tile}) has a Malfunction marker but takes none"
    if (room.fire or room.malfunction) and room.tile is None:
        return f"position {position} has a marker but no room tile"
    return None


def marker_placement(state: GameState) -> str | None:
    config = state.config
    return problems(
        m
        for position, room in zip(config.board.positions, state.rooms, strict=False)
        if (m := _room_marker_problem(config, position, room)) is not None
    )


class _RoomMarkerTracker:
    """Re-checks only the rooms a transition replaced (the others are the same objects, and
    a room's verdict depends on nothing else but the config)."""

    __slots__ = ()

    def full(self, state: GameState) -> str | None:
        return marker_placement(state)

    def step(self, before: GameState, after: GameState) -> str | None:
        old, new = before.rooms, after.rooms
        if old is new:
            return None
        if len(old) != len(new) or before.config is not after.config:
            return marker_placement(after)
        config = after.config
        found: list[str] = []
        for position, a, b in zip(config.board.positions, old, new, strict=False):
            if a is not b and (m := _room_marker_problem(config, position, b)) is not None:
                found.append(m)
        return problems(found)


register(
    Invariant(
        "placement.fire-malfunction",
        "A room holds at most one Fire and one Malfunction marker, and no Malfunction where the room takes none.",
        "base.fire.limit",
        "state",
        marker_placement,
        reads=frozenset({"rooms"}),
        tracker=_RoomMarkerTracker,
    )
)


@state_invariant(
    "placement.doors",
    "Each corridor holds exactly one door position: open, closed or destroyed.",
    "base.door.one-per-corridor",
    reads=("doors",),
)
def door_placement(state: GameState) -> str | None:
    corridors = len(state.config.corridor_ids)
    if len(state.doors) != corridors:
        return f"{len(state.doors)} doors recorded for {corridors} corridors"
    odd = sorted({d for d in state.doors if d not in DOOR_STATES})
    return f"door states {odd} are not open, closed or destroyed" if odd else None


@character_invariant(
    "placement.slime",
    "A character carries at most one Slime marker.",
    "base.slime.one-per-character",
    rulesets=("base",),
    character_reads=("slime",),
)
def slime_placement(state: GameState, c: Character) -> str | None:
    return f"player {c.player} carries Slime={c.slime!r} (one marker at most)" if type(c.slime) is not bool else None


@per_config
def positions(config: GameConfig) -> frozenset[str]:
    return frozenset(config.board.positions)


@character_invariant(
    "placement.characters",
    "Every character stands in a room of the board.",
    "base.ship.rooms",
    character_reads=("position",),
)
def character_position(state: GameState, c: Character) -> str | None:
    return f"player {c.player} stands in {c.position!r}" if c.position not in positions(state.config) else None


@state_invariant(
    "placement.intruders",
    "Every Intruder stands in a room of the board; Intruder ids are unique and below the next id.",
    "base.ship.rooms",
    reads=("intruders", "next_intruder"),
)
def intruder_positions(state: GameState) -> str | None:
    if not state.intruders:
        return None
    board = positions(state.config)
    found = [f"Intruder {i.id} ({i.kind}) stands in {i.position!r}" for i in state.intruders if i.position not in board]
    ids = [i.id for i in state.intruders]
    if len(set(ids)) != len(ids):
        found.append(f"Intruder ids repeat: {sorted(ids)}")
    if ids and max(ids) >= state.next_intruder:
        found.append(f"Intruder id {max(ids)} is not below the next id {state.next_intruder}")
    found.extend(f"Intruder {i.id} has {i.injuries} injuries" for i in state.intruders if i.injuries < 0)
    return problems(found)
