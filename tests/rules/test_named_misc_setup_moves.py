"""Known-answer tests for the starting board, Careful Movement's cost and the hyperjump
(issue #8): each checks the state the clause describes."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import Context, IllegalActionError, check
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.endgame import end_game
from nemesis_rules.testing import after_setup, run, with_frames, with_hand


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11: the Scout (player 1, three cards) and the Soldier (none)."""
    return with_hand(with_hand(after_setup(players=2, seed=3), 1, "search", "rest", "demolition"), 2)


def test_base_door_start_open_every_door_is_open_after_setup(game: GameState) -> None:
    assert game.doors and all(door == "open" for door in game.doors)


def test_base_character_quest_items_two_of_its_own(game: GameState) -> None:
    for c in game.characters:
        assert len(c.quests) == 2 and all(state == "inactive" for _, state in c.quests)
    assert set(game.character(1).quests).isdisjoint(game.character(2).quests)


def test_base_cost_careful_move_is_paid_with_two_cards(game: GameState) -> None:
    move = Decision.make(1, "careful-move", noise="02-06", pay=("demolition", "rest"), to="06")
    after, fired = run(game, [move])
    assert after.character(1).hand.total == 1 and "base.cost.careful-move" in fired
    with pytest.raises(IllegalActionError) as err:
        check(game, Decision.make(1, "careful-move", noise="02-06", pay=("rest",), to="06"))
    assert err.value.clause == "base.cost.careful-move"


def test_base_time_jump_kills_every_awake_character_intruders_survive(game: GameState) -> None:
    from nemesis_rules.model.rules.intruders import place_intruder

    state, _ = place_intruder(game, "adult", "01", None, Context())
    ctx = Context()
    after = with_frames(end_game(state, "hyperjump", ctx))
    assert after.end is not None and "base.time.jump" in ctx.fired
    assert not any(c.alive for c in after.characters)
    assert [i.kind for i in after.intruders] == ["adult"]
