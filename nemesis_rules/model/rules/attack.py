"""Intruder attacks (RU-RB p.20; facts.md §3).

Target: the character in the room with the fewest action cards in hand, ties to the first
player, then turn order; a Surprise Attack hits the encountering character, an Escape the
escaping one. A Larva crawls onto its target's board and gives a Contamination card. Other
Intruders draw an attack card: if it shows the attacker's type its effect resolves, else it
misses; the card is discarded (the deck reshuffled when empty). Card effects are a table
keyed by the card's effect id, which the ruleset supplies.
"""

from __future__ import annotations

from dataclasses import dataclass

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import ChanceNode, Step
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.action_cards_reactive import before_attack, before_attack_effect
from nemesis_rules.model.rules.intruders import remove_intruder
from nemesis_rules.model.rules.queries import turn_order
from nemesis_rules.model.rules.wounds import contaminate


def choose_target(state: GameState, position: str) -> int | None:
    """The character with the fewest cards in hand; ties go to the first player, then in order."""
    order = {p: i for i, p in enumerate(turn_order(state))}
    here = [c for c in state.characters if c.active and c.position == position]
    if not here:
        return None
    return min(here, key=lambda c: (c.hand.total, order[c.player])).player


@dataclass(frozen=True, slots=True)
class IntruderAttack(Step):
    """One attack by ``intruder`` on ``target`` (0: choose by the targeting rule).
    ``why`` is "event", "surprise" or "escape"."""

    intruder: int
    target: int
    why: str

    def run(self, state: GameState, ctx: Context) -> GameState:
        intruder = next((i for i in state.intruders if i.id == self.intruder), None)
        if intruder is None:
            # base.event.intruder-attack: only an Intruder still on the board attacks
            return state
        target = self.target or choose_target(state, intruder.position)
        if target is None or not state.character(target).active:
            # base.attack.target: an attack needs a Character in play to target
            return state
        if self.target and state.character(target).position != intruder.position and self.why != "escape":
            # base.combat.in-combat: a target no longer in the Intruder's room is not In Combat with it
            return state
        if self.why in ("event", "surprise", "escape"):
            ctx.fire("base.attack.occasions")  # a Surprise Attack, the Intruder Attack step or an Escape
        if self.why == "surprise":
            # the Surprise Attack as the ruleset words it (Void Seeders fires its own in its procedure)
            if clause := state.config.ruleset.clause("encounter.surprise-attack"):
                ctx.fire(clause)
        else:
            ctx.fire("base.move.escape-attacks" if self.why == "escape" else "base.event.intruder-attack")
        if self.target and self.why in ("surprise", "escape"):
            ctx.fire("base.attack.surprise-target")  # the encountering or escaping Character
        elif not self.target:
            ctx.fire("base.attack.target")

        # a reaction window (Nerves of Steel, Armor) opens first when someone can react
        return before_attack(state, intruder, target, self.why, ctx)


@dataclass(frozen=True, slots=True)
class AttackCardDraw(ChanceNode):
    """Draw an Intruder Attack card for ``intruder`` against ``target``."""

    intruder: int
    target: int
    chance = "attack-card"
    clause = "base.attack.card-symbol"

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        return state.deck(tables.attack_deck_name(state.config)).draw_outcomes()

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        name = tables.attack_deck_name(state.config)
        state = state.with_deck(name, state.deck(name).remove_top(outcome).discarded(outcome))
        intruder = next((i for i in state.intruders if i.id == self.intruder), None)
        if intruder is None or not state.character(self.target).active:
            return state
        card = tables.attack_card(state.config, outcome)
        if intruder.kind not in card.attackers:
            ctx.fire("base.attack.card-symbol")
            return state
        ctx.fire(f"{tables.card_clause_prefix(state.config)}.attack-card.{card.effect}")

        return before_attack_effect(state, card.effect, intruder, self.target, ctx)


@dataclass(frozen=True, slots=True)
class DrawAttackCard(Step):
    """Reshuffle the attack deck when it is empty, then draw (RU-RB p.20)."""

    intruder: int
    target: int

    def run(self, state: GameState, ctx: Context) -> GameState:
        name = tables.attack_deck_name(state.config)
        deck = state.deck(name)
        if not deck.draw_outcomes():
            ctx.fire("base.attack.discard-reshuffle")
            state = state.with_deck(name, deck.reshuffled())
        if not state.deck(name).draw_outcomes():
            return state
        return state.push(AttackCardDraw(self.intruder, self.target))


def larva_attack(state: GameState, intruder_id: int, target: int, ctx: Context) -> GameState:
    """A Larva crawls onto the target's board and the target gains a Contamination card; if a
    Larva is there already, the attacking one is removed and only the card is gained (FAQ Rules 12)."""

    c = state.character(target)
    ctx.fire("base.attack.larva")
    state = remove_intruder(state, intruder_id, ctx, to_bag=False)
    if not c.larva:
        state = state.with_character(c.evolve(larva=True))
    else:
        ctx.fire("base.attack.larva-already")
    return contaminate(state, target, 1, ctx)
