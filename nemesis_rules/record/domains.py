"""The domains of a snapshot's fields: what the engine may be given at all.

Types are checked as a snapshot is decoded (:mod:`.reading`) and a few structural facts by
:func:`.snapshot.consistency_problems`; this module checks the values against the model's
domains, so that nothing the engine cannot run reaches it (issue 21: an unknown character name
or a Void Seeders Insanity of 7 made the engine raise ``KeyError``):

* every number is a count, an id, a round or a track space: 0 to :data:`NUMBER_LIMIT`;
* a character is one of the ruleset's characters (during setup, not yet chosen or being
  drafted), each at most once, its Insanity on the ruleset's track (base: the starting level),
  its hand, deck and discard pile only its own action cards and Contamination cards;
* after setup the decks beside the board are exactly the ruleset's decks;
* an exploration token is one of the ruleset's;
* a field of a pending frame that names a player names a seat of the game (after setup, a seat
  with a character), one that names an Intruder an Intruder on the board, one that names a
  room a board position.

Whether the values add up (supplies, conservation of cards and tokens, wounds, tracks) is
the invariants' business: the command line runs every state invariant on a starting snapshot
(:func:`nemesis_rules.record.replay.initial_state`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from functools import cache
from typing import Any

from nemesis_rules.model.core.config import GameConfig
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables

NUMBER_LIMIT = 10_000
"""The largest number a snapshot may hold. Every number of a state counts components (the
largest deck holds some thirty cards), numbers an Intruder or a seat, or is a round or a
track space; 60 seeded games of both rulesets reach 20 at most. The bound keeps a hand-written
count of 1,000,000 from becoming a million steps of work."""
SEAT_FIELDS = frozenset({"player", "actor", "initiator", "other"})
"""Frame fields that name a player's seat."""
SEAT_LISTS = frozenset({"waiting", "played", "occupants"})
"""Frame fields that list players' seats."""
POSITION_FIELDS = frozenset({"position", "origin", "to", "slot"})
"""Frame fields (text) that name a room by its board position."""
DRAFT_PREFIX = "draft:"
"""A character being drafted during setup is named ``draft:<character>``."""


def domain_problems(state: GameState) -> list[str]:
    """Every value of ``state`` outside its domain, as ``path: what is wrong``."""
    out = list(_numbers(state, "state"))
    out.extend(_characters(state))
    out.extend(_decks(state))
    out.extend(_tokens(state))
    for i, frame in enumerate(state.pending):
        out.extend(_frame(state, frame, f"state.pending[{i}]"))
    return out


def _numbers(value: Any, path: str) -> Iterator[str]:
    """Every number (and multiset count) below 0 or above :data:`NUMBER_LIMIT`."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return
    if isinstance(value, int):
        if not 0 <= value <= NUMBER_LIMIT:
            yield f"{path}: {value} is outside 0 to {NUMBER_LIMIT}"
    elif isinstance(value, Multiset):
        for key, count in value.items():
            if count > NUMBER_LIMIT:
                yield f"{path}[{key!r}]: a count of {count} is above {NUMBER_LIMIT}"
    elif isinstance(value, tuple | frozenset):
        for i, item in enumerate(value):
            yield from _numbers(item, f"{path}[{i}]")
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            if not isinstance(getattr(value, field.name), GameConfig):
                yield from _numbers(getattr(value, field.name), f"{path}.{field.name}")


@cache
def _insanity_range(config: GameConfig) -> tuple[int, int]:
    if config.ruleset.name == "void-seeders":
        track = tables.void_seeders(config).insanity_track
        return min(level.level for level in track.levels), track.max
    level = tables.starting_insanity(config)
    return level, level


def _characters(state: GameState) -> Iterator[str]:
    config = state.config
    names = tables.character_names(config)
    low, top = _insanity_range(config)
    seen: dict[str, int] = {}
    for i, character in enumerate(state.characters):
        where = f"state.characters[{i}]"
        name = character.name
        drafting = state.phase == "setup" and (name == "" or name.removeprefix(DRAFT_PREFIX) in names)
        if name not in names and not drafting:
            yield f"{where}.name: unknown character {name!r} (characters: {', '.join(names)})"
        elif name in seen:
            yield f"{where}.name: {name!r} is already player {seen[name]}'s character"
        elif name in names:
            seen[name] = character.player
        if not low <= character.insanity <= top:
            track = f"({low} to {top}; invariant vs.insanity.range)"
            yield f"{where}.insanity: {character.insanity} is off the track {track}"
        if name in names:
            cards = _action_cards(config, name)
            for pile in ("hand", "deck", "discard"):
                for card in sorted(set(getattr(character, pile).as_dict()) - cards):
                    yield f"{where}.{pile}: {card!r} is not one of the {name}'s cards or a Contamination card"


@cache
def _action_cards(config: GameConfig, name: str) -> frozenset[str]:
    return frozenset(tables.action_deck(config, name).as_dict()) | CONTAMINATION


CONTAMINATION = frozenset({"contamination", "contamination-infected"})
"""The cards a Contamination deck holds; they join a character's action cards (RU-RB p.12-13)."""


@cache
def _deck_names(config: GameConfig) -> frozenset[str]:
    return frozenset(name for name, _ in tables.shared_decks(config))


def _decks(state: GameState) -> Iterator[str]:
    if state.phase == "setup":
        return
    expected = _deck_names(state.config)
    present = {name for name, _ in state.decks}
    for name in sorted(expected - present):
        yield f"state.decks: the {name!r} deck is missing"
    for name in sorted(present - expected):
        yield f"state.decks: {name!r} is not a deck of the {state.config.ruleset.name} ruleset"


@cache
def _exploration_tokens(config: GameConfig) -> frozenset[str]:
    return frozenset(tables.exploration_tokens(config).as_dict())


def _tokens(state: GameState) -> Iterator[str]:
    """Exploration tokens, face down on a room or in the pool, are the ruleset's."""
    known = _exploration_tokens(state.config)
    for i, room in enumerate(state.rooms):
        if room.token is not None and room.token not in known:
            yield f"state.rooms[{i}].token: {room.token!r} is not an exploration token"
    for token in sorted(set(state.exploration_pool.as_dict()) - known):
        yield f"state.exploration_pool: {token!r} is not an exploration token"


def _frame(state: GameState, frame: Any, path: str) -> Iterator[str]:
    """The fields of a pending frame (and of the frames and decisions it holds)."""
    if not dataclasses.is_dataclass(frame) or isinstance(frame, type):
        return
    seats = state.config.players if state.phase == "setup" else len(state.characters)
    intruders = {intruder.id for intruder in state.intruders}
    positions = state.config.board.positions
    for field in dataclasses.fields(frame):
        value = getattr(frame, field.name)
        where = f"{path}.{field.name}"
        if field.name in SEAT_FIELDS and isinstance(value, int) and not 1 <= value <= seats:
            yield f"{where}: there is no player {value} with a character here ({seats} in play)"
        elif field.name in SEAT_LISTS and isinstance(value, tuple):
            yield from (
                f"{where}: there is no player {seat} with a character here ({seats} in play)"
                for seat in value
                if isinstance(seat, int) and not 1 <= seat <= seats
            )
        elif field.name == "intruder" and isinstance(value, int) and value not in intruders:
            yield f"{where}: there is no Intruder {value} on the board"
        elif field.name in POSITION_FIELDS and isinstance(value, str) and value not in positions:
            yield f"{where}: {value!r} is not a board position"
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            yield from _frame(state, value, where)
