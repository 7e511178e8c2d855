"""The component tables of a game's config: rooms, tokens, decks, tracks, supplies and pods, as
the config's ruleset and data variants choose them (design.md, principles 5 and 11).

Rule modules ask this module for numbers and cards (never reading TOML themselves). Where a
ruleset chooses the components (its token supply, its decks, its miniature limits), the choice
is read from the ruleset's table (:class:`~nemesis_rules.model.core.ruleset.RulesetHooks`).
No rule body lives here: the small queries several families share are in
:mod:`nemesis_rules.model.rules.queries`, the dispatch to a ruleset's replaceable steps in
:mod:`nemesis_rules.model.rules.replaceable`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING

from nemesis_rules.board.rooms import Room, room_catalogue
from nemesis_rules.errors import BadInputError
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.data.characters import ActionCard, QuestItem, StartingWeapon
from nemesis_rules.model.data.components import (
    BaseComponents,
    VoidSeedersComponents,
    base_components,
    void_seeders_components,
)
from nemesis_rules.model.data.intruder_decks import AttackCard, EventCard
from nemesis_rules.model.data.items import ItemCard, Weapon
from nemesis_rules.model.data.reading import DATA_VARIANTS
from nemesis_rules.model.data.tokens import ExplorationToken, IntruderToken
from nemesis_rules.model.data.tracks import CoordinatesCard, Track

if TYPE_CHECKING:
    from nemesis_rules.model.core.config import GameConfig
    from nemesis_rules.model.core.ruleset import RulesetHooks
    from nemesis_rules.model.core.state import GameState
from nemesis_rules.rulebook.rulings import resolve_rulings

# -- rulings and data variants -----------------------------------------------------------


def resolve_game_rulings(overrides: Mapping[str, str]) -> dict[str, str]:
    """Every ruling with its reading: the catalogue's defaults, then ``overrides`` (checked)."""

    try:
        return dict(resolve_rulings(overrides))
    except (KeyError, ValueError, LookupError) as exc:
        raise BadInputError(str(exc.args[0]) if exc.args else str(exc), "--ruling") from None


def resolve_game_variants(overrides: Mapping[str, str]) -> dict[str, str]:
    """Every data-variant family with its option (defaults first in :data:`DATA_VARIANTS`)."""
    families = dict(DATA_VARIANTS)
    families["computers"] = ("printed", "reference")
    out = {family: options[0] for family, options in families.items()}
    for family, option in overrides.items():
        if family not in families:
            raise BadInputError(
                f"unknown data variant family {family!r} (choose from {', '.join(families)})", "--variant"
            )
        if option not in families[family]:
            raise BadInputError(
                f"unknown option {option!r} for {family} (choose from {', '.join(families[family])})", "--variant"
            )
        out[family] = option
    return out


def card_variant_key(variants: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """The variants that choose component tables, sorted: the cache key of those tables."""
    return tuple(sorted((k, v) for k, v in variants.items() if k in DATA_VARIANTS))


def _card_variants(config: GameConfig) -> tuple[tuple[str, str], ...]:
    return config.card_variants


@cache
def _base(variants: tuple[tuple[str, str], ...]) -> BaseComponents:
    return base_components(dict(variants))


@cache
def _vs(variants: tuple[tuple[str, str], ...]) -> VoidSeedersComponents:
    return void_seeders_components(dict(variants))


def base(config: GameConfig) -> BaseComponents:
    variants = config.card_variants
    last = _LAST_BASE[0]
    if last is not None and last[0] is variants:  # the game's own tuple: no hashing it again
        return last[1]
    found = _base(variants)
    _LAST_BASE[0] = (variants, found)
    return found


_LAST_BASE: list[tuple[tuple[tuple[str, str], ...], BaseComponents] | None] = [None]
"""The components last looked up, with the very variants tuple they were for (rules ask for
them thousands of times a game, always with the same config)."""


def void_seeders(config: GameConfig) -> VoidSeedersComponents:
    return _vs(_card_variants(config))


def hooks(config: GameConfig) -> RulesetHooks:
    """The game's ruleset's replaceable steps (which decks, supplies and tokens it uses among them)."""
    return config.ruleset.hooks


# -- rooms --------------------------------------------------------------------------------


def rooms(config: GameConfig) -> Mapping[str, Room]:
    return room_catalogue(config.variants.get("computers", "printed"))


def room_colour(config: GameConfig, tile: str) -> str:
    return rooms(config)[tile].colour


def room_has_computer(config: GameConfig, tile: str) -> bool:
    return rooms(config)[tile].computer


def room_can_malfunction(config: GameConfig, tile: str | None) -> bool:
    return tile is not None and rooms(config)[tile].can_malfunction


def room_has_item_counter(config: GameConfig, tile: str | None) -> bool:
    return tile is not None and rooms(config)[tile].item_counter


# -- components -----------------------------------------------------------------------------


def token_key(token: IntruderToken) -> str:
    """Bag tokens read like the game: ``adult-3`` (type and back number), ``blank``."""
    return token.type if token.number is None else f"{token.type}-{token.number}"


@cache
def _token_numbers(variants: tuple[tuple[str, str], ...]) -> Mapping[str, int | None]:
    return {token_key(t): t.number for t in _base(variants).intruder_tokens}


def token_supply(config: GameConfig) -> Multiset:
    """Every Intruder token of the ruleset not in the bag at the start (the pool beside the board)."""
    return hooks(config).token_supply(config)


def base_token_supply(config: GameConfig) -> Multiset:
    everything = Multiset.of(token_key(t) for t in base(config).intruder_tokens)
    return everything.difference(base_setup_bag(config))


@cache
def _setup_bag(variants: tuple[tuple[str, str], ...], players: int) -> Multiset:
    components = _base(variants)
    by_type: dict[str, list[str]] = {}
    for t in components.intruder_tokens:
        by_type.setdefault(t.type, []).append(token_key(t))
    chosen: list[str] = []
    for kind, count in components.setup_bag.composition(players):
        # Which Adult numbers start in the bag is not stated; the lowest numbers are taken
        # (ruling base.gap.setup-adult-numbers decides between this and a random draw).
        chosen.extend(sorted(by_type[kind], key=lambda k: (len(k), k))[:count])
    return Multiset.of(chosen)


def base_setup_bag(config: GameConfig) -> Multiset:
    return _setup_bag(_card_variants(config), config.players)


def token_number(config: GameConfig, token: str) -> int | None:
    return _token_numbers(_card_variants(config)).get(token)


def miniature_limit(config: GameConfig, kind: str) -> int:
    return hooks(config).miniature_limit(config, kind)


def supply(config: GameConfig, name: str) -> int:
    """How many markers or tokens called ``name`` the game's components hold (its ruleset's count)."""
    return hooks(config).supply(config, name)


def printed_supply(config: GameConfig, name: str) -> int:
    """The base game's printed count of the markers or tokens called ``name``."""
    return base(config).supply(name).count


def noise_supply(config: GameConfig) -> int:
    return supply(config, "noise")


def noise_die(config: GameConfig) -> tuple[tuple[str, int], ...]:
    return base(config).noise_die.weights()


def exploration_tokens(config: GameConfig) -> Multiset:
    return hooks(config).exploration_tokens(config)


def exploration_key(token: ExplorationToken) -> str:
    return f"{token.kind}-{token.items}"


def parse_exploration_token(token: str | None) -> tuple[str, int]:
    if token is None:
        return "none", 0
    kind, _, items = token.rpartition("-")
    return kind, int(items)


def exploration_in_engines(config: GameConfig) -> bool:
    return hooks(config).exploration_in_engines


def coordinates_cards(config: GameConfig) -> Mapping[str, CoordinatesCard]:
    return _coordinates_cards(config.card_variants)


@cache
def _coordinates_cards(variants: tuple[tuple[str, str], ...]) -> Mapping[str, CoordinatesCard]:
    """The Coordinates cards by id, once per choice of component tables (the players ask at every decision)."""
    return MappingProxyType({c.id: c for c in _base(variants).coordinates})


def pods_for(config: GameConfig) -> int:
    """Escape Pods in play: 2, 3 or 4 by player count (facts.md §9), or all four under the German
    overview's reading (ruling ``base.de.escape-pods=four-always``)."""
    if config.rulings.get("base.de.escape-pods") == "four-always":
        return len(pod_numbers(config))
    return base(config).escape_pods.count_for(config.players)


def pod_numbers(config: GameConfig) -> tuple[int, ...]:
    return base(config).escape_pods.numbers


def starting_eggs(config: GameConfig) -> int:
    return base(config).supply("egg").at_start or 0


def weakness_cards(config: GameConfig) -> tuple[str, ...]:
    return hooks(config).weakness_cards(config)


def character_names(config: GameConfig) -> tuple[str, ...]:
    return tuple(c.id for c in base(config).characters)


def action_deck(config: GameConfig, character: str) -> Multiset:
    return Multiset.of(card.effect for card in base(config).character(character).action_cards)


def action_card(config: GameConfig, character: str, effect: str) -> ActionCard:
    return next(c for c in base(config).character(character).action_cards if c.effect == effect)


def starting_weapon(config: GameConfig, character: str) -> tuple[str, int]:
    """The starting weapon's slug and its capacity (it starts fully loaded, VS-RB Setup 19 D)."""
    weapon = base(config).character(character).weapon
    return weapon.effect, weapon.weapon.capacity


def quest_items(config: GameConfig, character: str) -> tuple[str, ...]:
    return tuple(q.effect for q in base(config).character(character).quest_items)


ItemLike = ItemCard | StartingWeapon | QuestItem


@cache
def _items(variants: tuple[tuple[str, str], ...]) -> Mapping[str, ItemLike]:
    b = _base(variants)
    table: dict[str, ItemLike] = {}
    for colour in ("red", "yellow", "green", "blue"):
        for item in b.item_deck(colour):
            table.setdefault(item.effect, item)
    for character in b.characters:
        table[character.weapon.effect] = character.weapon
        for quest in character.quest_items:
            table.setdefault(quest.effect, quest)
    return table


def item(config: GameConfig, slug: str) -> ItemLike:
    """An Item card, starting weapon or quest item, by slug."""
    return _items(_card_variants(config))[slug]


def weapon(config: GameConfig, slug: str) -> Weapon | None:
    found = _items(_card_variants(config)).get(slug)
    return getattr(found, "weapon", None)


def is_heavy(config: GameConfig, slug: str) -> bool:
    """Heavy Objects and Heavy items take a hand slot (RU-RB p.22-23)."""
    if slug in HEAVY_OBJECTS:
        return True
    found = _items(_card_variants(config)).get(slug)
    return bool(found is not None and found.heavy)


HEAVY_OBJECTS = ("egg", "carcass", "corpse-blue", "corpse-red")


def item_decks(config: GameConfig) -> tuple[tuple[str, Multiset], ...]:
    """The red, yellow and green Item decks and the crafted deck (``blue``), by slug, as printed."""
    return _item_decks(_card_variants(config))


@cache
def _item_decks(variants: tuple[tuple[str, str], ...]) -> tuple[tuple[str, Multiset], ...]:
    b = _base(variants)
    return tuple(
        (colour, Multiset.of(i.effect for i in b.item_deck(colour))) for colour in ("red", "yellow", "green", "blue")
    )


def objective_decks(config: GameConfig) -> tuple[Multiset, Multiset]:
    b = base(config)
    return (
        Multiset.of(o.id for o in b.objectives_for(config.players, "corporate")),
        Multiset.of(o.id for o in b.objectives_for(config.players, "personal")),
    )


@cache
def _attack_cards(variants: tuple[tuple[str, str], ...], ruleset: str) -> Mapping[str, AttackCard]:
    deck = _vs(variants).attack_cards if ruleset == "void-seeders" else _base(variants).attack_cards
    return {c.id: c for c in deck}


def attack_card(config: GameConfig, card: str) -> AttackCard:
    return _attack_cards(_card_variants(config), hooks(config).attack_deck_source)[card]


def attack_deck_name(config: GameConfig) -> str:
    return "intruder-attack"


@cache
def _event_cards(variants: tuple[tuple[str, str], ...], ruleset: str) -> Mapping[str, EventCard]:
    deck = _vs(variants).event_cards if ruleset == "void-seeders" else _base(variants).event_cards
    return {c.id: c for c in deck}


@dataclass(frozen=True, slots=True)
class EventCardView:
    """What the Event step needs of a card."""

    number: int
    movers: tuple[str, ...]
    effect: str
    after: str
    card: EventCard


def event_card(config: GameConfig, card: str) -> EventCardView:
    c = _event_cards(_card_variants(config), hooks(config).event_deck_source)[card]
    after = {"discard": "discard", "remove-and-reshuffle": "remove-reshuffle", "shuffle-back": "shuffle-back"}
    return EventCardView(c.corridor, c.movers, c.effect, after[c.disposal], c)


def shared_decks(config: GameConfig) -> list[tuple[str, Multiset]]:
    """The decks beside the board at setup, shuffled (as multisets)."""
    b = base(config)
    attack = _attack_cards(_card_variants(config), hooks(config).attack_deck_source)
    events = _event_cards(_card_variants(config), hooks(config).event_deck_source)
    decks = [
        ("event", Multiset.of(events)),
        ("intruder-attack", Multiset.of(attack)),
        ("serious-wound", Multiset.of(w.effect for w in b.serious_wounds)),
        (
            "contamination",
            Multiset.of("contamination-infected" if c.infected else "contamination" for c in b.contamination),
        ),
    ]
    decks.extend(item_decks(config))
    decks.extend(hooks(config).extra_decks(config))
    return sorted(decks)


def card_clause_prefix(config: GameConfig) -> str:
    return hooks(config).card_prefix


def time_track(config: GameConfig) -> Track:
    return base(config).time_track


def time_track_start(config: GameConfig) -> int:
    return time_track(config).start_index


def time_flags(state: GameState) -> tuple[str, ...]:
    spaces = time_track(state.config).spaces
    return spaces[min(state.time, len(spaces) - 1)].flags


def self_destruct_start(config: GameConfig) -> int:
    return base(config).self_destruct_track.start_index


def self_destruct_flags(state: GameState) -> tuple[str, ...]:
    if state.self_destruct is None:
        return ()
    spaces = base(state.config).self_destruct_track.spaces
    return spaces[min(state.self_destruct, len(spaces) - 1)].flags


def starting_insanity(config: GameConfig) -> int:
    return hooks(config).starting_insanity(config)
