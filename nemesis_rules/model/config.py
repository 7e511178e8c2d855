"""The static side of a game: ruleset, player count, rulings, data variants, board and card tables.

A state points to its config; two configs are equal when they were built from the same
choices, so states built the same way compare equal (design.md, principle 5).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from nemesis_rules.board.graph import Board, basic_board
from nemesis_rules.errors import BadInputError
from nemesis_rules.model.rulesets import Ruleset, ruleset


@dataclass(frozen=True, slots=True, eq=False)
class GameConfig:
    """Everything fixed for one game. Build it with :func:`make_config`."""

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
        return (
            self.ruleset.name,
            self.players,
            tuple(sorted(self.rulings.items())),
            tuple(sorted(self.variants.items())),
        )

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


def make_config(
    ruleset_name: str = "base",
    players: int = 2,
    rulings: Mapping[str, str] | None = None,
    variants: Mapping[str, str] | None = None,
) -> GameConfig:
    """A checked config; bad choices raise BadInputError with one line naming the option."""
    from nemesis_rules.model.tables import card_variant_key, resolve_game_rulings, resolve_game_variants

    chosen = ruleset(ruleset_name)
    if not 1 <= players <= 5:
        raise BadInputError(f"player count must be 1 to 5, got {players}", "--players")
    from nemesis_rules.model.data_rulings import align

    board = basic_board()
    rulings, variants = align(rulings or {}, variants or {})
    chosen_variants = resolve_game_variants(variants)
    ids = tuple(sorted(board.corridors))
    return GameConfig(
        ruleset=chosen,
        players=players,
        rulings=MappingProxyType(resolve_game_rulings(rulings or {})),
        variants=MappingProxyType(chosen_variants),
        board=board,
        corridor_index=MappingProxyType({c: i for i, c in enumerate(ids)}),
        corridor_ids=ids,
        card_variants=card_variant_key(chosen_variants),
    )
