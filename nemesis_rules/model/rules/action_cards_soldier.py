"""The Soldier's own Action cards (facts.md §7; FAQ via SU): Covering Fire, Taking Aim, Full
Auto. Nerves of Steel is reactive (discarded during a Surprise Attack): see
:mod:`action_cards_reactive`. Basic Repairs is shared (:mod:`action_cards_everyone`).
"""

from __future__ import annotations

from dataclasses import dataclass

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import Choice
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.action_cards_common import (
    EscapeOffer,
    Variants,
    card_table,
    exits,
    here,
    loaded_weapons,
    shoot_targets,
    spend_ammo,
    walk_unattacked,
)
from nemesis_rules.model.rules.effects import Params
from nemesis_rules.model.rules.shoot_and_melee import CombatRoll, resolve_attack

ASSAULT_RIFLE = "assault-rifle"
AMMO_PER_EXTRA_INJURY = 2

# -- Covering Fire ---------------------------------------------------------------------------------


def covering_fire_variants(state: GameState, player: int) -> Variants:
    """A weapon with ammo to discard 1 from, and who escapes: you (into which room), another
    Character in your room (who then decides), or both."""
    position = here(state, player)
    others = [str(c.player) for c in state.characters_at(position) if c.player != player]
    rooms = [to for _, to in exits(state, position)]
    out: Variants = []
    for weapon in loaded_weapons(state, player):
        out.extend({"weapon": weapon, "to": to} for to in rooms)
        out.extend({"weapon": weapon, "partner": p} for p in others)
        out.extend({"weapon": weapon, "to": to, "partner": p} for to in rooms for p in others)
    return out


def covering_fire(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Discard 1 ammo: you and/or another willing Character escape without being attacked; you
    move first, then the other decides."""
    origin = here(state, player)
    state = spend_ammo(state, player, str(params["weapon"]))
    if "partner" in params:
        state = state.push(EscapeOffer(int(str(params["partner"])), origin, "covering-fire"))
    if "to" in params:
        state = walk_unattacked(state, player, str(params["to"]))
    return state


# -- Taking Aim ---------------------------------------------------------------------------------------


def taking_aim_variants(state: GameState, player: int) -> Variants:
    """An Energy Weapon with ammo and a target in the room."""
    targets = shoot_targets(state, player)
    return [{"weapon": w, "target": t} for w in loaded_weapons(state, player, "energy") for t in targets]


def taking_aim(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """A Shoot (1 ammo) whose die may be rolled again once."""
    weapon = str(params["weapon"])
    state = spend_ammo(state, player, weapon)
    ctx.fire("base.combat.shoot")
    return state.push(AimedRoll(player, str(params["target"]), weapon, False))


@dataclass(frozen=True, slots=True)
class AimedRoll(CombatRoll):
    """The combat die of a Taking Aim shot: the weapon's own roll, but the choice to roll again
    comes before anything else resolves."""

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        if not state.character(self.player).active:
            # base.hibernation.out-of-play: a Character out of play (dead, hibernating, escaped) takes no further part
            return state
        return state.push(AimReroll(self.player, self.target, self.weapon, outcome))


@dataclass(frozen=True, slots=True)
class AimReroll(Choice):
    """Taking Aim: keep the result or roll the die again (the weapon's own abilities, a
    Prototype Pistol's reroll included, apply to the result kept)."""

    target: str
    weapon: str
    face: str
    clause = "base.action-card.taking-aim"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        return (Decision.make(self.player, "keep-roll"), Decision.make(self.player, "reroll"))

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        roll = CombatRoll(self.player, self.target, self.weapon, False)
        if decision.kind == "reroll":
            ctx.fire(self.clause)
            return state.push(roll)
        return roll.resolve(state, self.face, ctx)


# -- Full Auto ----------------------------------------------------------------------------------------


def full_auto_variants(state: GameState, player: int) -> Variants:
    """The Assault Rifle in hand with ammo, and a target in the room."""
    if ASSAULT_RIFLE not in loaded_weapons(state, player):
        return []
    return [{"weapon": ASSAULT_RIFLE, "target": t} for t in shoot_targets(state, player)]


def full_auto(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Spend all the Assault Rifle's ammo on one Shoot."""
    spent = state.character(player).ammo_of(ASSAULT_RIFLE)
    state = spend_ammo(state, player, ASSAULT_RIFLE, spent)
    ctx.fire("base.combat.shoot")
    return state.push(FullAutoRoll(player, str(params["target"]), ASSAULT_RIFLE, False, spent))


@dataclass(frozen=True, slots=True)
class FullAutoRoll(CombatRoll):
    """Full Auto's die: the shot's result, +1 Injury per 2 ammo spent even on a miss, and the
    rifle's own +1 when the shot hits (FAQ via SU: shot result + floor(ammo/2) + rifle bonus)."""

    spent: int = 0

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        if not state.character(self.player).active:
            # base.hibernation.out-of-play: a Character out of play (dead, hibernating, escaped) takes no further part
            return state
        bonus = self.spent // AMMO_PER_EXTRA_INJURY
        return resolve_attack(state, self.player, self.target, ASSAULT_RIFLE, outcome, ctx, bonus=bonus)


ACTION_CARDS = card_table(
    {
        "covering-fire": (covering_fire_variants, covering_fire),
        "taking-aim": (taking_aim_variants, taking_aim),
        "full-auto": (full_auto_variants, full_auto),
    }
)
