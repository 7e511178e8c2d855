"""The red (military) Item deck's actions (facts.md §6; SCAN §5.3; RU-RB p.22-23).

Energy Charge (also in the yellow deck) fully loads an Energy Weapon or works a door; the
Grenade and the Smoke Grenade are thrown; the Recon Drone looks at a hidden room; the Decoy
gathers the neighbouring Intruders; the Extended Magazine is attached to an Energy weapon (to any
weapon under ruling base.data.extended-magazine); three keys work pods and Computers. The
Prototype weapons' abilities are Shoot's (shoot_and_melee.py); what reloads them is their data,
honoured by the Energy Charge and the Armory.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import ChanceNode, Choice, Step
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules import queries, ship
from nemesis_rules.model.rules.attack import IntruderAttack
from nemesis_rules.model.rules.effects import Params
from nemesis_rules.model.rules.intruder_injuries import destroy_nest_eggs
from nemesis_rules.model.rules.item_effects import (
    ItemInjury,
    Variants,
    door_variants,
    fully_load,
    held_weapons,
    item_table,
    note_seen,
    open_neighbours,
    reload_targets,
    set_door_as_asked,
    unexplored,
)
from nemesis_rules.model.rules.items import EXTENDED_MAGAZINE, EXTENDED_MAGAZINE_AMMO
from nemesis_rules.model.rules.movement import Relocate
from nemesis_rules.model.rules.noise import EggNoise
from nemesis_rules.model.rules.wounds import SeriousWound

EGGS = "eggs"
GRENADE_EGGS = 2


# -- Energy Charge ------------------------------------------------------------------------------


def _energy_charge_variants(state: GameState, player: int) -> Variants:
    """Each weapon that Energy Charges reload and is not full, and each door of the room."""
    out: Variants = [{"weapon": w} for w in reload_targets(state, player, "energy-charge")]
    out.extend(door_variants(state, player))
    return out


def _energy_charge(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    weapon = params.get("weapon")
    if isinstance(weapon, str):
        return fully_load(state, player, weapon, ctx)
    return set_door_as_asked(state, params, ctx)


# -- Grenade ---------------------------------------------------------------------------------------


def _in_reach(state: GameState, player: int) -> list[str]:
    """The thrower's room and every neighbour not behind a Closed Door."""
    position = state.character(player).position
    return [position, *open_neighbours(state, position)]


def _nest_in_reach(state: GameState, player: int) -> str | None:
    for position in _in_reach(state, player):
        room = state.room(position)
        if room.tile == "nest" and room.explored and state.eggs > 0:
            return position
    return None


def _grenade_variants(state: GameState, player: int) -> Variants:
    out: Variants = [{"target": str(i.id)} for p in _in_reach(state, player) for i in state.intruders_at(p)]
    if _nest_in_reach(state, player) is not None:
        out.append({"target": EGGS})
    return out


def _grenade(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """The target takes 2 Injuries (in the Nest: 2 Eggs are destroyed and a noise roll follows,
    facts.md §9); every other Intruder there 1 Injury; every Character there, the thrower
    included, 1 Serious Wound."""

    target = str(params.get("target"))
    frames: list[Step] = []
    if target == EGGS:
        position = _nest_in_reach(state, player) or state.character(player).position
        ctx.fire("base.nest.item-eggs")
        state = destroy_nest_eggs(state, GRENADE_EGGS, ctx)
    else:
        position = next(i.position for i in state.intruders if str(i.id) == target)
        frames.append(ItemInjury(int(target), 2))
    frames.extend(ItemInjury(i.id, 1) for i in state.intruders_at(position) if str(i.id) != target)
    frames.extend(SeriousWound(c.player) for c in state.characters_at(position))
    if target == EGGS:
        frames.append(EggNoise(player, state.character(player).position))
    return state.push(*frames)


# -- Smoke Grenade -----------------------------------------------------------------------------------


def _smoke_variants(state: GameState, player: int) -> Variants:
    return [{"to": p} for p in open_neighbours(state, state.character(player).position)]


def _smoke_grenade(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Every other Character in the room discards 1 card of their choice; then the thrower
    walks into the chosen neighbouring room with no Intruder attacking (no Escape)."""

    position = state.character(player).position
    others = [c.player for c in state.characters_at(position) if c.player != player and c.hand]
    frames: list[Step | Choice] = [DiscardOne(p) for p in others]
    frames.append(Relocate(player, position, str(params.get("to")), None))
    return state.push(*frames)


@dataclass(frozen=True, slots=True)
class DiscardOne(Choice):
    """A Character discards one card of their choice from their hand (Smoke Grenade)."""

    clause = "base.item.smoke-grenade"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        hand = state.character(self.player).hand
        return tuple(Decision.make(self.player, "discard", card=card) for card in hand.distinct())

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        card = decision.text("card")
        c = state.character(self.player)
        return state.with_character(c.evolve(hand=c.hand.remove(card), discard=c.discard.add(card)))

    def diagnose(self, state: GameState, decision: Decision) -> tuple[str, str]:
        return f"player {self.player} must discard one card from their hand", self.clause


# -- Recon Drone --------------------------------------------------------------------------------------


def _peek_variants(state: GameState, player: int) -> Variants:
    return [{"peek": p} for p in unexplored(state)]


def _recon_drone(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Secretly look at one unexplored room tile and its Exploration token."""
    position = str(params.get("peek"))
    return note_seen(state, player, f"tile:{position}", f"token:{position}")


# -- Decoy ----------------------------------------------------------------------------------------------


def _decoy_variants(state: GameState, player: int) -> Variants:
    position = state.character(player).position
    if _decoy_doors_block(state):
        return [{"to": p} for p in open_neighbours(state, position)]
    return [{"to": p} for p in state.config.board.neighbours[position]]


def _decoy_doors_block(state: GameState) -> bool:
    return state.config.rulings.get("base.ambiguity.decoy-doors") == "doors-block"


def _decoy(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Every Intruder in the rooms next to the user's (In Combat or not) moves into the chosen
    neighbouring room; each one In Combat first attacks once (ruling base.ambiguity.decoy-doors
    decides whether Closed Doors hold them back)."""

    position = state.character(player).position
    if any(state.door(c) == "closed" for c in state.config.board.corridors_at[position]):
        ctx.fire("base.ambiguity.decoy-doors")
    to = str(params.get("to"))
    sources = open_neighbours(state, position) if _decoy_doors_block(state) else state.config.board.neighbours[position]
    frames: list[Step] = []
    for source in sources:
        if source == to:
            continue
        fighting = bool(state.characters_at(source))
        for intruder in state.intruders_at(source):
            if not queries.can_move(state, intruder):
                continue  # a Lair never moves (VS-RB, Lair Movement)
            if fighting:
                frames.append(IntruderAttack(intruder.id, 0, "decoy"))
            frames.append(DecoyPull(intruder.id, source, to))
    return state.push(*frames)


@dataclass(frozen=True, slots=True)
class DecoyPull(Step):
    """One Intruder moves from ``origin`` into the Decoy's room."""

    intruder: int
    origin: str
    to: str

    def run(self, state: GameState, ctx: Context) -> GameState:
        intruder = next((i for i in state.intruders if i.id == self.intruder), None)
        if intruder is None or intruder.position != self.origin:
            # base.item.decoy: an Intruder gone or moved away meanwhile is not pulled
            return state
        return state.with_intruder(replace(intruder, position=self.to))


# -- Extended Magazine --------------------------------------------------------------------------------


def _magazine_variants(state: GameState, player: int) -> Variants:
    """Each held weapon of a kind the card attaches to (an Energy weapon on the printed card; any
    weapon under ruling base.data.extended-magazine=any-weapon, data variant ``extended-magazine``)
    that has no magazine yet."""
    mods = state.character(player).mods
    fits = getattr(tables.item(state.config, EXTENDED_MAGAZINE), "attaches_to", ())
    return [
        {"weapon": w}
        for w in held_weapons(state, player)
        if f"{EXTENDED_MAGAZINE}:{w}" not in mods and _kind(state, w) in fits
    ]


def _kind(state: GameState, weapon: str) -> str | None:
    data = tables.weapon(state.config, weapon)
    return data.kind if data is not None else None


def _extended_magazine(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """The card leaves the inventory and stays attached to the weapon: 2 more ammo now and 2
    more capacity (items.capacity reads the attachment)."""
    weapon = str(params.get("weapon"))
    c = state.character(player)
    c = c.evolve(inventory=c.inventory.remove(EXTENDED_MAGAZINE), mods=c.mods | {f"{EXTENDED_MAGAZINE}:{weapon}"})
    ctx.fire("base.item.ammo-capacity")
    return state.with_character(c.with_ammo(weapon, c.ammo_of(weapon) + EXTENDED_MAGAZINE_AMMO))


# -- keys -----------------------------------------------------------------------------------------------------


def _comms_key_variants(state: GameState, player: int) -> Variants:
    if not ship.in_computer_room(state, player):
        return []
    return [
        {"character": str(c.player)}
        for c in state.characters
        if c.player != player and c.signal and c.objectives and c.status != "dead"
    ]


def _comms_key(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Look at one Objective of a Character who sent the Signal; which of several is seen is
    the draw of a face-down card."""
    other = int(str(params.get("character")))
    objectives = state.character(other).objectives
    if len(objectives) == 1:
        return note_seen(state, player, f"objective:{other}:{objectives[0]}")
    return state.push(ObjectivePeek(player, other))


@dataclass(frozen=True, slots=True)
class ObjectivePeek(ChanceNode):
    """Which of a Character's face-down Objective cards the Comms Key shows."""

    player: int
    other: int
    chance = "objective-peek"
    clause = "base.item.comms-key"

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        objectives = state.character(self.other).objectives
        return tuple((o, objectives.count(o)) for o in sorted(set(objectives)))

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        return note_seen(state, self.player, f"objective:{self.other}:{outcome}")


def _section(state: GameState, player: int) -> str | None:
    tile = state.room(state.character(player).position).tile or ""
    return tile.rsplit("-", 1)[-1].upper() if tile.startswith("evacuation-section-") else None


def _evacuation_key_variants(state: GameState, player: int) -> Variants:
    section = _section(state, player)
    return [{"pod": str(p.number)} for p in state.pods if p.section == section and not p.launched]


def _evacuation_key(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Lock or unlock one Escape Pod of the Evacuation Section the user stands in."""
    number = int(str(params.get("pod")))
    pod = next(p for p in state.pods if p.number == number)
    if pod.locked:
        ctx.fire("base.pod.unlock")
    pods = tuple(replace(p, locked=not p.locked) if p.number == number else p for p in state.pods)
    return state.evolve(pods=pods)


def _self_destruct_key_variants(state: GameState, player: int) -> Variants:
    if not ship.in_computer_room(state, player):
        return []
    if state.self_destruct is None:
        as_generator = state.config.rulings.get("base.ambiguity.self-destruct-key-hibernation") != "no-condition"
        return [] if as_generator and ship.anyone_hibernating(state) else [{"sequence": "start"}]
    return [{"sequence": "stop"}] if ship.self_destruct_can_stop(state) else []


def _self_destruct_key(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Start the Self-Destruct sequence, or stop it before it reaches a yellow space."""
    if params.get("sequence") == "start":
        if ship.anyone_hibernating(state):
            ctx.fire("base.ambiguity.self-destruct-key-hibernation")
        return ship.start_self_destruct(state, ctx)
    return ship.stop_self_destruct(state, ctx)


ITEM_EFFECTS = item_table(
    {
        "energy-charge": (_energy_charge_variants, _energy_charge),
        "grenade": (_grenade_variants, _grenade),
        "smoke-grenade": (_smoke_variants, _smoke_grenade),
        "recon-drone": (_peek_variants, _recon_drone),
        "decoy": (_decoy_variants, _decoy),
        "extended-magazine": (_magazine_variants, _extended_magazine),
        "comms-key": (_comms_key_variants, _comms_key),
        "evacuation-key": (_evacuation_key_variants, _evacuation_key),
        "self-destruct-key": (_self_destruct_key_variants, _self_destruct_key),
    }
)
