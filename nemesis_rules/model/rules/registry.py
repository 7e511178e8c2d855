"""The table of player actions the turn offers. A rule family registers its actions here;
a ruleset may replace an entry (design.md, principle 5) instead of branching inside it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from nemesis_rules.model.actions import Decision
from nemesis_rules.model.engine import Context
from nemesis_rules.model.state import GameState


@dataclass(frozen=True, slots=True)
class ActionRule:
    """One kind of action: ``options`` lists its legal decisions for a player now; ``perform``
    applies a legal one (paying included); ``diagnose`` explains a refusal (reason, clause)."""

    kind: str
    clause: str
    options: Callable[[GameState, int], list[Decision]]
    perform: Callable[[GameState, Decision, Context], GameState]
    diagnose: Callable[[GameState, Decision], tuple[str, str]]
    in_combat: bool = False
    """Whether it may be taken in Combat (RU-RB p.24; FAQ Actions 4)."""
    free: bool = False
    """A free action (dropping an object) does not count against the turn's two actions."""


ACTIONS: dict[str, ActionRule] = {}


def register(rule: ActionRule) -> ActionRule:
    ACTIONS[rule.kind] = rule
    return rule
