"""The generic actions behind the effect tables: play an action card, use an item, take a
room action, activate or use a quest item (RU-RB p.12-13, p.22-26; facts.md §2, §6, §7, §9).

Costs: an action card is the card itself plus its printed extra cost; an item action its
printed cost (+1 with a Hand wound, facts.md §5), a one-use item is discarded; a room action
2 cards, never in Combat and never with a Malfunction in the room; activating a quest item is
a basic action (1 card), not in Combat. A card or item marked "in" is usable only in Combat,
"out" only out of it. Variant parameters of an effect must not be named card, item, room or pay.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from operator import itemgetter
from types import MappingProxyType

from nemesis_rules.model.core import fast
from nemesis_rules.model.core.actions import Decision, ParamValue, paid_each
from nemesis_rules.model.core.config import GameConfig
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.ruleset import ActionRule, Effect
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.data.characters import ActionCard, Character, QuestItem
from nemesis_rules.model.rules.effects import item_effect, room_action
from nemesis_rules.model.rules.item_effects import item_action_cost
from nemesis_rules.model.rules.items import AUTOLOADER, AUTOLOADER_WEAPON, discard_item, make_room, pay_cards
from nemesis_rules.model.rules.payment import payments
from nemesis_rules.model.rules.pods import SECTION_TILES, malfunction_blocks_pods

ROOM_ACTION_COST = 2
RESERVED = ("card", "item", "room", "pay")


def usable_now(combat_icon: str, fighting: bool) -> bool:
    return combat_icon == "any" or (combat_icon == "in") == fighting


def _params(variant: dict[str, ParamValue]) -> dict[str, ParamValue]:
    return {k: v for k, v in variant.items() if k not in RESERVED}


def _paid_options(
    player: int, kind: str, name: str, value: str, variant: dict[str, ParamValue], ways: tuple[tuple[str, ...], ...]
) -> Sequence[Decision]:
    """The decisions of one variant, one per way to pay: ``kind`` with ``name=value``, the
    variant's parameters and ``pay``, the parameters sorted by name once for all the ways.
    With nothing to choose (most cards, items and rooms), the decisions are kept
    (:func:`_unchosen`): the same card in the same hand is offered turn after turn."""
    if not variant:
        return _unchosen((player, kind, name, value, ways))
    params = sorted([*_params(variant).items(), (name, value)], key=_NAME)
    before = tuple([p for p in params if p[0] < "pay"])
    return paid_each(player, kind, before, ways, tuple(params[len(before) :]))


_NAME = itemgetter(0)


def _unchosen_options(key: tuple[int, str, str, str, tuple[tuple[str, ...], ...]]) -> tuple[Decision, ...]:
    """``_paid_options(player, kind, name, value, {}, ways)`` for ``key`` = (player, kind, name,
    value, ways): one decision per way, ``name`` placed before or after "pay" as it sorts."""
    player, kind, name, value, ways = key
    named = ((name, value),)
    return tuple(paid_each(player, kind, named, ways) if name < "pay" else paid_each(player, kind, (), ways, named))


_unchosen: Callable[[tuple[int, str, str, str, tuple[tuple[str, ...], ...]]], tuple[Decision, ...]] = fast.remembered(
    _unchosen_options, 4096
)
""":func:`_unchosen_options`, answered from a table when asked before (:func:`.fast.remembered`; a
decision is an immutable value, so a kept one is as good as a new one)."""


def _effect_params(decision: Decision) -> dict[str, ParamValue]:
    return {k: v for k, v in decision.params if k not in RESERVED}


# -- action cards -----------------------------------------------------------------------------


def _card_options(state: GameState, player: int) -> list[Decision]:
    c = state.character(player)
    fighting = state.in_combat(player)
    out: list[Decision] = []
    deck: Mapping[str, ActionCard] | None = None
    for slug in c.hand.distinct():
        effect = state.config.ruleset.action_cards.get(slug)
        if effect is None or slug.startswith("contamination"):
            continue
        if deck is None:
            deck = _action_cards(state.config, c.name)
        card = deck[slug]
        if not usable_now(card.combat, fighting):
            continue
        # the card alone pays a card with no extra cost (what payments() answers, without its cache)
        ways = _CARD_ALONE if not card.extra_cost else payments(c.hand, card.extra_cost, slug)
        if not ways:  # no payment: the card's variants need not be worked out
            continue
        for variant in effect.variants(state, player):
            out.extend(_paid_options(player, "play-card", "card", slug, variant, ways))
    return out


_CARD_ALONE: tuple[tuple[str, ...], ...] = ((),)
"""``payments(hand, 0, card)``: the one way to pay no extra cost."""


@dataclass(frozen=True, slots=True)
class _ByEffect:
    """A character's action cards and quest items by effect: an action card as
    :func:`tables.action_card` finds it (the first card with that effect)."""

    action_cards: Mapping[str, ActionCard]
    quest_items: Mapping[str, QuestItem]


def _by_effect(config: GameConfig, name: str) -> _ByEffect:
    """:class:`_ByEffect` for the character ``name``; kept per character while the components
    stay the same (the options ask at every turn)."""
    character = tables.base(config).character(name)
    kept = _BY_EFFECT.get(name)
    if kept is None or kept[0] is not character:
        cards: dict[str, ActionCard] = {}
        for card in character.action_cards:
            cards.setdefault(card.effect, card)
        quests = {q.effect: q for q in character.quest_items}
        kept = _BY_EFFECT[name] = (character, _ByEffect(MappingProxyType(cards), MappingProxyType(quests)))
    return kept[1]


_BY_EFFECT: dict[str, tuple[Character, _ByEffect]] = {}


def _action_cards(config: GameConfig, name: str) -> Mapping[str, ActionCard]:
    return _by_effect(config, name).action_cards


def _quest_items(config: GameConfig, name: str) -> Mapping[str, QuestItem]:
    """A character's quest items by effect (none before a character is chosen)."""
    return _by_effect(config, name).quest_items if name else _NO_QUESTS


_NO_QUESTS: Mapping[str, QuestItem] = MappingProxyType({})


def _play_card(state: GameState, decision: Decision, ctx: Context) -> GameState:
    player = decision.player
    slug = decision.text("card")
    state = pay_cards(state, player, (slug, *decision.cards()))
    effect = state.config.ruleset.action_cards[slug]
    ctx.fire(effect.clause)
    return effect.resolve(state, player, _effect_params(decision), ctx)


def _card_diagnose(state: GameState, decision: Decision) -> tuple[str, str]:
    c = state.character(decision.player)
    slug = decision.get("card")
    if not isinstance(slug, str) or slug not in c.hand:
        return f"card '{slug}' is not in player {c.player}'s hand", "base.cost.paid-from-hand"
    card = tables.action_card(state.config, c.name, slug)
    if not usable_now(card.combat, state.in_combat(decision.player)):
        where = "in Combat" if card.combat == "out" else "out of Combat"
        return f"'{slug}' cannot be played {where}", "base.combat.allowed-actions"
    room = state.room(c.position)
    if slug == "search" and not tables.room_has_item_counter(state.config, room.tile):
        return f"the {room.tile} has no item counter: it cannot be searched", "base.search.no-search-rooms"
    if slug == "search" and not room.items:
        return f"the item counter of room {c.position} is at 0", "base.search.counter"
    effect = state.config.ruleset.action_cards.get(slug)
    specific = _effect_refusal(state, effect, decision) if effect is not None else None
    if specific is not None:
        return specific
    return f"'{slug}' costs itself plus {card.extra_cost} card(s), or its effect is not possible as asked", (
        f"base.action-card.{slug}"
    )


def _effect_refusal(state: GameState, effect: Effect, decision: Decision) -> tuple[str, str] | None:
    """Why a card's or a room's effect cannot be resolved as asked, under the rule that forbids it:
    the effect's own explanation (:attr:`Effect.why_not`), else its clause when the parameters asked
    are none of the ways it can be resolved now; None when the parameters are open (the refusal is
    then about the cost)."""
    params = _effect_params(decision)
    if effect.why_not is not None:
        found = effect.why_not(state, decision.player, params)
        if found is not None:
            return found
    if params in effect.variants(state, decision.player):
        return None
    asked = ", ".join(f"{k}={v}" for k, v in sorted(params.items())) or "nothing chosen"
    return f"its effect cannot be resolved with {asked} now", effect.clause


# -- items ------------------------------------------------------------------------------------


def item_cost(state: GameState, player: int, slug: str, params: dict[str, ParamValue] | None = None) -> int:
    """The printed cost for these parameters (an Energy Charge reloading an Autoloader weapon
    costs 0), +1 with an active Hand wound (facts.md §5, §7)."""

    return item_action_cost(state, player, slug, params or {})


def _held_items(state: GameState, player: int) -> list[str]:
    c = state.character(player)
    return sorted(set(c.inventory.distinct()) | {h for h in c.hands if h not in tables.HEAVY_OBJECTS})


def _item_options(state: GameState, player: int) -> list[Decision]:
    c = state.character(player)
    if not c.inventory and not c.hands:  # nothing held: no item to use
        return []
    fighting = state.in_combat(player)
    out: list[Decision] = []
    for slug in _held_items(state, player):
        effect = item_effect(state, slug)
        if effect is None:
            continue
        if not usable_now(getattr(tables.item(state.config, slug), "combat", "any"), fighting):
            continue
        for variant in effect.variants(state, player):
            cost = item_cost(state, player, slug, variant)
            ways = payments(c.hand, cost)
            if ways:
                out.extend(_paid_options(player, "use-item", "item", slug, variant, ways))
    return out


def _use_item(state: GameState, decision: Decision, ctx: Context) -> GameState:
    player = decision.player
    slug = decision.text("item")
    state = pay_cards(state, player, decision.cards())
    effect = item_effect(state, slug)
    assert effect is not None  # check() admitted only items with an action
    ctx.fire(effect.clause)
    if state.character(player).wound_active("hand"):
        ctx.fire("base.serious-wound.hand")
    card = tables.item(state.config, slug)
    if getattr(card, "one_use", False):
        ctx.fire("base.item.one-use")
        c = state.character(player)
        if slug in c.inventory:
            c = c.evolve(inventory=c.inventory.remove(slug))
        else:
            hands = list(c.hands)
            hands.remove(slug)
            c = c.evolve(hands=tuple(hands))
        state = discard_item(state.with_character(c), slug)
    return effect.resolve(state, player, _effect_params(decision), ctx)


def _item_diagnose(state: GameState, decision: Decision) -> tuple[str, str]:
    slug = decision.get("item")
    if slug not in _held_items(state, decision.player):
        return f"player {decision.player} does not hold '{slug}'", "base.item.inventory"
    effect = item_effect(state, str(slug))
    params = _effect_params(decision)
    fighting = state.in_combat(decision.player)
    if (
        effect is not None
        and params
        and usable_now(getattr(tables.item(state.config, str(slug)), "combat", "any"), fighting)
        and params not in effect.variants(state, decision.player)
    ):
        # the item's own clause says what it can be used on (a weapon it fits, a door of the room ...)
        asked = ", ".join(f"{k}={v}" for k, v in sorted(params.items()))
        return f"'{slug}' cannot be used with {asked}", effect.clause
    return f"'{slug}' costs {item_cost(state, decision.player, str(slug))} card(s), or cannot be used as asked", (
        "base.item.action-cost"
    )


# -- room actions --------------------------------------------------------------------------------


def _room_action_options(state: GameState, player: int) -> list[Decision]:
    c = state.character(player)
    room = state.room(c.position)
    if not room.explored or room.tile is None or (room.malfunction and _malfunction_blocks(state, room.tile)):
        return []
    action = tables.rooms(state.config)[room.tile].action
    effect = room_action(state, action)
    if effect is None:
        return []
    out: list[Decision] = []
    ways = payments(c.hand, ROOM_ACTION_COST)
    for variant in effect.variants(state, player) if ways else ():  # no payment: no variants to work out
        out.extend(_paid_options(player, "room-action", "room", room.tile, variant, ways))
    return out


def _malfunction_blocks(state: GameState, tile: str) -> bool:
    """A Malfunction blocks the room's action (RU-RB p.24), an Evacuation Section's included
    unless ruling base.source.evac-malfunction reads the FAQ's way (the pods module decides)."""

    return tile not in SECTION_TILES.values() or malfunction_blocks_pods(state)


def room_action_effect(
    state: GameState, player: int, tile: str, params: dict[str, ParamValue], ctx: Context
) -> GameState:
    """Resolve a room's action (also used by free room actions of cards such as Old Friend)."""
    action = tables.rooms(state.config)[tile].action
    effect = room_action(state, action)
    if effect is None:
        raise KeyError(action)
    ctx.fire(effect.clause)  # the ruleset's own room clause where it replaces the action
    return effect.resolve(state, player, params, ctx)


def _room_action(state: GameState, decision: Decision, ctx: Context) -> GameState:
    state = pay_cards(state, decision.player, decision.cards())
    return room_action_effect(state, decision.player, decision.text("room"), _effect_params(decision), ctx)


def _room_diagnose(state: GameState, decision: Decision) -> tuple[str, str]:
    c = state.character(decision.player)
    room = state.room(c.position)
    asked = decision.get("room")
    if asked != room.tile:
        # a room's action is taken in that room: its own rule is the one that does not reach here
        action = tables.rooms(state.config).get(asked) if isinstance(asked, str) else None
        effect = room_action(state, action.action) if action is not None else None
        clause = effect.clause if effect is not None else "base.cost.room-action"
        return f"player {c.player} is not in the {asked} but in the {room.tile}", clause
    if room.malfunction and room.tile is not None and _malfunction_blocks(state, room.tile):
        if room.tile in SECTION_TILES.values():
            return f"room {c.position} has a Malfunction: its pods cannot be entered", "base.pod.malfunction-blocks"
        return f"room {c.position} has a Malfunction: no room action", "base.malfunction.blocks-room-action"
    if room.tile == "hibernatorium" and "hibernation" not in tables.time_flags(state):
        return "the hibernation chambers open only on the blue spaces of the Time track", "base.hibernation.blue"
    effect = room_action(state, tables.rooms(state.config)[room.tile].action) if room.tile is not None else None
    specific = _effect_refusal(state, effect, decision) if effect is not None and room.explored else None
    if specific is not None:
        return specific
    return "a room action costs 2 cards, or its conditions are not met", "base.cost.room-action"


# -- quest items ------------------------------------------------------------------------------------


def _activation_options(state: GameState, player: int) -> list[Decision]:
    c = state.character(player)
    out: list[Decision] = []
    if not _has_status(c.quests, "inactive"):
        return out
    quests = _quest_items(state.config, c.name)
    for slug, status in c.quests:
        quest = quests.get(slug)
        if quest is None or status != "inactive":
            continue
        activation = quest.activation
        ways: list[dict[str, ParamValue]] = []
        if activation.room is not None and state.room(c.position).tile == activation.room:
            ways.append({})
        for part in activation.discard:
            if part in c.inventory:
                ways.append({"discard": part})
        for cards in payments(c.hand, 1) if ways else ():
            out.extend(Decision.make(player, "activate-quest", item=slug, pay=cards, **w) for w in ways)
    return out


def _has_status(quests: tuple[tuple[str, str], ...], wanted: str) -> bool:
    """Whether a quest item has the status ``wanted`` (asked at every turn: a loop, no generator)."""
    for _, status in quests:  # noqa: SIM110 - a loop beats any() over a generator
        if status == wanted:
            return True
    return False


def _activate(state: GameState, decision: Decision, ctx: Context) -> GameState:
    player = decision.player
    state = pay_cards(state, player, decision.cards())
    slug = decision.text("item")
    part = decision.get("discard")
    c = state.character(player)
    if isinstance(part, str):
        c = c.evolve(inventory=c.inventory.remove(part))
        state = discard_item(state.with_character(c), part)
        c = state.character(player)
    ctx.fire(f"base.quest-item.{slug}")
    quests = tuple((q, "active" if q == slug else s) for q, s in c.quests)
    state = state.with_character(c.evolve(quests=quests))

    state = activated(state, player, slug, ctx)
    if tables.is_heavy(state.config, slug):
        c = state.character(player)
        state = state.with_character(c.evolve(hands=(*c.hands, slug)))
        situation = f"player {player} activates a Heavy Quest Item with full hand slots"
        state = make_room(state, player, "base.quest-item.activation", situation, ctx)
    return state


def _activation_diagnose(state: GameState, decision: Decision) -> tuple[str, str]:
    return f"quest item '{decision.get('item')}' cannot be activated here and now", "base.quest-item.activation"


def _quest_options(state: GameState, player: int) -> list[Decision]:
    c = state.character(player)
    out: list[Decision] = []
    if not _has_status(c.quests, "active"):
        return out
    fighting = state.in_combat(player)
    quests = _quest_items(state.config, c.name)
    for slug, status in c.quests:
        effect = state.config.ruleset.quests.get(slug)
        quest = quests.get(slug)
        if effect is None or quest is None or status != "active" or quest.use_cost is None:
            continue
        if not usable_now(quest.combat, fighting):
            continue
        variants = effect.variants(state, player)
        for cards in payments(c.hand, quest.use_cost) if variants else ():
            out.extend(Decision.make(player, "use-quest", item=slug, pay=cards, **_params(v)) for v in variants)
    return out


def _use_quest(state: GameState, decision: Decision, ctx: Context) -> GameState:
    player = decision.player
    slug = decision.text("item")
    state = pay_cards(state, player, decision.cards())
    c = state.character(player)
    quest = next(q for q in tables.base(state.config).character(c.name).quest_items if q.effect == slug)
    if quest.one_use:
        state = state.with_character(c.evolve(quests=tuple((q, "used" if q == slug else s) for q, s in c.quests)))
    ctx.fire(f"base.quest-item.{slug}")
    return state.config.ruleset.quests[slug].resolve(state, player, _effect_params(decision), ctx)


def _quest_diagnose(state: GameState, decision: Decision) -> tuple[str, str]:
    return f"quest item '{decision.get('item')}' is not active or cannot be used as asked", (
        "base.quest-item.activation"
    )


ACTIONS: tuple[ActionRule, ...] = (
    ActionRule("play-card", "base.cost.action-card", _card_options, _play_card, _card_diagnose, in_combat=True),
    ActionRule("use-item", "base.cost.item-action", _item_options, _use_item, _item_diagnose, in_combat=True),
    ActionRule("room-action", "base.cost.room-action", _room_action_options, _room_action, _room_diagnose),
    ActionRule("activate-quest", "base.quest-item.activation", _activation_options, _activate, _activation_diagnose),
    ActionRule("use-quest", "base.cost.item-action", _quest_options, _use_quest, _quest_diagnose, in_combat=True),
)
"""The actions this family adds to the turn (a ruleset takes them into its table)."""


def activated(state: GameState, player: int, slug: str, ctx: Context) -> GameState:
    """What a Quest Item does the moment it becomes active: the Autoloader attaches to the
    Assault Rifle (the ``autoloader:<weapon>`` mark that capacity and reload costs read)."""
    if slug != AUTOLOADER:
        # base.quest-item.activation: of the Quest Items only the Autoloader acts on becoming active
        return state
    c = state.character(player)
    return state.with_character(c.evolve(mods=c.mods | {f"{AUTOLOADER}:{AUTOLOADER_WEAPON}"}))
