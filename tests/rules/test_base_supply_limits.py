"""Known-answer tests for the supply's limits: no ninth Adult miniature, no ninth Carcass, named after
their clause ids. Seed 3, two players in room 11: the Scout (player 1, five cards) and the Soldier (one
card, so no Interruption window opens); test_base_supply.py plays from empty hands."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.intruder_injuries import kill_intruder
from nemesis_rules.model.rules.intruders import place_intruder
from nemesis_rules.testing import after_setup, with_hand, with_intruders

HAND = ("search", "search", "rest", "interruption", "demolition")


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (Hibernatorium): the Scout (player 1, Rifle, five cards)
    and the Soldier (player 2, one card, so no Interruption window opens)."""
    state = with_hand(after_setup(players=2, seed=3), 1, *HAND)
    return with_hand(state, 2, "search")


def test_base_supply_miniatures_no_ninth_adult(game: GameState) -> None:
    # eight Adults in the Characters' room: none can retreat, so no ninth one comes
    adults = [Intruder(n, "adult", "11") for n in range(1, 9)]
    token = min(t for t in game.token_pool if t.startswith("adult"))
    state = replace(with_intruders(game, *adults), token_pool=game.token_pool.remove(token))
    ctx = Context()
    after, placed = place_intruder(state, "adult", "15", token, ctx)
    assert placed == 0 and len(after.intruders) == 8 and token in after.token_pool
    assert "base.supply.miniatures" in ctx.fired


def test_base_supply_components_no_ninth_carcass(game: GameState) -> None:
    room = game.room("11")
    state = game.with_room("11", replace(room, objects=room.objects.add("carcass", 8)))
    state = with_intruders(state, Intruder(1, "adult", "11"))
    ctx = Context()
    after = kill_intruder(state, state.intruders[0], ctx)
    assert not after.intruders and after.room("11").objects.count("carcass") == 8
    assert "base.supply.components" in ctx.fired
