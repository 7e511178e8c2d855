"""Known-answer tests for the Room Covered with Slime and Evacuation Section B (facts.md §9), named
after their clause ids; the other rooms' actions are in test_base_room_<kind>.py.

Seed 3 with two players puts Evacuation Section B in room 12 with pod 4 (locked at the start)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.base_hooks import base_on_enter
from nemesis_rules.model.rules.evacuation import LaunchOrWait
from nemesis_rules.model.rules.pods import pod_of
from nemesis_rules.testing import after_setup, run, top_frame, turn_of, with_hand


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (the Scout and the Soldier), no cards in hand."""
    return with_hand(with_hand(after_setup(players=2, seed=3), 1), 2)


def test_base_room_room_covered_with_slime_entering_gives_slime(game: GameState) -> None:
    ctx = Context()
    after = base_on_enter(game, 1, "14", ctx)
    assert after.character(1).slime and "base.room.room-covered-with-slime" in ctx.fired
    assert base_on_enter(game, 1, "15", Context()) == game


PAY = ("demolition", "interruption")
BOARD_B = Decision.make(1, "room-action", room="evacuation-section-b", pod="4", pay=PAY)


@pytest.fixture
def section_b() -> GameState:
    """Player 1 in Evacuation Section B (room 12) with pod 4 unlocked; player 2 holds no cards."""
    state = with_hand(after_setup(players=2, seed=3), 1, "demolition", "interruption", "search")
    state = with_hand(state, 2)
    state = state.with_room("12", replace(state.room("12"), explored=True, token=None))
    state = state.with_character(replace(state.character(1), position="12"))
    return replace(state, pods=tuple(replace(p, locked=p.number != 4) for p in state.pods))


def test_base_room_evacuation_section_b_a_quiet_noise_roll_takes_a_seat(section_b: GameState) -> None:
    state, fired = run(section_b, [BOARD_B])
    assert top_frame(state).chance == "noise-roll"  # type: ignore[attr-defined]
    state, more = run(state, [Outcome("noise-roll", "silence")])
    assert top_frame(state) == LaunchOrWait(1, 4)
    pod = pod_of(state, 1)
    assert pod is not None and pod.number == 4 and pod.occupants == (1,)
    assert "base.room.evacuation-section-b" in fired + more


def test_base_room_evacuation_section_b_fails_when_an_intruder_appears(section_b: GameState) -> None:
    corridor = next(iter(section_b.config.board.spaces_at["12"]))
    neighbour = section_b.config.board.corridors[corridor].other_end("12")
    state = replace(section_b, intruders=(Intruder(1, "adult", neighbour),), next_intruder=2)
    state, _ = run(state, [BOARD_B, Outcome("noise-roll", "danger")])
    assert state.intruders[0].position == "12"
    assert pod_of(state, 1) is None and turn_of(state) == 1


def test_base_room_evacuation_section_b_needs_an_unlocked_pod(section_b: GameState) -> None:
    from nemesis_rules.model.core.engine import IllegalActionError, check

    locked = replace(section_b, pods=tuple(replace(p, locked=True) for p in section_b.pods))
    with pytest.raises(IllegalActionError):
        check(locked, BOARD_B)
