"""Known-answer scenarios for the escape pods (RU-RB p.11-12, p.24, p.26; facts.md §9, §13), named after
their clauses. Evacuation Section A's room action is in test_base_room_evacuation_section_a.py, the end
of the game by a pod's launch in test_base_end_pod_launch.py.

Seed 3 with two players puts Evacuation Section A in room 13 with pod 3 and Section B in
room 12 with pod 4, both locked.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import Context, IllegalActionError, apply, legal_actions, step
from nemesis_rules.model.core.state import GameState, Intruder, Pod
from nemesis_rules.model.rules import pods
from nemesis_rules.model.rules.evacuation import LaunchOrWait
from nemesis_rules.model.rules.pods import pod_of, waiting
from nemesis_rules.model.rules.rooms_doors import base_end_of_player_phase
from nemesis_rules.model.rules.round import BeginTurn, PodTurn
from nemesis_rules.testing import after_setup, run, top_frame, turn_of, with_frames, with_hand

HAND = ("demolition", "interruption", "scavenging", "search", "suppressive-fire")
PAY = ("demolition", "interruption")
BOARD = Decision.make(1, "room-action", room="evacuation-section-a", pod="3", pay=PAY)


def setup(rulings: dict[str, str] | None = None) -> GameState:
    """Player 1 in Evacuation Section A (room 13) with pod 3 unlocked; player 2 holds no
    Interruption, so nothing waits for their reaction."""
    state = with_hand(after_setup(players=2, seed=3, rulings=rulings), 1, *HAND)
    state = with_hand(state, 2, "basic-repairs", "full-auto", "search")
    state = state.with_room("13", replace(state.room("13"), explored=True, token=None))
    state = state.with_character(replace(state.character(1), position="13"))
    return replace(state, pods=tuple(replace(p, locked=p.number != 3) for p in state.pods))


@pytest.fixture
def game() -> GameState:
    return setup()


def seated(state: GameState, *players: int, locked: bool = False) -> GameState:
    """``players`` waiting in pod 3, at the start of player 1's turn of a later round."""
    pods = tuple(replace(p, occupants=players, locked=locked) if p.number == 3 else p for p in state.pods)
    state = replace(state, pods=pods)
    return with_frames(state.pop(), BeginTurn(1))


def companion_waiting(state: GameState) -> GameState:
    """Player 2 waiting in pod 3, in Section A."""
    state = state.with_character(replace(state.character(2), position="13", passed=True))
    return replace(state, pods=tuple(replace(p, occupants=(2,)) if p.number == 3 else p for p in state.pods))


def kinds(state: GameState) -> list[str]:
    return sorted({a.kind for a in legal_actions(state) if isinstance(a, Decision)})


# -- boarding -----------------------------------------------------------------------------------


def test_base_pod_malfunction_blocks_entering(game: GameState) -> None:
    broken = game.with_room("13", replace(game.room("13"), malfunction=True))
    with pytest.raises(IllegalActionError) as info:
        apply(broken, BOARD)
    assert info.value.clause == "base.pod.malfunction-blocks"


def test_base_source_evac_malfunction_readings() -> None:
    for reading, offered in (("blocks", []), ("no-block", [{"pod": "3"}])):
        state = setup({"base.source.evac-malfunction": reading})
        state = state.with_room("13", replace(state.room("13"), malfunction=True))
        assert state.config.ruleset.rooms["evacuation-section-a"].variants(state, 1) == offered


def test_base_pod_seats_after_a_quiet_noise_roll(game: GameState) -> None:
    state = game.with_character(replace(game.character(1), hands=("corpse-blue", "carcass")))
    state, fired = run(state, [BOARD])
    assert top_frame(state).chance == "noise-roll"  # type: ignore[attr-defined]
    state, more = run(state, [Outcome("noise-roll", "silence")])
    assert top_frame(state) == LaunchOrWait(1, 3)
    assert pod_of(state, 1) == Pod(3, "A", locked=False, occupants=(1,))  # Heavy Objects take no seat
    assert {"base.room.evacuation-section-a", "base.pod.seats"} <= set(fired + more)


def test_base_pod_launched_escapes_and_counts_as_reaching_earth(game: GameState) -> None:
    state, fired = run(game, [BOARD, Outcome("noise-roll", "silence"), Decision.make(1, "launch-pod")])
    assert state.character(1).status == "escaped"
    assert [p for p in state.pods if p.number == 3] == [Pod(3, "A", locked=False, occupants=(), launched=True)]
    assert {"base.pod.launch", "base.pod.launched"} <= set(fired)
    assert turn_of(state) == 2 and state.end is None  # player 2 plays on


def test_base_pod_launch_wait_is_an_automatic_pass(game: GameState) -> None:
    state, _ = run(game, [BOARD, Outcome("noise-roll", "silence"), Decision.make(1, "wait-in-pod")])
    assert waiting(state, 1) and state.character(1).passed
    assert kinds(state) == ["discard", "keep-hand"]  # passing lets the player discard
    state = apply(state, Decision.make(1, "keep-hand"))
    assert turn_of(state) == 2


# -- a turn begun in a pod ---------------------------------------------------------------------------


def test_base_pod_launch_at_the_start_of_a_later_turn(game: GameState) -> None:
    state = seated(game, 1)
    assert top_frame(state) == PodTurn(1)
    assert kinds(state) == ["launch-pod", "leave-pod", "stay-in-pod"]
    state, fired = run(state, [Decision.make(1, "launch-pod")])
    assert state.character(1).status == "escaped" and "base.pod.launched" in fired
    assert turn_of(state) == 2


def test_base_pod_step_out_is_free_and_the_turn_goes_on(game: GameState) -> None:
    state, fired = run(seated(game, 1), [Decision.make(1, "leave-pod")])
    assert pod_of(state, 1) is None and state.character(1).position == "13"
    assert turn_of(state) == 1 and state.pending[-1].done == 0  # type: ignore[attr-defined]
    assert "base.pod.step-out" in fired


def test_base_pod_staying_passes(game: GameState) -> None:
    state, _ = run(seated(game, 1), [Decision.make(1, "stay-in-pod"), Decision.make(1, "keep-hand")])
    assert waiting(state, 1) and state.character(1).passed and turn_of(state) == 2


def test_base_pod_intruder_ejects_the_waiting_characters(game: GameState) -> None:
    state = seated(replace(game, intruders=(Intruder(1, "creeper", "13"),), next_intruder=2), 1)
    assert pod_of(state, 1) is None and turn_of(state) == 1 and not isinstance(top_frame(state), PodTurn)
    assert state.pending[-1].done == 0  # type: ignore[attr-defined]  # a normal turn, in Combat


def test_base_pod_intruder_ejects_at_the_end_of_the_player_phase(game: GameState) -> None:
    state = replace(game, intruders=(Intruder(1, "creeper", "13"),), next_intruder=2)
    state = replace(state, pods=tuple(replace(p, occupants=(1,)) if p.number == 3 else p for p in state.pods))
    ctx = Context()
    ejected = base_end_of_player_phase(state, ctx)
    assert pod_of(ejected, 1) is None and ejected.character(1).position == "13"
    assert "base.pod.intruder-ejects" in ctx.fired


def test_base_gap_pod_launch_companions_leave_together(game: GameState) -> None:
    state, _ = run(companion_waiting(game), [BOARD, Outcome("noise-roll", "silence")])
    transition = step(state, Decision.make(1, "launch-pod"))
    after = transition.state
    assert after.character(1).status == after.character(2).status == "escaped"
    assert "base.gap.pod-launch-companions" in transition.fired
    assert after.end is not None and after.end.reason == "last-character-left-hyperjump"
    assert after.end.survivors == (1, 2)


def test_base_gap_pod_launch_companions_step_out_reading() -> None:
    state = setup({"base.gap.pod-launch-companions": "companions-step-out"})
    state, _ = run(companion_waiting(state), [BOARD, Outcome("noise-roll", "silence"), Decision.make(1, "launch-pod")])
    assert state.character(1).status == "escaped" and state.character(2).active
    assert pod_of(state, 2) is None and state.character(2).position == "13"


def test_base_gap_locked_pod_launch_readings(game: GameState) -> None:
    transition = step(seated(game, 1, locked=True), Decision.make(1, "launch-pod"))
    assert transition.state.character(1).status == "escaped"
    assert "base.gap.locked-pod-launch" in transition.fired
    strict = seated(setup({"base.gap.locked-pod-launch": "cannot-launch"}), 1, locked=True)
    assert kinds(strict) == ["leave-pod", "stay-in-pod"]
    with pytest.raises(IllegalActionError) as info:
        apply(strict, Decision.make(1, "launch-pod"))
    assert info.value.clause == "base.gap.locked-pod-launch"


# -- the pods and the end of the game ------------------------------------------------------------------


def test_base_pod_evacuation_pod_ejection_takes_the_waiting_characters_along(game: GameState) -> None:
    state = replace(game, pods=tuple(replace(p, occupants=(1,)) if p.number == 3 else p for p in game.pods))
    ctx = Context()
    state = pods.eject_pod(state, lowest=True, ctx=ctx)
    assert state.character(1).status == "escaped" and [p.number for p in state.pods] == [4]
    assert state.removed.count("pod:3") == 1
    # with nobody else aboard, the end of the Player Phase ends the game
    state = state.with_character(replace(state.character(2), status="dead"))
    state = base_end_of_player_phase(state, ctx)
    assert state.end is not None and state.end.survivors == (1,)
