"""Reactive cards and items: windows that open at the moment they apply, outside the turn
(facts.md §7). The Interruption card has its own module (:mod:`interruption`).

* Nerves of Steel (Soldier's Action card): discarded during a Surprise Attack, the attack is
  ignored. Offered when the Surprise Attack on its holder begins.
* Armor (Soldier's Quest Item, one use): discarded after an Intruder attack, that attack is
  ignored. Offered once the attack is known: after its attack card is drawn and hits, or when a
  Larva attacks (a Larva draws no card).

The Motion Scanner/Sensor's reroll is part of the Noise roll (:mod:`noise`). A window opens only
for a player who holds the card or item, so the common case costs no decision. The attack
procedure calls :func:`before_attack` and :func:`before_attack_effect` at those moments.
"""

from __future__ import annotations

from dataclasses import dataclass

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import Choice
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules import replaceable
from nemesis_rules.model.rules.queries import active_quest, discard_from_hand

NERVES_OF_STEEL = "nerves-of-steel"
ARMOR = "armor"
LARVA = "larva"

# -- attacks: Nerves of Steel and Armor ------------------------------------------------------------


def _armor_ready(state: GameState, target: int) -> bool:
    return active_quest(state, state.character(target), ARMOR)


def before_attack(state: GameState, intruder: Intruder, target: int, why: str, ctx: Context) -> GameState:
    """An Intruder's attack on ``target`` begins: a window for Nerves of Steel (a Surprise
    Attack) or Armor (a Larva's attack), else the ruleset's attack procedure at once."""
    c = state.character(target)
    nerves = why == "surprise" and NERVES_OF_STEEL in c.hand
    armor = intruder.kind == LARVA and _armor_ready(state, target)
    if nerves or armor:
        return state.push(AttackReaction(target, intruder.id, why, ""))
    return replaceable.attack_procedure(state, intruder, target, why, ctx)


def before_attack_effect(state: GameState, effect: str, intruder: Intruder, target: int, ctx: Context) -> GameState:
    """An attack card hit ``target``: a window for Armor, else the card's effect at once."""
    if _armor_ready(state, target):
        return state.push(AttackReaction(target, intruder.id, "", effect))
    return replaceable.attack_effect(state, effect, intruder, target, ctx)


@dataclass(frozen=True, slots=True)
class AttackReaction(Choice):
    """The attacked player may ignore the attack of ``intruder``: before it (``effect`` empty,
    a Surprise Attack or a Larva) or once its card hit (``effect`` the card's effect)."""

    intruder: int
    why: str
    effect: str
    clause = "base.action-card.nerves-of-steel"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        c = state.character(self.player)
        out = [Decision.make(self.player, "take-attack")]
        if not self.effect and self.why == "surprise" and NERVES_OF_STEEL in c.hand:
            out.append(Decision.make(self.player, "ignore-attack", card=NERVES_OF_STEEL))
        if _armor_ready(state, self.player) and (self.effect or self._larva(state)):
            out.append(Decision.make(self.player, "ignore-attack", item=ARMOR))
        return tuple(sorted(out))

    def _larva(self, state: GameState) -> bool:
        return any(i.id == self.intruder and i.kind == LARVA for i in state.intruders)

    def diagnose(self, state: GameState, decision: Decision) -> tuple[str, str]:
        if decision.get("item") == ARMOR:
            return f"player {self.player} has no active Armor to ignore this attack", "base.quest-item.armor"
        return f"player {self.player} may take the attack or ignore it with what they hold", self.clause

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        if decision.kind == "ignore-attack":
            if decision.get("card") == NERVES_OF_STEEL:
                ctx.fire("base.action-card.nerves-of-steel")
                return discard_from_hand(state, self.player, NERVES_OF_STEEL)
            ctx.fire("base.quest-item.armor")
            c = state.character(self.player)
            return state.with_character(c.evolve(quests=tuple((q, "used" if q == ARMOR else s) for q, s in c.quests)))
        intruder = next((i for i in state.intruders if i.id == self.intruder), None)
        if intruder is None or not state.character(self.player).active:
            # base.attack.occasions: an attack whose Intruder is gone or whose target is out of play does not happen
            return state
        if self.effect:
            return replaceable.attack_effect(state, self.effect, intruder, self.player, ctx)
        return replaceable.attack_procedure(state, intruder, self.player, self.why, ctx)
