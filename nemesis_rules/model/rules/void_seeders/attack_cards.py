"""The effects of the 20 Void Seeder Attack cards (7 distinct effects; facts.md §16, paraphrased
in ``void_seeders/attack_cards.toml``). The base attack step draws the card and checks the
attacker's type; these resolve a hit (clause ``vs.attack-card.<id>``).
"""

from __future__ import annotations

from collections.abc import Callable

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.attack_cards import bite, frenzy, scratch
from nemesis_rules.model.rules.void_seeders.panic import ResolvePanic
from nemesis_rules.model.rules.void_seeders.seeders import place_void_seeder
from nemesis_rules.model.rules.wounds import contaminate, kill, serious_wounds

AttackEffectFn = Callable[[GameState, Intruder, int, Context], GameState]


def duplicate(state: GameState, intruder: Intruder, target: int, ctx: Context) -> GameState:
    """Another miniature of the attacker's type joins it; being new, it makes no attack in this
    step (the attack step only queued the miniatures present when it began)."""
    state, _ = place_void_seeder(state, intruder.kind, intruder.position, ctx)
    return state


def dread(state: GameState, intruder: Intruder, target: int, ctx: Context) -> GameState:
    state = state.push(ResolvePanic(target))
    return serious_wounds(state, target, 1, ctx)


def braineating(state: GameState, intruder: Intruder, target: int, ctx: Context) -> GameState:
    if state.character(target).serious_wounds:
        return kill(state, target, ctx, "Braineating")
    return serious_wounds(state, target, 2, ctx)


def dismay(state: GameState, intruder: Intruder, target: int, ctx: Context) -> GameState:
    state = state.push(ResolvePanic(target))
    return contaminate(state, target, 1, ctx)


VS_ATTACK_EFFECTS: dict[str, AttackEffectFn] = {
    "frenzy": frenzy,
    "scratch": scratch,
    "duplicate": duplicate,
    "dread": dread,
    "braineating": braineating,
    "bite": bite,
    "dismay": dismay,
}
