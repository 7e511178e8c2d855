"""Known-answer tests for Movement: adjacent rooms only, and an Escape (the attacks, then the move as
usual, or the corpse staying behind), named after their clause ids. Seed 3, two players in room 11: the
Scout (player 1, five cards) and the Soldier (one card, so no Interruption window opens)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import IllegalActionError, apply, legal_actions
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.movement import Relocate
from nemesis_rules.testing import after_setup, run, settled, with_hand, with_intruders

HAND = ("search", "search", "rest", "interruption", "demolition")


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (Hibernatorium): the Scout (player 1, Rifle, five cards)
    and the Soldier (player 2, one card, so no Interruption window opens)."""
    state = with_hand(after_setup(players=2, seed=3), 1, *HAND)
    return with_hand(state, 2, "search")


def test_base_move_escape_then_normal_a_survivor_moves_explores_and_rolls(game: GameState) -> None:
    # a Larva attacks the escaping Scout (no card drawn: it crawls onto the board), then the
    # Scout walks into unexplored room 15, explores it and rolls for Noise as after any Move
    state = with_intruders(game, Intruder(1, "larva", "11"))
    state, fired = run(state, [Decision.make(1, "move", to="15", pay=("search",))])
    assert state.character(1).position == "11"  # the Larva's Contamination card comes first
    after, more = run(state, [legal_actions(state)[0]])
    fired += more
    assert after.character(1).position == "15" and after.character(1).larva
    assert after.room("15").explored
    assert "base.combat.in-combat" in fired and "base.move.escape-attacks" in fired
    assert "base.attack.surprise-target" in fired and "base.move.escape-then-normal" in fired


def test_base_move_escape_then_normal_not_for_a_plain_move(game: GameState) -> None:
    _, fired = run(game, [Decision.make(1, "move", to="15", pay=("search",))])
    assert "base.move.escape-then-normal" not in fired and "base.combat.in-combat" not in fired


def test_base_move_escape_death_the_corpse_stays_in_the_room(game: GameState) -> None:
    # the Escape attack killed the Scout: the Relocate step after it moves nobody
    dead = game.with_character(replace(game.character(1), status="dead"))
    after, fired = settled(dead, Relocate(1, "11", "15", None, True))
    assert after.character(1).position == "11"
    assert not after.room("15").explored
    assert "base.move.escape-death" in fired


def test_base_move_adjacent_refuses_a_room_without_a_corridor(game) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalActionError) as info:
        apply(game, Decision.make(1, "move", to="07", pay=("search",)))
    assert info.value.clause == "base.move.adjacent"
    assert "no corridor from 11 to 07" in info.value.reason


def test_base_move_escape_attacks_largest_first(game) -> None:  # type: ignore[no-untyped-def]
    state = replace(
        game,
        intruders=(Intruder(1, "creeper", "11"), Intruder(2, "queen", "11")),
        next_intruder=3,
        first_encounter=True,
    )
    state, fired = run(state, [Decision.make(1, "move", to="15", pay=("search",))])
    assert "base.move.escape-attacks" in fired
    assert state.pending[-1].chance == "attack-card"
    assert state.pending[-1].intruder == 2  # the Queen attacks first
