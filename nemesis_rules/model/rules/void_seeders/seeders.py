"""Void Seeder and Lair miniatures on the board: placing them (the next lower type when a type
has run out), taking them off (void-seeders-rulebook.txt, Components; Void Seeders Rules >
Encounter; Void Seeders Rules > Void Seeders Injuries & Death).

Void Seeder miniatures carry no token: the token drawn in an Encounter is put aside at once
(ruling vs.gap.set-aside-token), and a Void Seeder leaving the board adds a *random* token.
"""

from __future__ import annotations

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.void_seeders.bag import add_random_tokens
from nemesis_rules.model.rules.void_seeders.components import LAIR, data

DESPOILER_KILLED = "despoiler-killed"


def on_board(state: GameState, kind: str) -> int:
    return sum(1 for i in state.intruders if i.kind == kind)


def despoiler_killed(state: GameState) -> bool:
    return DESPOILER_KILLED in state.flags


def _available(state: GameState, kind: str, ctx: Context) -> bool:
    """Whether a miniature of ``kind`` can be placed: not while every one of the box's is on the
    board (vs.supply.miniatures), nor a Despoiler after the Lairs killed it (ruling
    vs.summary.despoiler-no-return)."""
    if kind == "despoiler" and despoiler_killed(state):
        reading = ctx.gap(
            state,
            "vs.summary.despoiler-no-return",
            "vs.lair.despoiler-killed",
            "a Despoiler must be placed after the Despoiler was killed through the Lairs",
        )
        if reading == "never":
            return False
    if on_board(state, kind) < tables.miniature_limit(state.config, kind):
        return True
    ctx.fire("vs.supply.miniatures")  # every miniature of the type is on the board
    return False


def _new(state: GameState, kind: str, position: str) -> tuple[GameState, int]:
    new = Intruder(id=state.next_intruder, kind=kind, position=position)
    state = state.evolve(next_intruder=state.next_intruder + 1)
    return state.with_intruder(new), new.id


def place_void_seeder(state: GameState, kind: str, position: str, ctx: Context) -> tuple[GameState, int]:
    """Put a Void Seeder of ``kind`` in ``position``; with none of that type left, the next lower
    type (vs.encounter.lower-type). Returns the state and the new miniature's id (0: none placed,
    ruling vs.gap.no-lower-miniature)."""
    order = data(state.config).type_order
    wanted: str | None = kind
    while wanted is not None and not _available(state, wanted, ctx):
        ctx.fire("vs.encounter.lower-type")
        wanted = order.next_lower(wanted)
    if wanted is not None:
        # a Void Seeder joins the board as an Intruder: every base rule about Intruders holds for it
        ctx.fire("vs.setup.terms")
        return _new(state, wanted, position)
    reading = ctx.gap(
        state,
        "vs.gap.no-lower-miniature",
        "vs.encounter.lower-type",
        f"a {kind} must be placed in {position} but no miniature of it or any lower type is left",
    )
    if reading == "none-placed":
        return state, 0

    lowest = order.types[0]
    idle = [i for i in state.intruders if i.kind == lowest and not state.characters_at(i.position)]
    for intruder in idle:
        state = state.without_intruder(intruder.id)
    state = add_random_tokens(state, len(idle), "vs.gap.no-lower-miniature")
    if on_board(state, lowest) >= tables.miniature_limit(state.config, lowest):
        return state, 0
    return _new(state, lowest, position)


def place_lair(state: GameState, position: str, ctx: Context) -> tuple[GameState, int]:
    """A Lair miniature in ``position`` (there are exactly as many as Lair tokens)."""
    if on_board(state, LAIR) >= tables.miniature_limit(state.config, LAIR):
        return state, 0
    return _new(state, LAIR, position)


def find(state: GameState, intruder_id: int) -> Intruder | None:
    return next((i for i in state.intruders if i.id == intruder_id), None)


def vanishes_into_tech(state: GameState, intruder: Intruder, ctx: Context) -> GameState:
    """A Void Seeder moved into the technical corridors has vanished (the base rule). It carries
    no token to return to the bag (it was put aside when drawn): ruling vs.gap.tech-corridor-token
    decides whether a random Void Seeder token goes in instead, as when one is defeated or lurks."""
    if intruder.kind not in data(state.config).type_order.types:
        # vs.gap.tech-corridor-token: only a Void Seeder type stands in a random token for itself
        return state
    reading = ctx.gap(
        state,
        "vs.gap.tech-corridor-token",
        "base.tech-corridor.intruder-vanishes",
        f"a {intruder.kind} vanished into the technical corridors from room {intruder.position}",
    )
    if reading == "no-token":
        return state

    return add_random_tokens(state, 1, "base.tech-corridor.intruder-vanishes")
