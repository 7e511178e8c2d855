"""The token tables: Intruder bag tokens, Insanity tokens, what the Intruder bag holds at setup, the
miniatures (how many of each type exist) and Exploration tokens, each with its loader.

The values are in ``base/intruders.toml`` and ``base/exploration_tokens.toml`` (facts.md §1, §10) and in
``void_seeders/tokens.toml``, ``void_seeders/miniatures.toml`` and ``void_seeders/exploration.toml``
(void-seeders-rulebook.txt, Components and Setup 4, 10, 18; facts.md §16); each class cites its section.
A pool holds one element per physical token, with the id ``<type>-<copy>`` (copy = 1, 2, ... in file
order). Drawing from the bag and placing tokens are rules, in :mod:`nemesis_rules.model.rules.bag`
and the families that use them; these are only the tables.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Final

from nemesis_rules.model.data.reading import ComponentTableError, Copies, Provenance, Raw, check_players, count_of

__all__ = [
    "BASE_INTRUDER_TYPES",
    "EXPLORATION_KINDS",
    "VS_INTRUDER_TYPES",
    "ExplorationPoolChange",
    "ExplorationToken",
    "InsanityToken",
    "IntruderToken",
    "Miniature",
    "SetupBag",
    "TypeOrder",
    "miniature_limit",
    "read_exploration_tokens",
    "read_intruder_tokens",
    "read_miniatures",
    "read_setup_bag",
    "vs_exploration_pool",
]

BASE_INTRUDER_TYPES: Final = ("larva", "creeper", "adult", "breeder", "queen")
VS_INTRUDER_TYPES: Final = ("lurker", "whisperer", "stalker", "despoiler", "lair")
EXPLORATION_KINDS: Final = ("malfunction", "fire", "silence", "slime", "danger", "doors", "lair")


@dataclass(frozen=True, slots=True)
class IntruderToken:
    """One Intruder-bag token (facts.md §1; Void Seeders: VS-RB Components, facts.md §16).

    ``type`` is an Intruder type (base), ``"void-seeder"`` (Void Seeders; the creature depends on the
    Insanity level) or ``"blank"``. ``number`` is the Surprise Attack threshold on its back (None on a Blank).
    """

    id: str
    type: str
    number: int | None
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class InsanityToken:
    """A Character Insanity token of one player colour (VS-RB Components, Setup 18; facts.md §16)."""

    id: str
    colour: str
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class SetupBag:
    """What goes into the Intruder bag at setup: fixed tokens plus tokens per player.

    facts.md §1; VS-RB Setup 10, 18.
    """

    fixed: tuple[tuple[str, int], ...]
    per_player: tuple[tuple[str, int], ...]
    provenance: Provenance

    def composition(self, players: int) -> tuple[tuple[str, int], ...]:
        """Token kinds and how many of each start in the bag for ``players`` players (1-5)."""
        check_players(players)
        total: Counter[str] = Counter(dict(self.fixed))
        for kind, count in self.per_player:
            total[kind] += count * players
        return tuple(total.items())


@dataclass(frozen=True, slots=True)
class Miniature:
    """How many miniatures of one type exist: a hard limit on the board (facts.md §1, §16)."""

    type: str
    count: int
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class ExplorationToken:
    """One Exploration token: its effect ``kind`` and the item number printed on it (facts.md §10, §16)."""

    id: str
    kind: str
    items: int
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class TypeOrder:
    """Void Seeder types from lowest to highest; the fallback when a type's miniatures run out (VS-RB Encounter)."""

    types: tuple[str, ...]
    provenance: Provenance

    def next_lower(self, type_: str) -> str | None:
        """The type placed instead of ``type_`` when none of it is left (None below the lowest)."""
        position = self.types.index(type_)
        return self.types[position - 1] if position > 0 else None


@dataclass(frozen=True, slots=True)
class ExplorationPoolChange:
    """Exploration tokens taken out of / added to the base pool by Void Seeders (VS-RB Setup 4)."""

    removed: tuple[tuple[str, int], ...]
    added: tuple[tuple[str, int], ...]
    provenance: Provenance


def miniature_limit(miniatures: tuple[Miniature, ...], type_: str) -> int:
    """How many miniatures of ``type_`` exist (``KeyError`` for a type the box does not have)."""
    for miniature in miniatures:
        if miniature.type == type_:
            return miniature.count
    raise KeyError(type_)


def read_intruder_tokens(
    rows: tuple[Raw, ...], types: tuple[str, ...], fixed_type: str | None
) -> tuple[IntruderToken, ...]:
    copies = Copies()
    tokens: list[IntruderToken] = []
    for row in rows:
        type_ = fixed_type if fixed_type is not None else row.choice("type", types)
        number = row.opt_integer("number")
        count = count_of(row)
        provenance = row.provenance()
        row.finish()
        if (number is None) != (type_ == "blank"):
            raise ComponentTableError(f"{row.where}: only a Blank has no number")
        tokens.extend(IntruderToken(copies.next(type_), type_, number, provenance) for _ in range(count))
    return tuple(tokens)


def read_setup_bag(row: Raw) -> SetupBag:
    bag = SetupBag(row.counts("fixed"), row.counts("per_player"), row.provenance())
    row.finish()
    return bag


def read_miniatures(rows: tuple[Raw, ...], types: tuple[str, ...]) -> tuple[Miniature, ...]:
    result = []
    for row in rows:
        result.append(Miniature(row.choice("type", types), count_of(row), row.provenance()))
        row.finish()
    return tuple(result)


def read_exploration_tokens(rows: tuple[Raw, ...]) -> tuple[ExplorationToken, ...]:
    copies = Copies()
    tokens: list[ExplorationToken] = []
    for row in rows:
        kind, items, provenance = row.choice("kind", EXPLORATION_KINDS), row.integers("items"), row.provenance()
        row.finish()
        tokens.extend(ExplorationToken(copies.next(kind), kind, number, provenance) for number in items)
    return tuple(tokens)


def vs_exploration_pool(
    base_pool: tuple[ExplorationToken, ...], change: ExplorationPoolChange, added: tuple[ExplorationToken, ...]
) -> tuple[ExplorationToken, ...]:
    """The Void Seeders exploration pool: the base pool less ``change.removed``, plus the ``added`` tokens."""
    pool = list(base_pool)
    for kind, count in change.removed:
        matching = [token for token in pool if token.kind == kind]
        if len(matching) < count:
            raise ComponentTableError(f"void_seeders/exploration.toml: cannot remove {count} {kind!r} tokens")
        for token in matching[:count]:
            pool.remove(token)
    if sorted(Counter(token.kind for token in added).items()) != sorted(change.added):
        raise ComponentTableError("void_seeders/exploration.toml: the added tokens do not match pool_change.add")
    return (*pool, *added)
