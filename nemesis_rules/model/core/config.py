"""The static side of a game: ruleset, player count, rulings, data variants, board and card tables.

A state points to its config; two configs are equal when they were built from the same
choices, so states built the same way compare equal (design.md, principle 5).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from nemesis_rules.board.graph import Board
from nemesis_rules.model.core.ruleset import Ruleset


@dataclass(frozen=True, slots=True, eq=False)
class GameConfig:
    """Everything fixed for one game. Build it with :func:`nemesis_rules.model.game.make_config`
    (by ruleset name) or :func:`nemesis_rules.model.data.configure.configure` (a ruleset value)."""

    ruleset: Ruleset
    players: int
    rulings: Mapping[str, str]
    variants: Mapping[str, str]
    board: Board
    corridor_index: Mapping[str, int]
    corridor_ids: tuple[str, ...]
    card_variants: tuple[tuple[str, str], ...] = ()
    """The data variants that choose component tables, as a hashable key (computed once)."""
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def key(self) -> tuple[object, ...]:
        """The choices the config was built from: equal keys, equal configs. Sorting every
        ruling costs tens of microseconds and every per-config table lookup, hash and
        comparison asks for it, so it is computed once per config object."""
        hit = _KEYS.get(id(self))
        if hit is not None and hit[0] is self:
            return hit[1]
        key = (
            self.ruleset.name,
            self.players,
            tuple(sorted(self.rulings.items())),
            tuple(sorted(self.variants.items())),
        )
        if len(_KEYS) >= _KEYS_KEPT:
            _KEYS.clear()
        _KEYS[id(self)] = (self, key)
        return key

    def ruling(self, ruling_id: str) -> str:
        """The reading chosen for ``ruling_id`` (its default unless overridden)."""
        return self.rulings[ruling_id]

    def variant(self, family: str) -> str:
        return self.variants[family]

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, GameConfig) and self.key == other.key)

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return (
            f"make_config({self.ruleset.name!r}, {self.players}, rulings={dict(self.rulings)!r}, "
            f"variants={dict(self.variants)!r})"
        )


_KEYS: dict[int, tuple[GameConfig, tuple[object, ...]]] = {}
"""The key of the last few configs, by identity (the config is kept with it, so an id is
never reused while its entry stands)."""
_KEYS_KEPT = 256
