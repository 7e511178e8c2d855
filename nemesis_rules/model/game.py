"""The public face of the engine: start a game, ask what is legal, apply actions.

Importing this module registers every rule family of the package, so the turn offers all
actions and every ruleset's table is loaded.
"""

from __future__ import annotations

from collections.abc import Mapping

from nemesis_rules.model.core.config import GameConfig, make_config
from nemesis_rules.model.core.engine import (
    IllegalActionError,
    RuleGap,
    Transition,
    acting_player,
    apply,
    chance_outcomes,
    check,
    is_chance,
    is_over,
    legal_actions,
    step,
)
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables

# Importing a rule family registers its actions and effects (the names are not used here).
from nemesis_rules.model.rules import (  # noqa: F401
    action_cards,
    card_actions,
    fighting,
    interruption,
    item_effects_blue,
    item_effects_green,
    item_effects_red,
    item_effects_yellow,
    items,
    movement,
    pods,
    quests,
    rooms,
    rooms_care,
    rooms_doors,
)
from nemesis_rules.model.rules.setup import new_game

__all__ = [
    "GameConfig",
    "GameState",
    "IllegalActionError",
    "RuleGap",
    "Transition",
    "acting_player",
    "apply",
    "chance_outcomes",
    "check",
    "is_chance",
    "is_over",
    "legal_actions",
    "make_config",
    "new_game",
    "start",
    "step",
]


def start(
    ruleset: str = "base",
    players: int = 2,
    rulings: Mapping[str, str] | None = None,
    variants: Mapping[str, str] | None = None,
) -> GameState:
    """A new game at its first chance node (room tile placement)."""
    config = make_config(ruleset, players, rulings, variants)
    tables.hooks(config)
    return new_game(config)
