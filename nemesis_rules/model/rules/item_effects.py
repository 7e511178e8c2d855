"""What the item effects share, the Serious Wounds that act when they arrive, and the
Weaknesses that change item and movement rules (facts.md §5, §6, §14; RU-RB p.21-23).

The item actions themselves live in one module per deck colour (``item_effects_red``,
``_yellow``, ``_green``, ``_blue``); each declares its items as a table
(:func:`item_table`) that a ruleset takes in.
This module holds what several of them (and other rule families) need: a weapon's ammo
capacity with its attachments, reloading, drawing cards, passing by force, moving without a
corridor, secret looks at tiles and tokens, Retreat caused by an item, the Arm wound's forced
drop, and the Weakness queries that other modules are asked to call.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from nemesis_rules.model.core.actions import Decision, ParamValue
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import Choice, Step
from nemesis_rules.model.core.state import Character, DoorState, GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules import replaceable, ship
from nemesis_rules.model.rules.effects import Effect, Params
from nemesis_rules.model.rules.items import HAND_SLOTS, discard_item, drop
from nemesis_rules.model.rules.round import ActionCardDraw

Variants = list[dict[str, ParamValue]]
VariantsFn = Callable[[GameState, int], Variants]
ResolveFn = Callable[[GameState, int, Params, Context], GameState]

EXTENDED_MAGAZINE = "extended-magazine"
EXTENDED_MAGAZINE_AMMO = 2
AUTOLOADER = "autoloader"
AUTOLOADER_AMMO = 1
TAPED = "taped"
ADRENALINE = "adrenaline"
SEEN = "seen"


def item_table(table: dict[str, tuple[VariantsFn, ResolveFn]]) -> dict[str, Effect]:
    """Each item slug with its variants and its resolution as an effect; the clause is the
    item's own (``base.item.<slug>``)."""
    return {slug: Effect(f"base.item.{slug}", variants, resolve) for slug, (variants, resolve) in table.items()}


# -- wounds -----------------------------------------------------------------------------------


def wound_active(character: Character, kind: str) -> bool:
    """Whether a Serious Wound of ``kind`` has effect: at least one such card is not dressed
    (a dressed wound is ignored; duplicates do not stack, facts.md §5)."""
    return character.serious_wounds.count(kind) > character.dressed.count(kind)


def serious_wound_arrives(state: GameState, player: int, wound: str, ctx: Context) -> GameState:
    """A Serious Wound card just drawn (it is already on the character). A duplicate of an
    undressed wound adds no effect (duplicates do not stack); an Arm wound leaves one hand
    slot, so a character holding more than fits drops one of them, by their choice (facts.md §5)."""
    c = state.character(player)
    if c.serious_wounds.count(wound) - 1 > c.dressed.count(wound):
        ctx.fire("base.wound.duplicates")
        return state
    if wound != "arm":
        return state
    ctx.fire("base.serious-wound.arm")
    if slots_left(state.character(player)) < 0:
        return state.push(ArmDrop(player))
    return state


def slots_left(character: Character) -> int:
    """Free hand slots: 2, or 1 while an Arm wound is active (counted card by card, so a
    second Arm wound acts when the first is dressed), +1 for Duct Tape binding two Heavy
    Items (facts.md §5, §6). Negative: more is held than fits."""
    slots = 1 if wound_active(character, "arm") else HAND_SLOTS
    return slots - len(character.hands) + (1 if TAPED in character.mods else 0)


@dataclass(frozen=True, slots=True)
class ArmDrop(Choice):
    """An Arm wound: the character drops a Heavy Item or Object until the rest fits in one
    slot (an object stays in the room, an item is discarded)."""

    clause = "base.serious-wound.arm"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        held = sorted(set(state.character(self.player).hands))
        return tuple(Decision.make(self.player, "drop", item=h) for h in held)

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        state = drop(state, self.player, decision.text("item"), ctx)
        if slots_left(state.character(self.player)) < 0:
            return state.push(ArmDrop(self.player))
        return state

    def diagnose(self, state: GameState, decision: Decision) -> tuple[str, str]:
        return "with an Arm wound one of the Heavy things held must be dropped now", self.clause


# -- weapons: capacity and reloading ----------------------------------------------------------


def capacity(state: GameState, player: int, weapon: str) -> int:
    """A weapon's ammo capacity: the printed number, +2 with an Extended Magazine attached,
    +1 with the Autoloader attached (facts.md §6, §7). Ammo never goes above it."""
    data = tables.weapon(state.config, weapon)
    if data is None:
        return 0
    mods = state.character(player).mods
    extra = EXTENDED_MAGAZINE_AMMO if f"{EXTENDED_MAGAZINE}:{weapon}" in mods else 0
    extra += AUTOLOADER_AMMO if f"{AUTOLOADER}:{weapon}" in mods else 0
    return data.capacity + extra


def held_weapons(state: GameState, player: int) -> list[str]:
    """The weapons in a character's hand slots."""
    hands = state.character(player).hands
    return sorted({h for h in hands if tables.weapon(state.config, h) is not None})


def reload_targets(state: GameState, player: int, source: str) -> list[str]:
    """Held weapons that ``source`` (``energy-charge``, ``chemicals``, ``armory``, ``reload``)
    may reload by their data, and that are not full."""
    c = state.character(player)
    out = []
    for weapon in held_weapons(state, player):
        data = tables.weapon(state.config, weapon)
        if data is not None and source in data.reloads and c.ammo_of(weapon) < capacity(state, player, weapon):
            out.append(weapon)
    return out


def fully_load(state: GameState, player: int, weapon: str, ctx: Context) -> GameState:
    """Fill a weapon up to its capacity."""
    ctx.fire("base.item.ammo-capacity")
    c = state.character(player)
    return state.with_character(c.with_ammo(weapon, capacity(state, player, weapon)))


def item_action_cost(state: GameState, player: int, slug: str, params: dict[str, ParamValue]) -> int:
    """An item action's cost for these parameters: the printed cost, 0 for an Energy Charge
    reloading a weapon with the Autoloader attached (facts.md §7), +1 with a Hand wound."""
    cost = int(getattr(tables.item(state.config, slug), "action_cost", 1))
    c = state.character(player)
    weapon = params.get("weapon")
    if slug == "energy-charge" and isinstance(weapon, str) and f"{AUTOLOADER}:{weapon}" in c.mods:
        cost = 0
    if c.wound_active("hand"):
        cost += 1
    return cost


def weapon_leaves(state: GameState, player: int, weapon: str, receiver: int | None = None) -> GameState:
    """A weapon leaves a character (dropped, discarded, traded): an attached Extended Magazine
    goes with it (to the receiver, or to the red discard pile with the weapon)."""
    tag = f"{EXTENDED_MAGAZINE}:{weapon}"
    c = state.character(player)
    if tag not in c.mods:
        return state
    state = state.with_character(c.evolve(mods=c.mods - {tag}))
    if receiver is None:
        return discard_item(state, EXTENDED_MAGAZINE)
    r = state.character(receiver)
    return state.with_character(r.evolve(mods=r.mods | {tag}))


# -- cards, passing, moving --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DrawActionCards(Step):
    """Draw ``count`` Action cards one by one; an empty deck is rebuilt from the discard pile
    (RU-RB p.10)."""

    player: int
    count: int

    def run(self, state: GameState, ctx: Context) -> GameState:
        c = state.character(self.player)
        if self.count <= 0 or not c.active:
            return state
        if not c.deck:
            if not c.discard:
                return state
            ctx.fire("base.round.reshuffle-discard")
            state = state.with_character(c.evolve(deck=c.discard, discard=c.deck))
        return state.push(ActionCardDraw(self.player), DrawActionCards(self.player, self.count - 1))


def force_pass(state: GameState, player: int, ctx: Context) -> GameState:
    """An effect that ends with "you must pass": the character passes now, with everything
    passing brings (a Bleeding wound's Light Wound); the turn ends after the action."""
    c = state.character(player)
    if c.passed or not c.active:
        return state
    state = state.with_character(c.evolve(passed=True))
    return replaceable.on_pass(state, player, ctx)


@dataclass(frozen=True, slots=True)
class MoveWithoutCorridor(Step):
    """A character moves straight into ``to`` (Technical Corridor Plans, Space Suit) and enters
    it as usual: exploration, then a noise roll unless the room was occupied."""

    player: int
    origin: str
    to: str

    def run(self, state: GameState, ctx: Context) -> GameState:
        from nemesis_rules.model.rules.movement import enter_room

        c = state.character(self.player)
        if not c.active or c.position != self.origin:
            return state
        occupied = bool(state.characters_at(self.to) or state.intruders_at(self.to))
        state = state.with_character(c.evolve(position=self.to))
        return enter_room(state, self.player, self.to, None, occupied, None, ctx)


def open_neighbours(state: GameState, position: str) -> list[str]:
    """Neighbouring rooms not behind a Closed Door."""
    board = state.config.board
    return sorted(
        board.corridors[corridor].other_end(position)
        for corridor in board.corridors_at[position]
        if state.door(corridor) != "closed"
    )


def door_variants(state: GameState, player: int) -> Variants:
    """Each single door change around the character's room: {"corridor", "door"}."""
    changes = ship.door_variants(state, state.character(player).position)
    return [{"corridor": v["corridor"], "door": v["door"]} for v in changes]


def set_door_as_asked(state: GameState, params: Params, ctx: Context) -> GameState:
    """Open or close the door a ``door_variants`` variant names."""
    door: DoorState = "closed" if params.get("door") == "closed" else "open"
    return ship.set_door(state, str(params.get("corridor")), door, ctx)


def unexplored(state: GameState) -> list[str]:
    return [p for p in state.config.board.positions if not state.room(p).explored]


def note_seen(state: GameState, player: int, *what: str) -> GameState:
    """Record what a player has secretly looked at, as ``seen:<player>:<what>`` facts."""
    return state.evolve(flags=state.flags | {f"{SEEN}:{player}:{w}" for w in what})


# -- Adrenaline Injection ---------------------------------------------------------------------------


def adrenaline_tag(state: GameState) -> str:
    return f"{ADRENALINE}:{state.round}"


def adrenaline_active(state: GameState, player: int) -> bool:
    """Whether the character took an Adrenaline Injection this round: it may take any number
    of actions this turn, and then must pass (so the tag never outlives the round)."""
    return adrenaline_tag(state) in state.character(player).mods


def clear_old_adrenaline(state: GameState, player: int) -> GameState:
    """Drop tags left from earlier rounds."""
    c = state.character(player)
    old = {m for m in c.mods if m.startswith(f"{ADRENALINE}:") and m != adrenaline_tag(state)}
    return state.with_character(c.evolve(mods=c.mods - old)) if old else state


# -- Retreat and injuries caused by items ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ItemInjury(Step):
    """``count`` Injuries to one Intruder from an item (if it is still on the board)."""

    intruder: int
    count: int

    def run(self, state: GameState, ctx: Context) -> GameState:
        from nemesis_rules.model.rules.combat import injure

        return injure(state, self.intruder, self.count, ctx)


@dataclass(frozen=True, slots=True)
class RetreatFrom(Step):
    """An item makes an Intruder Retreat from ``origin``. If the Injury it also dealt already
    made it retreat (its endurance check drew a Retreat icon), ruling
    ``base.gap.item-retreat-after-retreat`` decides whether it flees once more."""

    intruder: int
    origin: str

    def run(self, state: GameState, ctx: Context) -> GameState:
        from nemesis_rules.model.rules.combat import Retreat, find

        intruder = find(state, self.intruder)
        if intruder is None:
            return state
        if intruder.position != self.origin:
            reading = ctx.gap(
                state,
                "base.gap.item-retreat-after-retreat",
                "base.retreat.direction",
                f"intruder {self.intruder} already retreated after its Injury before the item's Retreat",
            )
            if reading == "retreat-once":
                return state
        return state.push(Retreat(self.intruder))


def injure_then_retreat(state: GameState, intruder: Intruder, injuries: int, ctx: Context) -> GameState:
    """Injuries (if any), then a Retreat from where the Intruder stands."""
    frames: list[Step] = [ItemInjury(intruder.id, injuries)] if injuries else []
    frames.append(RetreatFrom(intruder.id, intruder.position))
    return state.push(*frames)


def phosphate_retreat(state: GameState, intruder: Intruder, ctx: Context) -> GameState:
    """An Intruder hit by the Fire Extinguisher retreats; with Susceptibility to Phosphates
    discovered it then takes 1 Injury where the retreat left it (facts.md §14: "retreats and
    takes 1 Injury", in that order, as the Fire Control System does in rooms_doors)."""
    from nemesis_rules.model.rules.combat import Retreat

    frames: list[Step] = [Retreat(intruder.id)]
    if "susceptibility-to-phosphates" in state.discovered:
        ctx.fire("base.weakness.susceptibility-to-phosphates")
        frames.append(ItemInjury(intruder.id, 1))
    return state.push(*frames)


# -- Weakness queries for other rule families ----------------------------------------------------


def destroys_closed_doors(state: GameState, intruder: Intruder) -> bool:
    """Whether an Intruder moving into a Closed Door destroys it: always, except that with The
    Way of Moving discovered only the Queen and Breeders can (facts.md §14); the others stay
    and the door stays closed."""
    if "the-way-of-moving" in state.discovered:
        return intruder.kind in ("queen", "breeder")
    return True


def fire_injuries(state: GameState, ctx: Context) -> int:
    """Injuries one instance of fire deals (Fire Damage, Molotov): 1, +1 with Vulnerability to
    Fire discovered (facts.md §14; FAQ: per instance of fire)."""
    if "vulnerability-to-fire" in state.discovered:
        ctx.fire("base.weakness.vulnerability-to-fire")
        return 2
    return 1
