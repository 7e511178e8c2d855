"""The rules engine: start a game, ask what is legal, apply actions (design.md, principles 1-3).

The public face is :mod:`nemesis_rules.model.game`, re-exported here::

    from nemesis_rules.model import start, legal_actions, step

    state = start("void-seeders", players=3)          # a new game at its first chance node
    action = legal_actions(state)[0]                   # a chance outcome or a decision
    transition = step(state, action)                   # the new state and the clauses that fired

Inside, in layers (``docs/architecture.md``): :mod:`.core` (state, frames, actions, the engine
loop), :mod:`.data` (component tables and the declared vocabulary of action words), :mod:`.rules`
(one module per rule family), :mod:`.rulesets` (the base game and Void Seeders as values) and
:mod:`.game` (where a game starts).
"""

from nemesis_rules.model.game import (
    GameConfig,
    GameState,
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
    make_config,
    new_game,
    start,
    step,
)

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
