"""Dressing and healing wounds, and scanning Contamination cards: the shared procedures that
room actions (Emergency Room, Canteen, Shower Room, Surgery), action cards (Rest) and items
(Bandages, Medkit, Clothes, Alcohol, Antidote) call (RU-RB p.20-21, p.24-25; facts.md §5, §15).

Dress: flip a Serious Wound (its effect is ignored; it still counts). Heal: remove a Light
Wound, or discard a dressed Serious Wound. Scanning shows which Contamination cards are
INFECTED: clean ones are removed from the game, INFECTED ones stay and have their effect.
"""

from __future__ import annotations

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules import replaceable

CLEAN = "contamination"
INFECTED = "contamination-infected"


def undressed(state: GameState, player: int) -> list[str]:
    """The Serious Wounds not yet dressed (one entry per wound card)."""
    c = state.character(player)
    dressed = list(c.dressed)
    out = []
    for wound in c.serious_wounds:
        if wound in dressed:
            dressed.remove(wound)
        else:
            out.append(wound)
    return out


def dress(state: GameState, player: int, wound: str, ctx: Context) -> GameState:
    """Dress one Serious Wound of kind ``wound``."""
    if wound not in undressed(state, player):
        # base.wound.dress: only an undressed Serious Wound can be dressed
        return state
    ctx.fire("base.wound.dress")
    c = state.character(player)
    return state.with_character(c.evolve(dressed=(*c.dressed, wound)))


def dress_all(state: GameState, player: int, ctx: Context) -> GameState:
    for wound in undressed(state, player):
        state = dress(state, player, wound, ctx)
    return state


def heal_dressed(state: GameState, player: int, wound: str, ctx: Context) -> GameState:
    """Discard one dressed Serious Wound card (back to the Serious Wound deck's discard pile)."""
    c = state.character(player)
    if wound not in c.dressed:
        # base.wound.heal: only a Dressed Serious Wound is discarded by healing
        return state
    ctx.fire("base.wound.heal")
    dressed = list(c.dressed)
    dressed.remove(wound)
    serious = list(c.serious_wounds)
    serious.remove(wound)
    state = state.with_character(c.evolve(dressed=tuple(dressed), serious_wounds=tuple(serious)))
    return state.with_deck("serious-wound", state.deck("serious-wound").discarded(wound))


def heal_light(state: GameState, player: int, count: int, ctx: Context) -> GameState:
    """Remove up to ``count`` Light Wounds."""
    c = state.character(player)
    if c.light_wounds == 0 or count <= 0:
        # base.wound.heal: with no Light Wound there is nothing to heal
        return state
    ctx.fire("base.wound.heal")
    return state.with_character(c.evolve(light_wounds=max(0, c.light_wounds - count)))


def scan_hand(state: GameState, player: int, ctx: Context) -> GameState:
    """Scan the Contamination cards in hand: clean ones leave the game; any INFECTED result has
    the ruleset's consequence once (several INFECTED cards give one Larva, FAQ)."""
    c = state.character(player)
    clean = c.hand.count(CLEAN)
    infected = c.hand.count(INFECTED)
    if not clean and not infected:
        # base.contamination.remove: a hand without Contamination cards has none to remove
        return state
    ctx.fire("base.contamination.remove")
    if clean:
        state = state.with_character(c.evolve(hand=c.hand.remove(CLEAN, clean)))
        state = state.evolve(removed=state.removed.add(f"card:{CLEAN}", clean))
    if infected:
        if infected > 1:
            note_several_infected(state, ctx)
        state = replaceable.infected_result(state, player, ctx)
    return state


def note_several_infected(state: GameState, ctx: Context) -> None:
    """Several INFECTED cards in one scan have the consequence once (FAQ), as the ruleset words it."""
    if clause := state.config.ruleset.clause("scan.multiple-infected"):
        ctx.fire(clause)


def scan_everything(state: GameState, player: int, ctx: Context) -> tuple[GameState, int]:
    """Scan every Contamination card in the deck, hand and discard pile; remove the INFECTED
    ones from the game (Surgery, Antidote). Returns the state and how many were INFECTED."""
    c = state.character(player)
    infected = c.hand.count(INFECTED) + c.deck.count(INFECTED) + c.discard.count(INFECTED)
    if not infected:
        return state, 0
    ctx.fire("base.contamination.remove")

    def strip(cards: Multiset) -> Multiset:
        n = cards.count(INFECTED)
        return cards.remove(INFECTED, n) if n else cards

    state = state.with_character(c.evolve(hand=strip(c.hand), deck=strip(c.deck), discard=strip(c.discard)))
    return state.evolve(removed=state.removed.add(f"card:{INFECTED}", infected)), infected


def reshuffle_all(state: GameState, player: int) -> GameState:
    """Hand, deck and discard pile shuffled together into a new deck (Surgery, Antidote)."""
    c = state.character(player)
    everything = c.hand.union(c.deck).union(c.discard)
    return state.with_character(c.evolve(hand=Multiset(), deck=everything, discard=Multiset()))
