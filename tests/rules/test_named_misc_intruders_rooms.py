"""Known-answer tests for Intruders meeting Doors, fleeing, running out of Adults, the Slime
room, and the turn cycle (issue #8): each checks the state the clause describes."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.base_hooks import base_on_enter
from nemesis_rules.model.rules.intruder_injuries import Retreat, RetreatDirection, base_judge
from nemesis_rules.model.rules.intruders import move_intruder, place_intruder
from nemesis_rules.model.rules.round import EndRoundStep, NextTurn, StartRound
from nemesis_rules.testing import after_setup, run, top_frame, with_frames, with_hand, with_intruders


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (the Scout and the Soldier), no cards in hand."""
    return with_hand(with_hand(after_setup(players=2, seed=3), 1), 2)


def test_base_door_intruder_destroys_a_closed_door_and_stays(game: GameState) -> None:
    state = with_intruders(game, Intruder(1, "adult", "15")).with_door("11-15", "closed")
    ctx = Context()
    after = move_intruder(state, 1, "11-15", ctx)
    assert after.door("11-15") == "destroyed" and after.intruders[0].position == "15"
    assert "base.door.intruder-destroys" in ctx.fired


def test_base_retreat_arrow_a_retreat_card_makes_the_intruder_flee(game: GameState) -> None:
    intruder = Intruder(1, "adult", "11", injuries=1)
    state = with_intruders(game, intruder)
    ctx = Context()
    after = base_judge(state, intruder, "sum", ("bite-4",), ctx)  # bite-4 shows the Retreat arrow
    assert top_frame(after) == Retreat(1) and after.intruders == state.intruders
    assert "base.retreat.arrow" in ctx.fired


def test_base_retreat_direction_the_event_cards_number_picks_the_corridor(game: GameState) -> None:
    state = with_intruders(game, Intruder(1, "adult", "11", injuries=2))
    state = with_frames(state, RetreatDirection(1))
    after, _ = run(state, [Outcome("event-card", "damage-1")])  # corridor number 2: 11 -> 06
    moved = after.intruders[0]
    assert moved.position == "06" and moved.injuries == 2
    assert after.deck("event").discard.count("damage-1") == 1


def test_base_supply_adult_exhaustion_adults_not_in_combat_retreat_first(game: GameState) -> None:
    rooms = ("02", "03", "04", "05", "06", "07", "08", "10")
    state = with_intruders(game, *(Intruder(i + 1, "adult", p) for i, p in enumerate(rooms)))
    ctx = Context()
    after, new = place_intruder(state, "adult", "15", None, ctx)
    assert new and [(i.kind, i.position) for i in after.intruders] == [("adult", "15")]
    assert "base.supply.adult-exhaustion" in ctx.fired


def test_base_room_room_covered_with_slime_entering_gives_slime(game: GameState) -> None:
    ctx = Context()
    after = base_on_enter(game, 1, "14", ctx)
    assert after.character(1).slime and "base.room.room-covered-with-slime" in ctx.fired
    assert base_on_enter(game, 1, "15", Context()) == game


def test_base_slime_one_per_character(game: GameState) -> None:
    slimed = game.with_character(replace(game.character(1), slime=True))
    ctx = Context()
    assert base_on_enter(slimed, 1, "14", ctx) == slimed  # still just the one marker
    assert "base.slime.one-per-character" not in ctx.fired
    fresh = Context()
    assert base_on_enter(game, 1, "14", fresh).character(1).slime
    assert "base.slime.one-per-character" in fresh.fired


def test_base_round_cycles_after_the_last_player_the_first_plays_again(game: GameState) -> None:
    ctx = Context()
    after = NextTurn(2).run(game, ctx)  # player 2 is last in order; nobody has passed
    assert getattr(top_frame(after), "player", None) == 1 and "base.round.cycles" in ctx.fired


def test_base_round_end_then_a_new_round_begins(game: GameState) -> None:
    ctx = Context()
    after = EndRoundStep().run(game, ctx)
    assert top_frame(after) == StartRound() and "base.round.end" in ctx.fired


def test_base_door_exhaustion_a_door_is_taken_from_the_board_when_none_is_left(game: GameState) -> None:
    from nemesis_rules.invariants.components import box
    from nemesis_rules.model.rules.ship import set_door

    supply = box(game.config).supplies["door"]
    corridors = [c for c in game.config.board.corridors if game.door(c) == "open"]
    state = game
    for corridor in corridors[:supply]:
        state = state.with_door(corridor, "closed")
    ctx = Context()
    after = set_door(state, corridors[supply], "closed", ctx)
    assert after.door(corridors[supply]) == "closed"
    assert sum(1 for d in after.doors if d != "open") == supply
    assert after.door(corridors[0]) == "open"  # ruling base.gap.door-token-taken, closed-first: the lowest
    assert "base.door.exhaustion" in ctx.fired


def test_base_door_exhaustion_destroyed_first_takes_a_destroyed_doors_token(game: GameState) -> None:
    from dataclasses import replace as evolve

    from nemesis_rules.invariants.components import box
    from nemesis_rules.model.rules.ship import set_door

    rulings = {**game.config.rulings, "base.gap.door-token-taken": "destroyed-first"}
    state = evolve(game, config=evolve(game.config, rulings=rulings))
    supply = box(state.config).supplies["door"]
    corridors = [c for c in state.config.board.corridors if state.door(c) == "open"]
    for corridor in corridors[: supply - 1]:
        state = state.with_door(corridor, "closed")
    destroyed = corridors[supply - 1]
    state = state.with_door(destroyed, "destroyed")
    after = set_door(state, corridors[supply], "closed", Context())
    assert after.door(destroyed) == "open" and after.door(corridors[0]) == "closed"
    assert sum(1 for d in after.doors if d != "open") == supply
