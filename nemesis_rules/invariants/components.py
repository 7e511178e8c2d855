"""What the box holds for one game: supplies, miniature limits and the full inventory of every
token and card. The limits the rule texts state (supplies, miniatures, pods by player count,
seats, track lengths, Weakness slots) are the specification's numbers
(:mod:`nemesis_rules.rulebook.spec`), never the engine's tables: an invariant that read the table
the engine reads could not catch a wrong number in it. The inventories (which cards, which
tokens) come from the component tables (:mod:`nemesis_rules.model.data.tables`); a supply the
specification does not state (status markers, ammo) too.

Invariants run after every transition, so the tables of a config are computed once and kept
by the config's identity (every state of a game shares its config object).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TypeVar

from nemesis_rules.model.core.config import GameConfig
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.void_seeders.components import insanity_token
from nemesis_rules.rulebook.spec import spec, spec_value

T = TypeVar("T")
_CACHE_SIZE = 64


def per_config(fn: Callable[[GameConfig], T]) -> Callable[[GameConfig], T]:
    """Cache ``fn(config)`` by the config object's identity, and behind that by its value (every
    game builds its own config object; games with the same choices share the tables)."""
    memo: dict[int, tuple[GameConfig, T]] = {}
    by_value: dict[tuple[object, ...], T] = {}

    def cached(config: GameConfig) -> T:
        hit = memo.get(id(config))
        if hit is not None and hit[0] is config:
            return hit[1]
        key = config.key
        if key in by_value:
            value = by_value[key]
        else:
            value = by_value[key] = fn(config)
        if len(memo) >= _CACHE_SIZE:
            memo.clear()
        if len(by_value) >= _CACHE_SIZE:
            by_value.clear()
        memo[id(config)] = (config, value)
        return value

    cached.__doc__ = fn.__doc__
    return cached


@dataclass(frozen=True, slots=True)
class Box:
    """Everything of one game's components that the invariants count."""

    supplies: Mapping[str, int]
    """Marker and token supplies by id (noise, fire, malfunction, door, egg, carcass, ...)."""
    miniatures: Mapping[str, int]
    """Miniature limit by Intruder type, for the game's ruleset."""
    intruder_tokens: Multiset
    """Every Intruder-bag token of the ruleset, by its bag key."""
    exploration_tokens: Multiset
    decks: Mapping[str, Multiset]
    """Every shared deck's full contents (event, intruder-attack, serious-wound, contamination,
    the Item decks red, yellow, green and blue (crafted), ...)."""
    item_decks: frozenset[str]
    starting_weapons: Mapping[str, str]
    """Each Character's starting weapon slug, by Character."""
    quest_items: Mapping[str, tuple[str, ...]]
    """Each Character's quest items, by Character."""
    objectives: Multiset
    characters: Multiset
    """The Character draft cards."""
    pods: Multiset
    """Escape pod tokens by number."""
    pods_in_play: int
    pod_seats: int
    weaknesses: frozenset[str]
    weakness_slots: int
    time_spaces: int
    time_flags: tuple[tuple[str, ...], ...]
    self_destruct_spaces: int
    destinations: frozenset[str]
    first_blue: int = 0
    """Index of the Time track's first blue space (hibernation opens there), from the specification."""


SPEC_SUPPLIES = {
    "noise": "supply.noise",
    "fire": "supply.fire",
    "malfunction": "supply.malfunction",
    "door": "supply.door",
    "egg": "supply.egg",
    "carcass": "supply.carcass",
    "corpse-blue": "supply.corpse-blue",
    "corpse-red": "supply.corpse-red",
    "engine": "supply.engine-tokens",
    "escape-pod": "supply.escape-pods",
}
"""Supply id (as the component tables name it) → the specification number that states it."""


def _ruleset_miniatures(config: GameConfig) -> dict[str, int]:
    """Miniatures by type, as the specification states them for the game's ruleset (a type the
    specification does not list for it has none)."""
    prefix = f"miniatures.{config.ruleset.name}."
    return {key.removeprefix(prefix): n.at() for key, n in spec().items() if key.startswith(prefix)}


def _supplies(config: GameConfig) -> dict[str, int]:
    supplies = {s.id: s.count for s in tables.base(config).supplies}
    supplies.update({name: spec_value(number) for name, number in SPEC_SUPPLIES.items()})
    return supplies


def _ruleset_tokens(config: GameConfig) -> Multiset:
    """Every bag token of the ruleset. Void Seeders: the Void Seeder tokens, the Blank, and the
    Insanity token of each player's colour (the other colours stay in the box)."""
    if config.ruleset.name == "void-seeders":
        vs = tables.void_seeders(config)
        insanity = (insanity_token(config, p) for p in range(1, config.players + 1))
        return Multiset.of((*(tables.token_key(t) for t in (*vs.void_seeder_tokens, *vs.blank_tokens)), *insanity))
    return Multiset.of(tables.token_key(t) for t in tables.base(config).intruder_tokens)


@per_config
def box(config: GameConfig) -> Box:
    """The components of the game ``config`` describes."""
    base = tables.base(config)
    corporate, personal = tables.objective_decks(config)
    return Box(
        supplies=_supplies(config),
        miniatures=_ruleset_miniatures(config),
        intruder_tokens=_ruleset_tokens(config),
        exploration_tokens=tables.exploration_tokens(config),
        decks=dict(tables.shared_decks(config)),
        item_decks=frozenset(name for name, _ in tables.item_decks(config)),
        starting_weapons={name: tables.starting_weapon(config, name)[0] for name in tables.character_names(config)},
        quest_items={name: tables.quest_items(config, name) for name in tables.character_names(config)},
        objectives=corporate.union(personal),
        characters=Multiset.of(tables.character_names(config)),
        pods=Multiset.of(str(n) for n in tables.pod_numbers(config)),
        pods_in_play=spec_value("pods.in-play", config.players),
        pod_seats=spec_value("pods.seats"),
        weaknesses=frozenset(tables.weakness_cards(config)),
        weakness_slots=spec_value("weaknesses.slots"),
        time_spaces=spec_value("track.time.spaces"),
        time_flags=tuple(space.flags for space in base.time_track.spaces),
        first_blue=spec_value("track.time.first-blue"),
        self_destruct_spaces=spec_value("track.self-destruct.spaces"),
        destinations=frozenset("ABCD"[: spec_value("track.destination.spaces")]),
    )
