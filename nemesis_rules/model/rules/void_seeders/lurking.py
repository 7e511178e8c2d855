"""The Event Phase with Void Seeders: steps 4-9 with the new step 8, Lurking, and Fire Damage to
Void Seeders and Lairs (void-seeders-rulebook.txt, Event Phase Rules; Rules Summary > Lurking).

4 Time track; 5 Void Seeder attacks; 6 Fire Damage (Void Seeders and Lairs); 7 the Event card;
8 Lurking: every Void Seeder not in Combat with no Character in a neighbouring room (Closed
Doors ignored) vanishes, its room's corridors fill with Noise and a random Void Seeder token per
miniature goes into the bag; 9 bag development; then the round ends.
"""

from __future__ import annotations

from dataclasses import dataclass

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import Frame, Step
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.events import AttackStep, EventCardStep, TimeStep
from nemesis_rules.model.rules.intruder_injuries import destroy_nest_eggs, injure
from nemesis_rules.model.rules.noise import fill_noiseless
from nemesis_rules.model.rules.round import EndRoundStep
from nemesis_rules.model.rules.void_seeders.bag import BagDevelopmentStep, add_random_tokens
from nemesis_rules.model.rules.void_seeders.components import LAIR, SEEDER_TYPES
from nemesis_rules.model.rules.void_seeders.lairs import LairRoundNoise


def event_steps() -> tuple[Frame, ...]:
    return (
        LairRoundNoise(),
        TimeStep(),
        AttackStep(),
        FireDamageStep(),
        EventCardStep(),
        LurkingStep(),
        BagDevelopmentStep(),
        EndRoundStep(),
    )


@dataclass(frozen=True, slots=True)
class FireDamageStep(Step):
    """Step 6: each Void Seeder and Lair in a burning room takes 1 Injury; Eggs in burning rooms
    as in the base game (ruling vs.gap.fire-eggs); burning the Nest's last Egg destroys the
    Nest (base.nest.destroyed)."""

    def run(self, state: GameState, ctx: Context) -> GameState:
        burning = [i.id for i in state.intruders if state.room(i.position).fire]
        if burning:
            ctx.fire("vs.event.fire-damage")
        for intruder in burning:
            state = injure(state, intruder, 1, ctx)
        if _eggs_in_fire(state):
            reading = ctx.gap(
                state,
                "vs.gap.fire-eggs",
                "vs.event.fire-damage",
                "Fire Damage with Eggs on the board",
            )
            if reading == "eggs-burn":
                state = _burn_eggs(state, ctx)
        return state


def _burn_eggs(state: GameState, ctx: Context) -> GameState:
    """One uncarried Egg per burning room is destroyed; Eggs on the Void Seeder board count as
    lying in the Nest, whose last Egg destroys it (the base game's Fire Damage, facts.md §2)."""

    for position in state.config.board.positions:
        room = state.room(position)
        if room.fire and room.tile == "nest" and state.eggs > 0:
            state = destroy_nest_eggs(state, 1, ctx)
        elif room.fire and room.objects.count("egg"):
            state = state.with_room(position, room.evolve(objects=room.objects.remove("egg")))
    return state


def _eggs_in_fire(state: GameState) -> bool:
    """An Egg the base game's Fire Damage would destroy: in a burning room, or on the board while
    the Nest burns."""
    for position in state.config.board.positions:
        room = state.room(position)
        if room.fire and (room.objects.count("egg") or (room.tile == "nest" and state.eggs > 0)):
            return True
    return False


def neighbours(state: GameState, position: str, ctx: Context) -> set[str]:
    """Rooms next to ``position`` for Lurking: joined by a corridor whatever its Door; the
    technical corridors only with ruling vs.ambiguity.lurking-tech-neighbours = include-tech."""
    board = state.config.board
    out = set(board.neighbours[position])
    if position in board.technical_positions:
        reading = ctx.gap(
            state,
            "vs.ambiguity.lurking-tech-neighbours",
            "vs.lurking.find",
            f"room {position} has a technical corridor entrance",
        )
        if reading == "include-tech":
            out |= board.technical_positions - {position}
    return out


def _lurkers(state: GameState, ctx: Context) -> set[str]:
    kinds = set(SEEDER_TYPES)
    if any(i.kind == LAIR for i in state.intruders):
        reading = ctx.gap(
            state,
            "vs.ambiguity.lair-is-void-seeder",
            "vs.lurking.find",
            "Lurking looks for Void Seeders while a Lair is on the board",
        )
        if reading == "immobile-void-seeder":
            kinds.add(LAIR)
    return kinds


@dataclass(frozen=True, slots=True)
class LurkingStep(Step):
    """Step 8: Lurking (vs.event.lurking)."""

    def run(self, state: GameState, ctx: Context) -> GameState:
        ctx.fire("vs.event.lurking")
        kinds = _lurkers(state, ctx)
        watched = {c.position for c in state.characters if c.active}
        rooms = sorted(
            {
                i.position
                for i in state.intruders
                if i.kind in kinds and i.position not in watched and not (neighbours(state, i.position, ctx) & watched)
            }
        )
        if not rooms:
            # vs.lurking.find: no room qualifies, so nothing lurks
            return state
        ctx.fire("vs.lurking.find", "vs.lurking.noise", "vs.lurking.remove")
        removed = 0
        for position in rooms:
            state = fill_noiseless(state, position, ctx)
            for intruder in [i for i in state.intruders_at(position) if i.kind in kinds]:
                state = state.without_intruder(intruder.id)
                removed += 1
        return add_random_tokens(state, removed, "vs.lurking.remove")
