"""Room actions of the ship (RU-RB p.24-26; facts.md §9, §12, §14; base-rules-reference.txt,
The ship — 21 rooms).

Each room's action is an :class:`~nemesis_rules.model.rules.effects.Effect` in
:data:`ROOM_ACTIONS` of its family, keyed by the room's ``action`` id; the generic ``room-action`` pays its
2 cards, keeps it out of Combat and away from Malfunctions. This module holds the rooms that
act on the character, the ship's systems and its tracks; :mod:`rooms_care` the healing rooms,
:mod:`rooms_doors` the rooms that work on doors and other rooms, :mod:`pods` the Evacuation
Sections. The Cabins and the Room Covered with Slime have no action (their passive effects
live in ``queries.hand_size`` and the ruleset's ``on_enter``).

Two modelling decisions hold for every room:

* A use that would change nothing is not offered: a full weapon is not a target of the Armory,
  the Emergency Room needs a wound to treat, a Weakness already revealed is not analysed again.
  Paying 2 cards for nothing gains nothing a pass (which may discard any cards) does not give.
* Looking is free of state: the model knows every hidden card and token, so the Engine room,
  the Engine Control Room, the Monitoring Room and checking the Coordinates change nothing but
  the cards paid; the decision in the record says who looked at what. What a player learns
  (and may lie about) is theirs, not the game's.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from nemesis_rules.model.core.actions import Decision, ParamValue
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import Choice, Step
from nemesis_rules.model.core.state import Character, GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules import pods, queries, rooms_care, rooms_doors  # noqa: F401  (registers their rooms)
from nemesis_rules.model.rules.effects import Effect, Params
from nemesis_rules.model.rules.items import ITEM_COLOURS, free_slots, start_search
from nemesis_rules.model.rules.noise import RollNoise
from nemesis_rules.model.rules.ship import (
    anyone_hibernating,
    engine_index,
    self_destruct_can_stop,
    start_self_destruct,
    stop_self_destruct,
)

Variants = list[dict[str, ParamValue]]

OBJECT_SLOTS = {
    "corpse-blue": "character-corpse",
    "corpse-red": "character-corpse",
    "carcass": "intruder-carcass",
    "egg": "intruder-egg",
}
"""Which Weakness slot of the Intruder board each Heavy Object analyses (RU-RB p.21, p.24)."""

DESTINATIONS = ("A", "B", "C", "D")


def here(state: GameState, player: int) -> str:
    """The room a character stands in."""
    return state.character(player).position


def tile_here(state: GameState, player: int) -> str | None:
    return state.room(here(state, player)).tile


def printed_position(state: GameState, tile: str) -> str:
    """Where a printed room (the Cockpit, the Hibernatorium, an Engine) lies."""
    return next(p for p, r in state.config.board.printed_rooms.items() if r == tile)


# -- Armory ------------------------------------------------------------------------------------


def weapon_capacity(state: GameState, character: Character, weapon: str) -> int:
    """A weapon's capacity; an Extended Magazine attached to it adds 2 (facts.md §6)."""
    data = tables.weapon(state.config, weapon)
    extra = 2 if f"extended-magazine:{weapon}" in character.mods else 0
    return (data.capacity if data is not None else 0) + extra


def armory_variants(state: GameState, player: int) -> Variants:
    """Each Energy Weapon in hand that the Armory can load and that is not full."""
    c = state.character(player)
    out: Variants = []
    for slug in sorted(set(c.hands)):
        data = tables.weapon(state.config, slug)
        if data is not None and "armory" in data.reloads and c.ammo_of(slug) < weapon_capacity(state, c, slug):
            out.append({"weapon": slug})
    return out


def armory(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Add 2 ammo to one Energy Weapon, never above its capacity (RU-RB p.24)."""
    weapon = str(params["weapon"])
    c = state.character(player)
    return state.with_character(c.with_ammo(weapon, min(weapon_capacity(state, c, weapon), c.ammo_of(weapon) + 2)))


# -- Comms Room --------------------------------------------------------------------------------


def comms_variants(state: GameState, player: int) -> Variants:
    return [] if state.character(player).signal else [{}]


def send_signal(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """A Status marker on the Signal space of the character board (RU-RB p.24)."""
    return state.with_character(state.character(player).evolve(signal=True))


# -- Generator ---------------------------------------------------------------------------------


def can_start_self_destruct(state: GameState) -> bool:
    """Not running, and nobody hibernating (RU-RB p.24, p.26)."""
    return state.self_destruct is None and not anyone_hibernating(state)


def generator_variants(state: GameState, player: int) -> Variants:
    out: Variants = []
    if can_start_self_destruct(state):
        out.append({"sequence": "start"})
    if self_destruct_can_stop(state):
        out.append({"sequence": "stop"})
    return out


def generator_why_not(state: GameState, player: int, params: Params) -> tuple[str, str] | None:
    """Why the Generator cannot start or stop the sequence now: starting it while somebody
    hibernates is forbidden (base.room.generator) and a running sequence is not started again
    (base.self-destruct.start); stopping needs a sequence that has not reached yellow
    (base.self-destruct.lock)."""
    if params.get("sequence") == "start":
        if state.self_destruct is not None:
            return "the Self-Destruct sequence is already running", "base.self-destruct.start"
        if anyone_hibernating(state):
            return "somebody hibernates: the Self-Destruct sequence cannot be started", "base.room.generator"
    if params.get("sequence") == "stop" and not self_destruct_can_stop(state):
        if state.self_destruct is None:
            return "no Self-Destruct sequence is running", "base.self-destruct.stop"
        return "the Self-Destruct marker has reached yellow: it can no longer be stopped", "base.self-destruct.lock"
    return None


def generator(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Start the Self-Destruct sequence on its green space, or stop it before the yellow
    spaces (RU-RB p.24)."""
    if params["sequence"] == "start":
        return start_self_destruct(state, ctx)
    return stop_self_destruct(state, ctx)


# -- Laboratory --------------------------------------------------------------------------------


def objects_present(state: GameState, position: str) -> set[str]:
    """Heavy Objects in a room: on the floor or in the hands of a character there."""
    found = set(state.room(position).objects.distinct())
    for c in state.characters_at(position):
        found.update(h for h in c.hands if h in OBJECT_SLOTS)
    return found


def weakness_in_slot(state: GameState, slot: str) -> str | None:
    slots = tables.base(state.config).weakness_setup.slots
    if slot not in slots or slots.index(slot) >= len(state.weaknesses):
        return None
    return state.weaknesses[slots.index(slot)]


def laboratory_position(state: GameState, player: int) -> str:
    """The Laboratory whose objects count: where the character stands, or, for a room action
    used from afar (the Scientist's Intranet), the explored Laboratory of the ship."""
    if tile_here(state, player) == "laboratory":
        return here(state, player)
    found = [p for p in state.config.board.positions if state.room(p).tile == "laboratory" and state.room(p).explored]
    return found[0] if found else here(state, player)


def laboratory_variants(state: GameState, player: int) -> Variants:
    """One variant per Weakness slot whose object is in the Laboratory and whose card is hidden."""
    present = objects_present(state, laboratory_position(state, player))
    slots = sorted({OBJECT_SLOTS[o] for o in present if o in OBJECT_SLOTS})
    out: Variants = []
    for slot in slots:
        weakness = weakness_in_slot(state, slot)
        if weakness is not None and weakness not in state.discovered:
            out.append({"object": slot})
    return out


def laboratory(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Analyse an object: reveal the Weakness in its slot; the object stays (RU-RB p.24)."""
    weakness = weakness_in_slot(state, str(params["object"]))
    if weakness is None or weakness in state.discovered:
        # base.weakness.reveal: a Weakness already discovered is not discovered again
        return state
    ctx.fire("base.weakness.slots", "base.weakness.reveal")
    return state.evolve(discovered=state.discovered | {weakness})


# -- Nest ----------------------------------------------------------------------------------------


def nest_variants(state: GameState, player: int) -> Variants:
    """An Egg left on the Intruder board and a free hand slot for it."""
    if tile_here(state, player) != "nest" or state.eggs <= 0 or free_slots(state.character(player)) <= 0:
        return []
    return [{}]


def take_egg(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Take an Egg from the Intruder board (the Nest's Eggs) into a hand slot, then a noise
    roll; with no Egg left the Nest is destroyed (RU-RB p.24)."""
    ctx.fire("base.nest.board-eggs")
    if not state.first_encounter:
        ctx.fire("base.encounter.egg-not-intruder")  # meeting Eggs is no first Encounter
    c = state.character(player)
    state = state.evolve(eggs=state.eggs - 1).with_character(c.evolve(hands=(*c.hands, "egg")))
    if state.eggs == 0:
        ctx.fire("base.nest.destroyed")
    return state.push(RollNoise(player, c.position))


# -- Storage --------------------------------------------------------------------------------------


def storage_variants(state: GameState, player: int) -> Variants:
    """The Item deck to draw from: red, yellow or green (RU-RB p.24)."""
    return [{"deck": colour} for colour in ITEM_COLOURS]


def storage(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Draw 2 from the chosen Item deck, keep 1, the other to the bottom; the room's item
    counter is not used (RU-RB p.24)."""
    return start_search(state, player, str(params["deck"]), counter=False)


# -- Cockpit ---------------------------------------------------------------------------------------


def cockpit_variants(state: GameState, player: int) -> Variants:
    """Check the Coordinates, or set another destination while nobody hibernates and no
    Intruder is in the Cockpit (RU-RB p.26)."""
    out: Variants = [{"flight": "check-coordinates"}]
    cockpit = printed_position(state, "cockpit")
    if not anyone_hibernating(state) and not state.intruders_at(cockpit):
        out.extend({"flight": "set-destination", "destination": d} for d in DESTINATIONS if d != state.destination)
    return out


def cockpit(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    if params["flight"] == "set-destination":
        return set_destination(state, str(params["destination"]), ctx)
    return check_coordinates(state, player, ctx)


def check_coordinates(state: GameState, player: int, ctx: Context) -> GameState:
    """Look at the Coordinates card secretly (a look: no state change, see the module notes).
    Also what the Pilot's Piloting card does from a Computer room."""
    ctx.fire("base.room.cockpit")
    return state


def set_destination(state: GameState, destination: str, ctx: Context) -> GameState:
    return state.evolve(destination=destination)


# -- Engines and the Engine Control Room -----------------------------------------------------------


def engine_here(state: GameState, player: int) -> int | None:
    """The index of the Engine whose room the character stands in."""
    return engine_index(tile_here(state, player))


def engine_variants(state: GameState, player: int) -> Variants:
    return [{}] if engine_here(state, player) is not None else []


def look_at_engine(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Secretly look at the top Engine token (a look: no state change)."""
    # base.room.engine: the look changes no state (the record keeps it)
    return state


def repair_engine_variants(state: GameState, player: int) -> Variants:
    """Whether a repair (a Repairs card, Tools, Duct Tape) can repair or break an Engine here:
    in an Engine room, Malfunction or not (RU-RB p.26; facts.md §9, clause base.room.engine-malfunction)."""
    return engine_variants(state, player)


def engine_control_room(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Look at all three Engines, Malfunctions in the Engine rooms or not (a look)."""
    # base.room.engine-control-room: the look changes no state (the record keeps it)
    return state


# -- Monitoring Room --------------------------------------------------------------------------------


def unexplored(state: GameState) -> list[str]:
    return [p for p in state.config.board.positions if not state.room(p).explored]


def monitoring_variants(state: GameState, player: int) -> Variants:
    return [{}] if unexplored(state) else []


def monitoring_room(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Secretly look at one unexplored room tile and its Exploration token (RU-RB p.25)."""
    return state.push(LookAtRoom(player))


@dataclass(frozen=True, slots=True)
class LookAtRoom(Choice):
    """Which unexplored room the Monitoring Room shows (a look: the record keeps the choice)."""

    clause = "base.room.monitoring-room"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        return tuple(Decision.make(self.player, "look-at", target=p) for p in unexplored(state))

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        # base.room.monitoring-room: the look changes no state (the record keeps it)
        return state


# -- Hatch Control System ------------------------------------------------------------------------------


def hatch_variants(state: GameState, player: int) -> Variants:
    return [{"pod": str(p.number)} for p in state.pods if not p.launched]


def hatch_control(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Flip one escape pod to its Locked or Unlocked side (RU-RB p.25)."""
    return flip_pod_lock(state, int(str(params["pod"])), ctx)


def flip_pod_lock(state: GameState, number: int, ctx: Context) -> GameState:
    """Lock an unlocked pod or unlock a locked one (also the Evacuation Key's effect)."""
    pod = pods.pod_by_number(state, number)
    if pod is None or pod.launched:
        # base.room.hatch-control-system: a missing or launched pod cannot be flipped
        return state
    if pod.locked:
        ctx.fire("base.pod.unlock")
    return pods.with_pod(state, replace(pod, locked=not pod.locked))


# -- Hibernatorium --------------------------------------------------------------------------------------


def _on_first_blue_space(state: GameState) -> bool:
    """The Time marker is on the first space of the track that opens the chambers."""
    spaces = tables.time_track(state.config).spaces
    first = next((i for i, space in enumerate(spaces) if "hibernation" in space.flags), None)
    return first is not None and min(state.time, len(spaces) - 1) == first


def hibernation_open(state: GameState) -> bool:
    """The chambers are open while the Time marker is on a blue space (facts.md §12). Ruling
    base.ambiguity.time-track-hibernation decides the first blue space: open from it (``first-blue``)
    or only one move later (``eighth-move``, 'unseal at space 8' counted as the eighth move)."""
    if "hibernation" not in tables.time_flags(state):
        return False
    late = state.config.rulings.get("base.ambiguity.time-track-hibernation") == "eighth-move"
    return not (late and _on_first_blue_space(state))


def hibernatorium_variants(state: GameState, player: int) -> Variants:
    """Only while the chambers are open (:func:`hibernation_open`) and no Intruder is in the room."""
    if tile_here(state, player) != "hibernatorium" or state.intruders_at(here(state, player)):
        return []
    return [{}] if hibernation_open(state) else []


def hibernate(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """A noise roll; unless an Intruder appears in the room the character goes into
    hibernation and leaves the game (RU-RB p.26)."""
    if _on_first_blue_space(state):
        ctx.gap(
            state,
            "base.ambiguity.time-track-hibernation",
            "base.hibernation.blue",
            "a character hibernates with the Time marker on the first blue space",
        )
    ctx.fire("base.hibernation.blue")
    position = here(state, player)
    return state.push(RollNoise(player, position), Hibernate(player, position))


@dataclass(frozen=True, slots=True)
class Hibernate(Step):
    """After the Hibernatorium's noise roll: an Intruder in the room makes the attempt fail."""

    player: int
    position: str

    def run(self, state: GameState, ctx: Context) -> GameState:
        c = state.character(self.player)
        if not c.active or c.position != self.position or state.intruders_at(self.position):
            # base.room.hibernatorium: an Intruder in the room, or the Character gone, makes the attempt fail
            return state
        ctx.fire("base.hibernation.out-of-play")
        return pods.leave_play(state, self.player, "hibernating", ctx)


ROOM_ACTIONS: dict[str, Effect] = {
    "armory": Effect("base.room.armory", armory_variants, armory),
    "comms-room": Effect("base.room.comms-room", comms_variants, send_signal),
    "generator": Effect("base.room.generator", generator_variants, generator, generator_why_not),
    "laboratory": Effect("base.room.laboratory", laboratory_variants, laboratory),
    "nest": Effect("base.room.nest", nest_variants, take_egg),
    "storage": Effect("base.room.storage", storage_variants, storage),
    "cockpit": Effect("base.room.cockpit", cockpit_variants, cockpit),
    "engine": Effect("base.room.engine", engine_variants, look_at_engine),
    "engine-control-room": Effect("base.room.engine-control-room", lambda s, p: [{}], engine_control_room),
    "monitoring-room": Effect("base.room.monitoring-room", monitoring_variants, monitoring_room),
    "hatch-control-system": Effect("base.room.hatch-control-system", hatch_variants, hatch_control),
    "hibernatorium": Effect("base.room.hibernatorium", hibernatorium_variants, hibernate),
}
"""This family's room actions by the room's ``action`` id (a ruleset takes them into its table)."""
