"""Which fields of a state (and of a character) an invariant reads, as bit masks: a transition
that changes none of them needs no check of that invariant."""

from __future__ import annotations

from dataclasses import fields

from nemesis_rules.model.core.state import Character, GameState

STATE_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(GameState))
_BIT = {name: 1 << i for i, name in enumerate(STATE_FIELDS)}
CHARACTER_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Character))
_CHARACTER_SHIFT = len(STATE_FIELDS)
_CHARACTER_BIT = {name: 1 << (_CHARACTER_SHIFT + i) for i, name in enumerate(CHARACTER_FIELDS)}
ALL_CHARACTER_FIELDS = sum(_CHARACTER_BIT.values())
ALL_FIELDS = (1 << len(STATE_FIELDS)) - 1 | ALL_CHARACTER_FIELDS
CHARACTERS = "characters"
IDENTITY = "player"
"""A character's seat: never changes, so every character-level declaration includes it."""


def field_mask(names: frozenset[str] | None, character_names: frozenset[str] | None = None) -> int:
    """The bit mask of some state fields (every bit for None, or for a field the state lacks).
    ``character_names``: when ``names`` holds ``characters``, the :class:`Character` fields that
    matter (None: any change to a character counts)."""
    if names is None or any(n not in _BIT for n in names):
        return ALL_FIELDS
    mask = 0
    for name in names:
        mask |= _BIT[name]
    if CHARACTERS in names:
        mask |= ALL_CHARACTER_FIELDS
        if character_names is not None and all(n in _CHARACTER_BIT for n in character_names):
            mask &= ~_BIT[CHARACTERS] & ~ALL_CHARACTER_FIELDS
            for name in (*character_names, IDENTITY):
                mask |= _CHARACTER_BIT[name]
    return mask
