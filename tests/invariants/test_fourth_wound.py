"""base.death.fourth-wound as an invariant (``characters.fourth-wound-kills``): a further wound to a
Character with 3 Serious Wounds kills it whatever dealt it, checked in the states the engine
produces, not taken from the clause it reports."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.invariants.catalogue import invariant
from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import Context, settle
from nemesis_rules.model.core.frames import Step
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.wounds import LightWound, SeriousWound
from nemesis_rules.testing import after_setup

RULE = "characters.fourth-wound-kills"
PASS = Decision.make(1, "pass")


def _wounded(serious: tuple[str, ...], light: int = 0) -> GameState:
    state = after_setup(players=2, seed=3, ruleset="base")
    return state.with_character(replace(state.character(1), serious_wounds=serious, light_wounds=light))


@pytest.mark.parametrize("wound", [LightWound(1), SeriousWound(1)], ids=["light", "serious"])
def test_base_death_fourth_wound_the_engines_death_passes_and_a_spared_character_does_not(wound: Step) -> None:
    before = _wounded(("arm", "leg", "head"))
    ctx = Context()
    after = settle(before.push(wound), ctx)
    fired = tuple(ctx.fired)
    assert "base.death.fourth-wound" in fired and after.character(1).status == "dead"
    rule = invariant(RULE)
    assert rule.check_step(before, PASS, after, fired) is None
    spared = rule.check_step(before, PASS, before, fired)
    assert spared is not None and "player 1 (3 Serious Wounds, now active)" in spared


def test_base_wound_light_conversion_a_wound_short_of_death_is_not_checked() -> None:
    before = _wounded(("arm", "leg"), light=2)
    ctx = Context()
    after = settle(before.push(LightWound(1)), ctx)
    assert "base.death.fourth-wound" not in ctx.fired and after.character(1).status == "active"
    assert invariant(RULE).check_step(before, PASS, after, tuple(ctx.fired)) is None


def test_two_reported_deaths_need_two_deaths() -> None:
    before = _wounded(("arm", "leg", "head"))
    ctx = Context()
    after = settle(before.push(LightWound(1)), ctx)
    twice = (*ctx.fired, "base.death.fourth-wound")
    assert invariant(RULE).check_step(before, PASS, after, twice) is not None
