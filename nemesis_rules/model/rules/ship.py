"""Shared ship operations that room actions, action cards and items all use: markers,
doors, engines, the self-destruct sequence and Computer rooms (RU-RB p.11, p.17, p.24-26;
facts.md §9, §11, §12).
"""

from __future__ import annotations

from dataclasses import dataclass

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import Choice
from nemesis_rules.model.core.state import DoorState, GameState, RoomState
from nemesis_rules.model.data import tables


def remove_malfunction(state: GameState, position: str, ctx: Context) -> GameState:
    room = state.room(position)
    if not room.malfunction:
        # base.malfunction.limit: a room without a Malfunction marker has none to remove
        return state
    ctx.fire("base.malfunction.limit")
    return state.with_room(position, room.evolve(malfunction=False))


def remove_fire(state: GameState, position: str, ctx: Context) -> GameState:
    room = state.room(position)
    if not room.fire:
        # base.fire.limit: a room without a Fire marker has none to remove
        return state
    ctx.fire("base.fire.limit")
    return state.with_room(position, room.evolve(fire=False))


def doors_of(state: GameState, position: str) -> tuple[str, ...]:
    """The corridors (with a door each) around ``position``; technical corridors have none."""
    return state.config.board.corridors_at[position]


def set_door(
    state: GameState, corridor: str, door: DoorState, ctx: Context, *, may_close_destroyed: bool = False
) -> GameState:
    """Open or close one door; a Destroyed door stays open unless ``may_close_destroyed``
    (only the Plasma Torch, facts.md §7, §9)."""
    current = state.door(corridor)
    if current == "destroyed" and not may_close_destroyed:
        # base.door.destroyed: a Destroyed Door stays open (only the Plasma Torch closes it)
        return state
    if current == door:
        if door == "closed":
            ctx.fire("base.door.one-per-corridor")  # a Door is there already: no second one
        return state
    ctx.fire("base.door.closed-blocks" if door == "closed" else "base.door.start-open")
    if door == "closed" and current == "open":
        state = take_door_token(state, corridor, ctx)
    return state.with_door(corridor, door)


def take_door_token(state: GameState, corridor: str, ctx: Context) -> GameState:
    """A Door token for ``corridor``: from the supply, or, with every token on the board, taken
    from another corridor (base.door.exhaustion: "take any door token from the board"). Which one
    the texts do not say: ruling base.gap.door-token-taken picks a Closed Door first (the lowest
    corridor), or a Destroyed one first (whose corridor is then simply open)."""
    supply = next(s.count for s in tables.base(state.config).supplies if s.id == "door")
    held = [c for c in state.config.board.corridors if c != corridor and state.door(c) != "open"]
    if len(held) < supply:
        # base.door.exhaustion: a token is taken from the board only when none is left in the supply
        return state
    reading = ctx.gap(
        state,
        "base.gap.door-token-taken",
        "base.door.exhaustion",
        f"a Door is closed in corridor {corridor} with all {supply} Door tokens on the board",
    )
    ctx.fire("base.door.exhaustion")
    first = "destroyed" if reading == "destroyed-first" else "closed"
    donor = min(held, key=lambda c: (state.door(c) != first, c))
    return state.with_door(donor, "open")


def door_variants(state: GameState, position: str, *, may_close_destroyed: bool = False) -> list[dict[str, str]]:
    """Each single door change possible around ``position``: {"corridor", "door"}."""
    out = []
    for corridor in doors_of(state, position):
        current = state.door(corridor)
        if current == "open":
            out.append({"corridor": corridor, "door": "closed"})
        elif current == "closed":
            out.append({"corridor": corridor, "door": "open"})
        elif may_close_destroyed:
            out.append({"corridor": corridor, "door": "closed"})
    return out


def engine_index(tile: str | None) -> int | None:
    """``engine-1`` → 0, ``engine-2`` → 1, ``engine-3`` → 2; other rooms None."""
    if tile and tile.startswith("engine-") and tile[-1].isdigit():
        return int(tile[-1]) - 1
    return None


@dataclass(frozen=True, slots=True)
class EngineReorder(Choice):
    """Repairing or breaking an Engine: the character looks at both tokens and may swap them;
    they must say whether the order changed (RU-RB p.26)."""

    engine: int
    clause = "base.room.engine"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        return (Decision.make(self.player, "keep-engine-order"), Decision.make(self.player, "swap-engine-tokens"))

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        if decision.kind == "keep-engine-order":
            # base.room.engine: keeping the order is the repairer's choice
            return state
        engines = list(state.engines)
        engines[self.engine] = tuple(reversed(engines[self.engine]))
        return state.evolve(engines=tuple(engines))


def repair_engine(state: GameState, player: int, ctx: Context) -> GameState:
    """Repair or break the Engine here (a Repairs card, Tools, Duct Tape): look at both tokens and
    put them back in either order, saying whether the order changed (RU-RB p.26). A repair is no
    Room action, so a Malfunction in the room does not stop it (base.room.engine-malfunction)."""
    position = state.character(player).position
    index = engine_index(state.room(position).tile)
    if index is None:
        # base.room.engine: outside an Engine room there is nothing to repair (no option offers it)
        return state
    ctx.fire("base.room.engine")
    if state.room(position).malfunction:
        ctx.fire("base.room.engine-malfunction")
    return state.push(EngineReorder(player, index))


def self_destruct_can_stop(state: GameState) -> bool:
    return state.self_destruct is not None and "no-abort" not in tables.self_destruct_flags(state)


def anyone_hibernating(state: GameState) -> bool:
    return any(c.status == "hibernating" for c in state.characters)


def start_self_destruct(state: GameState, ctx: Context) -> GameState:
    """The Self-Destruct marker goes on the green space (RU-RB p.24)."""
    if state.self_destruct is not None:
        # base.self-destruct.start: a running sequence is not started again
        return state
    ctx.fire("base.self-destruct.start")
    flags = state.flags | {STARTED_THIS_ROUND} if state.phase == "player" else state.flags
    return state.evolve(self_destruct=tables.self_destruct_start(state.config), flags=flags)


STARTED_THIS_ROUND = "self-destruct-started-this-round"
"""Set while the sequence started in this round's Player Phase has not had its first Event Phase
(ruling ``base.de.self-destruct-rounds``: whether that Event Phase moves the marker)."""


def stop_self_destruct(state: GameState, ctx: Context) -> GameState:
    if not self_destruct_can_stop(state):
        # base.self-destruct.lock: past the lock the sequence cannot be stopped
        return state
    ctx.fire("base.self-destruct.stop")
    return state.evolve(self_destruct=None, flags=state.flags - {STARTED_THIS_ROUND})


def _working_computer(state: GameState, room: RoomState) -> bool:
    """An explored room with a Computer and no Malfunction (a Malfunction blocks the Computer)."""
    return bool(
        room.explored and room.tile and tables.room_has_computer(state.config, room.tile) and not room.malfunction
    )


def working_computer_rooms(state: GameState) -> list[str]:
    """Explored rooms with a Computer and no Malfunction (a Malfunction blocks the Computer)."""
    positions = state.config.board.positions
    return [p for p, room in zip(positions, state.rooms, strict=True) if _working_computer(state, room)]


def in_computer_room(state: GameState, player: int) -> bool:
    """Whether ``player`` stands in one of the :func:`working_computer_rooms`."""
    return _working_computer(state, state.room(state.character(player).position))
