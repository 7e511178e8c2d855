"""Every place a token or card can be, read from the state itself: what the ledgers of the
conservation invariants (:mod:`.ledgers`, :mod:`.card_ledger`) are built from.

Places: the Intruder bag, the token pool beside the board, tokens set aside on Intruders,
shared decks (unknown part, known top and bottom, discard pile), characters' hands, action
decks and discard piles, Serious Wound cards on character boards, hand slots and inventories
(Item cards), quest items, exploration tokens on room tiles and in their pool, objective decks
and held objectives, the Character draft pool, escape pods, engine stacks, cards a pending
procedure holds (an Event card while its effect resolves, the cards of a search), and
``state.removed`` (out of the game).

The catalogue of places is explicit. :data:`ACCOUNTED_FIELDS` names every field of every state
class and whether it holds components; a field the engine adds later is reported by the
``conservation.fields`` invariant until it is placed here, and a kind of out-of-the-game entry
no ledger knows is reported the same way, so a new place shows up as a violation instead of
being silently ignored.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields, is_dataclass
from functools import cache, partial
from operator import attrgetter
from typing import Any

from nemesis_rules.invariants.components import box
from nemesis_rules.invariants.ledger import Counts, Key, Source, multiset_delta, tally, tally_delta
from nemesis_rules.model.core import fast
from nemesis_rules.model.core.config import GameConfig
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import Character, Deck, GameState, Intruder, Pod, RoomState

# "counted": a ledger counts what it holds; "fact": a marker, flag, number, position or a
# record of something (supplies and placement invariants cover those); "static": never changes.
ACCOUNTED_FIELDS: Mapping[str, Mapping[str, str]] = {
    "GameState": {
        "config": "static",
        "phase": "fact",
        "round": "fact",
        "pending": "counted",
        "rooms": "counted",
        "doors": "fact",
        "noise": "fact",
        "characters": "counted",
        "intruders": "counted",
        "next_intruder": "fact",
        "bag": "counted",
        "token_pool": "counted",
        "decks": "counted",
        "exploration_pool": "counted",
        "time": "fact",
        "self_destruct": "fact",
        "destination": "fact",
        "coordinates": "fact",
        "engines": "counted",
        "pods": "counted",
        "pod_pool": "counted",
        "eggs": "fact",
        "weaknesses": "fact",
        "discovered": "fact",
        "first_player": "fact",
        "first_encounter": "fact",
        "objective_decks": "counted",
        "draft_pool": "counted",
        "flags": "fact",
        "removed": "counted",
        "end": "fact",
        "placed_tiles": "fact",
    },
    "Character": {
        "player": "fact",
        "name": "counted",
        "position": "fact",
        "status": "fact",
        "hand": "counted",
        "deck": "counted",
        "discard": "counted",
        "light_wounds": "fact",
        "serious_wounds": "counted",
        "dressed": "fact",
        "slime": "fact",
        "larva": "fact",
        "signal": "fact",
        "passed": "fact",
        "insanity": "fact",
        "objectives": "counted",
        "hands": "counted",
        "inventory": "counted",
        "ammo": "fact",
        "mods": "counted",
        "quests": "counted",
    },
    "RoomState": {
        "tile": "fact",
        "explored": "fact",
        "token": "counted",
        "items": "fact",
        "fire": "fact",
        "malfunction": "fact",
        "objects": "fact",
    },
    "Intruder": {"id": "fact", "kind": "fact", "position": "fact", "injuries": "fact", "token": "counted"},
    "Deck": {"unknown": "counted", "top": "counted", "bottom": "counted", "discard": "counted"},
    "Pod": {"number": "counted", "section": "fact", "locked": "fact", "occupants": "fact", "launched": "fact"},
}

STATE_CLASSES: tuple[type, ...] = (GameState, Character, RoomState, Intruder, Deck, Pod)


@cache
def unaccounted_fields() -> tuple[str, ...]:
    """``Class.field`` for every field of the state classes :data:`ACCOUNTED_FIELDS` does not place."""
    out: list[str] = []
    for cls in STATE_CLASSES:
        known = ACCOUNTED_FIELDS.get(cls.__name__, {})
        if is_dataclass(cls):
            out.extend(f"{cls.__name__}.{f.name}" for f in fields(cls) if f.name not in known)
    return tuple(out)


ITEMS = "items"
"""Item cards of every Item deck and the starting weapons, counted together: a card's slug does
not tell which deck it came from (Clothes is in two decks)."""
TOKEN = "token"
EXPLORATION = "exploration"


# -- out of the game -------------------------------------------------------------------------

REMOVED_KINDS: Mapping[str, str] = {
    "exploration": EXPLORATION,
    "token": TOKEN,
    "pod": "pod",
    "objective": "objective",
    "item": ITEMS,
}
"""Out-of-the-game entries ``<kind>:<key>`` and the category they count in, besides shared
decks (``<deck name>:<card>``, e.g. ``event:<card>``) and ``card:<card>`` (the shared deck
holding that card)."""

_removed_memo: dict[int, tuple[Multiset, GameConfig, tuple[str, ...], Counts]] = {}
"""The last few results by the identity of ``state.removed`` (each ledger asks for the states
before and after a transition in turn, so one entry is not enough)."""
_REMOVED_MEMO_SIZE = 8


def removed_counts(state: GameState) -> Counts:
    """``state.removed`` by (category, key); kinds no category knows stay as ``removed:<kind>``.
    An ``item:`` entry naming a character's own quest item counts as that quest item."""
    removed = state.removed
    names = tuple(c.name for c in state.characters)
    hit = _removed_memo.get(id(removed))
    if hit is not None:
        last, config, last_names, counts = hit
        if last is removed and config is state.config and last_names == names:
            return counts
    key_of = _removed_keys(state.config, names)
    out: Counts = {}
    for entry, n in removed.items():
        k = key_of(entry)
        out[k] = out.get(k, 0) + n
    if len(_removed_memo) >= _REMOVED_MEMO_SIZE:
        _removed_memo.clear()
    _removed_memo[id(removed)] = (removed, state.config, names, out)
    return out


_removed_key_memo: dict[tuple[int, tuple[str, ...]], tuple[GameConfig, Callable[[str], Key]]] = {}
"""The entry classifier of a config and the characters chosen, by the config's identity."""


def _removed_keys(config: GameConfig, names: tuple[str, ...]) -> Callable[[str], Key]:
    """The (category, key) of an out-of-the-game entry under ``config`` with the characters
    ``names`` (player order), each entry worked out once."""
    hit = _removed_key_memo.get((id(config), names))
    if hit is not None and hit[0] is config:
        return hit[1]
    b = box(config)
    quest_owner = {slug: player for player, name in enumerate(names, 1) for slug in b.quest_items.get(name, ())}
    known: dict[str, Key] = {}

    def key_of(entry: str) -> Key:
        found = known.get(entry)
        if found is not None:
            return found
        kind, _, key = entry.partition(":")
        if kind == "item" and key in quest_owner:
            category = f"quest:{quest_owner[key]}"
        elif kind in REMOVED_KINDS:
            category = REMOVED_KINDS[kind]
        elif kind in b.decks:
            category = ITEMS if kind in b.item_decks else f"deck:{kind}"
        elif kind == "action-card" and ":" in key:
            player, _, key = key.partition(":")
            category = f"action:{player}"
        elif kind == "card" and _deck_of(b.decks, key):
            name = _deck_of(b.decks, key)
            category = ITEMS if name in b.item_decks else f"deck:{name}"
        else:
            category = f"removed:{kind}"
        known[entry] = found = (category, key)
        return found

    if len(_removed_key_memo) >= _REMOVED_MEMO_SIZE:
        _removed_key_memo.clear()
    _removed_key_memo[(id(config), names)] = (config, key_of)
    return key_of


def unknown_removed_kinds(state: GameState) -> list[str]:
    """Kinds of out-of-the-game entries that no ledger counts."""
    return sorted({c.removeprefix("removed:") for c, _ in removed_counts(state) if c.startswith("removed:")})


def _deck_of(decks: Mapping[str, Multiset], card: str) -> str:
    for name, cards in decks.items():
        if card in cards:
            return name
    return ""


def removed_source(*categories: str, prefixes: tuple[str, ...] = ()) -> Source:
    """The out-of-the-game entries of some categories, and of every category starting with one
    of ``prefixes``. A transition usually puts one or two entries out of the game: the
    difference looks at those alone (when the characters are the same, an entry counts in the
    same category before and after)."""
    wanted = frozenset(categories)

    def count(state: GameState, value: Any, acc: Counts, sign: int) -> None:
        for (category, key), n in removed_counts(state).items():
            if category in wanted or (prefixes and category.startswith(prefixes)):
                k = (category, key)
                acc[k] = acc.get(k, 0) + sign * n

    def differ(before: GameState, after: GameState, old: Any, new: Any, acc: Counts) -> None:
        names = tuple(c.name for c in after.characters)
        if before.config is not after.config or names != tuple(c.name for c in before.characters):
            count(before, old, acc, -1)
            count(after, new, acc, 1)
            return
        key_of = _removed_keys(after.config, names)
        for entry, n in multiset_delta(old, new).items():
            k = key_of(entry)
            category = k[0]
            if category in wanted or (prefixes and category.startswith(prefixes)):
                acc[k] = acc.get(k, 0) + n

    return Source("removed", count, differ, character_reads=frozenset({"name"}))


def multiset_source(field: str, category: str) -> Source:
    """A multiset field (the bag, a pool) whose every key counts under ``category``; a
    transition that draws one of its components is counted by that one key's change."""

    def count(state: GameState, value: Any, acc: Counts, sign: int) -> None:
        tally(acc, category, value, sign)

    def differ(before: GameState, after: GameState, old: Any, new: Any, acc: Counts) -> None:
        tally_delta(acc, category, old, new)

    return Source(field, count, differ)


# -- characters: the fields that hold components ------------------------------------------


def multiset_counts(state: GameState, c: Character, value: Multiset) -> dict[str, int]:
    return dict(value.items())


def strings(value: Iterable[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for key in value:
        out[key] = out.get(key, 0) + 1
    return out


@dataclass(frozen=True, slots=True)
class CharacterPart:
    """A field of a character holding cards: what it holds (``extract(state, character,
    value)``) and under which category each card counts (``category(state, player)`` gives
    the key -> category map)."""

    extract: Callable[[GameState, Character, Any], dict[str, int]]
    category: Callable[[GameState, int], Callable[[str], str]]


def fixed(category: str) -> Callable[[GameState, int], Callable[[str], str]]:
    return lambda state, player: lambda key: category


def character_parts(parts: Mapping[str, CharacterPart]) -> Source:
    """The source of the cards the characters hold in the fields ``parts`` names. Its
    difference is generated by :func:`_make_character_delta`; :func:`_character_delta_plain`
    is beside it (in :data:`PLAIN_DIFFERS`), held equal on seeded games' transitions by
    tests/invariants/test_ledger_fast.py."""

    def count(state: GameState, value: Any, acc: Counts, sign: int) -> None:
        for c in value:
            for name, part in parts.items():
                held = part.extract(state, c, getattr(c, name))
                if held:
                    category = part.category(state, c.player)
                    for key, n in held.items():
                        k = (category(key), key)
                        acc[k] = acc.get(k, 0) + sign * n

    names = tuple(parts)
    listed = tuple(parts.values())
    many = attrgetter(*names)
    read: Callable[[Character], tuple[Any, ...]] = many if len(names) > 1 else lambda c: (many(c),)
    shape = _PartsShape(listed, read, count)
    differ = _make_character_delta(names, listed, count)
    PLAIN_DIFFERS[differ] = partial(_character_delta_plain, shape)
    return Source("characters", count, differ, character_reads=frozenset(parts))


PLAIN_DIFFERS: dict[Callable[..., None], Callable[..., None]] = {}
"""Each generated difference of a :func:`character_parts` source with its plain version."""


@dataclass(frozen=True, slots=True)
class _PartsShape:
    """What the plain difference of a :func:`character_parts` source needs: its parts in field
    order, the reader of those fields of a character (a tuple), and the full count."""

    listed: tuple[CharacterPart, ...]
    read: Callable[[Character], tuple[Any, ...]]
    count: Callable[[GameState, Any, Counts, int], None]


def _make_character_delta(
    names: tuple[str, ...], listed: tuple[CharacterPart, ...], count: Callable[[GameState, Any, Counts, int], None]
) -> Callable[[GameState, GameState, Any, Any, Counts], None]:
    """The difference of a :func:`character_parts` source, :func:`_character_delta_plain` as
    generated straight-line code (``fast.parts_difference``): parts counted by the same category
    function share one net, as in the plain version."""
    extracts = tuple(None if part.extract is multiset_counts else part.extract for part in listed)
    return fast.parts_difference(names, extracts, tuple(part.category for part in listed), count, _apply_net)


def _apply_net(
    net: dict[str, int],
    category_of: Callable[[GameState, int], Callable[[str], str]],
    after: GameState,
    character: Character,
    acc: Counts,
) -> None:
    """Add a part group's net change (card key -> count) under each card's category."""
    category = None
    for key, n in net.items():
        if n:
            if category is None:
                category = category_of(after, character.player)
            k = (category(key), key)
            acc[k] = acc.get(k, 0) + n


def _character_delta_plain(
    shape: _PartsShape, before: GameState, after: GameState, old: Any, new: Any, acc: Counts
) -> None:
    """The difference of a :func:`character_parts` source (after minus before), character by
    character and part by part."""
    if len(old) != len(new):
        shape.count(before, old, acc, -1)
        shape.count(after, new, acc, 1)
        return
    read = shape.read
    for a, b in zip(old, new, strict=True):
        if a is b:
            continue
        held_a, held_b = read(a), read(b)
        if held_a == held_b:  # the character changed, but nothing that holds cards did
            continue
        # parts counted the same way share one net change: a card moving from the action
        # deck to the hand is no change at all
        nets: dict[Callable[[GameState, int], Callable[[str], str]], dict[str, int]] = {}
        for part, va, vb in zip(shape.listed, held_a, held_b, strict=True):
            if va is vb:
                continue
            net = nets.setdefault(part.category, {})
            if part.extract is multiset_counts:
                for key, n in multiset_delta(va, vb).items():
                    net[key] = net.get(key, 0) + n
                continue
            for key, n in part.extract(after, b, vb).items():
                net[key] = net.get(key, 0) + n
            for key, n in part.extract(before, a, va).items():
                net[key] = net.get(key, 0) - n
        for category_of, net in nets.items():
            category = None
            for key, n in net.items():
                if n:
                    if category is None:
                        category = category_of(after, b.player)
                    k = (category(key), key)
                    acc[k] = acc.get(k, 0) + n
