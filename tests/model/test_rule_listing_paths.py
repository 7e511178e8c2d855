"""Listings written for speed (a rule's decisions, a chance node's outcomes) give what their plain
versions give, on the states of seeded games of both rulesets where they are asked (the same
actions, in the same order)."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.actions import Action
from nemesis_rules.model.core.engine import Transition
from nemesis_rules.model.core.frames import ChanceNode
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.hands import PassDiscard
from nemesis_rules.players.play import play_game


@pytest.mark.parametrize("ruleset", ["base", "void-seeders"])
def test_pass_discard_options_as_the_plain_listing(ruleset: str) -> None:
    asked = floors = 0

    def check(state: GameState, action: Action, transition: Transition) -> None:
        nonlocal asked, floors
        frame = state.pending[-1]
        if isinstance(frame, PassDiscard):
            assert frame.options(state) == frame.options_plain(state)
            asked += 1
            floors += bool(frame.floor)
            for floor in ("", "a", "m", "z", *state.character(frame.player).hand.distinct()):
                other = PassDiscard(frame.player, floor)
                assert other.options(state) == other.options_plain(state)

    for seed in range(3):
        play_game(seed, 2 + seed % 3, ruleset, on_step=check)
    assert asked > 10 and floors > 0


@pytest.mark.parametrize("ruleset", ["base", "void-seeders"])
def test_chance_actions_as_worked_out_afresh(ruleset: str) -> None:
    """A chance node's listing, looked up by its (outcome, weight) pairs, is what working it out
    afresh gives, the very outcome objects included, at every chance node of seeded games."""
    kinds: set[str] = set()

    def check(state: GameState, action: Action, transition: Transition) -> None:
        frame = state.pending[-1]
        if isinstance(frame, ChanceNode):
            listed, plain = frame.actions(state), frame.actions_plain(state)
            assert listed == plain and all(a is b for (a, _), (b, _) in zip(listed, plain, strict=True))
            assert frame.actions(state) is listed  # asked again: the kept answer
            kinds.add(frame.chance)

    for seed in range(3):
        play_game(seed, 2 + seed % 3, ruleset, on_step=check)
    assert len(kinds) > 10
