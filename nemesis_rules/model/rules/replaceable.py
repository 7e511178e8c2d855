"""Dispatch to the game's ruleset's replaceable steps (design.md, principle 5).

Shared rule code calls a step here (what an Encounter token does, how an Intruder's endurance
is judged, which Event Phase steps run ...) and the game's ruleset decides which rule runs: the
base game's, or the expansion's replacement. The table itself is
:class:`~nemesis_rules.model.core.ruleset.RulesetHooks`, built by each ruleset module
(:mod:`nemesis_rules.model.rulesets`); nothing here knows a rule.
"""

from __future__ import annotations

from nemesis_rules.model.core.config import GameConfig
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import Frame
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data.tables import hooks


def bag_setup_frames(state: GameState) -> list[Frame]:
    return hooks(state.config).bag_setup(state)


def finish_setup(state: GameState, ctx: Context) -> GameState:
    return hooks(state.config).finish_setup(state, ctx)


def exploration_effect(
    state: GameState, kind: str, player: int, position: str, via: str | None, careful: bool, ctx: Context
) -> tuple[GameState, bool]:
    return hooks(state.config).exploration_effect(state, kind, player, position, via, careful, ctx)


def on_enter(state: GameState, player: int, position: str, ctx: Context) -> GameState:
    return hooks(state.config).on_enter(state, player, position, ctx)


def on_pass(state: GameState, player: int, ctx: Context) -> GameState:
    return hooks(state.config).on_pass(state, player, ctx)


def give_slime(state: GameState, player: int, ctx: Context) -> GameState:
    return hooks(state.config).give_slime(state, player, ctx)


def encounter_token_effect(state: GameState, token: str, player: int, position: str, ctx: Context) -> GameState:
    return hooks(state.config).encounter_token(state, token, player, position, ctx)


def attack_procedure(state: GameState, intruder: Intruder, target: int, why: str, ctx: Context) -> GameState:
    return hooks(state.config).attack_procedure(state, intruder, target, why, ctx)


def attack_effect(state: GameState, effect: str, intruder: Intruder, target: int, ctx: Context) -> GameState:
    return hooks(state.config).attack_effects[effect](state, intruder, target, ctx)


def event_effect(state: GameState, effect: str, ctx: Context) -> GameState:
    return hooks(state.config).event_effects[effect](state, ctx)


def event_steps(config: GameConfig) -> tuple[Frame, ...]:
    return hooks(config).event_steps()


def bag_development_effect(state: GameState, token: str, ctx: Context) -> GameState:
    return hooks(state.config).bag_development(state, token, ctx)


def injure(state: GameState, intruder: Intruder, count: int, ctx: Context) -> GameState:
    return hooks(state.config).injure(state, intruder, count, ctx)


def judge_endurance(
    state: GameState, intruder: Intruder, combine: str, drawn: tuple[str, ...], ctx: Context
) -> GameState:
    """Judge an Intruder's endurance check once its attack cards are drawn (combat.EnduranceCheck)."""
    return hooks(state.config).judge_endurance(state, intruder, combine, drawn, ctx)


def endurance_clause(state: GameState, intruder: Intruder | None, cards: int) -> str:
    """The clause an endurance check's card draw implements (the ruleset's, per Intruder type)."""
    return hooks(state.config).endurance_clause(state, intruder, cards)


def intruder_dies(state: GameState, intruder: Intruder, ctx: Context) -> GameState:
    return hooks(state.config).intruder_dies(state, intruder, ctx)


def infected_result(state: GameState, player: int, ctx: Context) -> GameState:
    return hooks(state.config).infected_result(state, player, ctx)


def on_character_leaves(state: GameState, player: int, ctx: Context) -> GameState:
    return hooks(state.config).on_character_leaves(state, player, ctx)


def end_of_player_phase(state: GameState, ctx: Context) -> GameState:
    return hooks(state.config).end_of_player_phase(state, ctx)


def fire_damage_extra(state: GameState, ctx: Context) -> GameState:
    return hooks(state.config).fire_damage_extra(state, ctx)


def victory_steps(state: GameState, reason: str) -> tuple[Frame, ...]:
    return hooks(state.config).victory_steps(state, reason)


def winners(state: GameState, survivors: tuple[int, ...], ctx: Context) -> tuple[int, ...]:
    return hooks(state.config).winners(state, survivors, ctx)


def end_of_turn(state: GameState, player: int, ctx: Context) -> GameState:
    """The ruleset's effects when ``player``'s turn ends (Void Seeders: a Noise roll in a Lair's
    room). Frames it pushes must resolve before the next turn begins."""
    return hooks(state.config).end_of_turn(state, player, ctx)


def face_injuries(state: GameState, face: str, kind: str) -> int:
    """Injuries a combat die face deals to a target of ``kind`` (the ruleset may extend the
    table to its own Intruder types)."""
    return hooks(state.config).face_injuries(state, face, kind)
