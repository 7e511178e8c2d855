"""Intruder miniatures on the board: placing them from the supply, moving them through
corridors and doors, removing them (RU-RB p.15-17, p.20; facts.md §1-2, §9)."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.board.layout import TECH
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules import queries
from nemesis_rules.model.rules.pods import settle_pods
from nemesis_rules.model.rules.queries import destroys_closed_doors


def on_board(state: GameState, kind: str) -> int:
    """Miniatures of ``kind`` in use: on the board, and (Larvae) on character boards."""
    count = sum(1 for i in state.intruders if i.kind == kind)
    if kind == "larva":
        count += sum(1 for c in state.characters if c.larva)
    return count


def place_intruder(
    state: GameState, kind: str, position: str, token: str | None, ctx: Context
) -> tuple[GameState, int]:
    """Put an Intruder miniature of ``kind`` in ``position``; returns the state and its id (0 when
    none could be placed). Out of Adults, every Adult not in Combat retreats first (RU-RB p.15)."""
    limit = tables.miniature_limit(state.config, kind)
    if on_board(state, kind) >= limit:
        if clause := state.config.ruleset.clause("supply.miniatures"):
            ctx.fire(clause)  # every miniature of the kind is in use
        if kind == "adult":
            ctx.fire("base.supply.adult-exhaustion")
            retreat = True
        else:
            reading = ctx.gap(
                state,
                "base.gap.miniature-exhausted",
                "base.supply.miniatures",
                f"a {kind} must be placed in {position} but all {limit} miniatures are in use",
            )
            retreat = reading == "retreat-then-place"
        if retreat:
            for other in [i for i in state.intruders if i.kind == kind and not state.characters_at(i.position)]:
                state = remove_intruder(state, other.id, ctx, to_bag=True)
        if on_board(state, kind) >= limit:
            if token is not None:
                state = state.evolve(token_pool=state.token_pool.add(token))
            return state, 0
    new = Intruder(id=state.next_intruder, kind=kind, position=position, token=token)
    state = state.evolve(next_intruder=state.next_intruder + 1)
    return _arrived(state.with_intruder(new), ctx), new.id


def remove_intruder(state: GameState, intruder_id: int, ctx: Context, *, to_bag: bool) -> GameState:
    """Take a miniature off the board; its set-aside token goes back into the bag or to the pool."""
    intruder = next((i for i in state.intruders if i.id == intruder_id), None)
    if intruder is None:
        # base.event.movement: an Intruder already off the board is not removed again
        return state
    state = state.without_intruder(intruder_id)
    if intruder.token is not None:
        if to_bag:
            state = state.evolve(bag=state.bag.add(intruder.token))
        else:
            state = state.evolve(token_pool=state.token_pool.add(intruder.token))
    return state


def move_intruder(state: GameState, intruder_id: int, space: str, ctx: Context) -> GameState:
    """Move an Intruder through ``space`` (a corridor id or TECH) from where it stands.

    Into the technical corridors it vanishes: injuries discarded, token back to the bag.
    Into a Closed Door it destroys the door and stays (RU-RB p.15-17).
    """
    intruder = next((i for i in state.intruders if i.id == intruder_id), None)
    if intruder is None:
        # base.event.movement: an Intruder already off the board does not move
        return state
    if space == TECH:
        # no Door to meet there: technical corridors have none
        ctx.fire("base.tech-corridor.intruder-vanishes", "base.tech-corridor.no-doors")
        state = remove_intruder(state, intruder_id, ctx, to_bag=True)
        return tables.hooks(state.config).intruder_vanishes(state, intruder, ctx)
    if state.door(space) == "closed" and not queries.ignores_doors(state, intruder):
        if not destroys_closed_doors(state, intruder):
            ctx.fire("base.weakness.the-way-of-moving")
            return state
        ctx.fire("base.door.intruder-destroys")
        return state.with_door(space, "destroyed")
    destination = state.config.board.corridors[space].other_end(intruder.position)
    ctx.fire("base.event.movement")
    state = state.with_intruder(replace(intruder, position=destination))
    if not state.room(destination).explored:
        state = _entered_unexplored(state, destination, ctx)
    return _arrived(state, ctx)


def _entered_unexplored(state: GameState, position: str, ctx: Context) -> GameState:
    """An Intruder ends its move in an unexplored room: the tile and its token stay face down (facts.md
    §2, the rulebook), or the tile is turned and the token removed without resolving it (the FAQ as one
    utility paraphrases it): ruling base.source.intruder-unexplored-room. A turned tile gets the item
    counter printed on its token, as exploring it would."""
    reading = ctx.gap(
        state,
        "base.source.intruder-unexplored-room",
        "base.event.movement-unexplored",
        "an Intruder moves into an unexplored room",
    )
    if reading == "stay-hidden":
        ctx.fire("base.event.movement-unexplored")
        return state
    room = state.room(position)
    _, items = tables.parse_exploration_token(room.token)
    counter = items if tables.room_has_item_counter(state.config, room.tile) else None
    state = state.with_room(position, room.evolve(explored=True, token=None, items=counter))
    if room.token is not None:
        state = state.evolve(removed=state.removed.add(f"exploration:{room.token}"))
    return state


def _arrived(state: GameState, ctx: Context) -> GameState:
    """An Intruder arriving in an Evacuation Section ejects the characters waiting in its pods
    at once (RU-RB p.26)."""
    if not any(pod.occupants for pod in state.pods):
        # base.pod.intruder-ejects: with nobody waiting in a pod nobody is thrown out
        return state

    return settle_pods(state, ctx)
