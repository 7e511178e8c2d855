"""Fire and Malfunction markers (RU-RB p.11, p.17; facts.md §11).

One of each per room at most (a second does nothing); rooms such as the Nest never take a
Malfunction. The supplies are 8 each: needing a ninth Fire destroys the ship, a ninth
Malfunction breaches the hull; either ends the game at once.
"""

from __future__ import annotations

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.endgame import end_game


def fires(state: GameState) -> int:
    return sum(1 for r in state.rooms if r.fire)


def malfunctions(state: GameState) -> int:
    return sum(1 for r in state.rooms if r.malfunction)


def place_fire(state: GameState, position: str, ctx: Context) -> GameState:
    """A Fire marker in ``position`` (nothing if it is already burning)."""
    room = state.room(position)
    if room.fire or state.end is not None:
        # base.fire.limit: a second Fire in a room does nothing (nor any once the game has ended)
        return state
    if fires(state) >= tables.supply(state.config, "fire"):
        ctx.fire("base.fire.exhaustion")
        return end_game(state, "ship-destroyed-ninth-fire", ctx)
    ctx.fire("base.fire.limit")
    return state.with_room(position, room.evolve(fire=True))


def place_malfunction(state: GameState, position: str, ctx: Context) -> GameState:
    """A Malfunction marker in ``position`` (nothing if it has one or cannot take one)."""
    room = state.room(position)
    if room.malfunction or state.end is not None:
        # base.malfunction.limit: a second Malfunction in a room does nothing (nor any once the game has ended)
        return state
    if not tables.room_can_malfunction(state.config, room.tile):
        ctx.fire("base.malfunction.immune-rooms")
        return state
    if malfunctions(state) >= tables.supply(state.config, "malfunction"):
        ctx.fire("base.malfunction.exhaustion")
        return end_game(state, "hull-breach-ninth-malfunction", ctx)
    ctx.fire("base.malfunction.limit")
    return state.with_room(position, room.evolve(malfunction=True))


def spread_fire(state: GameState, sources: list[str], ctx: Context) -> GameState:
    """Fire into every room neighbouring one of ``sources``, not through Closed Doors."""
    board = state.config.board
    targets: set[str] = set()
    for position in sources:
        for corridor in board.corridors_at[position]:
            if state.door(corridor) != "closed":
                targets.add(board.corridors[corridor].other_end(position))
    for position in sorted(targets):
        state = place_fire(state, position, ctx)
    return state
