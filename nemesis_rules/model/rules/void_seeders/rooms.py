"""The expansion's room actions (void-seeders-rulebook.txt, Gameplay Changes): the Shower Room
and the Canteen may lower Insanity and/or scan like Rest (no Slime to wash off); Surgery
brings Insanity to 3 instead of removing a Larva; the Laboratory analyses a Character's
Insanity (a living character at 3 or more present) instead of a Corpse, and so may the Scientist's
Laboratory Equipment (ruling vs.gap.lab-equipment-corpse).
"""

from __future__ import annotations

from collections.abc import Mapping

from nemesis_rules.model.core.actions import ParamValue
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.effects import Effect
from nemesis_rules.model.rules.healing import scan_everything
from nemesis_rules.model.rules.quests import laboratory_equipment_variants as base_variants
from nemesis_rules.model.rules.rooms import OBJECT_SLOTS, laboratory_position, objects_present
from nemesis_rules.model.rules.rooms_care import canteen_heal, surgery_aftercare
from nemesis_rules.model.rules.void_seeders.changes import (
    INSANITY_SLOT,
    can_analyse_insanity,
    rest_resolve,
    rest_variants,
    rest_why_not,
    vs_surgery_insanity,
)
from nemesis_rules.model.rules.void_seeders.components import data

Variants = list[dict[str, ParamValue]]


def _useful(variants: Variants) -> Variants:
    """Only uses that change something (lowering or scanning)."""
    return [v for v in variants if v.get("insanity") == "lower" or v.get("scan") == "yes"]


def shower_variants(state: GameState, player: int) -> Variants:
    return _useful(rest_variants(state, player))


def shower(state: GameState, player: int, params: Mapping[str, ParamValue], ctx: Context) -> GameState:
    """Lower Insanity and/or scan as Rest does; the base action's Slime part is ignored
    (void-seeders-rulebook.txt, Gameplay Changes > Shower Room: vs.change.slime)."""
    ctx.fire("vs.change.shower", "vs.change.slime")
    return rest_resolve(state, player, {**params, "action": "shower-room"}, ctx)


def canteen_variants(state: GameState, player: int) -> Variants:
    variants = rest_variants(state, player)
    return variants if state.character(player).light_wounds else _useful(variants)


def canteen(state: GameState, player: int, params: Mapping[str, ParamValue], ctx: Context) -> GameState:
    ctx.fire("vs.change.canteen")
    state = canteen_heal(state, player, ctx)
    return rest_resolve(state, player, {**params, "action": "canteen"}, ctx)


def surgery(state: GameState, player: int, params: Mapping[str, ParamValue], ctx: Context) -> GameState:
    """Scan everything, remove the INFECTED cards, Insanity to 3; then 1 Light Wound, reshuffle, pass."""
    state, _ = scan_everything(state, player, ctx)
    state = vs_surgery_insanity(state, player, ctx)
    return surgery_aftercare(state, player, ctx)


def _weakness_in(state: GameState, slot: str) -> str | None:
    slots = data(state.config).weakness_setup.slots
    if slot not in slots or slots.index(slot) >= len(state.weaknesses):
        return None
    return state.weaknesses[slots.index(slot)]


def _hidden(state: GameState, slots: set[str]) -> Variants:
    """One variant per slot of ``slots`` whose Weakness card is still hidden."""
    out: Variants = []
    for slot in sorted(slots):
        weakness = _weakness_in(state, slot)
        if weakness is not None and weakness not in state.discovered:
            out.append({"object": slot})
    return out


def laboratory_variants(state: GameState, player: int) -> Variants:
    """Each Weakness slot that can be analysed now and whose card is still hidden: a Character's
    Insanity (someone at 3 or more in the Laboratory), an Egg or a Carcass present."""
    position = laboratory_position(state, player)
    slots = {OBJECT_SLOTS[o] for o in objects_present(state, position) if o in OBJECT_SLOTS}
    slots.discard("character-corpse")
    if can_analyse_insanity(state, position):
        slots.add(INSANITY_SLOT)
    return _hidden(state, slots)


def laboratory(state: GameState, player: int, params: Mapping[str, ParamValue], ctx: Context) -> GameState:
    weakness = _weakness_in(state, str(params["object"]))
    if weakness is None or weakness in state.discovered:
        # base.weakness.reveal: a Weakness already discovered is not discovered again
        return state
    ctx.fire("vs.change.laboratory", "base.weakness.reveal", "vs.change.weakness-deck")
    return state.evolve(discovered=state.discovered | {weakness})


def laboratory_equipment_variants(state: GameState, player: int) -> Variants:
    """The Scientist's Laboratory Equipment where the Laboratory analyses a Character's Insanity
    instead of a Corpse: the Egg and Carcass slots as in the base game, never the Corpse; the
    Insanity slot with a living Character of Insanity 3 or more in the room (ruling
    vs.gap.lab-equipment-corpse = ``insanity-slot``; ``objects-only``: never)."""

    slots = {str(v["object"]) for v in base_variants(state, player)} - {"character-corpse"}
    reading = state.config.ruling("vs.gap.lab-equipment-corpse")
    if reading == "insanity-slot" and can_analyse_insanity(state, state.character(player).position):
        slots.add(INSANITY_SLOT)
    return _hidden(state, slots)


def laboratory_equipment(state: GameState, player: int, params: Mapping[str, ParamValue], ctx: Context) -> GameState:
    """Discover the Weakness of the chosen slot (the expansion's slots)."""
    ctx.gap(
        state,
        "vs.gap.lab-equipment-corpse",
        "base.quest-item.laboratory-equipment",
        f"player {player} uses Laboratory Equipment, whose Corpse slot is the Insanity analysis here",
    )
    weakness = _weakness_in(state, str(params["object"]))
    if weakness is None or weakness in state.discovered:
        return state
    ctx.fire("base.weakness.reveal")
    return state.evolve(discovered=state.discovered | {weakness})


ROOMS: dict[str, Effect] = {
    "shower-room": Effect("vs.change.shower", shower_variants, shower, rest_why_not),
    "canteen": Effect("vs.change.canteen", canteen_variants, canteen, rest_why_not),
    "surgery": Effect("vs.change.surgery", lambda s, p: [{}], surgery),
    "laboratory": Effect("vs.change.laboratory", laboratory_variants, laboratory),
}
"""The room actions the expansion replaces."""

QUESTS: dict[str, Effect] = {
    "laboratory-equipment": Effect(
        "base.quest-item.laboratory-equipment", laboratory_equipment_variants, laboratory_equipment
    ),
}
"""The Quest Item uses the expansion replaces."""
