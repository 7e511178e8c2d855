"""Known-answer tests for death: the fourth Serious Wound, the corpse and the escape pods
unlocking at the first death (facts.md §5, §13; RU-RB p.20-21), named after their clause ids."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.attack import AttackCardDraw
from nemesis_rules.model.rules.wounds import SeriousWound, kill
from nemesis_rules.testing import after_setup, run, settled, with_frames, with_hand, with_intruders

HAND = ("search", "search", "rest", "interruption", "demolition")


@pytest.fixture(scope="module")
def game() -> GameState:
    """Seed 3, two players in room 11: player 1 with five cards, player 2 (the Soldier) with
    one card and no reaction to an attack; the escape pods still locked."""
    state = with_hand(after_setup(players=2, seed=3), 1, *HAND)
    return with_hand(state, 2, "search")


def wounded(state: GameState, player: int, serious: int) -> GameState:
    wounds = ("arm", "leg", "back")[:serious]
    return state.with_character(replace(state.character(player), serious_wounds=wounds))


def attack(state: GameState, kind: str, card: str, *more: str) -> tuple[GameState, list[str]]:
    """An Intruder of ``kind`` in room 11 attacks player 2 with ``card``; ``more`` chance
    outcomes (``chance:outcome``) follow."""
    state = with_frames(with_intruders(state, Intruder(1, kind, "11")), AttackCardDraw(1, 2))
    outcomes = [Outcome("attack-card", card)] + [Outcome(*m.split(":", 1)) for m in more]
    return run(state, outcomes)


def test_base_death_fourth_wound_a_light_wound_kills_with_three_serious(game: GameState) -> None:
    after, fired = attack(wounded(game, 2, 3), "creeper", "scratch-1", "contamination-card:contamination")
    assert after.character(2).status == "dead"
    assert "base.death.fourth-wound" in fired


def test_base_death_fourth_wound_not_with_two_serious(game: GameState) -> None:
    after, fired = settled(wounded(game, 2, 2), SeriousWound(2))
    assert after.character(2).status == "active"
    assert "base.death.fourth-wound" not in fired


def test_base_death_corpse_a_red_corpse_in_the_room(game: GameState) -> None:
    ctx = Context()
    after = kill(game, 2, ctx, "test")
    assert after.character(2).status == "dead"
    assert after.room("11").objects.count("corpse-red") == game.room("11").objects.count("corpse-red") + 1
    assert "base.death.corpse" in ctx.fired


def test_base_death_corpse_drops_every_heavy_object(game: GameState) -> None:
    c = game.character(2)
    state = game.with_character(replace(c, hands=("carcass", "knife"), inventory=Multiset.of(["medkit"])))
    after = kill(state, 2, Context(), "test")
    assert after.room("11").objects.count("carcass") == 1
    assert "carcass" not in after.character(2).hands


def test_base_death_pods_unlock_at_the_first_death(game: GameState) -> None:
    assert all(p.locked for p in game.pods)
    ctx = Context()
    after = kill(game, 2, ctx, "test")
    assert all(not p.locked for p in after.pods)
    assert "base.death.pods-unlock" in ctx.fired


def test_base_death_pods_unlock_only_the_first_death(game: GameState) -> None:
    # player 1 died before (the pods left locked here): a second death unlocks nothing
    state = game.with_character(replace(game.character(1), status="dead"))
    ctx = Context()
    after = kill(state, 2, ctx, "test")
    assert all(p.locked for p in after.pods)
    assert "base.death.pods-unlock" not in ctx.fired
