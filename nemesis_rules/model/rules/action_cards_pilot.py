"""The Pilot's own Action cards (facts.md §7): Computer Skills (the Mechanic's and the
Scientist's too), Piloting, Knowledge of the Ship, Old Friend.

The free room actions take the room's action without its 2 cards, with every condition of
that action still applying (its own variants, a working room, no Combat: these cards are out
of Combat only). Looking at a tile or at the Coordinates changes no state: the model knows
every hidden card and token; the decision in the record says who looked at what.
"""

from __future__ import annotations

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import DoorState, GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules import ship
from nemesis_rules.model.rules.action_cards_common import (
    AT,
    ROOM_ACTION,
    USE,
    Variants,
    card_table,
    free_room_action,
    here,
    room_action_variants,
)
from nemesis_rules.model.rules.effects import Params


def door_uses(state: GameState, player: int) -> Variants:
    """Open or close one door around your room (a Destroyed one stays open)."""
    return [{USE: "door", **d} for d in ship.door_variants(state, here(state, player))]


def room_uses(state: GameState, player: int, position: str) -> Variants:
    return [{USE: ROOM_ACTION, **v} for v in room_action_variants(state, player, position)]


def door_or_room(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Resolve a door use, a free room action here, or a look (which changes nothing)."""
    use = params.get(USE)
    if use == "door":
        door: DoorState = "closed" if params.get("door") == "closed" else "open"
        return ship.set_door(state, str(params["corridor"]), door, ctx)
    if use == ROOM_ACTION:
        return free_room_action(state, player, here(state, player), params, ctx)
    # base.action-card.knowledge-of-the-ship: a look changes no state (the record keeps what was seen)
    return state


# -- Computer Skills ------------------------------------------------------------------------------


def computer_skills_variants(state: GameState, player: int) -> Variants:
    """Open or close 1 door, or in a Computer room its Room action for free."""
    out = door_uses(state, player)
    if ship.in_computer_room(state, player):
        out.extend(room_uses(state, player, here(state, player)))
    return out


# -- Piloting ---------------------------------------------------------------------------------------


def piloting_variants(state: GameState, player: int) -> Variants:
    """In a working Cockpit or Computer room its Room action for free; from a Computer room a
    look at the Coordinates card."""
    position = here(state, player)
    out: Variants = []
    if state.room(position).tile == "cockpit" or ship.in_computer_room(state, player):
        out.extend(room_uses(state, player, position))
    if ship.in_computer_room(state, player):
        out.append({USE: "coordinates"})
    return out


# -- Knowledge of the Ship -------------------------------------------------------------------------


def knowledge_variants(state: GameState, player: int) -> Variants:
    """Open or close 1 door, or look at one unexplored room tile (not its token)."""
    out = door_uses(state, player)
    out.extend({USE: "look", AT: p} for p in state.config.board.positions if not state.room(p).explored)
    return out


# -- Old Friend --------------------------------------------------------------------------------------


def old_friend_variants(state: GameState, player: int) -> Variants:
    """The Room action of a working room without a Computer, for free."""
    position = here(state, player)
    tile = state.room(position).tile
    if tile is None or tables.room_has_computer(state.config, tile):
        return []
    return room_uses(state, player, position)


ACTION_CARDS = card_table(
    {
        "computer-skills": (computer_skills_variants, door_or_room),
        "piloting": (piloting_variants, door_or_room),
        "knowledge-of-the-ship": (knowledge_variants, door_or_room),
        "old-friend": (old_friend_variants, door_or_room),
    }
)
