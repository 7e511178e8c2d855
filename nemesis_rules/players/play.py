"""Seeded random play: every decision and every chance outcome drawn from one generator.

The same seed, players, ruleset, rulings, variants and player always give the same game. Chance
outcomes are drawn with their weights; decisions by a random player of
:mod:`nemesis_rules.players.strategies` (the goal-seeking one unless told otherwise).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from nemesis_rules.model.core.actions import Action, Decision, Outcome
from nemesis_rules.model.core.engine import GapReached, Transition, step
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.game import start
from nemesis_rules.players.strategies import goal_seeking, uniform

MAX_STEPS = 200_000
"""A safety net against an engine bug, far above any real game (a game ends by its rules)."""


@dataclass(slots=True)
class GameLog:
    """What one game did: the actions in order, and counts for the summary."""

    seed: int
    actions: list[Action] = field(default_factory=list)
    clauses: Counter[str] = field(default_factory=Counter)
    action_kinds: Counter[str] = field(default_factory=Counter)
    room_actions: Counter[str] = field(default_factory=Counter)
    chance: Counter[str] = field(default_factory=Counter)
    gaps: dict[tuple[str, str], GapReached] = field(default_factory=dict)

    def note(self, action: Action, transition: Transition) -> None:
        self.actions.append(action)
        self.clauses.update(transition.fired)
        if isinstance(action, Outcome):
            self.chance[action.chance] += 1
        else:
            self.action_kinds[action.kind] += 1
            if action.kind == "room-action":
                self.room_actions[str(action.get("room"))] += 1
        for gap in transition.gaps:
            self.gaps.setdefault((gap.clause, gap.situation), gap)


choose = uniform
"""One action: a weighted chance outcome, or a uniformly random legal decision (the uniform player)."""


def play_game(
    seed: int,
    players: int = 2,
    ruleset: str = "base",
    rulings: Mapping[str, str] | None = None,
    variants: Mapping[str, str] | None = None,
    *,
    chooser: Callable[[GameState, random.Random], Action] = goal_seeking,
    on_step: Callable[[GameState, Action, Transition], None] | None = None,
) -> tuple[GameState, GameLog]:
    """Play one seeded random game to its end; returns the final state and the log."""
    rng = random.Random(seed)
    state = start(ruleset, players, rulings, variants)
    log = GameLog(seed)
    for _ in range(MAX_STEPS):
        if state.end is not None:
            return state, log
        action = chooser(state, rng)
        transition = step(state, action)
        log.note(action, transition)
        if on_step is not None:
            on_step(state, action, transition)
        state = transition.state
    raise RuntimeError(f"seed {seed}: no end after {MAX_STEPS} steps (an engine bug)")


def summary(state: GameState, log: GameLog) -> dict[str, Any]:
    """The ``play --json`` summary."""
    end = state.end
    return {
        "seed": log.seed,
        "players": state.config.players,
        "ruleset": state.config.ruleset.name,
        "rounds": state.round,
        "steps": len(log.actions),
        "end": {
            "reason": end.reason if end else None,
            "survivors": list(end.survivors) if end else [],
            "winners": list(end.winners) if end else [],
        },
        "characters": {str(c.player): {"character": c.name, "status": c.status} for c in state.characters},
        "clauses": dict(sorted(log.clauses.items())),
        "actions": dict(sorted(log.action_kinds.items())),
        "room_actions": dict(sorted(log.room_actions.items())),
        "chance": dict(sorted(log.chance.items())),
        "gaps": [
            {"clause": g.clause, "situation": g.situation, "ruling": g.ruling, "reading": g.reading}
            for g in log.gaps.values()
        ],
    }


def decisions(log: GameLog) -> list[Decision]:
    return [a for a in log.actions if isinstance(a, Decision)]
