"""The public face of the engine, and the one place a game is started: a ruleset (by name or as
a value), a player count, rulings and data variants make a config; setup makes the first state.
Then ask what is legal and apply actions (re-exported from the core).
"""

from __future__ import annotations

from collections.abc import Mapping

from nemesis_rules.model.core.config import GameConfig
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
from nemesis_rules.model.core.ruleset import Ruleset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data.configure import configure
from nemesis_rules.model.rules.setup import new_game
from nemesis_rules.model.rulesets import ruleset as find_ruleset

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


def make_config(
    ruleset: str | Ruleset = "base",
    players: int = 2,
    rulings: Mapping[str, str] | None = None,
    variants: Mapping[str, str] | None = None,
) -> GameConfig:
    """A checked config for ``ruleset`` (a name from :data:`~nemesis_rules.model.rulesets.RULESETS`,
    or a ruleset value of one's own); bad choices raise BadInputError naming the option."""
    chosen = find_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    return configure(chosen, players, rulings, variants)


def start(
    ruleset: str | Ruleset = "base",
    players: int = 2,
    rulings: Mapping[str, str] | None = None,
    variants: Mapping[str, str] | None = None,
) -> GameState:
    """A new game at its first chance node (room tile placement)."""
    return new_game(make_config(ruleset, players, rulings, variants))
