"""Helpers for writing tests against the engine: seeded setups, scripted play and situations.

``nemesis_rules.testing`` is public so that users can write their own rule tests the way the
package's own tests do: play setup from a seed, then arrange a situation with
``dataclasses.replace`` and put a rule procedure on the pending stack.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import replace

from nemesis_rules.model.actions import Action, Decision, Outcome
from nemesis_rules.model.engine import Context, Transition, acting_player, settle, step
from nemesis_rules.model.frames import Choice, Frame
from nemesis_rules.model.game import start
from nemesis_rules.model.multiset import Multiset
from nemesis_rules.model.play import choose
from nemesis_rules.model.state import GameState


def after_setup(
    players: int = 2,
    seed: int = 0,
    ruleset: str = "base",
    rulings: Mapping[str, str] | None = None,
    variants: Mapping[str, str] | None = None,
) -> GameState:
    """A game played (randomly, from ``seed``) up to the first player's first turn."""
    rng = random.Random(seed)
    state = start(ruleset, players, rulings, variants)
    while not (
        state.phase == "player"
        and acting_player(state) is not None
        and state.round == 1
        and type(state.pending[-1]).__name__ == "Turn"
    ):
        state = step(state, choose(state, rng)).state
    return state


def run(state: GameState, actions: Iterable[Action]) -> tuple[GameState, list[str]]:
    """Apply ``actions`` in order; returns the final state and every clause that fired."""
    fired: list[str] = []
    for action in actions:
        transition: Transition = step(state, action)
        fired.extend(transition.fired)
        state = transition.state
    return state, fired


def with_frames(state: GameState, *frames: Frame) -> GameState:
    """``state`` with ``frames`` put on top of its pending stack (the first resolves first),
    and every step that needs no input already run."""
    return settle(state.push(*frames), Context())


def outcome(chance: str, value: str) -> Outcome:
    return Outcome(chance, value)


def decision(player: int, kind: str, **params: str | tuple[str, ...]) -> Decision:
    return Decision.make(player, kind, **params)


def with_hand(state: GameState, player: int, *cards: str) -> GameState:
    """Give ``player`` exactly ``cards`` in hand (the rest of their deck unchanged)."""
    c = state.character(player)
    return state.with_character(replace(c, hand=Multiset.of(cards)))


def move_character(state: GameState, player: int, position: str) -> GameState:
    return state.with_character(replace(state.character(player), position=position))


def top_frame(state: GameState) -> Frame:
    return state.pending[-1]


def turn_of(state: GameState) -> int | None:
    """The player whose Turn decision is open, if any."""
    frame = state.pending[-1] if state.pending else None
    return frame.player if isinstance(frame, Choice) else None
