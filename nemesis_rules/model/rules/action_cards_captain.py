"""The Captain's own Action cards (facts.md §7): Order, Suppressive Fire, Reload, Motivation.
Suppressive Fire is the Scout's too.

With the Captain's Intercom active, Order may also move a Character standing in any working
Computer room, and Motivation also reaches the Characters in the working Computer rooms
(ruling ``base.ambiguity.intercom-motivation``).
"""

from __future__ import annotations

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.action_cards_common import (
    EscapeOffer,
    Variants,
    card_table,
    draw_cards,
    escape_frames,
    exits,
    here,
    loaded_weapons,
    spend_ammo,
    walk_unattacked,
)
from nemesis_rules.model.rules.effects import Params
from nemesis_rules.model.rules.item_effects import reload_targets
from nemesis_rules.model.rules.items import capacity
from nemesis_rules.model.rules.queries import active_quest, turn_order
from nemesis_rules.model.rules.ship import working_computer_rooms

INTERCOM = "intercom"
INTERCOM_MOTIVATION = "base.ambiguity.intercom-motivation"


def intercom_rooms(state: GameState, player: int) -> list[str]:
    """The working Computer rooms the Captain's active Intercom reaches (none without it)."""
    if not active_quest(state, state.character(player), INTERCOM):
        return []
    return working_computer_rooms(state)


# -- Order ----------------------------------------------------------------------------------------


def order_variants(state: GameState, player: int) -> Variants:
    """Another Character in your room (with the Intercom: or in a working Computer room), and a
    neighbouring room of theirs behind an open door."""
    rooms = {here(state, player), *intercom_rooms(state, player)}
    out: Variants = []
    for other in state.characters:
        if other.player == player or not other.active or other.position not in rooms:
            continue
        out.extend({"target": str(other.player), "to": to} for _, to in exits(state, other.position))
    return out


def order(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """The target moves into the chosen room, without being asked; it enters, explores and
    makes the noise roll as in any move. A target In Combat (reached by the Intercom) is
    escaping: each Intruder there attacks it first (RU-RB p.19)."""
    target = int(str(params["target"]))
    if state.character(target).position != here(state, player):
        ctx.fire("base.quest-item.intercom")
    frames = escape_frames(state, target, str(params["to"]))
    if len(frames) > 1:
        ctx.fire("base.move.escape-attacks")
    return state.push(*frames)


# -- Suppressive Fire -----------------------------------------------------------------------------------


def suppressive_fire_variants(state: GameState, player: int) -> Variants:
    """A weapon with ammo to discard 1 from, and who escapes: you (into which room) or another
    Character in your room (who then decides)."""
    position = here(state, player)
    others = [c.player for c in state.characters_at(position) if c.player != player]
    out: Variants = []
    for weapon in loaded_weapons(state, player):
        out.extend({"weapon": weapon, "to": to} for _, to in exits(state, position))
        out.extend({"weapon": weapon, "partner": str(p)} for p in others)
    return out


def suppressive_fire(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Discard 1 ammo: you, or another willing Character, escapes without being attacked."""
    state = spend_ammo(state, player, str(params["weapon"]))
    if "partner" in params:
        return state.push(EscapeOffer(int(str(params["partner"])), here(state, player), "suppressive-fire"))
    return walk_unattacked(state, player, str(params["to"]))


# -- Reload ---------------------------------------------------------------------------------------------


def reload_variants(state: GameState, player: int) -> Variants:
    """A held weapon the Reload card loads (the Revolver, by its data) that is not full."""
    return [{"weapon": w} for w in reload_targets(state, player, "reload")]


def reload(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Put 1 ammo on the Revolver (never above its capacity)."""
    weapon = str(params["weapon"])
    c = state.character(player)
    ctx.fire("base.item.ammo-capacity")
    return state.with_character(c.with_ammo(weapon, min(capacity(state, player, weapon), c.ammo_of(weapon) + 1)))


# -- Motivation -------------------------------------------------------------------------------------------


def motivation(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Everyone in your room, you included, draws 1 card, in turn order; with the Intercom the
    Characters in the working Computer rooms draw too (ruling base.ambiguity.intercom-motivation)."""
    rooms = {here(state, player)}
    reached = intercom_rooms(state, player)
    if reached and state.config.ruling(INTERCOM_MOTIVATION) == "every-computer-room":
        ctx.fire(INTERCOM_MOTIVATION, "base.quest-item.intercom")
        rooms.update(reached)
    drawers = [p for p in turn_order(state) if state.character(p).active and state.character(p).position in rooms]
    for drawer in reversed(drawers):
        state = draw_cards(state, drawer, 1)
    return state


ACTION_CARDS = card_table(
    {
        "order": (order_variants, order),
        "suppressive-fire": (suppressive_fire_variants, suppressive_fire),
        "reload": (reload_variants, reload),
        "motivation": (lambda state, player: [{}], motivation),
    }
)
