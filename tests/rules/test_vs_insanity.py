"""Known-answer scenarios for the Insanity track (void-seeders-rulebook.txt, Void Seeders Features >
Insanity Level and Insanity Track Card), named after clauses and rulings."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.void_seeders.insanity import (
    can_lower,
    lower_insanity,
    lowered_level,
    raise_insanity,
    raised_level,
)
from nemesis_rules.testing import after_setup


def game(rulings: dict[str, str] | None = None) -> GameState:
    return after_setup(2, 0, ruleset="void-seeders", rulings=rulings)


def at(state: GameState, player: int, level: int) -> GameState:
    return state.with_character(replace(state.character(player), insanity=level))


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_vs_insanity_track_raise_is_one_step(level: int) -> None:
    ctx = Context()
    state = raise_insanity(at(game(), 1, level), 1, ctx)
    assert state.character(1).insanity == level + 1
    assert "vs.insanity.track" in ctx.fired


def test_vs_insanity_death_above_5_kills_on_a_raise_at_5() -> None:
    ctx = Context()
    state = raise_insanity(at(game(), 1, 5), 1, ctx)
    assert state.character(1).status == "dead" and state.character(1).insanity == 5
    assert "vs.insanity.death-above-5" in ctx.fired
    assert state.room(state.character(1).position).objects.count("corpse-red") == 1


def test_vs_insanity_max_a_raise_that_may_not_kill_stops_at_5() -> None:
    ctx = Context()
    state = raise_insanity(at(game(), 1, 5), 1, ctx, lethal=False)
    assert state.character(1).active and state.character(1).insanity == 5
    assert "vs.insanity.max" in ctx.fired


def test_vs_insanity_no_return_below_3_lowering_stops_at_3() -> None:
    state = at(game(), 1, 4)
    state = lower_insanity(state, 1, Context())
    assert state.character(1).insanity == 3
    ctx = Context()
    state = lower_insanity(state, 1, ctx)
    assert state.character(1).insanity == 3
    assert "vs.change.reduction-limited" in ctx.fired and "vs.insanity.no-return-below-3" in ctx.fired
    assert not can_lower(state, 1)


def test_vs_insanity_track_below_3_the_level_can_drop() -> None:
    state = lower_insanity(at(game(), 1, 2), 1, Context())
    assert state.character(1).insanity == 1
    assert not can_lower(state, 1)


def test_vs_ambiguity_insanity_floor_floor_3_lowers_5_to_4() -> None:
    ctx = Context()
    state = lower_insanity(at(game(), 1, 5), 1, ctx)
    assert state.character(1).insanity == 4
    assert "vs.ambiguity.insanity-floor" in ctx.fired


def test_vs_ambiguity_insanity_floor_locked_never_lowers_from_3_or_more() -> None:
    state = at(game({"vs.ambiguity.insanity-floor": "locked"}), 1, 5)
    assert not can_lower(state, 1)
    assert lower_insanity(state, 1, Context()).character(1).insanity == 5
    # lowering to a fixed level (Surgery, the Antidote) still works
    assert lower_insanity(state, 1, Context(), to=3).character(1).insanity == 3


def test_vs_insanity_track_a_dead_character_is_not_changed() -> None:
    state = game()
    state = state.with_character(replace(state.character(1), status="dead", insanity=2))
    assert raise_insanity(state, 1, Context()) is state
    assert lower_insanity(state, 1, Context()) is state


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_vs_insanity_max_pure_rules_hold_for_every_level(level: int) -> None:
    up = raised_level(level)
    assert (up is None) == (level == 5)
    assert up is None or up == level + 1 <= 5
    assert raised_level(level, lethal=False) == min(level + 1, 5)
    assert raised_level(level, to=5) == 5
    for locked in (False, True):
        down = lowered_level(level, locked=locked)
        assert 1 <= down <= level
        if level >= 3:
            assert down >= 3
        assert lowered_level(level, to=3) == (3 if level >= 3 else level)
