"""The Action cards every Character has, and the repair cards (facts.md §7; RU-RB p.12-13,
p.17, p.20-21, p.23, p.26).

Shared by all six decks: Demolition (destroy a Closed Door of your room, or put a Malfunction
in it), Interruption (a reactive card: :mod:`interruption`), Rest (scan the Contamination
cards in hand) and Search (twice). Basic Repairs, Repairs and Fast Repairs (the same effect at
costs 2, 1 and 0) remove the Malfunction of your room or repair or break the Engine you stand
in. The other cards of each Character are in ``action_cards_<character>``; importing this
module registers them all.
"""

from __future__ import annotations

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules import ship
from nemesis_rules.model.rules.action_cards_common import USE, Variants, card_table, here, repair, repair_variants
from nemesis_rules.model.rules.effects import Params
from nemesis_rules.model.rules.healing import CLEAN, INFECTED, scan_hand
from nemesis_rules.model.rules.items import start_search
from nemesis_rules.model.rules.markers import place_malfunction

# -- Demolition -------------------------------------------------------------------------------


def demolition_variants(state: GameState, player: int) -> Variants:
    """Each Closed Door around your room, and a Malfunction for a room that can take one and
    has none."""
    position = here(state, player)
    out: Variants = [
        {USE: "door", "corridor": corridor}
        for corridor in ship.doors_of(state, position)
        if state.door(corridor) == "closed"
    ]
    room = state.room(position)
    if not room.malfunction and tables.room_can_malfunction(state.config, room.tile):
        out.append({USE: "malfunction"})
    return out


def demolition(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Destroy the chosen Closed Door (open for good) or put a Malfunction in your room."""
    if params.get(USE) == "malfunction":
        return place_malfunction(state, here(state, player), ctx)
    ctx.fire("base.door.destroyed")
    return state.with_door(str(params["corridor"]), "destroyed")


# -- Rest ------------------------------------------------------------------------------------------


def rest_variants(state: GameState, player: int) -> Variants:
    """Rest is offered with a Contamination card in hand (otherwise the scan finds nothing)."""
    hand = state.character(player).hand
    return [{}] if CLEAN in hand or INFECTED in hand else []


def rest(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Scan the Contamination cards in hand: clean ones leave the game, an INFECTED one has the
    ruleset's consequence (RU-RB p.20-21). The Void Seeders Rest replaces this through
    its own entry in its ruleset value (:mod:`nemesis_rules.model.rulesets.void_seeders`)."""
    return scan_hand(state, player, ctx)


# -- Search -----------------------------------------------------------------------------------------


def search_variants(state: GameState, player: int) -> Variants:
    """A room with an item counter above 0 (RU-RB p.23; rooms without a counter cannot be searched)."""
    items = state.room(here(state, player)).items
    return [{}] if items is not None and items > 0 else []


def search(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Search the room: counter -1, draw 2 of the room's colour, keep 1 (RU-RB p.23)."""
    return start_search(state, player, "", counter=True)


ACTION_CARDS = card_table(
    {
        "demolition": (demolition_variants, demolition),
        "rest": (rest_variants, rest),
        "search": (search_variants, search),
        "basic-repairs": (repair_variants, repair),
        "repairs": (repair_variants, repair),
        "fast-repairs": (repair_variants, repair),
    }
)
