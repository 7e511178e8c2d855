"""The Scout's own Action cards (facts.md §7; FAQ Actions 11): Scavenging, Reconnaissance,
Adrenaline (Basic Repairs is shared, :mod:`action_cards_everyone`; Suppressive Fire the Captain's,
:mod:`action_cards_captain`).
"""

from __future__ import annotations

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.action_cards_common import (
    USE,
    QuietMove,
    Variants,
    card_table,
    draw_cards,
    escape_frames,
    exits,
    here,
    loaded_weapons,
    shoot_targets,
    spend_ammo,
)
from nemesis_rules.model.rules.effects import Params
from nemesis_rules.model.rules.items import start_search
from nemesis_rules.model.rules.shoot_and_melee import CombatRoll

# -- Scavenging -----------------------------------------------------------------------------------


def scavenging_variants(state: GameState, player: int) -> Variants:
    """A room with an item counter, even at 0 (rooms without one cannot be searched)."""
    return [{}] if state.room(here(state, player)).items is not None else []


def scavenging(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Search the room; the counter drops if it is above 0."""
    return start_search(state, player, "", counter=True)


# -- Reconnaissance -------------------------------------------------------------------------------------


def reconnaissance_variants(state: GameState, player: int) -> Variants:
    """A neighbouring room behind an open door."""
    return [{"to": to} for _, to in exits(state, here(state, player))]


def reconnaissance(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Move without a noise roll; a Silence or Danger token found is cancelled (FAQ Actions 11)."""
    origin = here(state, player)
    to = str(params["to"])
    corridor = state.config.board.corridor_between[(origin, to)]
    return state.push(QuietMove(player, origin, to, corridor))


# -- Adrenaline --------------------------------------------------------------------------------------------


def adrenaline_variants(state: GameState, player: int) -> Variants:
    """A Shoot (a weapon with ammo, a target) or an Escape (a room behind an open door)."""
    targets = shoot_targets(state, player)
    out: Variants = [{USE: "shoot", "weapon": w, "target": t} for w in loaded_weapons(state, player) for t in targets]
    out.extend({USE: "escape", "to": to} for _, to in exits(state, here(state, player)))
    return out


def adrenaline(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Shoot or Escape without paying for it, then draw 1 card."""
    state = draw_cards(state, player, 1)
    if params.get(USE) == "shoot":
        weapon = str(params["weapon"])
        state = spend_ammo(state, player, weapon)
        ctx.fire("base.combat.shoot")
        return state.push(CombatRoll(player, str(params["target"]), weapon, False))
    ctx.fire("base.move.escape-attacks")
    return state.push(*escape_frames(state, player, str(params["to"])))


ACTION_CARDS = card_table(
    {
        "scavenging": (scavenging_variants, scavenging),
        "reconnaissance": (reconnaissance_variants, reconnaissance),
        "adrenaline": (adrenaline_variants, adrenaline),
    }
)
