"""Shoot and Melee (RU-RB p.18-19; facts.md §15; base-rules-reference.txt, Combat).

Shoot: a weapon held in a hand slot with ammo, a target in the room; 1 ammo; roll the combat
die; the weapon's ability modifies the result. Melee: first a Contamination card; a hit deals
at most 1 Injury; a miss (blank, or a symbol that does not hurt the target) costs a Serious
Wound. Die faces: blank misses; the Creeper symbol hurts Larvae and Creepers; the Adult
symbol Larvae, Creepers and Adults; a single hit 1 Injury; a double hit 2. Eggs in the Nest
may be attacked too (each Injury destroys one Egg; a melee miss there is harmless), followed
by a noise roll.
"""

from __future__ import annotations

from dataclasses import dataclass

from nemesis_rules.model.core.actions import Decision, presorted
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import ChanceNode, Choice
from nemesis_rules.model.core.ruleset import ActionRule
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules import replaceable
from nemesis_rules.model.rules.intruder_injuries import destroy_nest_eggs, injure
from nemesis_rules.model.rules.items import pay_cards
from nemesis_rules.model.rules.markers import place_fire
from nemesis_rules.model.rules.noise import EggNoise
from nemesis_rules.model.rules.payment import payments
from nemesis_rules.model.rules.wounds import GainContamination, serious_wounds

EGGS = "eggs"


def base_face_injuries(face: str, kind: str) -> int:
    """Injuries one die face deals to an Intruder of ``kind`` (0 = a miss)."""
    if face == "double":
        return 2
    if face == "single":
        return 1
    if face == "adult":
        return 1 if kind in ("larva", "creeper", "adult", "egg") else 0
    if face == "creeper":
        return 1 if kind in ("larva", "creeper", "egg") else 0
    return 0


def _targets(state: GameState, player: int) -> list[str]:
    """Intruder ids in the room, and ``eggs`` when this is the Nest with Eggs left."""
    position = state.character(player).position
    out = [str(i.id) for i in state.intruders_at(position)]
    if state.room(position).tile == "nest" and state.room(position).explored and state.eggs > 0:
        out.append(EGGS)
    return out


def _weapons(state: GameState, player: int) -> list[str]:
    c = state.character(player)
    return sorted({h for h in c.hands if tables.weapon(state.config, h) is not None and c.ammo_of(h) > 0})


def _shoot_options(state: GameState, player: int) -> list[Decision]:
    """Each way to pay, target and weapon, in the order of their parameters (``pay``, ``target``,
    then ``weapon``): the turn need not sort them. The targets first: mostly there are none."""
    targets = _targets(state, player)
    if not targets:
        return []
    weapons = _weapons(state, player)
    ways = payments(state.character(player).hand, 1) if weapons else ()
    tails = [(("target", t), ("weapon", w)) for t in sorted(targets) for w in weapons]
    return [presorted(player, "shoot", (("pay", way), *tail)) for way in ways for tail in tails]


def _melee_options(state: GameState, player: int) -> list[Decision]:
    """Each way to pay and target, in the order of their parameters (``pay``, then ``target``)."""
    targets = _targets(state, player)
    if not targets:
        return []
    ways = payments(state.character(player).hand, 1)
    tails = [("target", t) for t in sorted(targets)]
    return [presorted(player, "melee", (("pay", way), tail)) for way in ways for tail in tails]


def _diagnose(state: GameState, decision: Decision) -> tuple[str, str]:
    c = state.character(decision.player)
    target = decision.get("target")
    if target not in _targets(state, decision.player):
        if any(other.name == target for other in state.characters if other.player != decision.player):
            return f"'{target}' is a Character: Characters never attack one another", "base.combat.no-pvp"
        return f"there is no target '{target}' in room {c.position}", "base.combat.shoot"
    if decision.kind == "shoot":
        weapon = decision.get("weapon")
        if not isinstance(weapon, str) or weapon not in c.hands:
            return f"player {c.player} holds no weapon '{weapon}' in a hand slot", "base.combat.shoot"
        if c.ammo_of(weapon) <= 0:
            return f"the {weapon} has no ammo", "base.combat.shoot"
    return "an attack costs 1 card from the hand", "base.cost.basic-action"


def _shoot(state: GameState, decision: Decision, ctx: Context) -> GameState:
    player = decision.player
    state = pay_cards(state, player, decision.cards())
    ctx.fire("base.cost.basic-action")
    weapon = decision.text("weapon")
    c = state.character(player)
    state = state.with_character(c.with_ammo(weapon, c.ammo_of(weapon) - 1))
    # the weapon's own card (its kind, capacity and ability) rules this shot
    ctx.fire("base.combat.shoot", f"base.item.{weapon}")
    return state.push(CombatRoll(player, decision.text("target"), weapon, False))


def _melee(state: GameState, decision: Decision, ctx: Context) -> GameState:
    player = decision.player
    state = pay_cards(state, player, decision.cards())
    ctx.fire("base.cost.basic-action")
    target = decision.text("target")
    roll = CombatRoll(player, target, "", False)
    if target == EGGS:
        return state.push(roll)
    ctx.fire("base.combat.melee-contamination")
    reading = ctx.gap(
        state,
        "base.de.melee-contamination",
        "base.combat.melee-contamination",
        "a Melee attack's Contamination card: into the discard pile or shuffled into the Action deck",
    )
    return state.push(GainContamination(player, reading == "shuffle-into-deck"), roll)


@dataclass(frozen=True, slots=True)
class CombatRoll(ChanceNode):
    """The combat die for an attack on ``target`` (an intruder id or ``eggs``); ``weapon`` is
    empty for Melee; ``rerolled`` once a reroll was used."""

    player: int
    target: str
    weapon: str
    rerolled: bool
    chance = "combat-die"
    clause = "base.combat.shoot"

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        return tables.base(state.config).combat_die.weights()

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        if not state.character(self.player).active:
            # base.hibernation.out-of-play: a Character out of play (dead, hibernating, escaped) takes no further part
            return state
        if self.weapon and not self.rerolled and _may_reroll(state, self.player, self.weapon):
            return state.push(RerollChoice(self.player, self.target, self.weapon, outcome))
        if outcome == "double" and _may_overcharge(state, self.player, self.weapon):
            return state.push(OverchargeChoice(self.player, self.target, self.weapon, outcome))
        return resolve_attack(state, self.player, self.target, self.weapon, outcome, ctx)


def _may_reroll(state: GameState, player: int, weapon: str) -> bool:
    weapon_data = tables.weapon(state.config, weapon)
    return weapon_data is not None and weapon_data.ability == "one-reroll"


@dataclass(frozen=True, slots=True)
class RerollChoice(Choice):
    """A weapon with one reroll (Prototype Pistol): keep the result or roll again."""

    target: str
    weapon: str
    face: str
    clause = "base.item.prototype-pistol"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        return (Decision.make(self.player, "keep-roll"), Decision.make(self.player, "reroll"))

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        if decision.kind == "reroll":
            ctx.fire("base.item.prototype-pistol")
            return state.push(CombatRoll(self.player, self.target, self.weapon, True))
        return resolve_attack(state, self.player, self.target, self.weapon, self.face, ctx)


def _may_overcharge(state: GameState, player: int, weapon: str) -> bool:
    weapon_data = tables.weapon(state.config, weapon) if weapon else None
    return (
        weapon_data is not None
        and weapon_data.ability == "double-hit-extra-ammo-extra-injury"
        and state.character(player).ammo_of(weapon) > 0
    )


@dataclass(frozen=True, slots=True)
class OverchargeChoice(Choice):
    """Prototype Rifle on a double hit: spend 1 more ammo for 1 more Injury, or not."""

    target: str
    weapon: str
    face: str
    clause = "base.item.prototype-rifle"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        return (Decision.make(self.player, "keep-roll"), Decision.make(self.player, "spend-ammo"))

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        bonus = 0
        if decision.kind == "spend-ammo":
            ctx.fire("base.item.prototype-rifle")
            c = state.character(self.player)
            state = state.with_character(c.with_ammo(self.weapon, c.ammo_of(self.weapon) - 1))
            bonus = 1
        return resolve_attack(state, self.player, self.target, self.weapon, self.face, ctx, bonus=bonus)


def resolve_attack(
    state: GameState, player: int, target: str, weapon: str, face: str, ctx: Context, *, bonus: int = 0
) -> GameState:
    """Turn a die face into Injuries on the target, with the weapon's ability and the known
    Weaknesses; Melee deals at most 1 and a miss costs a Serious Wound."""

    ctx.fire(f"base.combat.die-{face}")
    position = state.character(player).position
    kind = "egg" if target == EGGS else next((i.kind for i in state.intruders if str(i.id) == target), "")
    if not kind:
        # base.combat.shoot: a target gone before the roll takes no Injury
        return state
    injuries = replaceable.face_injuries(state, face, kind)
    tables.hooks(state.config).on_combat_hit(state, face, kind, ctx)
    if injuries == 0 and kind == "adult" and "vital-places" in state.discovered and face in ("blank", "creeper"):
        ctx.fire("base.weakness.vital-places")
        injuries = 1
    weapon_data = tables.weapon(state.config, weapon) if weapon else None
    if weapon_data is not None:
        injuries = _weapon_ability(weapon_data.ability, face, injuries, ctx, weapon) + bonus
        if injuries and weapon_data.kind == "energy" and "vulnerability-to-energy" in state.discovered:
            ctx.fire("base.weakness.vulnerability-to-energy")
            injuries += 1
        if weapon == "flamethrower":
            if injuries and "vulnerability-to-fire" in state.discovered:
                ctx.fire("base.weakness.vulnerability-to-fire")
                injuries += 1
            if face == "double":
                state = place_fire(state, position, ctx)
    if not weapon:
        if injuries == 0:
            if target == EGGS:
                return state.push(EggNoise(player, position))
            ctx.fire("base.combat.melee-miss-wound")
            return serious_wounds(state, player, 1, ctx)
        if injuries > 1:
            ctx.fire("base.combat.melee-max-one")
        injuries = 1
    if target == EGGS:
        destroyed = min(injuries, state.eggs)
        if destroyed:
            # one Injury destroys one Egg; Eggs are no Intruders (no first-Encounter choice)
            ctx.fire("base.nest.destroy-eggs", "base.endurance.egg", "base.encounter.egg-not-intruder")
        state = destroy_nest_eggs(state, destroyed, ctx)
        return state.push(EggNoise(player, position))
    if injuries == 0:
        return state
    return injure(state, int(target), injuries, ctx)


def _weapon_ability(ability: str, face: str, injuries: int, ctx: Context, weapon: str) -> int:
    """Starting and found weapons' printed abilities (facts.md §6, §7)."""
    if ability == "double-hit-extra-injury" and face == "double":
        ctx.fire(f"base.item.{weapon}")
        return injuries + 1
    if ability == "extra-injury-on-hit" and injuries >= 1:
        ctx.fire(f"base.item.{weapon}")
        return injuries + 1
    if ability == "single-hit-counts-double" and face == "single":
        ctx.fire(f"base.item.{weapon}")
        return 2
    if ability == "double-hit-counts-single" and face == "double":
        ctx.fire(f"base.item.{weapon}")
        return 1
    if ability in ("min-one-injury-extra-on-hit", "min-one-injury-double-sets-fire") and face != "blank":
        ctx.fire(f"base.item.{weapon}")
        extra = 1 if ability == "min-one-injury-extra-on-hit" and face in ("single", "double") else 0
        return max(1, injuries) + extra
    return injuries


ACTIONS: tuple[ActionRule, ...] = (
    ActionRule("shoot", "base.combat.shoot", _shoot_options, _shoot, _diagnose, in_combat=True, ordered=True),
    ActionRule(
        "melee", "base.combat.melee-contamination", _melee_options, _melee, _diagnose, in_combat=True, ordered=True
    ),
)
"""The actions this family adds to the turn (a ruleset takes them into its table)."""
