"""The ledger of cards (:mod:`.ledger`): shared decks and their discard piles, characters'
hands, action decks and discard piles, Serious Wound cards on character boards, Item cards in
hand slots and inventories, quest items, cards a pending procedure holds, and cards out of the
game."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from nemesis_rules.invariants.components import box, per_config
from nemesis_rules.invariants.ledger import Counts, Ledger, Source, tally, tally_delta
from nemesis_rules.invariants.places import (
    ITEMS,
    CharacterPart,
    character_parts,
    fixed,
    multiset_counts,
    removed_source,
    strings,
)
from nemesis_rules.model.core.config import GameConfig
from nemesis_rules.model.core.frames import Frame
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import Character, GameState
from nemesis_rules.model.data import tables

# -- cards -------------------------------------------------------------------------------------

ATTACHED_CARD = "extended-magazine:"
"""The prefix of a mod that is an Item card attached to a weapon."""


def _deck_category(state: GameState, name: str) -> str:
    return ITEMS if name in box(state.config).item_decks else f"deck:{name}"


def _deck_cards(state: GameState, value: Any, acc: Counts, sign: int) -> None:
    for name, deck in value:
        category = _deck_category(state, name)
        tally(acc, category, deck.unknown, sign)
        tally(acc, category, deck.top, sign)
        tally(acc, category, deck.bottom, sign)
        tally(acc, category, deck.discard, sign)


def _deck_delta(before: GameState, after: GameState, old: Any, new: Any, acc: Counts) -> None:
    if len(old) != len(new):
        _deck_cards(before, old, acc, -1)
        _deck_cards(after, new, acc, 1)
        return
    for (name_a, a), (name_b, b) in zip(old, new, strict=True):
        if a is b and name_a == name_b:
            continue
        if name_a != name_b:
            _deck_cards(before, ((name_a, a),), acc, -1)
            _deck_cards(after, ((name_b, b),), acc, 1)
            continue
        category = _deck_category(after, name_b)
        if a.unknown is not b.unknown:
            tally_delta(acc, category, a.unknown, b.unknown)
        if a.discard is not b.discard:
            tally_delta(acc, category, a.discard, b.discard)
        for part in ("top", "bottom"):
            pa, pb = getattr(a, part), getattr(b, part)
            if pa is not pb:
                tally(acc, category, pa, -1)
                tally(acc, category, pb, 1)


@per_config
def _contamination_cards(config: GameConfig) -> frozenset[str]:
    deck = box(config).decks.get("contamination")
    return frozenset(deck.distinct()) if deck is not None else frozenset()


def _own_card_category(state: GameState, player: int) -> Callable[[str], str]:
    """A character's cards are its own action cards and Contamination cards (their own deck)."""
    contamination = _contamination_cards(state.config)
    own = f"action:{player}"
    return lambda key: "deck:contamination" if key in contamination else own


def _action_cards(state: GameState, player: int, cards: Multiset, acc: Counts, sign: int) -> None:
    category = _own_card_category(state, player)
    for key, n in cards.items():
        k = (category(key), key)
        acc[k] = acc.get(k, 0) + sign * n


def _quest_slugs(state: GameState, player: int) -> tuple[str, ...]:
    name = state.character(player).name
    return box(state.config).quest_items.get(name, ())


@lru_cache(maxsize=64)
def _quest_owners(config: GameConfig, names: tuple[str, ...]) -> Mapping[str, str]:
    """Each quest item of the characters drafted (``names``, by seat) with its owner's category."""
    quests = box(config).quest_items
    return MappingProxyType(
        {slug: f"quest:{seat}" for seat, name in enumerate(names, start=1) for slug in quests.get(name, ())}
    )


def _held_category(state: GameState, player: int) -> Callable[[str], str]:
    """A hand slot holds Item cards, or an active Heavy quest item, counted with its owner's
    quest items wherever it is held (once active it is traded like any Heavy item)."""
    owners = _quest_owners(state.config, tuple(c.name for c in state.characters))
    return lambda key: owners.get(key, ITEMS)


def _quests_on_board(state: GameState, c: Character, value: tuple[tuple[str, str], ...]) -> dict[str, int]:
    """Quest items still on the character board: all but the active Heavy ones, which sit in a
    hand slot (and are counted there)."""
    return strings(slug for slug, status in value if not (status == "active" and tables.is_heavy(state.config, slug)))


def _attached(state: GameState, c: Character, value: frozenset[str]) -> dict[str, int]:
    """Item cards attached to a weapon: an Extended Magazine stays with its weapon as the mod
    ``extended-magazine:<weapon>`` (the other mods are markers, not cards)."""
    return strings(m.split(":", 1)[0] for m in value if m.startswith(ATTACHED_CARD))


def _held(state: GameState, c: Character, value: tuple[str, ...]) -> dict[str, int]:
    return strings(h for h in value if h not in tables.HEAVY_OBJECTS)


CHARACTER_CARD_PARTS: Mapping[str, CharacterPart] = {
    "hand": CharacterPart(multiset_counts, _own_card_category),
    "deck": CharacterPart(multiset_counts, _own_card_category),
    "discard": CharacterPart(multiset_counts, _own_card_category),
    "serious_wounds": CharacterPart(
        lambda s, c, v: strings(w for w in v if w != "unknown"), fixed("deck:serious-wound")
    ),
    "hands": CharacterPart(_held, _held_category),
    "inventory": CharacterPart(multiset_counts, fixed(ITEMS)),
    "mods": CharacterPart(_attached, fixed(ITEMS)),
    "quests": CharacterPart(_quests_on_board, lambda state, player: lambda key: f"quest:{player}"),
}
"""The fields of a character that hold cards, and how each is counted."""


FrameHolding = Callable[[Any], Iterable[tuple[str, str]]]


def _event_card(frame: Any) -> Iterable[tuple[str, str]]:
    return (("deck:event", str(frame.card)),)


def _drawn_item_cards(frame: Any) -> Iterable[tuple[str, str]]:
    return ((ITEMS, str(card)) for card in frame.drawn)


FRAME_HOLDINGS: dict[str, FrameHolding] = {
    # An Event card is out of the deck while its effect resolves (events.EventEffect / EventCardAfter).
    "EventEffect": _event_card,
    "EventCardAfter": _event_card,
    # A search: the Item cards drawn wait until the searcher keeps one (items.SearchDraw / SearchKeep).
    "SearchDraw": _drawn_item_cards,
    "SearchKeep": _drawn_item_cards,
}
"""Pending procedure frames that hold cards, by frame class name."""

PLAYER_FRAME_HOLDINGS: dict[str, Callable[[Any], Iterable[str]]] = {
    # Eclosion: the cards a character has drawn wait in the procedure until they are discarded.
    "EclosionDraw": lambda frame: frame.drawn,
    "EclosionCard": lambda frame: frame.drawn,
}
"""Pending frames holding cards of one character's (``frame.player``) own deck."""


def _frame_cards(state: GameState, frames: Iterable[Frame], acc: Counts, sign: int) -> None:
    for frame in frames:
        _frame_card(state, frame, acc, sign)


def _frame_card(state: GameState, frame: Frame, acc: Counts, sign: int) -> None:
    """Count the cards one pending frame holds (most hold none)."""
    kind = type(frame)
    holds = _HOLDS.get(kind)
    if holds is None:
        holds = _HOLDS[kind] = (FRAME_HOLDINGS.get(kind.__name__), PLAYER_FRAME_HOLDINGS.get(kind.__name__))
        if holds == (None, None):
            _HOLDS_NOTHING.add(kind)
    holding, own = holds
    if holding is not None:
        for category, key in holding(frame):
            acc[(category, key)] = acc.get((category, key), 0) + sign
    elif own is not None:
        _action_cards(state, getattr(frame, "player"), Multiset.of(own(frame)), acc, sign)  # noqa: B009


_HOLDS_NOTHING: set[type] = set()
"""The frame classes met that hold no card (the difference of the stacks skips them)."""

_HOLDS: dict[type, tuple[FrameHolding | None, Callable[[Any], Iterable[str]] | None]] = {}
"""Each frame class met with its entries of :data:`FRAME_HOLDINGS` and :data:`PLAYER_FRAME_HOLDINGS`
(None: it holds none), looked up by class name once; most frames hold no card."""


def _pending_cards(state: GameState, value: Any, acc: Counts, sign: int) -> None:
    _frame_cards(state, value, acc, sign)


def _pending_delta(before: GameState, after: GameState, old: Any, new: Any, acc: Counts) -> None:
    """:func:`_pending_delta_plain`, first asking (in C) whether every frame of both stacks is of
    a class known to hold no card: then the difference is empty (most steps)."""
    empty = _HOLDS_NOTHING
    if empty.issuperset(map(type, new)) and (old is _CLEAN[0] or empty.issuperset(map(type, old))):
        _CLEAN[0] = new  # the next transition's ``old``: known clean without a second look
        return
    _pending_delta_plain(before, after, old, new, acc)


_CLEAN: list[tuple[Frame, ...]] = [()]
"""The last stack found to hold no card (a class known to hold none never becomes one that does)."""


def _pending_delta_plain(before: GameState, after: GameState, old: Any, new: Any, acc: Counts) -> None:
    """Only the frames above the part of the stack both states share are looked at, and of
    those only the ones whose class may hold cards (most steps push and pop none)."""
    shared = 0
    for a, b in zip(old, new, strict=False):
        if a is not b:
            break
        shared += 1
    empty = _HOLDS_NOTHING
    for frame in old[shared:]:
        if type(frame) not in empty:
            _frame_card(before, frame, acc, -1)
    for frame in new[shared:]:
        if type(frame) not in empty:
            _frame_card(after, frame, acc, 1)


def _card_box(state: GameState) -> Counts:
    quests = box(state.config).quest_items
    return _card_box_for(state.config, tuple(c.name if c.name in quests else "" for c in state.characters))


_card_boxes: dict[tuple[GameConfig, tuple[str, ...]], Counts] = {}
"""By config *value* (equal configs have equal components) and the characters chosen: every
game builds its own config, and its box changes with each character drafted in setup."""


def _card_box_for(config: GameConfig, names: tuple[str, ...]) -> Counts:
    """Every card of the game with ``names`` by seat (a seat whose name is no Character's, not yet
    chosen or a draft card held, brings none)."""
    hit = _card_boxes.get((config, names))
    if hit is not None:
        return hit
    b = box(config)
    out: Counts = {}
    for name, cards in b.decks.items():
        category = ITEMS if name in b.item_decks else f"deck:{name}"
        tally(out, category, cards)
    for player, name in enumerate(names, start=1):
        if name not in b.quest_items:
            continue
        tally(out, f"action:{player}", tables.action_deck(config, name))
        tally(out, f"quest:{player}", b.quest_items[name])
        tally(out, ITEMS, (b.starting_weapons[name],))
    if len(_card_boxes) > 256:
        _card_boxes.clear()
    _card_boxes[(config, names)] = out
    return out


def _names_changed(before: GameState, after: GameState) -> bool:
    """Whether the box may differ: a seat's Character chosen (or gone). A name that is no
    Character's (a draft card held in setup, ``draft:<name>``) brings no card to the box, and no
    category depends on it, so a seat's first draft card changes nothing the ledger counts by."""
    old, new = before.characters, after.characters
    if old is new:
        return False
    if len(old) != len(new):
        return True
    quests = box(after.config).quest_items
    for a, b in zip(old, new, strict=True):
        if a is not b and a.name != b.name and (a.name in quests or b.name in quests):
            return True
    return False


CARDS = Ledger(
    sources=(
        Source("decks", _deck_cards, _deck_delta),
        character_parts(CHARACTER_CARD_PARTS),
        Source("pending", _pending_cards, _pending_delta),
        removed_source(ITEMS, prefixes=("deck:", "action:", "quest:")),
    ),
    box=_card_box,
    box_changed=_names_changed,
    box_character_reads=frozenset({"name"}),
)
