"""Building a game's config from a ruleset value, a player count, rulings and data variants:
every choice checked, the rulings and variants resolved against the catalogue and the component
tables (design.md, principle 5). A ruleset is found by name one layer up
(:func:`nemesis_rules.model.game.make_config`)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from nemesis_rules.board.graph import basic_board
from nemesis_rules.errors import BadInputError
from nemesis_rules.model.core.config import GameConfig
from nemesis_rules.model.core.ruleset import Ruleset
from nemesis_rules.model.data.data_rulings import DATA_RULING_VARIANTS, align
from nemesis_rules.model.data.tables import card_variant_key, resolve_game_rulings, resolve_game_variants


def configure(
    ruleset: Ruleset,
    players: int = 2,
    rulings: Mapping[str, str] | None = None,
    variants: Mapping[str, str] | None = None,
) -> GameConfig:
    """A checked config; bad choices raise BadInputError with one line naming the option."""
    if not 1 <= players <= 5:
        raise BadInputError(f"player count must be 1 to 5, got {players}", "--players")
    board = basic_board()
    rulings, variants = align(rulings or {}, variants or {})
    chosen_variants = resolve_game_variants(variants)
    ids = tuple(sorted(board.corridors))
    return GameConfig(
        ruleset=ruleset,
        players=players,
        rulings=MappingProxyType(resolve_game_rulings(rulings or {})),
        variants=MappingProxyType(chosen_variants),
        board=board,
        corridor_index=MappingProxyType({c: i for i, c in enumerate(ids)}),
        corridor_ids=ids,
        card_variants=card_variant_key(chosen_variants),
    )


def with_reading(config: GameConfig, ruling: str, reading: str) -> GameConfig:
    """``config`` with ``ruling`` set to ``reading`` (a data ruling's variant family following it)."""
    variants = dict(config.variants)
    if ruling in DATA_RULING_VARIANTS:
        variants.pop(DATA_RULING_VARIANTS[ruling][0], None)
    return configure(config.ruleset, config.players, {**config.rulings, ruling: reading}, variants)
