"""``effects.holds`` (a frame of the stack is one of some classes) answers what the plain
``any(isinstance(...))`` answers, on the pending stacks of seeded games of both rulesets: for
the Interruption frames the effect checks wait on, the Noise rolls, a subclass and a base class."""

from __future__ import annotations

import pytest

from nemesis_rules.invariants.effects import DEFERRING, holds
from nemesis_rules.model.core.actions import Action
from nemesis_rules.model.core.engine import Transition
from nemesis_rules.model.core.frames import Frame
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.noise import NoiseReroll, NoiseRoll
from nemesis_rules.players.play import play_game

CLASSES: tuple[tuple[type, ...], ...] = (DEFERRING, (NoiseRoll,), (NoiseReroll,), (Frame,), (int, str))


@pytest.mark.parametrize(("ruleset", "seed", "players"), [("base", 1, 4), ("void-seeders", 2, 3)])
def test_holds_is_any_isinstance(ruleset: str, seed: int, players: int) -> None:
    answers: dict[tuple[type, ...], set[bool]] = {classes: set() for classes in CLASSES}

    def look(state: GameState, action: Action, transition: Transition) -> None:
        for frames in (state.pending, transition.state.pending):
            for classes in CLASSES:
                plain = any(isinstance(frame, classes) for frame in frames)
                assert holds(frames, classes) == plain, (classes, frames)
                answers[classes].add(plain)

    play_game(seed, players, ruleset, on_step=look)
    assert answers[(NoiseRoll,)] == {True, False}
    assert answers[(int, str)] == {False}
    assert holds((), (Frame,)) is False
