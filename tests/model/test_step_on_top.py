"""Steps run with their own frame still on top (``Step.run_on_top``, one state copy fewer) give
what their plain ``run`` gives on the state without them, and decisions resolved on top
(``Choice.resolve_on_top``) what ``resolve`` gives: the same state, the same clauses fired and
the same gaps, on every such step and decision of seeded games of both rulesets."""

from __future__ import annotations

from collections import Counter
from dataclasses import fields

import pytest

from nemesis_rules.model.core.actions import Action, Decision, Outcome
from nemesis_rules.model.core.engine import Context, Transition
from nemesis_rules.model.core.frames import ChanceNode, Choice, Step
from nemesis_rules.model.core.state import GameState, popped
from nemesis_rules.model.rules.round import NextTurn, Turn
from nemesis_rules.players.play import play_game
from nemesis_rules.testing import after_setup


def test_replace_top_is_pop_then_push_and_shares_the_rest() -> None:
    state = after_setup(players=3, seed=2)
    for frames in ((NextTurn(1),), (NextTurn(1), NextTurn(2)), (NextTurn(1), NextTurn(2), NextTurn(3))):
        replaced = state.replace_top(*frames)
        assert replaced == state.pop().push(*frames)
        assert type(replaced) is GameState
        assert all(
            (getattr(replaced, f.name) is getattr(state, f.name)) == (f.name != "pending") for f in fields(GameState)
        )


def test_popped_with_character_is_pop_then_with_character_and_shares_the_rest() -> None:
    state = after_setup(players=3, seed=2)
    for player in (1, 2, 3):
        c = state.character(player).evolve(insanity=3)
        changed = state.popped_with_character(c)
        assert changed == state.pop().with_character(c) and type(changed) is GameState
        assert all(
            (getattr(changed, f.name) is getattr(state, f.name)) == (f.name not in ("pending", "characters"))
            for f in fields(GameState)
        )


def _on_top_steps(seed: int, players: int, ruleset: str, seen: Counter[str]) -> None:
    """Play a seeded game; at every step the engine runs through ``run_on_top`` within each
    transition, hold it to ``run`` on the popped state (then go on from the plain result)."""

    def check(state: GameState, action: Action, transition: Transition) -> None:
        frame = state.pending[-1]
        ctx = Context()
        if isinstance(frame, ChanceNode) and isinstance(action, Outcome):
            current = frame.resolve(popped(state), action.outcome, ctx)
            fast_ctx = Context()
            fast = frame.resolve_on_top(state, action.outcome, fast_ctx)
            assert fast == current and type(fast) is GameState
            assert fast_ctx.fired == ctx.fired and fast_ctx.gaps == ctx.gaps
            if frame.on_top:
                seen[type(frame).__name__] += 1
        elif isinstance(frame, Choice) and isinstance(action, Decision):
            current = frame.resolve(popped(state), action, ctx)
            fast_ctx = Context()
            fast = frame.resolve_on_top(state, action, fast_ctx)
            assert fast == current and type(fast) is GameState
            assert fast_ctx.fired == ctx.fired and fast_ctx.gaps == ctx.gaps
            if frame.on_top:
                seen[type(frame).__name__] += 1
        else:  # pragma: no cover - a settled state has a decision or a chance node on top
            raise AssertionError(frame)
        while current.end is None and current.pending and isinstance(top := current.pending[-1], Step):
            plain_ctx, fast_ctx = Context(), Context()
            plain = top.run(popped(current), plain_ctx)
            if top.on_top:
                fast = top.run_on_top(current, fast_ctx)
                assert fast == plain, type(top).__name__
                assert type(fast) is GameState
                assert fast_ctx.fired == plain_ctx.fired and fast_ctx.gaps == plain_ctx.gaps
                seen[type(top).__name__] += 1
            else:
                assert Step.run_on_top(top, current, fast_ctx) == plain  # the default: run on the popped state
            current = plain

    play_game(seed, players, ruleset, on_step=check)


@pytest.mark.parametrize("ruleset", ["base", "void-seeders"])
def test_steps_run_on_top_as_they_run_popped(ruleset: str) -> None:
    seen: Counter[str] = Counter()
    for seed in range(3):
        _on_top_steps(seed, 2 + seed % 3, ruleset, seen)
    assert {
        "NextTurn",
        "AfterAction",
        "BeginTurn",
        "EndTurn",
        "DrawUp",
        "OfferPassDiscard",
        "Turn",
        "PassDiscard",
    } <= set(seen)


def test_a_subclass_with_its_own_run_or_resolve_is_not_run_on_top() -> None:
    class Later(NextTurn):
        __slots__ = ()

        def run(self, state: GameState, ctx: Context) -> GameState:  # pragma: no cover - never run
            return state

    class Quiet(Turn):
        __slots__ = ()

        def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:  # pragma: no cover
            return state

    assert NextTurn.on_top and Turn.on_top and not Later.on_top and not Quiet.on_top
