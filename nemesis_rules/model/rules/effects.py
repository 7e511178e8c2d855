"""Effects with choices, as tables: item actions, action cards and room actions.

Each card or room has one :class:`Effect`: ``variants`` lists every way it can be resolved
now (each a mapping of parameters such as a target room or intruder), and ``resolve`` applies
one. The generic actions (``use-item``, ``play-card``, ``room-action``) enumerate them with
every way to pay, so the turn offers complete decisions. Rule families fill the tables.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from nemesis_rules.model.core.actions import ParamValue
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState

Params = Mapping[str, ParamValue]


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect. ``variants(state, player)`` returns the parameter sets it can be resolved
    with now (an empty list: not possible now; ``[{}]``: possible, nothing to choose).
    ``resolve(state, player, params, ctx)`` applies it (pushing frames for anything random)."""

    clause: str
    variants: Callable[[GameState, int], list[dict[str, ParamValue]]]
    resolve: Callable[[GameState, int, Params, Context], GameState]


ITEM_EFFECTS: dict[str, Effect] = {}
"""Item actions by item slug (facts.md §6, §7 for starting weapons and quest items)."""

ACTION_CARD_EFFECTS: dict[str, Effect] = {}
"""Action cards by effect slug (facts.md §7)."""

ROOM_ACTIONS: dict[str, Effect] = {}
"""Room actions by room id (facts.md §9; base-rules-reference.txt, The ship)."""

QUEST_EFFECTS: dict[str, Effect] = {}
"""Active quest items' uses by slug (facts.md §7)."""

RULESET_ROOM_ACTIONS: dict[tuple[str, str], Effect] = {}
"""A ruleset's replacement of a room action, by (ruleset name, room action id)."""


RULESET_ITEM_EFFECTS: dict[tuple[str, str], Effect] = {}
"""A ruleset's replacement of an item's action, by (ruleset name, item slug)."""


def item_effect(state: GameState, slug: str) -> Effect | None:
    """The item ``slug``'s action as the game's ruleset has it (its replacement, else the base one)."""
    return RULESET_ITEM_EFFECTS.get((state.config.ruleset.name, slug)) or ITEM_EFFECTS.get(slug)


def room_action(state: GameState, action: str) -> Effect | None:
    """The room action ``action`` as the game's ruleset has it (its replacement, else the base one)."""
    return RULESET_ROOM_ACTIONS.get((state.config.ruleset.name, action)) or ROOM_ACTIONS.get(action)


def always(state: GameState, player: int) -> list[dict[str, ParamValue]]:
    """Variants of an effect with nothing to choose that is always possible."""
    return [{}]
