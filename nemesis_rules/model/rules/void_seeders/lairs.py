"""Lairs (void-seeders-rulebook.txt, Void Seeders Features > Lairs; Rules Summary > Lairs).

A Lair token revealed by exploration places a Lair miniature, with no Noise roll for that
move. Characters in a Lair's room are in Combat; whoever ends their turn there (ruling
vs.ambiguity.lair-noise-timing: or the round) rolls for Noise, the only Noise roll made in
Combat. Lairs never move. A destroyed Lair leaves a Carcass and fills a Destroyed Lair slot;
when the Lairs are gone the Despoiler is killed (ruling vs.ambiguity.despoiler-kill).
"""

from __future__ import annotations

from dataclasses import dataclass

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import Step
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.noise import RollNoise
from nemesis_rules.model.rules.queries import turn_order
from nemesis_rules.model.rules.void_seeders.bag import add_random_tokens
from nemesis_rules.model.rules.void_seeders.components import LAIR
from nemesis_rules.model.rules.void_seeders.seeders import DESPOILER_KILLED, place_lair

DESTROYED_LAIR = "destroyed-lair"
"""Flags ``destroyed-lair-1`` .. ``destroyed-lair-3``: the Destroyed Lair slots of the Void Seeder
board filled so far (one Lair miniature each)."""


def destroyed_lairs(state: GameState) -> int:
    return sum(1 for flag in state.flags if flag.startswith(DESTROYED_LAIR + "-"))


def reveal_lair(state: GameState, position: str, ctx: Context) -> GameState:
    """The Lair exploration token: a Lair miniature in the room; no Noise roll (the caller skips
    it). Its item number is not known (ruling vs.data.lair-item-counter)."""
    ctx.fire("vs.lair.exploration-token")
    state, _ = place_lair(state, position, ctx)
    room = state.room(position)
    if room.items is not None and state.config.ruling("vs.data.lair-item-counter") == "two":
        state = state.with_room(position, room.evolve(items=2))
    return state


def in_lair_room(state: GameState, player: int) -> bool:
    c = state.character(player)
    return c.active and any(i.kind == LAIR for i in state.intruders_at(c.position))


def escaping(state: GameState, player: int) -> bool:
    """Whether leaving the room now is an Escape, with its cost (a Leg wound makes it 2 cards).
    With only Lairs in the room, ruling vs.gap.lair-escape decides: an ordinary move
    (``plain-move``) or an Escape without attack (``escape-no-attack``); the ruling is recorded
    where the move is made (the Lair's Escape attack, :func:`..encounter.attack_procedure`)."""
    position = state.character(player).position
    here = [i for i in state.intruders if i.position == position]
    if not here:
        return False
    if any(i.kind != LAIR for i in here):
        return True
    return state.config.ruling("vs.gap.lair-escape") == "escape-no-attack"


def lair_noise(state: GameState, players: list[int], ctx: Context) -> GameState:
    """Each of ``players`` still in a Lair's room makes a Noise roll, in order (vs.lair.noise-roll)."""

    rolls = [RollNoise(p, state.character(p).position) for p in players if in_lair_room(state, p)]
    if rolls:
        ctx.fire("vs.lair.noise-roll", "vs.lair.combat")
    return state.push(*rolls)


def end_of_turn(state: GameState, player: int, ctx: Context) -> GameState:
    """A turn ends in a Lair's room: a Noise roll (default reading ``each-turn``)."""
    if not in_lair_room(state, player):
        # vs.lair.noise-roll: only a Character in a Lair's room rolls
        return state
    reading = ctx.gap(
        state,
        "vs.ambiguity.lair-noise-timing",
        "vs.lair.noise-roll",
        f"player {player} ends a turn in a room with a Lair",
    )
    if reading != "each-turn":
        return state
    return lair_noise(state, [player], ctx)


@dataclass(frozen=True, slots=True)
class LairRoundNoise(Step):
    """The Player Phase has ended: with reading ``once-per-round`` everyone in a Lair's room rolls
    (the first of the Event Phase frames, so the rolls come before step 4)."""

    def run(self, state: GameState, ctx: Context) -> GameState:
        here = [p for p in turn_order(state) if in_lair_room(state, p)]
        if not here:
            # vs.lair.noise-roll: only a Character in a Lair's room rolls
            return state
        reading = ctx.gap(
            state,
            "vs.ambiguity.lair-noise-timing",
            "vs.lair.noise-roll",
            "the Player Phase ends with Characters in a room with a Lair",
        )
        if reading != "once-per-round":
            return state
        return lair_noise(state, here, ctx)


def destroy_lair(state: GameState, lair: Intruder, ctx: Context) -> GameState:
    """A destroyed Lair: a Carcass in its room, its miniature on a Destroyed Lair slot; the
    Despoiler may die with it."""
    state = state.without_intruder(lair.id)
    room = state.room(lair.position)
    carcasses = sum(r.objects.count("carcass") for r in state.rooms) + sum(
        c.hands.count("carcass") for c in state.characters
    )
    if carcasses < tables.supply(state.config, "carcass"):
        ctx.fire("vs.lair.carcass")
        state = state.with_room(lair.position, room.evolve(objects=room.objects.add("carcass")))
    ctx.fire("vs.lair.destroyed-slot")
    state = state.evolve(flags=state.flags | {f"{DESTROYED_LAIR}-{destroyed_lairs(state) + 1}"})
    return _despoiler_check(state, ctx)


def _despoiler_check(state: GameState, ctx: Context) -> GameState:
    """Ruling vs.ambiguity.despoiler-kill: all three slots filled, or no Lair left in play."""
    if DESPOILER_KILLED in state.flags:
        # vs.lair.despoiler-killed: the Despoiler is killed once
        return state
    reading = ctx.gap(
        state,
        "vs.ambiguity.despoiler-kill",
        "vs.lair.despoiler-killed",
        f"a Lair is destroyed ({destroyed_lairs(state)} of {tables.miniature_limit(state.config, LAIR)})",
    )
    if reading == "all-three":
        dead = destroyed_lairs(state) >= tables.miniature_limit(state.config, LAIR)
    else:
        dead = not any(i.kind == LAIR for i in state.intruders)
    if not dead:
        return state
    ctx.fire("vs.lair.despoiler-killed", "vs.lair.great-hunt")
    # The Great Hunt asks for the Queen's death; in this expansion the Despoiler's fulfils it.
    state = state.evolve(flags=state.flags | {DESPOILER_KILLED, "queen-killed"})
    despoilers = [i for i in state.intruders if i.kind == "despoiler"]
    for despoiler in despoilers:
        state = state.without_intruder(despoiler.id)
    if despoilers:
        reading = ctx.gap(
            state,
            "vs.gap.despoiler-death-token",
            "vs.injury.defeat-token",
            "the Despoiler is removed from the game because the last Lair was destroyed",
        )
        if reading == "add-token":
            ctx.fire("vs.injury.defeat-token")
            state = add_random_tokens(state, len(despoilers), "vs.injury.defeat-token")
    return state
