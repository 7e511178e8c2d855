"""Items and Heavy Objects: hand slots, the inventory, searching, picking up, dropping,
trading and crafting (RU-RB p.13, p.22-23, p.25; facts.md §6).

Two hand slots hold Heavy items and Heavy Objects; other items sit hidden in the inventory.
A Search draws 2 cards of the room's colour (a white room lets the searcher choose), keeps 1
and puts the other at the bottom; the room's item counter drops by 1. Weapons found arrive
with 1 ammo. Dropping is free at any time: objects stay in the room, items are discarded.
"""

from __future__ import annotations

from dataclasses import dataclass

from nemesis_rules.model.core.actions import Decision, paid_each, presorted
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import ChanceNode, Choice, Step
from nemesis_rules.model.core.ruleset import ActionRule
from nemesis_rules.model.core.state import Character, GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.payment import pay, payments

HAND_SLOTS = 2
ITEM_COLOURS = ("red", "yellow", "green")


def hand_slots(character: Character) -> int:
    """Two hand slots; an Arm wound leaves one (facts.md §5)."""
    if character.wound_active("arm"):
        return 1
    return HAND_SLOTS


def free_slots(character: Character) -> int:
    """Free hand slots: 2, or 1 while an Arm wound is active (counted card by card, so a second
    Arm wound acts when the first is dressed), +1 for Duct Tape binding two Heavy Items
    (facts.md §5, §6). Negative: more is held than fits."""
    return hand_slots(character) - len(character.hands) + (1 if TAPED in character.mods else 0)


FULL_HANDS = "base.gap.heavy-item-full-hands"
"""The ruling for a Heavy item arriving where no hand slot is free (see :func:`make_room`)."""


def make_room(state: GameState, player: int, clause: str, situation: str, ctx: Context) -> GameState:
    """A Heavy item has arrived in ``player``'s hands by a way that asks for no free slot (a Trade
    accepted, a Heavy Quest Item activated). When more is held than the slots take (2, 1 with an
    Arm wound, +1 with Duct Tape; facts.md §6, §5) no text says what happens: ruling
    :data:`FULL_HANDS` decides, by default the Character drops Heavy things of their choice until
    the rest fits (:class:`MakeRoom`), as a search that keeps a Heavy item with full hands does."""
    if free_slots(state.character(player)) >= 0:
        # base.item.hand-slots: what is held fits the hand slots, nothing to drop
        return state
    ctx.gap(state, FULL_HANDS, clause, situation)
    return state.push(MakeRoom(player))


@dataclass(frozen=True, slots=True)
class MakeRoom(Choice):
    """Drop one Heavy Item or Object (an object stays in the room, an item is discarded), again
    until what is held fits the hand slots (ruling :data:`FULL_HANDS`, reading ``drop-to-fit``)."""

    clause = "base.item.hand-slots"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        return drop_options(state, self.player)

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        return drop_until_fits(state, self, decision, ctx)

    def diagnose(self, state: GameState, decision: Decision) -> tuple[str, str]:
        return "more Heavy things are held than the hand slots take: one of them must be dropped now", self.clause


def drop_options(state: GameState, player: int) -> tuple[Decision, ...]:
    """A drop of each Heavy thing held, for a Character who holds more than the hand slots take."""
    held = sorted(set(state.character(player).hands))
    return tuple(Decision.make(player, "drop", item=h) for h in held)


def drop_until_fits(state: GameState, frame: Choice, decision: Decision, ctx: Context) -> GameState:
    """Drop the Heavy thing chosen, and ask again (the same kind of frame) while the rest does not
    fit the hand slots (:func:`free_slots`)."""
    state = drop(state, frame.player, decision.text("item"), ctx)
    if free_slots(state.character(frame.player)) < 0:
        return state.push(type(frame)(frame.player))
    return state


def pay_cards(state: GameState, player: int, cards: tuple[str, ...]) -> GameState:
    """Discard the paying cards from the hand to the action discard pile (KeyError when the
    hand lacks one)."""
    c = state.character(player)
    hand, discard = pay(c.hand, c.discard, cards)
    return state.with_character(c.evolve(hand=hand, discard=discard))


def discard_item(state: GameState, slug: str) -> GameState:
    """An item card leaves a character: to its deck's discard pile; crafted items go back to the
    crafted deck (they can be crafted again, DSJ owner ruling); starting weapons and quest
    items leave the game."""
    source = tables.item(state.config, slug)
    colour = getattr(source, "colour", None)
    if colour == "blue":
        deck = state.deck("blue")
        return state.with_deck("blue", deck.evolve(unknown=deck.unknown.add(slug)))
    if colour in ITEM_COLOURS:
        return state.with_deck(_home_deck(state, slug), state.deck(_home_deck(state, slug)).discarded(slug))
    return state.evolve(removed=state.removed.add(f"item:{slug}"))


def _home_deck(state: GameState, slug: str) -> str:
    """The deck a card of ``slug`` came from. Energy Charges (red, yellow) and Clothes (yellow,
    green) are in two decks; a card goes back to a deck that is missing one of them."""
    for colour, printed in tables.item_decks(state.config):
        if colour not in ITEM_COLOURS or slug not in printed:
            continue
        deck = state.deck(colour)
        there = deck.unknown.count(slug) + deck.top.count(slug) + deck.bottom.count(slug) + deck.discard.count(slug)
        if there < printed.count(slug):
            return colour
    return str(getattr(tables.item(state.config, slug), "colour", "red"))


def gain_item(state: GameState, player: int, slug: str, *, ammo: int | None = None) -> GameState:
    """Put an item into a character's hands (Heavy) or inventory; a weapon gets ``ammo``."""
    c = state.character(player)
    if tables.is_heavy(state.config, slug):
        c = c.evolve(hands=(*c.hands, slug))
    else:
        c = c.evolve(inventory=c.inventory.add(slug))
    state = state.with_character(c)
    if tables.weapon(state.config, slug) is not None:
        limit = capacity(state, player, slug)
        state = state.with_character(c.with_ammo(slug, limit if ammo is None else min(ammo, limit)))
    return state


def _leave_hands(state: GameState, player: int, slug: str, receiver: int | None = None) -> GameState:
    """Bookkeeping when a Heavy item leaves a hand: an attached magazine goes with the weapon,
    and two items taped into one slot are no longer taped."""

    if tables.weapon(state.config, slug) is not None:
        state = weapon_leaves(state, player, slug, receiver)
    c = state.character(player)
    if "taped" in c.mods:
        state = state.with_character(c.evolve(mods=c.mods - {"taped"}))
    return state


def drop(state: GameState, player: int, slug: str, ctx: Context) -> GameState:
    """Drop a hand-slot occupant: an object stays in the room, an item is discarded."""
    state = _leave_hands(state, player, slug)
    c = state.character(player)
    hands = list(c.hands)
    hands.remove(slug)
    c = c.evolve(hands=tuple(hands), ammo=tuple((w, n) for w, n in c.ammo if w != slug or slug in hands))
    state = state.with_character(c)
    if slug in tables.HEAVY_OBJECTS:
        ctx.fire("base.item.drop")
        room = state.room(c.position)
        return state.with_room(c.position, room.evolve(objects=room.objects.add(slug)))
    ctx.fire("base.item.drop")
    c = state.character(player)
    if c.quest(slug) == "active":
        # a quest item discarded is out of the game: it leaves the character board too
        state = state.with_character(c.evolve(quests=tuple((q, s) for q, s in c.quests if q != slug)))
    return discard_item(state, slug)


# -- pick up and drop ---------------------------------------------------------------------


def _pickup_options(state: GameState, player: int) -> list[Decision]:
    c = state.character(player)
    if free_slots(c) <= 0:
        return []
    objects = state.room(c.position).objects
    if not objects:
        return []
    ways = payments(c.hand, 1)
    if not ways:
        return []
    # in the order of their parameters (``object``, then ``pay``): the turn need not sort them
    return [decision for o in objects.distinct() for decision in paid_each(player, "pick-up", (("object", o),), ways)]


def _pickup(state: GameState, decision: Decision, ctx: Context) -> GameState:
    player = decision.player
    state = pay_cards(state, player, decision.cards())
    c = state.character(player)
    obj = decision.text("object")
    if obj in tables.HEAVY_OBJECTS:
        # a Corpse, Carcass or Egg: a Heavy Object, and it fills one hand slot
        ctx.fire("base.heavy-object.kinds", "base.heavy-object.hand-slot")
    room = state.room(c.position)
    state = state.with_room(c.position, room.evolve(objects=room.objects.remove(obj)))
    return state.with_character(c.evolve(hands=(*c.hands, obj)))


def _pickup_diagnose(state: GameState, decision: Decision) -> tuple[str, str]:
    c = state.character(decision.player)
    obj = decision.get("object")
    if not isinstance(obj, str) or obj not in state.room(c.position).objects:
        return f"there is no {obj} in room {c.position}", "base.heavy-object.pick-up"
    if free_slots(c) <= 0:
        return "both hand slots are full (drop something first; dropping is free)", "base.heavy-object.hand-slot"
    return "picking up costs 1 card from the hand", "base.cost.basic-action"


def _drop_options(state: GameState, player: int) -> list[Decision]:
    """Each object held in a hand slot, once and in order (the turn need not sort them)."""
    hands = state.character(player).hands
    return [presorted(player, "drop", (("item", h),)) for h in sorted(set(hands))] if hands else []


def _drop(state: GameState, decision: Decision, ctx: Context) -> GameState:
    return drop(state, decision.player, decision.text("item"), ctx)


def _drop_diagnose(state: GameState, decision: Decision) -> tuple[str, str]:
    return f"player {decision.player} holds no {decision.get('item')} in hand", "base.item.drop"


# -- searching ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Search(Step):
    """Start a search in ``colour``'s deck ("" = the room's colour; white → the searcher picks).
    ``counter``: whether the room's item counter drops (not for the Storage room)."""

    player: int
    colour: str
    counter: bool

    def run(self, state: GameState, ctx: Context) -> GameState:
        c = state.character(self.player)
        colour = self.colour or tables.room_colour(state.config, state.room(c.position).tile or "cockpit")
        here = state.room(c.position)
        if not self.colour:
            # the room tile's colour picks the Item deck (a white room lets the searcher pick)
            ctx.fire("base.ship.room-colours", "base.search.deck-by-colour")
        if here.fire:
            ctx.fire("base.fire.no-block")  # searching a burning room is allowed
        if here.malfunction:
            ctx.fire("base.malfunction.no-block-search")  # so is searching a room with a Malfunction
        if self.counter:
            room = state.room(c.position)
            if room.items is not None and room.items > 0:
                ctx.fire("base.search.counter")
                state = state.with_room(c.position, room.evolve(items=room.items - 1))
        if colour in ("white", ""):
            return state.push(SearchDeckChoice(self.player))
        return continue_search(state, self.player, colour, (), ctx)


@dataclass(frozen=True, slots=True)
class SearchDeckChoice(Choice):
    """A white room (or the Storage): the searcher chooses the Item deck."""

    clause = "base.search.deck-by-colour"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        return tuple(sorted(Decision.make(self.player, "search-deck", deck=c) for c in ITEM_COLOURS))

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        return continue_search(state, self.player, decision.text("deck"), (), ctx)


@dataclass(frozen=True, slots=True)
class SearchDraw(ChanceNode):
    """Draw up to 2 cards from the deck (its discard pile reshuffled when it runs out)."""

    player: int
    colour: str
    drawn: tuple[str, ...]
    chance = "item-card"
    clause = "base.search.draw-two"

    def on_drop(self, state: GameState) -> GameState:
        deck = state.deck(self.colour)
        return state.with_deck(self.colour, deck.evolve(bottom=(*deck.bottom, *self.drawn)))

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        return state.deck(self.colour).draw_outcomes()

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        state = state.with_deck(self.colour, state.deck(self.colour).remove_top(outcome))
        return continue_search(state, self.player, self.colour, (*self.drawn, outcome), ctx)


def continue_search(state: GameState, player: int, colour: str, drawn: tuple[str, ...], ctx: Context) -> GameState:
    """Draw the next card (reshuffling the discard pile into an empty deck), or, with two drawn
    or the deck exhausted, let the searcher keep one."""
    deck = state.deck(colour)
    if len(drawn) < 2 and not deck.draw_outcomes():
        ctx.gap(
            state,
            "base.gap.item-deck-empty",
            "base.search.draw-two",
            f"a search draws from the {colour} Item deck but all its cards are drawn",
        )
        state = state.with_deck(colour, deck.reshuffled())
        deck = state.deck(colour)
    if len(drawn) < 2 and deck.draw_outcomes():
        return state.push(SearchDraw(player, colour, drawn))
    if not drawn:
        return state
    return state.push(SearchKeep(player, colour, drawn))


@dataclass(frozen=True, slots=True)
class SearchKeep(Choice):
    """Keep one of the drawn cards; the other goes to the bottom of its deck (FAQ via SU)."""

    colour: str
    drawn: tuple[str, ...]
    clause = "base.search.draw-two"

    def on_drop(self, state: GameState) -> GameState:
        deck = state.deck(self.colour)
        return state.with_deck(self.colour, deck.evolve(bottom=(*deck.bottom, *self.drawn)))

    def options(self, state: GameState) -> tuple[Decision, ...]:
        c = state.character(self.player)
        out: list[Decision] = []
        for card in sorted(set(self.drawn)):
            if tables.is_heavy(state.config, card) and free_slots(c) <= 0:
                out.extend(Decision.make(self.player, "keep-item", item=card, drop=h) for h in sorted(set(c.hands)))
            else:
                out.append(Decision.make(self.player, "keep-item", item=card))
        return tuple(sorted(set(out)))

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        card = decision.text("item")
        rest = list(self.drawn)
        rest.remove(card)
        deck = state.deck(self.colour)
        state = state.with_deck(self.colour, deck.evolve(bottom=(*deck.bottom, *rest)))
        dropped = decision.get("drop")
        if isinstance(dropped, str):
            state = drop(state, self.player, dropped, ctx)
        if tables.is_heavy(state.config, card):
            ctx.fire("base.item.hand-slots")  # a Heavy item kept goes into a hand slot, for all to see
        if tables.weapon(state.config, card) is not None:
            ctx.fire("base.item.found-weapon-ammo")  # a Weapon found by Search arrives with 1 Ammo
        return gain_item(state, self.player, card, ammo=1)


def start_search(state: GameState, player: int, colour: str, *, counter: bool) -> GameState:
    """Queue a search (used by the Search action card, the Storage room and search items);
    ``colour`` "" means the room's colour."""
    return state.push(Search(player, colour, counter))


# -- trading ----------------------------------------------------------------------------------


def _trade_options(state: GameState, player: int) -> list[Decision]:
    """Each item to give (or none), partner, way to pay and item to take (or none, but not
    both none), in the order of their parameters (``give``, ``partner``, ``pay``, then
    ``take``): the turn need not sort them."""
    c = state.character(player)
    others = [o for o in state.characters_at(c.position) if o.player != player]
    if not others:
        return []
    ways = payments(c.hand, 1)
    out: list[Decision] = []
    if not ways:
        return out
    partners = sorted((str(o.player), ["", *_tradeable(o)]) for o in others)
    pays = [("pay", way) for way in ways]
    for g in ["", *_tradeable(c)]:
        give = ("give", g)
        for partner, take in partners:
            before = (give, ("partner", partner))
            tails = [("take", t) for t in take if g or t]
            out += [presorted(player, "trade", (*before, pay, tail)) for pay in pays for tail in tails]
    return out


def _tradeable(c: Character) -> list[str]:
    """Items a character can hand over: inventory items and Heavy items (not ammo)."""
    return sorted(set(c.inventory.distinct()) | {h for h in c.hands if h not in tables.HEAVY_OBJECTS})


def _trade(state: GameState, decision: Decision, ctx: Context) -> GameState:
    state = pay_cards(state, decision.player, decision.cards())
    partner = int(decision.text("partner"))
    return state.push(TradeConsent(partner, decision.player, decision.text("give"), decision.text("take")))


def _trade_diagnose(state: GameState, decision: Decision) -> tuple[str, str]:
    c = state.character(decision.player)
    partner = decision.get("partner")
    if not any(str(o.player) == partner for o in state.characters_at(c.position)):
        return f"player {partner} is not in room {c.position}", "base.trade.participants"
    if not decision.get("give") and not decision.get("take"):
        return "a trade cannot be empty", "base.trade.not-empty"
    return "only items held can be traded (ammo cannot)", "base.trade.no-ammo"


@dataclass(frozen=True, slots=True)
class TradeConsent(Choice):
    """The partner accepts or declines the trade (only the initiator paid)."""

    initiator: int
    give: str
    take: str
    clause = "base.trade.participants"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        return (Decision.make(self.player, "accept-trade"), Decision.make(self.player, "decline-trade"))

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        if decision.kind == "decline-trade":
            # base.trade.participants: the other Character may refuse the trade
            return state
        state = _hand_over(state, self.initiator, self.player, self.give)
        state = _hand_over(state, self.player, self.initiator, self.take)
        for player, slug in ((self.player, self.give), (self.initiator, self.take)):
            if slug and tables.is_heavy(state.config, slug):
                situation = f"a Trade hands a Heavy item to player {player}, whose hand slots are full"
                state = make_room(state, player, "base.trade.participants", situation, ctx)
        return state


def _hand_over(state: GameState, giver: int, receiver: int, slug: str) -> GameState:
    if not slug:
        # base.trade.participants: one side may give nothing (the trade as a whole moves an item, base.trade.not-empty)
        return state
    if slug in state.character(giver).hands:
        state = _leave_hands(state, giver, slug, receiver)
    g = state.character(giver)
    ammo = g.ammo_of(slug)
    if slug in g.hands:
        hands = list(g.hands)
        hands.remove(slug)
        g = g.evolve(hands=tuple(hands), ammo=tuple((w, n) for w, n in g.ammo if w != slug))
    else:
        g = g.evolve(inventory=g.inventory.remove(slug))
    state = state.with_character(g)
    weapon = tables.weapon(state.config, slug)
    return gain_item(state, receiver, slug, ammo=ammo if weapon else None)


# -- crafting --------------------------------------------------------------------------------


def components(state: GameState, character: Character) -> dict[str, list[str]]:
    """Component symbol -> item slugs in the inventory that carry it."""
    out: dict[str, list[str]] = {}
    for slug in character.inventory.distinct():
        component = getattr(tables.item(state.config, slug), "component", None)
        if component:
            out.setdefault(component, []).append(slug)
    return out


def craft_ways(state: GameState, player: int) -> list[tuple[str, str, str]]:
    """(crafted item, first part, second part) for every recipe the inventory can pay now."""
    c = state.character(player)
    have = components(state, c)
    out = []
    for crafted in state.deck("blue").unknown.distinct():
        recipe = getattr(tables.item(state.config, crafted), "recipe", None)
        if not recipe:
            continue
        first, second = recipe
        for a in have.get(first, []):
            for b in have.get(second, []):
                if a != b or c.inventory.count(a) >= 2:
                    out.append((crafted, a, b))
    return sorted(set(out))


def _craft_options(state: GameState, player: int) -> list[Decision]:
    c = state.character(player)
    if c.inventory.total < 2:  # a recipe combines two inventory items (base.craft.recipes)
        return []
    return [
        Decision.make(player, "craft", item=crafted, parts=(a, b), pay=cards)
        for crafted, a, b in craft_ways(state, player)
        for cards in payments(c.hand, 1)
        if not tables.is_heavy(state.config, crafted) or free_slots(c) > 0
    ]


def craft(state: GameState, player: int, crafted: str, parts: tuple[str, ...], ctx: Context) -> GameState:
    """Discard the two parts and take the crafted item (a crafted weapon fully loaded, FAQ)."""
    c = state.character(player)
    inventory = c.inventory
    for part in parts:
        inventory = inventory.remove(part)
    state = state.with_character(c.evolve(inventory=inventory))
    for part in parts:
        state = discard_item(state, part)
    deck = state.deck("blue")  # a copy of it left in the Crafted deck (craft_ways offers no other)
    state = state.with_deck("blue", deck.evolve(unknown=deck.unknown.remove(crafted)))
    # the item is chosen by name from the open Crafted deck, its parts by their component icons
    ctx.fire("base.craft.recipes", "base.craft.browse", "base.craft.components", "base.craft.availability")
    if tables.weapon(state.config, crafted) is not None:
        ctx.fire("base.craft.flamethrower-loaded")
    return gain_item(state, player, crafted)


def _craft(state: GameState, decision: Decision, ctx: Context) -> GameState:
    state = pay_cards(state, decision.player, decision.cards())
    return craft(state, decision.player, decision.text("item"), decision.cards("parts"), ctx)


def _craft_diagnose(state: GameState, decision: Decision) -> tuple[str, str]:
    return f"no crafting of {decision.get('item')} from those parts is possible now", "base.craft.recipes"


ACTIONS: tuple[ActionRule, ...] = (
    ActionRule("pick-up", "base.heavy-object.pick-up", _pickup_options, _pickup, _pickup_diagnose, ordered=True),
    ActionRule("drop", "base.item.drop", _drop_options, _drop, _drop_diagnose, in_combat=True, free=True, ordered=True),
    ActionRule("trade", "base.trade.participants", _trade_options, _trade, _trade_diagnose, ordered=True),
    ActionRule("craft", "base.craft.recipes", _craft_options, _craft, _craft_diagnose, ordered=True),
)
"""The actions this family adds to the turn (a ruleset takes them into its table)."""


EXTENDED_MAGAZINE = "extended-magazine"
EXTENDED_MAGAZINE_AMMO = 2
AUTOLOADER = "autoloader"
AUTOLOADER_AMMO = 1
TAPED = "taped"


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


def weapon_leaves(state: GameState, player: int, weapon: str, receiver: int | None = None) -> GameState:
    """A weapon leaves a character (dropped, discarded, traded): an attached Extended Magazine
    goes with it (to the receiver, or to the red discard pile with the weapon)."""
    tag = f"{EXTENDED_MAGAZINE}:{weapon}"
    c = state.character(player)
    if tag not in c.mods:
        # base.item.extended-magazine: only a weapon with the magazine attached carries it along
        return state
    state = state.with_character(c.evolve(mods=c.mods - {tag}))
    if receiver is None:
        return discard_item(state, EXTENDED_MAGAZINE)
    r = state.character(receiver)
    return state.with_character(r.evolve(mods=r.mods | {tag}))


AUTOLOADER_WEAPON = "assault-rifle"
