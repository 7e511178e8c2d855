"""The yellow (technical) Item deck's actions (facts.md §6; SCAN §5.1; RU-RB p.22-23, p.26).

Chemicals load the Flamethrower; Tools and Duct Tape repair (a Malfunction, an Engine) and
Tools work a door, Duct Tape binds two Heavy Items into one hand slot; the Fire Extinguisher
puts out the room's Fire or drives an Intruder away; Clothes take off Slime or dress a wound
(also in the green deck); three plans and the Space Suit move or inform. The Energy Charge of
this deck is the red one's (item_effects_red).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import Choice
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules import ship
from nemesis_rules.model.rules.action_cards_common import repair, repair_variants
from nemesis_rules.model.rules.effects import Params
from nemesis_rules.model.rules.healing import dress, undressed
from nemesis_rules.model.rules.item_effects import (
    MoveWithoutCorridor,
    Variants,
    door_variants,
    fully_load,
    item_table,
    note_seen,
    phosphate_retreat,
    reload_targets,
    set_door_as_asked,
    unexplored,
)
from nemesis_rules.model.rules.items import TAPED

# -- Chemicals ------------------------------------------------------------------------------------


def _chemicals_variants(state: GameState, player: int) -> Variants:
    """Each weapon that Chemicals reload (the Flamethrower, by its data) and is not full."""
    return [{"weapon": w} for w in reload_targets(state, player, "chemicals")]


def _chemicals(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    return fully_load(state, player, str(params.get("weapon")), ctx)


# -- Tools and Duct Tape -----------------------------------------------------------------------------


def _tools_variants(state: GameState, player: int) -> Variants:
    out = repair_variants(state, player)
    out.extend(door_variants(state, player))
    return out


def _tools(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    if "repair" in params:
        return repair(state, player, params, ctx)
    return set_door_as_asked(state, params, ctx)


def _heavy_items(state: GameState, player: int) -> list[str]:
    return sorted(h for h in state.character(player).hands if h not in tables.HEAVY_OBJECTS)


def _duct_tape_variants(state: GameState, player: int) -> Variants:
    out = repair_variants(state, player)
    items = _heavy_items(state, player)
    if len(items) >= 2 and TAPED not in state.character(player).mods:
        out.append({"tape": (items[0], items[1])})
    return out


def _duct_tape(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Repair as Tools do, or tape two Heavy Items (not Objects) into one hand slot: the
    ``taped`` mark frees a slot (items.free_slots)."""
    if "repair" in params:
        return repair(state, player, params, ctx)
    c = state.character(player)
    ctx.fire("base.item.hand-slots")
    return state.with_character(c.evolve(mods=c.mods | {TAPED}))


# -- Fire Extinguisher ---------------------------------------------------------------------------------


def _extinguisher_variants(state: GameState, player: int) -> Variants:
    position = state.character(player).position
    out: Variants = [{"remove": "fire"}] if state.room(position).fire else []
    out.extend({"target": str(i.id)} for i in state.intruders_at(position))
    return out


def _fire_extinguisher(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Remove the Fire of your room, or make 1 Intruder there Retreat (with Susceptibility to
    Phosphates it also takes 1 Injury)."""
    position = state.character(player).position
    if params.get("remove") == "fire":
        return ship.remove_fire(state, position, ctx)
    intruder = next(i for i in state.intruders if str(i.id) == params.get("target"))
    return phosphate_retreat(state, intruder, ctx)


# -- Clothes --------------------------------------------------------------------------------------------


def dress_variants(state: GameState, player: int) -> Variants:
    """One variant per kind of undressed Serious Wound."""
    return [{"wound": w} for w in sorted(set(undressed(state, player)))]


def _clothes_variants(state: GameState, player: int) -> Variants:
    """Drop the Slime marker, or dress a Serious Wound (Void Seeders keeps only the latter:
    vs.change.clothes, installed by its ruleset's item table)."""
    out: Variants = [{"remove": "slime"}] if state.character(player).slime else []
    out.extend(dress_variants(state, player))
    return out


def clothes(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Discard your Slime marker, or dress 1 Serious Wound."""
    if params.get("remove") == "slime":
        return state.with_character(replace(state.character(player), slime=False))
    return dress(state, player, str(params.get("wound")), ctx)


# -- moving and looking ----------------------------------------------------------------------------------


def _plans_variants(state: GameState, player: int) -> Variants:
    technical = state.config.board.technical_positions
    position = state.character(player).position
    if position not in technical:
        return []
    return [{"to": p} for p in sorted(technical) if p != position]


def _technical_corridor_plans(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """From a room with a Technical Corridor entrance, move to any other such room."""
    position = state.character(player).position
    return state.push(MoveWithoutCorridor(player, position, str(params.get("to"))))


def _is_yellow(state: GameState, position: str) -> bool:
    room = state.room(position)
    return room.explored and room.tile is not None and tables.room_colour(state.config, room.tile) == "yellow"


def _space_suit_variants(state: GameState, player: int) -> Variants:
    """From a yellow room to any other known (explored) yellow room."""
    position = state.character(player).position
    if not _is_yellow(state, position):
        return []
    return [{"to": p} for p in state.config.board.positions if p != position and _is_yellow(state, p)]


def _space_suit(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Discard your hand, then move to the chosen yellow room."""
    c = state.character(player)
    state = state.with_character(c.evolve(hand=Multiset(), discard=c.discard.union(c.hand)))
    return state.push(MoveWithoutCorridor(player, c.position, str(params.get("to"))))


def _nemesis_plans_variants(state: GameState, player: int) -> Variants:
    return [{"peek": p} for p in unexplored(state)]


def _nemesis_plans(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Secretly look at 2 unexplored room tiles (not their tokens): the first is the action's
    choice, the second a choice that follows."""
    first = str(params.get("peek"))
    state = note_seen(state, player, f"tile:{first}")
    if any(p != first for p in unexplored(state)):
        return state.push(PeekTile(player, first))
    return state


@dataclass(frozen=True, slots=True)
class PeekTile(Choice):
    """Nemesis Plans: the second unexplored room tile to look at."""

    first: str
    clause = "base.item.nemesis-plans"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        return tuple(Decision.make(self.player, "peek-tile", at=p) for p in unexplored(state) if p != self.first)

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        return note_seen(state, self.player, f"tile:{decision.text('at')}")

    def diagnose(self, state: GameState, decision: Decision) -> tuple[str, str]:
        return f"'{decision.get('at')}' is not another unexplored room", self.clause


ITEM_EFFECTS = item_table(
    {
        "chemicals": (_chemicals_variants, _chemicals),
        "tools": (_tools_variants, _tools),
        "duct-tape": (_duct_tape_variants, _duct_tape),
        "fire-extinguisher": (_extinguisher_variants, _fire_extinguisher),
        "clothes": (_clothes_variants, clothes),
        "technical-corridor-plans": (_plans_variants, _technical_corridor_plans),
        "space-suit": (_space_suit_variants, _space_suit),
        "nemesis-plans": (_nemesis_plans_variants, _nemesis_plans),
    }
)
