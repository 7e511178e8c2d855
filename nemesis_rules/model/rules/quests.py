"""The Characters' Quest Items once active (facts.md §7; data in the characters table).

Activation (a basic action out of Combat, in the named room or by discarding the named item)
is generic (:mod:`effect_actions`); this module holds what each active item does.

Items with a use (the generic ``use-quest`` action pays its cost; a one-use item is spent):
Log Key (Captain), Evacuation Key and Orbital Maneuvering System (Pilot), Plasma Torch and
Flashlight (Mechanic), Security Key (Scout), Laboratory Equipment (Scientist).

Items that act by themselves: the Intercom (Captain's Order and Motivation reach the Computer
rooms, :mod:`action_cards_captain`), the Autoloader (Soldier's Assault Rifle: +1 capacity, an
Energy Charge reloads it for 0, marked by :func:`activated`), the Holo Computer (Scientist's
Intranet and Risk Assessment from any room, :mod:`action_cards_scientist`); and the reactive
Armor and Motion Scanner/Sensor (:mod:`action_cards_reactive`).

Looking (Log Key) changes no state: the model knows every hidden card.
"""

from __future__ import annotations

from dataclasses import dataclass

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import Choice
from nemesis_rules.model.core.state import DoorState, GameState
from nemesis_rules.model.rules import ship
from nemesis_rules.model.rules.action_cards_common import AT, Variants, here, quest_table
from nemesis_rules.model.rules.action_cards_everyone import search, search_variants
from nemesis_rules.model.rules.effects import Params
from nemesis_rules.model.rules.hands import PassDiscard
from nemesis_rules.model.rules.item_effects import force_pass
from nemesis_rules.model.rules.queries import turn_order
from nemesis_rules.model.rules.rooms import OBJECT_SLOTS, flip_pod_lock, objects_present, weakness_in_slot

SKIP_INTRUDER_ATTACK = "skip-intruder-attack"
"""The flag the Event Phase's Intruder Attack step reads; cleared when the round ends."""
SECTIONS = {"evacuation-section-a": "A", "evacuation-section-b": "B"}


# -- Log Key (Captain) -----------------------------------------------------------------------------


def log_key_variants(state: GameState, player: int) -> Variants:
    """In a working Computer room: another Character whose Objective to look at."""
    if not ship.in_computer_room(state, player):
        return []
    return [{"character": str(c.player)} for c in state.characters if c.player != player and c.objectives]


def look(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """A secret look (the decision records who looked at what)."""
    # base.quest-item.log-key: a look at an Objective changes no state (the record keeps it)
    return state


# -- Evacuation Key (Pilot) ---------------------------------------------------------------------------


def evacuation_key_variants(state: GameState, player: int) -> Variants:
    """In an Evacuation Section: each pod of that section still aboard."""
    section = SECTIONS.get(state.room(here(state, player)).tile or "")
    return [{"pod": str(p.number)} for p in state.pods if p.section == section and not p.launched]


def evacuation_key(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Lock or unlock the chosen pod."""
    return flip_pod_lock(state, int(str(params["pod"])), ctx)


# -- Orbital Maneuvering System (Pilot) ------------------------------------------------------------------


def orbital_maneuvering_system(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Everyone passes at once (with the usual discards), the Player Phase ends, and this
    round's Intruder Attack step is skipped."""
    state = state.evolve(flags=state.flags | {SKIP_INTRUDER_ATTACK})
    passing = [p for p in turn_order(state) if state.character(p).active and not state.character(p).passed]
    for p in passing:
        state = force_pass(state, p, ctx)
    return state.push(*(PassDiscard(p, "") for p in passing if state.character(p).active))


# -- Plasma Torch (Mechanic) --------------------------------------------------------------------------------


def plasma_torch_variants(state: GameState, player: int) -> Variants:
    """Open or close one door around your room; a Destroyed door can be closed too."""
    return [{**d} for d in ship.door_variants(state, here(state, player), may_close_destroyed=True)]


def plasma_torch(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    corridor = str(params["corridor"])
    if state.door(corridor) == "destroyed":
        ctx.fire("base.door.destroyed")
    door: DoorState = "closed" if params.get("door") == "closed" else "open"
    return ship.set_door(state, corridor, door, ctx, may_close_destroyed=True)


# -- Security Key (Scout) --------------------------------------------------------------------------------------


def security_key_variants(state: GameState, player: int) -> Variants:
    """Any room with a door that can be opened or closed (not Destroyed)."""
    return [
        {AT: p}
        for p in state.config.board.positions
        if any(state.door(c) != "destroyed" for c in ship.doors_of(state, p))
    ]


def security_key(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    return state.push(RoomDoors(player, str(params[AT]), ""))


@dataclass(frozen=True, slots=True)
class RoomDoors(Choice):
    """Open or close any doors of one room, one door per decision in corridor order (so each
    set of changes has one spelling); at least one, then ``doors-done`` ends it."""

    position: str
    after: str
    clause = "base.quest-item.security-key"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        out = [
            Decision.make(self.player, "switch-door", corridor=c)
            for c in sorted(ship.doors_of(state, self.position))
            if c > self.after and state.door(c) != "destroyed"
        ]
        if self.after or not out:
            out.append(Decision.make(self.player, "doors-done"))
        return tuple(sorted(out))

    def diagnose(self, state: GameState, decision: Decision) -> tuple[str, str]:
        return f"switch a door of room {self.position} not yet switched (in corridor order), or finish", self.clause

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        if decision.kind == "doors-done":
            # base.quest-item.security-key: the player may stop switching doors
            return state
        corridor = decision.text("corridor")
        state = ship.set_door(state, corridor, "open" if state.door(corridor) == "closed" else "closed", ctx)
        return state.push(RoomDoors(self.player, self.position, corridor))


# -- Laboratory Equipment (Scientist) ----------------------------------------------------------------------------


def laboratory_equipment_variants(state: GameState, player: int) -> Variants:
    """Each Weakness slot still hidden whose object is in your room: on the floor, in someone's
    hands there, or (for Eggs) the Nest's Eggs on the Intruder board when you are in the Nest."""
    position = here(state, player)
    present = objects_present(state, position)
    room = state.room(position)
    if room.tile == "nest" and room.explored and state.eggs > 0:
        present.add("egg")
    out: Variants = []
    for slot in sorted({OBJECT_SLOTS[o] for o in present if o in OBJECT_SLOTS}):
        weakness = weakness_in_slot(state, slot)
        if weakness is not None and weakness not in state.discovered:
            out.append({"object": slot})
    return out


def laboratory_equipment(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Discover the Weakness of the chosen slot: it applies to everyone from now on."""
    weakness = weakness_in_slot(state, str(params["object"]))
    if weakness is None or weakness in state.discovered:
        # base.weakness.reveal: a Weakness already discovered is not discovered again
        return state
    ctx.fire("base.weakness.reveal")
    return state.evolve(discovered=state.discovered | {weakness})


QUESTS = quest_table(
    {
        "log-key": (log_key_variants, look),
        "evacuation-key": (evacuation_key_variants, evacuation_key),
        "orbital-maneuvering-system": (lambda state, player: [{}], orbital_maneuvering_system),
        "plasma-torch": (plasma_torch_variants, plasma_torch),
        "flashlight": (search_variants, search),
        "security-key": (security_key_variants, security_key),
        "laboratory-equipment": (laboratory_equipment_variants, laboratory_equipment),
    }
)
