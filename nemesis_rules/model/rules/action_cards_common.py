"""What the Action card families share (facts.md §7; RU-RB p.12-13, p.19, p.22-26).

Each card is an :class:`~nemesis_rules.model.core.ruleset.Effect` in its family's table
(:func:`card_table`), keyed by its effect slug, and the game's ruleset holds the one in force; the
generic ``play-card`` action pays the card and its printed extra cost and keeps it to its
combat icon. Cards offer only uses that change something (a repair needs a Malfunction or an
Engine, a reload a weapon that is not full), as the room actions do.

A ruleset may replace a card's effect without touching the base table: its own table entry
takes the base one's place in the ruleset value (the Void Seeders Rest, which may also lower
Insanity).

Parameter names: a card with several uses names the use in ``use``; a free room action passes
the room action's own parameters through, so a room action's parameters must not be named
``use`` or ``at`` (``at`` names a room position when the card reaches another room).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from nemesis_rules.model.core.actions import Decision, ParamValue
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import Choice, Frame, Step
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules import replaceable, ship
from nemesis_rules.model.rules.attack import IntruderAttack
from nemesis_rules.model.rules.effect_actions import RESERVED, room_action_effect
from nemesis_rules.model.rules.effects import Effect, Params, room_action
from nemesis_rules.model.rules.item_effects import DrawActionCards
from nemesis_rules.model.rules.movement import SIZE_ORDER, Relocate, explore
from nemesis_rules.model.rules.shoot_and_melee import EGGS

Variants = list[dict[str, ParamValue]]
VariantsFn = Callable[[GameState, int], Variants]
ResolveFn = Callable[[GameState, int, Params, Context], GameState]

USE = "use"
AT = "at"
ROOM_ACTION = "room-action"
CARD_KEYS = (USE, AT)
"""Parameter names the cards add around a room action's own parameters."""


def _table(prefix: str, entries: dict[str, tuple[VariantsFn, ResolveFn]]) -> dict[str, Effect]:
    return {slug: Effect(f"{prefix}.{slug}", variants, resolve) for slug, (variants, resolve) in entries.items()}


def card_table(entries: dict[str, tuple[VariantsFn, ResolveFn]]) -> dict[str, Effect]:
    """A family's Action cards as effects by slug (clause ``base.action-card.<slug>``)."""
    return _table("base.action-card", entries)


def quest_table(entries: dict[str, tuple[VariantsFn, ResolveFn]]) -> dict[str, Effect]:
    """A family's Quest Item uses as effects by slug (clause ``base.quest-item.<slug>``)."""
    return _table("base.quest-item", entries)


def card_clause(state: GameState, slug: str) -> str:
    """The clause of the Action card ``slug`` as the game's ruleset resolves it (its replacement's
    clause, such as vs.change.rest, else ``base.action-card.<slug>``)."""
    return state.config.ruleset.action_cards[slug].clause


# -- where a character stands ---------------------------------------------------------------


def here(state: GameState, player: int) -> str:
    return state.character(player).position


def exits(state: GameState, position: str) -> list[tuple[str, str]]:
    """(corridor, neighbouring room) for each corridor of ``position`` whose door is not Closed
    (RU-RB p.17: a Closed Door blocks Characters)."""
    board = state.config.board
    return sorted(
        (corridor, board.corridors[corridor].other_end(position))
        for corridor in board.corridors_at[position]
        if state.door(corridor) != "closed"
    )


# -- weapons -------------------------------------------------------------------------------------


def loaded_weapons(state: GameState, player: int, kind: str | None = None) -> list[str]:
    """Weapons in the character's hand slots with at least 1 ammo (of ``kind`` if given)."""
    c = state.character(player)
    out = set()
    for slug in c.hands:
        data = tables.weapon(state.config, slug)
        if data is not None and c.ammo_of(slug) > 0 and (kind is None or data.kind == kind):
            out.add(slug)
    return sorted(out)


def shoot_targets(state: GameState, player: int) -> list[str]:
    """What a Shoot can aim at: an Intruder in the room, or the Nest's Eggs (RU-RB p.18, p.24)."""

    position = here(state, player)
    out = [str(i.id) for i in state.intruders_at(position)]
    room = state.room(position)
    if room.tile == "nest" and room.explored and state.eggs > 0:
        out.append(EGGS)
    return out


def spend_ammo(state: GameState, player: int, weapon: str, count: int = 1) -> GameState:
    c = state.character(player)
    return state.with_character(c.with_ammo(weapon, max(0, c.ammo_of(weapon) - count)))


# -- moving ------------------------------------------------------------------------------------------


def escape_frames(state: GameState, player: int, to: str) -> list[Frame]:
    """An Escape: each Intruder in the room attacks once, largest first, then the character
    walks into ``to`` if still alive (RU-RB p.19; FAQ: largest first). Without Intruders it is
    a plain move."""

    origin = here(state, player)
    attackers = sorted(state.intruders_at(origin), key=lambda i: (SIZE_ORDER.get(i.kind, 9), i.id))
    attacks = [IntruderAttack(i.id, player, "escape") for i in attackers]
    return [*attacks, Relocate(player, origin, to, None, bool(attacks))]


def walk_unattacked(state: GameState, player: int, to: str) -> GameState:
    """Move into the neighbouring room ``to`` without being attacked (Suppressive and Covering
    Fire): entering, exploring and the noise roll as in any move."""
    return state.push(Relocate(player, here(state, player), to, None))


@dataclass(frozen=True, slots=True)
class EscapeOffer(Choice):
    """Suppressive or Covering Fire (``card``) offers another Character in ``origin`` to escape
    without being attacked: that player, being willing or not, picks the room or stays."""

    origin: str
    card: str
    clause = "base.action-card.suppressive-fire"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        out = [Decision.make(self.player, "stay")]
        c = state.character(self.player)
        if c.active and c.position == self.origin:
            out.extend(Decision.make(self.player, "escape-unattacked", to=to) for _, to in exits(state, self.origin))
        return tuple(sorted(set(out)))

    def diagnose(self, state: GameState, decision: Decision) -> tuple[str, str]:
        return (
            f"player {self.player} may escape from {self.origin} into a neighbouring room behind an open door, or stay",
            f"base.action-card.{self.card}",
        )

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        if decision.kind == "stay":
            # base.action-card.covering-fire: escaping is the other Character's choice; staying changes nothing
            return state
        return walk_unattacked(state, self.player, decision.text("to"))


@dataclass(frozen=True, slots=True)
class QuietMove(Step):
    """Move into ``to`` through ``via`` without a noise roll; a Silence or Danger token found
    there is cancelled as by Careful Movement (Reconnaissance; facts.md §7, §10, FAQ Actions 11)."""

    player: int
    origin: str
    to: str
    via: str

    def run(self, state: GameState, ctx: Context) -> GameState:
        c = state.character(self.player)
        if not c.active or c.position != self.origin:
            # base.hibernation.out-of-play: a Character out of play, or moved away meanwhile, is not moved again
            return state
        state = state.with_character(c.evolve(position=self.to))
        if not state.room(self.to).explored:
            state, _ = explore(state, self.player, self.to, self.via, True, ctx)
        return replaceable.on_enter(state, self.player, self.to, ctx)


# -- free room actions ----------------------------------------------------------------------------


def working_room(state: GameState, position: str) -> bool:
    """An explored room without a Malfunction (a Malfunction blocks the room's action and its
    Computer, RU-RB p.17)."""
    room = state.room(position)
    return room.explored and room.tile is not None and not room.malfunction


def room_action_variants(state: GameState, player: int, position: str) -> Variants:
    """Every way the action of the room at ``position`` can be taken now by ``player``: the
    room's own conditions (its ROOM_ACTIONS variants), and a working room."""
    if not working_room(state, position):
        return []
    tile = state.room(position).tile
    effect = room_action(state, tables.rooms(state.config)[tile].action) if tile else None
    if effect is None:
        return []
    variants = effect.variants(state, player)
    for variant in variants:
        clash = set(variant) & {*CARD_KEYS, *RESERVED}
        if clash:
            raise ValueError(f"room action of {tile} uses parameter names kept for the cards: {sorted(clash)}")
    return variants


def free_room_action(state: GameState, player: int, position: str, params: Params, ctx: Context) -> GameState:
    """Take the action of the room at ``position`` without paying its 2 cards."""
    tile = state.room(position).tile
    if tile is None:
        # base.cost.room-action: a room without a tile has no Room action (no option offers one)
        return state
    own = {k: v for k, v in params.items() if k not in CARD_KEYS}
    return room_action_effect(state, player, tile, own, ctx)


# -- drawing ----------------------------------------------------------------------------------------


def draw_cards(state: GameState, player: int, count: int) -> GameState:
    """Queue drawing ``count`` Action cards (an empty deck is rebuilt from the discard pile)."""

    return state.push(DrawActionCards(player, count))


# -- repairs (Basic Repairs, Repairs, Fast Repairs, Ingenuity) ------------------------------------


def repair_variants(state: GameState, player: int) -> Variants:
    """Remove the Malfunction of your room, or repair or break the Engine you stand in (which
    works with a Malfunction too, RU-RB p.26)."""
    room = state.room(here(state, player))
    out: Variants = []
    if room.malfunction:
        out.append({"repair": "malfunction"})
    if ship.engine_index(room.tile) is not None:
        out.append({"repair": "engine"})
    return out


def repair(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Remove the Malfunction, or look at both Engine tokens and put them back in either order."""
    position = here(state, player)
    if params.get("repair") == "malfunction":
        return ship.remove_malfunction(state, position, ctx)
    # base.action-card.repairs: outside an Engine room there is no Engine to repair (no option offers it)
    return ship.repair_engine(state, player, ctx)
