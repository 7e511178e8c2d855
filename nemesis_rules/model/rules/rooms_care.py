"""The rooms that treat a character: Emergency Room, Canteen, Shower Room and Surgery
(RU-RB p.20-21, p.24-25; facts.md §5, §9, §15; base-rules-reference.txt, The ship — 21 rooms).

Each effect is a named function of its own, so that a ruleset can replace one (Void Seeders
changes the Shower Room, the Canteen and the Surgery). The shared procedures (dress, heal,
scan) live in :mod:`healing`.
"""

from __future__ import annotations

from nemesis_rules.model.core.actions import ParamValue
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules import replaceable
from nemesis_rules.model.rules.effects import Effect, Params
from nemesis_rules.model.rules.healing import (
    CLEAN,
    INFECTED,
    dress_all,
    heal_dressed,
    heal_light,
    reshuffle_all,
    scan_everything,
    scan_hand,
    undressed,
)
from nemesis_rules.model.rules.wounds import light_wounds

Variants = list[dict[str, ParamValue]]


def contamination_in_hand(state: GameState, player: int) -> bool:
    hand = state.character(player).hand
    return bool(hand.count(CLEAN) or hand.count(INFECTED))


def scan_choices(state: GameState, player: int, *, useful_without_scan: bool) -> Variants:
    """``scan=no`` when the room's own effect does something; ``scan=yes`` when it does or
    there is a Contamination card in hand to scan."""
    out: Variants = []
    if useful_without_scan:
        out.append({"scan": "no"})
    if useful_without_scan or contamination_in_hand(state, player):
        out.append({"scan": "yes"})
    return out


# -- Emergency Room ------------------------------------------------------------------------------


def emergency_room_variants(state: GameState, player: int) -> Variants:
    """Dress all Serious Wounds, or heal one dressed Serious Wound, or heal all Light Wounds,
    each where there is such a wound."""
    c = state.character(player)
    out: Variants = []
    if undressed(state, player):
        out.append({"treatment": "dress-all"})
    out.extend({"treatment": "heal-dressed", "wound": w} for w in sorted(set(c.dressed)))
    if c.light_wounds:
        out.append({"treatment": "heal-light"})
    return out


def emergency_room(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    treatment = params["treatment"]
    if treatment == "dress-all":
        return dress_all(state, player, ctx)
    if treatment == "heal-dressed":
        return heal_dressed(state, player, str(params["wound"]), ctx)
    return heal_light(state, player, state.character(player).light_wounds, ctx)


# -- Canteen ---------------------------------------------------------------------------------------


def canteen_variants(state: GameState, player: int) -> Variants:
    return scan_choices(state, player, useful_without_scan=state.character(player).light_wounds > 0)


def canteen_heal(state: GameState, player: int, ctx: Context) -> GameState:
    """Heal 1 Light Wound (RU-RB p.25)."""
    return heal_light(state, player, 1, ctx)


def canteen(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Heal 1 Light Wound; the player may also scan the hand (clean cards leave the game, an
    INFECTED one puts a Larva on the board)."""
    state = canteen_heal(state, player, ctx)
    return scan_hand(state, player, ctx) if params["scan"] == "yes" else state


# -- Shower Room -------------------------------------------------------------------------------------


def shower_variants(state: GameState, player: int) -> Variants:
    return scan_choices(state, player, useful_without_scan=state.character(player).slime)


def shower_clean(state: GameState, player: int, ctx: Context) -> GameState:
    """Discard the Slime marker (RU-RB p.25); a Fire in the room stays."""
    c = state.character(player)
    return state.with_character(c.evolve(slime=False)) if c.slime else state


def shower_room(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Drop the Slime marker; the player may also scan the hand as in the Canteen."""
    state = shower_clean(state, player, ctx)
    return scan_hand(state, player, ctx) if params["scan"] == "yes" else state


# -- Surgery -------------------------------------------------------------------------------------------


def surgery_scan(state: GameState, player: int, ctx: Context) -> GameState:
    """Scan every Contamination card in the deck, hand and discard pile; the INFECTED ones
    leave the game; a Larva on the character board is removed (RU-RB p.24)."""
    state, _ = scan_everything(state, player, ctx)
    c = state.character(player)
    return state.with_character(c.evolve(larva=False)) if c.larva else state


def surgery_aftercare(state: GameState, player: int, ctx: Context) -> GameState:
    """Every action card (the hand too) is shuffled into the deck, the player passes at once
    and takes 1 Light Wound: no cards in hand until the next round (RU-RB p.24). The pass is a
    pass like any other (a Bleeding wound bleeds); with an empty hand there is nothing to discard."""
    state = reshuffle_all(state, player)
    state = state.with_character(state.character(player).evolve(passed=True))
    state = replaceable.on_pass(state, player, ctx)
    return light_wounds(state, player, 1, ctx)


def surgery(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    return surgery_aftercare(surgery_scan(state, player, ctx), player, ctx)


ROOM_ACTIONS: dict[str, Effect] = {
    "emergency-room": Effect("base.room.emergency-room", emergency_room_variants, emergency_room),
    "canteen": Effect("base.room.canteen", canteen_variants, canteen),
    "shower-room": Effect("base.room.shower-room", shower_variants, shower_room),
    "surgery": Effect("base.room.surgery", lambda state, player: [{}], surgery),
}
"""This family's room actions by the room's ``action`` id (a ruleset takes them into its table)."""
