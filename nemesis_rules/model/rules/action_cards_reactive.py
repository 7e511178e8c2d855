"""Reactive cards and items: windows that open at the moment they apply, outside the turn
(facts.md §7). The Interruption card has its own module (:mod:`interruption`).

* Nerves of Steel (Soldier's Action card): discarded during a Surprise Attack, the attack is
  ignored. Offered when the Surprise Attack on its holder begins.
* Armor (Soldier's Quest Item, one use): discarded after an Intruder attack, that attack is
  ignored. Offered once the attack is known: after its attack card is drawn and hits, or when a
  Larva attacks (a Larva draws no card).
* Motion Scanner/Sensor (Scout's Quest Item, Heavy): discard 1 card from the hand to reroll a
  Noise roll, once per roll. Offered to the Scout holding it after their own Noise roll.

A window opens only for a player who holds the card or item, so the common case costs no
decision. The attack and noise procedures call :func:`before_attack`,
:func:`before_attack_effect` and :func:`noise_roll_reaction` at those moments.
"""

from __future__ import annotations

from dataclasses import dataclass

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import Choice
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules import replaceable
from nemesis_rules.model.rules.action_cards_common import active_quest, discard_from_hand
from nemesis_rules.model.rules.items import pay_cards
from nemesis_rules.model.rules.noise import NoiseRoll
from nemesis_rules.model.rules.payment import payments

NERVES_OF_STEEL = "nerves-of-steel"
ARMOR = "armor"
MOTION_SCANNER = "motion-scanner-sensor"
LARVA = "larva"
REROLLED = "noise-rerolled"
"""A flag set only while a rerolled (or kept) Noise roll resolves, so no second window opens."""

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
            return state
        if self.effect:
            return replaceable.attack_effect(state, self.effect, intruder, self.player, ctx)
        return replaceable.attack_procedure(state, intruder, self.player, self.why, ctx)


# -- Noise rolls: the Motion Scanner/Sensor ---------------------------------------------------------


def noise_roll_reaction(state: GameState, player: int, position: str, outcome: str) -> GameState | None:
    """After ``player``'s Noise roll came up ``outcome``: the state with a reroll window, when
    the player holds an active Motion Scanner, is out of Combat and has a card to discard;
    None when no window opens (the roll then resolves as usual)."""
    if REROLLED in state.flags or not _scanner_ready(state, player):
        return None
    return state.push(ScannerReroll(player, position, outcome))


def _scanner_ready(state: GameState, player: int) -> bool:
    c = state.character(player)
    return (
        c.active
        and active_quest(state, c, MOTION_SCANNER)
        and not state.in_combat(player)
        and bool(payments(c.hand, 1))
    )


def resolve_noise(state: GameState, player: int, position: str, outcome: str, ctx: Context) -> GameState:
    """Resolve a Noise roll result with the reroll window closed."""
    from nemesis_rules.model.rules.noise import NoiseRoll

    marked = state.evolve(flags=state.flags | {REROLLED})
    after = NoiseRoll(player, position).resolve(marked, outcome, ctx)
    return after.evolve(flags=after.flags - {REROLLED})


@dataclass(frozen=True, slots=True)
class ScannerReroll(Choice):
    """Keep the Noise roll, or discard 1 card from the hand to roll it again (once)."""

    position: str
    outcome: str
    clause = "base.quest-item.motion-scanner-sensor"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        out = [Decision.make(self.player, "keep-noise-roll", result=self.outcome)]
        hand = state.character(self.player).hand
        out.extend(Decision.make(self.player, "reroll-noise", pay=cards) for cards in payments(hand, 1))
        return tuple(sorted(out))

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        if decision.kind == "keep-noise-roll":
            return resolve_noise(state, self.player, self.position, self.outcome, ctx)
        ctx.fire(self.clause)
        state = pay_cards(state, self.player, decision.cards())
        return state.push(NoiseReroll(self.player, self.position))


@dataclass(frozen=True, slots=True)
class NoiseReroll(NoiseRoll):
    """The Noise roll made again; its result stands (no second reaction window)."""

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        return resolve_noise(state, self.player, self.position, outcome, ctx)
