"""The effects of the base Intruder Attack cards (facts.md §3; paraphrased).

Keyed by effect id; the clause ``base.attack-card.<id>`` fires when the card hits.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules import replaceable
from nemesis_rules.model.rules.attack import IntruderAttack
from nemesis_rules.model.rules.bag import SummoningDraw
from nemesis_rules.model.rules.intruders import on_board
from nemesis_rules.model.rules.wounds import contaminate, kill, light_wounds, serious_wounds

AttackEffectFn = Callable[[GameState, Intruder, int, Context], GameState]


def scratch(state: GameState, intruder: Intruder, target: int, ctx: Context) -> GameState:
    return contaminate(light_wounds(state, target, 1, ctx), target, 1, ctx)


def claw_attack(state: GameState, intruder: Intruder, target: int, ctx: Context) -> GameState:
    return contaminate(light_wounds(state, target, 2, ctx), target, 1, ctx)


def _serious_or_die(state: GameState, target: int, threshold: int, ctx: Context) -> GameState:
    if len(state.character(target).serious_wounds) >= threshold:
        return kill(state, target, ctx, "an attack card")
    return serious_wounds(state, target, 1, ctx)


def bite(state: GameState, intruder: Intruder, target: int, ctx: Context) -> GameState:
    if intruder.kind == "adult" and "the-way-of-fighting" in state.discovered:
        ctx.fire("base.weakness.the-way-of-fighting")
        return light_wounds(state, target, 1, ctx)
    return _serious_or_die(state, target, 2, ctx)


def tail_attack(state: GameState, intruder: Intruder, target: int, ctx: Context) -> GameState:
    return _serious_or_die(state, target, 1, ctx)


def transformation(state: GameState, intruder: Intruder, target: int, ctx: Context) -> GameState:
    if intruder.kind != "creeper" or on_board(state, "breeder") >= tables.miniature_limit(state.config, "breeder"):
        # base.attack-card.transformation: only a Creeper turns, and only while a Breeder miniature is left
        return state
    state = state.with_intruder(replace(intruder, kind="breeder"))
    if state.character(target).hand.total == 0:
        return state.push(IntruderAttack(intruder.id, target, "surprise"))
    return state


def frenzy(state: GameState, intruder: Intruder, target: int, ctx: Context) -> GameState:
    for c in state.characters_at(intruder.position):
        if len(c.serious_wounds) >= 2:
            state = kill(state, c.player, ctx, "Frenzy")
        else:
            state = serious_wounds(state, c.player, 1, ctx)
    return state


def slime(state: GameState, intruder: Intruder, target: int, ctx: Context) -> GameState:
    state = replaceable.give_slime(state, target, ctx)
    return contaminate(state, target, 1, ctx)


def summoning(state: GameState, intruder: Intruder, target: int, ctx: Context) -> GameState:
    """Summoning draws a token from the Intruder bag; an empty bag is the gap ruling
    base.gap.empty-bag decides, as for an Encounter (``add-adult``: an Adult token goes in first)."""
    if not state.bag:
        reading = ctx.gap(
            state,
            "base.gap.empty-bag",
            "base.attack-card.summoning",
            "a Summoning attack must draw from the Intruder bag but it is empty",
        )
        adults = sorted(t for t in state.token_pool if t.startswith("adult"))
        if reading != "add-adult" or not adults:
            return state
        state = state.evolve(bag=state.bag.add(adults[0]), token_pool=state.token_pool.remove(adults[0]))
    return state.push(SummoningDraw(intruder.position))


BASE_ATTACK_EFFECTS: dict[str, AttackEffectFn] = {
    "scratch": scratch,
    "claw-attack": claw_attack,
    "bite": bite,
    "tail-attack": tail_attack,
    "transformation": transformation,
    "frenzy": frenzy,
    "slime": slime,
    "summoning": summoning,
}
