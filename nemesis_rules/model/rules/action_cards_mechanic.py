"""The Mechanic's own Action cards (facts.md §7): Technical Corridors, Pyrotechnics, Ingenuity
(Fast Repairs and Computer Skills are shared, see :mod:`action_cards_everyone` and
:mod:`action_cards_pilot`).

Technical Corridors is a move: the room entered is explored and, unless occupied, gets the
usual noise roll (the card, unlike Reconnaissance, does not say "without a noise roll"); then
the Mechanic passes, with the discards and the Bleeding wound every pass brings (RU-RB p.10).
"""

from __future__ import annotations

from dataclasses import dataclass

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import Step
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.action_cards_common import (
    USE,
    Variants,
    card_table,
    here,
    repair,
    repair_variants,
)
from nemesis_rules.model.rules.effects import Params
from nemesis_rules.model.rules.hands import PassDiscard
from nemesis_rules.model.rules.item_effects import MoveWithoutCorridor, force_pass
from nemesis_rules.model.rules.items import components, craft, discard_item, free_slots, weapon_leaves
from nemesis_rules.model.rules.markers import place_fire
from nemesis_rules.model.rules.ship import remove_fire

WRENCH = "wrench"

# -- Technical Corridors ------------------------------------------------------------------------------


def technical_corridors_variants(state: GameState, player: int) -> Variants:
    """From a room with a Technical Corridor entrance, any other such room."""
    technical = state.config.board.technical_positions
    position = here(state, player)
    if position not in technical:
        return []
    return [{"to": p} for p in sorted(technical) if p != position]


@dataclass(frozen=True, slots=True)
class MustPass(Step):
    """ "Then you must pass": the character passes, with the usual optional discards."""

    player: int

    def run(self, state: GameState, ctx: Context) -> GameState:
        c = state.character(self.player)
        if not c.active or c.passed:
            # base.round.passed-no-actions: a player who has passed, or is out of play, does not pass again
            return state
        state = force_pass(state, self.player, ctx)
        return state.push(PassDiscard(self.player, ""))


def technical_corridors(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Move through the Technical Corridors into the chosen room, then pass."""
    return state.push(MoveWithoutCorridor(player, here(state, player), str(params["to"])), MustPass(player))


# -- Pyrotechnics ----------------------------------------------------------------------------------------


def discardable_items(state: GameState, player: int) -> list[str]:
    """Items the character can discard: inventory items and Heavy Items in hand (not Heavy
    Objects, not Quest Items)."""
    c = state.character(player)
    quests = {q for q, _ in c.quests}
    held = {h for h in c.hands if h not in tables.HEAVY_OBJECTS}
    return sorted((set(c.inventory.distinct()) | held) - quests)


def pyrotechnics_variants(state: GameState, player: int) -> Variants:
    """Discard an Item to set your room on Fire, or (if it burns) to put the Fire out."""
    use = "put-out" if state.room(here(state, player)).fire else "set-fire"
    return [{USE: use, "discard": item} for item in discardable_items(state, player)]


def give_up_item(state: GameState, player: int, slug: str) -> GameState:
    """An item leaves the character for its discard pile (a weapon with its ammo and magazine)."""
    c = state.character(player)
    if slug in c.inventory:
        state = state.with_character(c.evolve(inventory=c.inventory.remove(slug)))
    else:
        hands = list(c.hands)
        hands.remove(slug)
        kept_ammo = tuple((w, n) for w, n in c.ammo if w != slug or w in hands)
        state = weapon_leaves(state.with_character(c.evolve(hands=tuple(hands), ammo=kept_ammo)), player, slug)
    return discard_item(state, slug)


def pyrotechnics(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    state = give_up_item(state, player, str(params["discard"]))
    if params.get(USE) == "put-out":
        return remove_fire(state, here(state, player), ctx)
    return place_fire(state, here(state, player), ctx)


# -- Ingenuity -------------------------------------------------------------------------------------------


def ingenuity_craft_ways(state: GameState, player: int) -> list[tuple[str, str, str]]:
    """(crafted item, first part, second part) for every recipe the inventory can pay now when
    any yellow Item may stand in for the wrench component."""
    c = state.character(player)
    have = components(state, c)
    yellow = {s for s in c.inventory.distinct() if getattr(tables.item(state.config, s), "colour", None) == "yellow"}
    have[WRENCH] = sorted(set(have.get(WRENCH, [])) | yellow)
    out = set()
    for crafted in state.deck("blue").unknown.distinct():
        recipe = getattr(tables.item(state.config, crafted), "recipe", None)
        if not recipe or (tables.is_heavy(state.config, crafted) and free_slots(c) <= 0):
            continue
        first, second = recipe
        for a in have.get(first, []):
            for b in have.get(second, []):
                if a != b or c.inventory.count(a) >= 2:
                    out.add((crafted, a, b))
    return sorted(out)


def ingenuity_variants(state: GameState, player: int) -> Variants:
    """A repair (Malfunction or Engine), or a Craft with any yellow Item as the wrench."""
    out = repair_variants(state, player)
    out.extend(
        {USE: "craft", "craft": crafted, "parts": (a, b)} for crafted, a, b in ingenuity_craft_ways(state, player)
    )
    return out


def ingenuity(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    if "repair" in params:
        return repair(state, player, params, ctx)
    parts = params["parts"]
    return craft(state, player, str(params["craft"]), tuple(parts) if isinstance(parts, tuple) else (parts,), ctx)


ACTION_CARDS = card_table(
    {
        "technical-corridors": (technical_corridors_variants, technical_corridors),
        "pyrotechnics": (pyrotechnics_variants, pyrotechnics),
        "ingenuity": (ingenuity_variants, ingenuity),
    }
)
