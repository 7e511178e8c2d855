"""The component tables of a whole ruleset: every deck, token pool, die, supply and track of the base
game (:class:`BaseComponents`) and of Void Seeders (:class:`VoidSeedersComponents`, which keeps the
base tables it does not replace), loaded for one choice of data variants.

This module only assembles: it opens the TOML files of ``model/data/base/`` and ``model/data/void_seeders/``
and hands each table to the loader of the module that defines its entries. The values come from
``facts.md`` (each class cites its section) and ``void-seeders-rulebook.txt`` ("VS-RB"):

* :mod:`~nemesis_rules.model.data.reading`: the TOML reader, data variants, :class:`Provenance`;
* :mod:`~nemesis_rules.model.data.tokens`: Intruder and Insanity tokens, the setup bag, miniatures,
  Exploration tokens;
* :mod:`~nemesis_rules.model.data.intruder_decks`: Attack, Event and Weakness cards;
* :mod:`~nemesis_rules.model.data.character_decks`: Serious Wounds, Contamination, Objectives, Panic cards;
* :mod:`~nemesis_rules.model.data.items`: the Item decks and weapon data;
* :mod:`~nemesis_rules.model.data.characters`: Characters, their Action decks and Quest Items;
* :mod:`~nemesis_rules.model.data.tracks`: dice, supplies, Escape Pods, Coordinates cards, the tracks.

Conventions other code relies on: every entry carries a :class:`Provenance`; decks and token pools are
tuples with one element per physical card or token, each with an ``id`` unique in its deck:
``<slug>-<copy>`` (copy = 1, 2, ... in file order; tokens ``<type>-<copy>``), items
``<colour>-<slug>-<copy>``, action cards ``<character>-<slug>-<copy>``, quest items and starting weapons
``<character>-<slug>``, objectives and base weaknesses ``<slug>``. Cards have an ``effect`` id: the slug
of the card name (``"Evacuation Pod Ejection"`` -> ``"evacuation-pod-ejection"``; both Hunt cards share
``"hunt"``). The clause catalogue names an effect ``<ruleset>.<deck>.<effect>``
(``base.event-card.hunt``, ``vs.panic-card.sabotage``).

Entry points: :func:`base_components` and :func:`void_seeders_components` (both cached per variant
choice). A game reads them through :mod:`~nemesis_rules.model.data.tables`, which picks the config's
choice; the rule family's view of the Void Seeders tables is :mod:`nemesis_rules.model.rules.void_seeders.components`.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from nemesis_rules.model.data.character_decks import (
    ContaminationCard,
    Objective,
    ObjectiveKind,
    PanicCard,
    SeriousWound,
    read_contamination,
    read_objectives,
    read_panic_cards,
    read_serious_wounds,
)
from nemesis_rules.model.data.characters import Character, read_characters
from nemesis_rules.model.data.intruder_decks import (
    AttackCard,
    EventCard,
    Weakness,
    WeaknessSetup,
    read_attack_cards,
    read_event_cards,
    read_weaknesses,
)
from nemesis_rules.model.data.items import ItemCard, read_items
from nemesis_rules.model.data.reading import Provenance, Raw, VariantKey, check_players, resolve_variants, root_table
from nemesis_rules.model.data.tokens import (
    BASE_INTRUDER_TYPES,
    VS_INTRUDER_TYPES,
    ExplorationPoolChange,
    ExplorationToken,
    InsanityToken,
    IntruderToken,
    Miniature,
    SetupBag,
    TypeOrder,
    miniature_limit,
    read_exploration_tokens,
    read_intruder_tokens,
    read_miniatures,
    read_setup_bag,
    vs_exploration_pool,
)
from nemesis_rules.model.data.tracks import (
    CoordinatesCard,
    Die,
    EscapePods,
    InsanityTrack,
    Supply,
    Track,
    read_coordinates,
    read_die,
    read_escape_pods,
    read_insanity_track,
    read_supplies,
    read_track,
)

__all__ = [
    "BaseComponents",
    "VoidSeedersComponents",
    "base_components",
    "void_seeders_components",
]


@dataclass(frozen=True, slots=True)
class BaseComponents:
    """Every component table of the base game, for one choice of data variants (``variants``)."""

    variants: VariantKey
    intruder_tokens: tuple[IntruderToken, ...]
    setup_bag: SetupBag
    miniatures: tuple[Miniature, ...]
    attack_cards: tuple[AttackCard, ...]
    event_cards: tuple[EventCard, ...]
    serious_wounds: tuple[SeriousWound, ...]
    contamination: tuple[ContaminationCard, ...]
    exploration_tokens: tuple[ExplorationToken, ...]
    red_items: tuple[ItemCard, ...]
    yellow_items: tuple[ItemCard, ...]
    green_items: tuple[ItemCard, ...]
    crafted_items: tuple[ItemCard, ...]
    characters: tuple[Character, ...]
    objectives: tuple[Objective, ...]
    weaknesses: tuple[Weakness, ...]
    weakness_setup: WeaknessSetup
    coordinates: tuple[CoordinatesCard, ...]
    noise_die: Die
    combat_die: Die
    supplies: tuple[Supply, ...]
    escape_pods: EscapePods
    time_track: Track
    self_destruct_track: Track
    destination_track: Track

    def item_deck(self, colour: str) -> tuple[ItemCard, ...]:
        """The Item deck of ``colour``: red, yellow, green, or blue (crafted)."""
        decks = {
            "red": self.red_items,
            "yellow": self.yellow_items,
            "green": self.green_items,
            "blue": self.crafted_items,
        }
        if colour not in decks:
            raise KeyError(colour)
        return decks[colour]

    def character(self, character_id: str) -> Character:
        """The Character with this id (captain, pilot, scientist, scout, soldier, mechanic)."""
        for character in self.characters:
            if character.id == character_id:
                return character
        raise KeyError(character_id)

    def objectives_for(self, players: int, kind: ObjectiveKind | None = None) -> tuple[Objective, ...]:
        """Objectives left after setup removes those needing more than ``players`` players."""
        check_players(players)
        return tuple(
            card for card in self.objectives if card.min_players <= players and (kind is None or card.kind == kind)
        )

    def supply(self, supply_id: str) -> Supply:
        """The supply with this id (noise, fire, malfunction, door, egg, ...)."""
        for entry in self.supplies:
            if entry.id == supply_id:
                return entry
        raise KeyError(supply_id)

    def miniature_limit(self, type_: str) -> int:
        """How many miniatures of an Intruder type exist."""
        return miniature_limit(self.miniatures, type_)

    def provenance_entries(self) -> Iterator[tuple[str, Provenance]]:
        """Every entry as (label, provenance), for a provenance report."""
        yield from _labelled("intruder-token", self.intruder_tokens)
        yield "setup-bag", self.setup_bag.provenance
        for miniature in self.miniatures:
            yield f"miniature:{miniature.type}", miniature.provenance
        yield from _labelled("attack-card", self.attack_cards)
        yield from _labelled("event-card", self.event_cards)
        yield from _labelled("serious-wound", self.serious_wounds)
        yield from _labelled("contamination", self.contamination)
        yield from _labelled("exploration-token", self.exploration_tokens)
        for deck in (self.red_items, self.yellow_items, self.green_items, self.crafted_items):
            yield from _labelled("item", deck)
        for character in self.characters:
            yield f"character:{character.id}", character.provenance
            yield f"starting-weapon:{character.weapon.id}", character.weapon.provenance
            yield from _labelled("action-card", character.action_cards)
            yield from _labelled("quest-item", character.quest_items)
        yield from _labelled("objective", self.objectives)
        yield from _labelled("weakness", self.weaknesses)
        yield "weakness-setup", self.weakness_setup.provenance
        yield from _labelled("coordinates", self.coordinates)
        yield from _labelled("die", (self.noise_die, self.combat_die))
        yield from _labelled("supply", self.supplies)
        yield "escape-pods", self.escape_pods.provenance
        yield from _labelled("track", (self.time_track, self.self_destruct_track, self.destination_track))


@dataclass(frozen=True, slots=True)
class VoidSeedersComponents:
    """The Void Seeders component tables, plus ``base`` (decks the expansion keeps) for the same variants.

    The expansion replaces the Intruder tokens, Attack, Event and Weakness decks and the exploration pool;
    items, Characters, Objectives, Serious Wounds, Contamination, dice, supplies and tracks stay the base ones.
    """

    variants: VariantKey
    base: BaseComponents
    void_seeder_tokens: tuple[IntruderToken, ...]
    blank_tokens: tuple[IntruderToken, ...]
    insanity_tokens: tuple[InsanityToken, ...]
    setup_bag: SetupBag
    miniatures: tuple[Miniature, ...]
    type_order: TypeOrder
    insanity_track: InsanityTrack
    panic_cards: tuple[PanicCard, ...]
    attack_cards: tuple[AttackCard, ...]
    event_cards: tuple[EventCard, ...]
    weaknesses: tuple[Weakness, ...]
    weakness_setup: WeaknessSetup
    lair_tokens: tuple[ExplorationToken, ...]
    exploration_change: ExplorationPoolChange
    exploration_tokens: tuple[ExplorationToken, ...]

    def miniature_limit(self, type_: str) -> int:
        """How many miniatures of a Void Seeder type (or Lairs) exist."""
        return miniature_limit(self.miniatures, type_)

    def insanity_token(self, colour: str) -> InsanityToken:
        """The Insanity token of a player colour."""
        for token in self.insanity_tokens:
            if token.colour == colour:
                return token
        raise KeyError(colour)

    def provenance_entries(self) -> Iterator[tuple[str, Provenance]]:
        """Every Void Seeders entry as (label, provenance); the base entries are in ``base``."""
        yield from _labelled("vs-token", self.void_seeder_tokens + self.blank_tokens)
        yield from _labelled("insanity-token", self.insanity_tokens)
        yield "vs-setup-bag", self.setup_bag.provenance
        for miniature in self.miniatures:
            yield f"vs-miniature:{miniature.type}", miniature.provenance
        yield "vs-type-order", self.type_order.provenance
        yield "insanity-track", self.insanity_track.provenance
        yield from _labelled("panic-card", self.panic_cards)
        yield from _labelled("vs-attack-card", self.attack_cards)
        yield from _labelled("vs-event-card", self.event_cards)
        yield from _labelled("vs-weakness", self.weaknesses)
        yield "vs-weakness-setup", self.weakness_setup.provenance
        yield from _labelled("vs-exploration-token", self.exploration_tokens)
        yield "vs-exploration-change", self.exploration_change.provenance


def _labelled(kind: str, entries: tuple[Any, ...]) -> Iterator[tuple[str, Provenance]]:
    for entry in entries:
        yield f"{kind}:{entry.id}", entry.provenance


# ------------------------------------------------------------------------------------------- loading


@functools.lru_cache(maxsize=64)
def _load_base(key: VariantKey) -> BaseComponents:
    variants = dict(key)

    def root(name: str) -> Raw:
        return root_table("base", name, variants)

    intruders = root("intruders.toml")
    tokens = read_intruder_tokens(intruders.tables("token"), (*BASE_INTRUDER_TYPES, "blank"), None)
    setup_bag = read_setup_bag(intruders.table("setup_bag"))
    miniatures = read_miniatures(intruders.tables("miniature"), BASE_INTRUDER_TYPES)
    intruders.finish()

    attack_root, event_root = root("attack_cards.toml"), root("event_cards.toml")
    attack_cards = read_attack_cards(attack_root, BASE_INTRUDER_TYPES)
    event_cards = read_event_cards(event_root, BASE_INTRUDER_TYPES)
    wound_root, contamination_root = root("serious_wounds.toml"), root("contamination.toml")
    serious_wounds, contamination = read_serious_wounds(wound_root), read_contamination(contamination_root)
    exploration_root = root("exploration_tokens.toml")
    exploration = read_exploration_tokens(exploration_root.tables("token"))
    items_root, characters_root = root("items.toml"), root("characters.toml")
    items, characters = read_items(items_root), read_characters(characters_root)
    objectives_root, weakness_root = root("objectives.toml"), root("weaknesses.toml")
    objectives = read_objectives(objectives_root)
    weaknesses, weakness_setup = read_weaknesses(weakness_root)
    coordinates_root, dice_root = root("coordinates.toml"), root("dice.toml")
    coordinates = read_coordinates(coordinates_root)
    noise_die, combat_die = read_die(dice_root, "noise"), read_die(dice_root, "combat")
    supplies_root = root("supplies.toml")
    supplies, escape_pods = read_supplies(supplies_root), read_escape_pods(supplies_root.table("escape_pods"))
    time_track = read_track(supplies_root, "time_track")
    self_destruct_track = read_track(supplies_root, "self_destruct_track")
    destination_track = read_track(supplies_root, "destination_track")
    for finished in (
        attack_root,
        event_root,
        wound_root,
        contamination_root,
        exploration_root,
        items_root,
        characters_root,
        objectives_root,
        weakness_root,
        coordinates_root,
        dice_root,
        supplies_root,
    ):
        finished.finish()

    return BaseComponents(
        variants=key,
        intruder_tokens=tokens,
        setup_bag=setup_bag,
        miniatures=miniatures,
        attack_cards=attack_cards,
        event_cards=event_cards,
        serious_wounds=serious_wounds,
        contamination=contamination,
        exploration_tokens=exploration,
        red_items=items["red"],
        yellow_items=items["yellow"],
        green_items=items["green"],
        crafted_items=items["blue"],
        characters=characters,
        objectives=objectives,
        weaknesses=weaknesses,
        weakness_setup=weakness_setup,
        coordinates=coordinates,
        noise_die=noise_die,
        combat_die=combat_die,
        supplies=supplies,
        escape_pods=escape_pods,
        time_track=time_track,
        self_destruct_track=self_destruct_track,
        destination_track=destination_track,
    )


@functools.lru_cache(maxsize=64)
def _load_void_seeders(key: VariantKey) -> VoidSeedersComponents:
    variants = dict(key)

    def root(name: str) -> Raw:
        return root_table("void_seeders", name, variants)

    seeder_types = VS_INTRUDER_TYPES[:4]
    tokens_root = root("tokens.toml")
    seeder_tokens = read_intruder_tokens(tokens_root.tables("void_seeder_token"), (), "void-seeder")
    blank_tokens = read_intruder_tokens((tokens_root.table("blank"),), (), "blank")
    insanity_row = tokens_root.table("insanity")
    insanity_provenance = insanity_row.provenance()
    insanity_tokens = tuple(
        InsanityToken(f"insanity-{colour}", colour, insanity_provenance) for colour in insanity_row.texts("colours")
    )
    insanity_row.finish()
    setup_bag = read_setup_bag(tokens_root.table("setup_bag"))

    miniatures_root = root("miniatures.toml")
    miniatures = read_miniatures(miniatures_root.tables("miniature"), VS_INTRUDER_TYPES)
    order_row = miniatures_root.table("type_order")
    type_order = TypeOrder(order_row.texts("types", seeder_types), order_row.provenance())
    order_row.finish()

    insanity_root = root("insanity.toml")
    insanity_track = read_insanity_track(insanity_root.table("track"), seeder_types)
    panic_root, attack_root, event_root = root("panic_cards.toml"), root("attack_cards.toml"), root("event_cards.toml")
    panic_cards = read_panic_cards(panic_root)
    attack_cards = read_attack_cards(attack_root, seeder_types)
    event_cards = read_event_cards(event_root, seeder_types)
    weakness_root = root("weaknesses.toml")
    weaknesses, weakness_setup = read_weaknesses(weakness_root)

    exploration_root = root("exploration.toml")
    lair_tokens = read_exploration_tokens(exploration_root.tables("token"))
    change_row = exploration_root.table("pool_change")
    change = ExplorationPoolChange(change_row.counts("remove"), change_row.counts("add"), change_row.provenance())
    change_row.finish()
    for finished in (
        tokens_root,
        miniatures_root,
        insanity_root,
        panic_root,
        attack_root,
        event_root,
        weakness_root,
        exploration_root,
    ):
        finished.finish()

    base = _load_base(key)
    return VoidSeedersComponents(
        variants=key,
        base=base,
        void_seeder_tokens=seeder_tokens,
        blank_tokens=blank_tokens,
        insanity_tokens=insanity_tokens,
        setup_bag=setup_bag,
        miniatures=miniatures,
        type_order=type_order,
        insanity_track=insanity_track,
        panic_cards=panic_cards,
        attack_cards=attack_cards,
        event_cards=event_cards,
        weaknesses=weaknesses,
        weakness_setup=weakness_setup,
        lair_tokens=lair_tokens,
        exploration_change=change,
        exploration_tokens=vs_exploration_pool(base.exploration_tokens, change, lair_tokens),
    )


def base_components(variants: Mapping[str, str] | None = None) -> BaseComponents:
    """All base-game component tables for a choice of data variants (missing families take their default).

    Raises ``ValueError`` for an unknown variant family or option. Results are cached per choice.
    """
    return _load_base(resolve_variants(variants))


def void_seeders_components(variants: Mapping[str, str] | None = None) -> VoidSeedersComponents:
    """All Void Seeders component tables (and the base ones it keeps) for a choice of data variants.

    Raises ``ValueError`` for an unknown variant family or option. Results are cached per choice.
    """
    return _load_void_seeders(resolve_variants(variants))
