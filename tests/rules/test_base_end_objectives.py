"""Known-answer tests for the objectives step of the victory check (facts.md §13; RU-RB p.11-12),
named after their clause ids. Each test fixes the fates of a five-player game and asks the objectives
step who wins."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.victory import base_winners
from nemesis_rules.testing import after_setup

SURVIVING = ("hibernating", "escaped")


@pytest.fixture(scope="module")
def game() -> GameState:
    """A five-player base game after setup: nobody has sent the Signal, nothing discovered."""
    return after_setup(players=5, seed=1)


def fates(state: GameState, objectives: dict[int, str], **status: str) -> GameState:
    """Every character dead except those given a status (``p1="hibernating"``); each player in
    ``objectives`` holds exactly that one Objective."""
    characters = []
    for c in state.characters:
        c = replace(c, status=status.get(f"p{c.player}", "dead"))
        if c.player in objectives:
            c = replace(c, objectives=(objectives[c.player],))
        characters.append(c)
    return replace(state, characters=tuple(characters), phase="over")


def winners(state: GameState) -> tuple[tuple[int, ...], list[str]]:
    """The objectives step (check 4) on ``state``: the winners and the clauses that fired."""
    survivors = tuple(c.player for c in state.characters if c.status in SURVIVING)
    ctx = Context()
    return base_winners(state, survivors, ctx), ctx.fired


def test_base_end_objectives_several_survivors_may_win(game: GameState) -> None:
    state = fates(game, {1: "best-friends-forever", 2: "best-friends-forever"}, p1="hibernating", p2="escaped")
    won, fired = winners(state)
    assert won == (1, 2)
    assert "base.end.objectives" in fired


def test_base_end_objectives_a_survivor_with_an_unfulfilled_objective_loses(game: GameState) -> None:
    state = fates(game, {1: "ab-ovo", 2: "best-friends-forever"}, p1="hibernating", p2="escaped")
    won, fired = winners(state)
    assert won == (2,)
    assert "base.end.objectives" in fired and "base.objective.ab-ovo" in fired


def test_base_end_objectives_the_dead_never_win(game: GameState) -> None:
    # player 1's objective (player 2 must not survive) is fulfilled, but player 1 is dead
    state = fates(game, {1: "greener-pastures"}, p3="escaped")
    won, _ = winners(state)
    assert 1 not in won
