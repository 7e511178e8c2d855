"""Encounters and the Surprise Attack with Void Seeders (void-seeders-rulebook.txt, Void Seeders
Rules > Encounter, Surprise Attack, Entering a Room with a Void Seeder; Rules Summary >
Encounters, Surprise Attack).

The base Encounter step clears the Noise around the room and draws a token; this module says
what the token does. A Void Seeder token places the type the encountering Character's Insanity
track shows (the next lower type when none is left), a Surprise Attack follows when the hand
is smaller than the token's number, and the token is put aside. An Insanity token or the Blank
puts Noise in every corridor of the room and goes back; the Insanity token also makes the
encountering Character resolve a Panic card.
"""

from __future__ import annotations

from nemesis_rules.board.layout import TECH
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.attack import DrawAttackCard, IntruderAttack
from nemesis_rules.model.rules.encounter import first_encounter
from nemesis_rules.model.rules.noise import fill_noiseless
from nemesis_rules.model.rules.void_seeders.bag import AddRandomToken
from nemesis_rules.model.rules.void_seeders.components import (
    data,
    is_insanity_token,
    is_seeder_token,
    is_void_seeder,
    seeder_token_number,
    seeders_in_supply,
)
from nemesis_rules.model.rules.void_seeders.insanity import raise_insanity
from nemesis_rules.model.rules.void_seeders.panic import ResolvePanic
from nemesis_rules.model.rules.void_seeders.seeders import place_void_seeder
from nemesis_rules.model.rules.wounds import contaminate


def noise_spaces(state: GameState, position: str, ctx: Context) -> frozenset[str]:
    """Step 1 of an Encounter: the spaces whose Noise is discarded. The main text names the
    technical corridors too, the Rules Summary only the corridors (ruling
    vs.summary.encounter-tech-noise); asked only when the shared technical space has Noise."""

    spaces = frozenset(state.config.board.spaces_at[position])
    if TECH not in spaces or TECH not in state.noise:
        return spaces
    reading = ctx.gap(
        state,
        "vs.summary.encounter-tech-noise",
        "vs.encounter.discard-noise",
        f"an Encounter in room {position}, which has a technical corridor entrance with Noise",
    )
    return spaces if reading == "include-tech" else spaces - {TECH}


def encounter_token(state: GameState, token: str, player: int, position: str, ctx: Context) -> GameState:
    """The effect of the token an Encounter drew (already out of the bag)."""

    ctx.fire("vs.encounter.discard-noise", "vs.encounter.draw-token")
    if is_seeder_token(token):
        return _void_seeder_token(state, token, player, position, ctx)
    state = fill_noiseless(state, position, ctx)
    if is_insanity_token(token):
        ctx.fire("vs.encounter.insanity-noise", "vs.encounter.insanity-panic", "vs.encounter.insanity-return")
        return state.evolve(bag=state.bag.add(token)).push(ResolvePanic(player))
    ctx.fire("vs.encounter.blank-noise", "vs.encounter.blank-return")
    if not state.bag and seeders_in_supply(state):
        reading = ctx.gap(
            state,
            "vs.gap.encounter-blank-last-token",
            "vs.encounter.blank-return",
            "the Blank drawn in an Encounter was the last token in the bag",
        )
        if reading == "add-void-seeder":
            state = state.push(AddRandomToken("vs.gap.encounter-blank-last-token"))
    return state.evolve(bag=state.bag.add(token))


def _void_seeder_token(state: GameState, token: str, player: int, position: str, ctx: Context) -> GameState:
    level = state.character(player).insanity
    kind = data(state.config).insanity_track.type_at(level)
    ctx.fire("vs.encounter.place-by-insanity", "vs.insanity.encounter-type", "vs.insanity.track-symbols")
    state, placed = place_void_seeder(state, kind, position, ctx)
    state = set_aside(state, token, ctx)
    if not placed:
        return state
    if state.character(player).hand.total < seeder_token_number(token):
        ctx.fire("vs.encounter.surprise-check")
        state = state.push(IntruderAttack(placed, player, "surprise"))
    return first_encounter(state, ctx)


def set_aside(state: GameState, token: str, ctx: Context) -> GameState:
    """The drawn Void Seeder token is put aside (ruling vs.gap.set-aside-token: where to)."""
    ctx.fire("vs.encounter.set-aside")
    reading = ctx.gap(
        state,
        "vs.gap.set-aside-token",
        "vs.encounter.set-aside",
        f"the Void Seeder token {token} is put aside",
    )
    if reading == "supply":
        ctx.fire("base.bag.removed-to-pool")
        return state.evolve(token_pool=state.token_pool.add(token))
    return state.evolve(removed=state.removed.add(f"token:{token}"))


def attack_procedure(state: GameState, intruder: Intruder, target: int, why: str, ctx: Context) -> GameState:
    """How a Void Seeder attacks: the same Surprise Attack for every type (ruling
    vs.summary.surprise-attack), otherwise an attack card; a Lair never attacks."""

    if not is_void_seeder(intruder):
        if why == "escape":
            ctx.gap(
                state,
                "vs.gap.lair-escape",
                "vs.lair.combat",
                f"player {target} leaves a room whose Intruder is a Lair",
            )
        return state
    if why != "surprise":
        return state.push(DrawAttackCard(intruder.id, target))
    ctx.fire("vs.surprise-attack.same-for-all", "vs.surprise-attack.effect")
    if state.config.ruling("vs.summary.surprise-attack") == "summary":
        state = raise_insanity(state, target, ctx)
        return contaminate(state, target, 1, ctx)
    state = state.push(ResolvePanic(target))
    return contaminate(state, target, 1, ctx)
