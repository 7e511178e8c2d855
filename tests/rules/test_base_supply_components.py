"""Known-answer test that a carried Carcass is out of the supply too (facts.md §11), named after its
clause id. It plays from equipped Characters, so it is kept apart from test_base_supply.py."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.intruder_injuries import kill_intruder
from nemesis_rules.testing import after_setup, equip, with_intruders


@pytest.fixture
def game() -> GameState:
    return equip(equip(after_setup(players=2, seed=3), 2), 1)


def test_base_supply_components_a_carried_carcass_is_out_of_the_supply_too(game: GameState) -> None:
    # 7 Carcasses lie in room 11 and player 1 carries the 8th: a killed Adult leaves none
    room = game.room("11")
    state = game.with_room("11", replace(room, objects=room.objects.add("carcass", 7)))
    state = state.with_character(replace(state.character(1), hands=("carcass",)))
    state = with_intruders(state, Intruder(1, "adult", "11"))
    ctx = Context()
    after = kill_intruder(state, state.intruders[0], ctx)
    assert not after.intruders and after.room("11").objects.count("carcass") == 7
    assert "base.supply.components" in ctx.fired and "base.endurance.carcass" not in ctx.fired
