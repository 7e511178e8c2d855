"""What the item effects share, and the Weaknesses that change item and movement rules
(facts.md §6, §14; RU-RB p.21-23).

The item actions themselves live in one module per deck colour (``item_effects_red``,
``_yellow``, ``_green``, ``_blue``); each declares its items as a table
(:func:`item_table`) that a ruleset takes in.
This module holds what several of them (and other rule families) need: reloading, drawing
cards, passing by force, moving without a corridor, secret looks at tiles and tokens, Retreat
caused by an item, and the Weakness queries that other modules are asked to call. A weapon's
ammo capacity with its attachments is :mod:`items`'; the Serious Wounds that act when they
arrive (the Arm wound's forced drop) are :mod:`wounds`'.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from nemesis_rules.model.core.actions import ParamValue
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import Step
from nemesis_rules.model.core.state import DoorState, GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules import replaceable, ship
from nemesis_rules.model.rules.effects import Effect, Params
from nemesis_rules.model.rules.hands import ActionCardDraw, refill_deck
from nemesis_rules.model.rules.intruder_injuries import Retreat, find, injure
from nemesis_rules.model.rules.items import AUTOLOADER, capacity
from nemesis_rules.model.rules.movement import enter_room

Variants = list[dict[str, ParamValue]]
VariantsFn = Callable[[GameState, int], Variants]
ResolveFn = Callable[[GameState, int, Params, Context], GameState]

ADRENALINE = "adrenaline"
SEEN = "seen"


def item_table(table: dict[str, tuple[VariantsFn, ResolveFn]]) -> dict[str, Effect]:
    """Each item slug with its variants and its resolution as an effect; the clause is the
    item's own (``base.item.<slug>``)."""
    return {slug: Effect(f"base.item.{slug}", variants, resolve) for slug, (variants, resolve) in table.items()}


# -- wounds -----------------------------------------------------------------------------------


# -- weapons: capacity and reloading ----------------------------------------------------------


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
            # base.round.draw: nothing more to draw, or the drawer is out of play
            return state
        refilled = refill_deck(state, self.player, ctx)
        if refilled is None:
            # base.gap.action-cards-exhausted: refill_deck asked the ruling; the draw takes what there is
            return state
        return refilled.push(ActionCardDraw(self.player), DrawActionCards(self.player, self.count - 1))


def force_pass(state: GameState, player: int, ctx: Context) -> GameState:
    """An effect that ends with "you must pass": the character passes now, with everything
    passing brings (a Bleeding wound's Light Wound); the turn ends after the action."""
    c = state.character(player)
    if c.passed or not c.active:
        # base.round.passed-no-actions: a player who has passed, or is out of play, does not pass again
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
        c = state.character(self.player)
        if not c.active or c.position != self.origin:
            # base.hibernation.out-of-play: a Character out of play, or moved away meanwhile, is not moved again
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
        return injure(state, self.intruder, self.count, ctx)


@dataclass(frozen=True, slots=True)
class RetreatFrom(Step):
    """An item makes an Intruder Retreat from ``origin``. If the Injury it also dealt already
    made it retreat (its endurance check drew a Retreat icon), ruling
    ``base.gap.item-retreat-after-retreat`` decides whether it flees once more."""

    intruder: int
    origin: str

    def run(self, state: GameState, ctx: Context) -> GameState:
        intruder = find(state, self.intruder)
        if intruder is None:
            # base.retreat.direction: an Intruder already gone does not flee
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

    frames: list[Step] = [Retreat(intruder.id)]
    if "susceptibility-to-phosphates" in state.discovered:
        ctx.fire("base.weakness.susceptibility-to-phosphates")
        frames.append(ItemInjury(intruder.id, 1))
    return state.push(*frames)


# -- Weakness queries for other rule families ----------------------------------------------------


def fire_injuries(state: GameState, ctx: Context) -> int:
    """Injuries one instance of fire deals (Fire Damage, Molotov): 1, +1 with Vulnerability to
    Fire discovered (facts.md §14; FAQ: per instance of fire)."""
    if "vulnerability-to-fire" in state.discovered:
        ctx.fire("base.weakness.vulnerability-to-fire")
        return 2
    return 1
