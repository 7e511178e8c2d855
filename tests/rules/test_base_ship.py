"""Known-answer tests for the ship board: its 21 rooms, corridor numbers, technical corridor entrances
and Computer rooms, named after their clause ids. Seed 3, two players in room 11: the Scout (player 1,
five cards) and the Soldier (one card, so no Interruption window opens)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.board.layout import TECH
from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.action_cards_scientist import computer_access
from nemesis_rules.model.rules.noise import NoiseRoll
from nemesis_rules.testing import after_setup, explored, move_character, run, settled, with_hand

HAND = ("search", "search", "rest", "interruption", "demolition")


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (Hibernatorium): the Scout (player 1, Rifle, five cards)
    and the Soldier (player 2, one card, so no Interruption window opens)."""
    state = with_hand(after_setup(players=2, seed=3), 1, *HAND)
    return with_hand(state, 2, "search")


def test_base_ship_corridors_and_base_noise_unique_numbers(game: GameState) -> None:
    # in room 02 the number 3 belongs to the corridor to room 01 and to nothing else
    state = move_character(explored(game, "02"), 1, "02")
    state, _ = settled(state, NoiseRoll(1, "02"))
    after, fired = run(state, [Outcome("noise-roll", "3")])
    assert after.noise == frozenset({"01-02"})
    assert "base.ship.corridors" in fired and "base.noise.unique-numbers" in fired


def test_base_ship_tech_entrances_bear_the_numbers_no_corridor_uses(game: GameState) -> None:
    state = move_character(explored(game, "02"), 1, "02")
    state, _ = settled(state, NoiseRoll(1, "02"))
    after, fired = run(state, [Outcome("noise-roll", "1")])
    assert after.noise == frozenset({TECH})
    assert "base.ship.tech-entrances" in fired and "base.ship.corridors" not in fired


def test_base_ship_computers_a_computer_room_gives_access(game: GameState) -> None:
    state = move_character(explored(game, "17"), 1, "17")  # room 17 is the Laboratory
    ctx = Context()
    assert computer_access(state, 1, ctx)
    assert "base.ship.computers" in ctx.fired
    broken = state.with_room("17", replace(state.room("17"), malfunction=True))
    assert not computer_access(broken, 1, Context())


def test_base_ship_rooms_every_slot_of_the_21_rooms_holds_a_tile() -> None:
    state = after_setup(players=1, seed=2)
    kinds = state.config.board.kinds
    assert len(state.rooms) == 21 and all(r.tile for r in state.rooms)
    assert sorted(set(kinds.values())) == ["printed", "slot-1", "slot-2"]
    assert [sum(1 for k in kinds.values() if k == kind) for kind in ("printed", "slot-1", "slot-2")] == [5, 11, 5]
