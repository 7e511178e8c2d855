"""The green (medical) Item deck's actions (facts.md §5, §6, §15; SCAN §5.2; RU-RB p.21).

Bandages and the Medkit dress or heal wounds; Synthetic Food draws 2 cards; the Adrenaline
Injection draws 1 and lets the turn go on without limit until its user passes; Alcohol scans
one Contamination card of the hand; Military Drugs trade any cards for as many plus one. The
Clothes of this deck are the yellow one's (item_effects_yellow).
"""

from __future__ import annotations

from dataclasses import dataclass

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import ChanceNode, Choice
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.effects import Params, always
from nemesis_rules.model.rules.healing import CLEAN, INFECTED, dress, heal_dressed, heal_light
from nemesis_rules.model.rules.item_effects import (
    DrawActionCards,
    Variants,
    adrenaline_tag,
    item_table,
)
from nemesis_rules.model.rules.item_effects_yellow import dress_variants
from nemesis_rules.model.rules.wounds import contaminate

SYNTHETIC_FOOD_DRAW = 2
ADRENALINE_DRAW = 1

# -- Bandages and Medkit ------------------------------------------------------------------------------


def _bandages_variants(state: GameState, player: int) -> Variants:
    out = dress_variants(state, player)
    if state.character(player).light_wounds:
        out.append({"heal": "light"})
    return out


def _bandages(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Dress 1 Serious Wound, or heal all your Light Wounds."""
    if params.get("heal") == "light":
        return heal_light(state, player, state.character(player).light_wounds, ctx)
    return dress(state, player, str(params.get("wound")), ctx)


def _medkit_variants(state: GameState, player: int) -> Variants:
    out = dress_variants(state, player)
    out.extend({"heal": w} for w in sorted(set(state.character(player).dressed)))
    return out


def _medkit(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Dress 1 Serious Wound, or heal (discard) 1 dressed Serious Wound."""
    healed = params.get("heal")
    if isinstance(healed, str):
        return heal_dressed(state, player, healed, ctx)
    return dress(state, player, str(params.get("wound")), ctx)


# -- drawing ---------------------------------------------------------------------------------------------


def _synthetic_food(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    return state.push(DrawActionCards(player, SYNTHETIC_FOOD_DRAW))


def _adrenaline_injection(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Draw 1 card; the rest of this turn has no limit of actions, and it ends by passing
    (the round's AfterAction reads the tag, item_effects.adrenaline_active)."""
    c = state.character(player)
    state = state.with_character(c.evolve(mods=c.mods | {adrenaline_tag(state)}))
    return state.push(DrawActionCards(player, ADRENALINE_DRAW))


# -- Alcohol ------------------------------------------------------------------------------------------------


def _alcohol_variants(state: GameState, player: int) -> Variants:
    hand = state.character(player).hand
    return [{}] if hand.count(CLEAN) or hand.count(INFECTED) else []


def _alcohol(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    return state.push(AlcoholScan(player))


@dataclass(frozen=True, slots=True)
class AlcoholScan(ChanceNode):
    """Alcohol: one Contamination card of the hand is scanned. Whether a card is INFECTED is
    unknown until scanned (base.contamination.hidden), so which kind comes up is chance,
    weighted by the cards in hand. The card is removed from the game; an INFECTED one costs
    a new Contamination card (the card's text; no Larva)."""

    player: int
    chance = "contamination-scan"
    clause = "base.contamination.hidden"

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        hand = state.character(self.player).hand
        return tuple((k, hand.count(k)) for k in (CLEAN, INFECTED) if hand.count(k))

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        ctx.fire("base.contamination.remove")
        c = state.character(self.player)
        state = state.with_character(c.evolve(hand=c.hand.remove(outcome)))
        state = state.evolve(removed=state.removed.add(f"card:{outcome}"))
        if outcome == INFECTED:
            return contaminate(state, self.player, 1, ctx)
        return state


# -- Military Drugs ----------------------------------------------------------------------------------------


def _military_drugs(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    return state.push(DrugsDiscard(player, "", 0))


@dataclass(frozen=True, slots=True)
class DrugsDiscard(Choice):
    """Military Drugs: discard any cards (Contamination too), one per decision in card order so
    each set has one spelling; ``keep-hand`` ends it and draws as many plus 1."""

    floor: str
    discarded: int
    clause = "base.item.military-drugs"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        hand = state.character(self.player).hand
        out = [Decision.make(self.player, "keep-hand")]
        out.extend(Decision.make(self.player, "discard", card=card) for card in hand.distinct() if card >= self.floor)
        return tuple(sorted(out))

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        if decision.kind == "keep-hand":
            return state.push(DrawActionCards(self.player, self.discarded + 1))
        card = decision.text("card")
        c = state.character(self.player)
        state = state.with_character(c.evolve(hand=c.hand.remove(card), discard=c.discard.add(card)))
        return state.push(DrugsDiscard(self.player, card, self.discarded + 1))

    def diagnose(self, state: GameState, decision: Decision) -> tuple[str, str]:
        card = decision.get("card")
        if decision.kind == "discard" and isinstance(card, str) and card < self.floor:
            return f"discards are listed in card order; '{card}' comes before '{self.floor}'", self.clause
        return "discard a card from the hand, or 'keep-hand' to draw", self.clause


ITEM_EFFECTS = item_table(
    {
        "bandages": (_bandages_variants, _bandages),
        "medkit": (_medkit_variants, _medkit),
        "synthetic-food": (always, _synthetic_food),
        "adrenaline-injection": (always, _adrenaline_injection),
        "alcohol": (_alcohol_variants, _alcohol),
        "military-drugs": (always, _military_drugs),
    }
)
