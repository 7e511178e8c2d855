"""Effects with choices: item actions, action cards and room actions.

Each card or room has one :class:`~nemesis_rules.model.core.ruleset.Effect`: ``variants`` lists
every way it can be resolved now (each a mapping of parameters such as a target room or
intruder), and ``resolve`` applies one. The generic actions (``use-item``, ``play-card``,
``room-action``) enumerate them with every way to pay, so the turn offers complete decisions.
Rule families declare their effects as tables; the game's ruleset holds the ones in force.
"""

from __future__ import annotations

from nemesis_rules.model.core.actions import ParamValue
from nemesis_rules.model.core.ruleset import Effect, Params
from nemesis_rules.model.core.state import GameState

__all__ = ["Effect", "Params", "always", "item_effect", "room_action"]


def item_effect(state: GameState, slug: str) -> Effect | None:
    """The item ``slug``'s action as the game's ruleset has it (its replacement, else the base one)."""
    return state.config.ruleset.items.get(slug)


def room_action(state: GameState, action: str) -> Effect | None:
    """The room action ``action`` as the game's ruleset has it (its replacement, else the base one)."""
    return state.config.ruleset.rooms.get(action)


def always(state: GameState, player: int) -> list[dict[str, ParamValue]]:
    """Variants of an effect with nothing to choose that is always possible."""
    return [{}]
