"""Known-answer scenarios for the rooms that act on another room: Fire Control System, Command
Center, Airlock Control and its decompression (RU-RB p.24-25; facts.md §9, §14)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome, ParamValue
from nemesis_rules.model.core.engine import RuleGap, apply, legal_actions, step
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.intruder_injuries import find
from nemesis_rules.testing import after_setup, run, top_frame, with_hand

HAND = ("demolition", "interruption", "scavenging", "search", "suppressive-fire")
PAY = ("demolition", "interruption")


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players: the Scout (player 1) and the Soldier (no Interruption in hand)."""
    state = with_hand(after_setup(players=2, seed=3), 1, *HAND)
    return with_hand(state, 2, "basic-repairs", "full-auto", "search")


def enter(state: GameState, player: int, position: str, tile: str | None = None) -> GameState:
    room = state.room(position)
    state = state.with_room(position, replace(room, explored=True, token=None, tile=tile or room.tile))
    return state.with_character(replace(state.character(player), position=position))


def explore(state: GameState, position: str) -> GameState:
    return state.with_room(position, replace(state.room(position), explored=True, token=None))


def room_options(state: GameState, player: int = 1) -> list[dict[str, ParamValue]]:
    out: list[dict[str, ParamValue]] = []
    for action in legal_actions(state):
        if isinstance(action, Decision) and action.kind == "room-action" and action.cards() == PAY:
            out.append({k: v for k, v in action.params if k not in ("pay", "room")})
    return out


def room_action(player: int, tile: str, **params: str) -> Decision:
    return Decision.make(player, "room-action", room=tile, pay=PAY, **params)


def pass_turns(state: GameState, *players: int) -> tuple[GameState, list[str]]:
    """Each given player passes and keeps their hand, in order."""
    actions: list[Decision] = []
    for p in players:
        actions += [Decision.make(p, "pass"), Decision.make(p, "keep-hand")]
    return run(state, actions)


# -- Fire Control System (10) ---------------------------------------------------------------------


def burning_with_adult(state: GameState) -> GameState:
    state = state.with_room("05", replace(state.room("05"), fire=True))
    return replace(state, intruders=(Intruder(1, "adult", "05"),), next_intruder=2)


def test_base_room_fire_control_system_removes_the_fire_and_intruders_retreat(game: GameState) -> None:
    state = burning_with_adult(enter(game, 1, "10"))
    state, fired = run(state, [room_action(1, "fire-control-system")])
    targets = [a.get("target") for a in legal_actions(state) if isinstance(a, Decision)]
    assert targets == ["05"]  # the only room where the procedure does something
    state, more = run(state, [Decision.make(1, "fire-control", target="05")])
    assert not state.room("05").fire
    assert top_frame(state).chance == "event-card"  # type: ignore[attr-defined]
    state = apply(state, Outcome("event-card", "hunt-2"))  # number 3: the corridor 05-06
    assert find(state, 1) == Intruder(1, "adult", "06")
    assert {"base.room.fire-control-system", "base.fire.limit"} <= set(fired + more)


def test_base_room_fire_control_system_works_without_a_fire(game: GameState) -> None:
    state = replace(enter(game, 1, "10"), intruders=(Intruder(1, "creeper", "13"),), next_intruder=2)
    state, _ = run(state, [room_action(1, "fire-control-system"), Decision.make(1, "fire-control", target="13")])
    assert top_frame(state).chance == "event-card"  # type: ignore[attr-defined]


def test_base_room_fire_control_system_refused_with_no_fire_and_no_intruder(game: GameState) -> None:
    assert room_options(enter(game, 1, "10")) == []


# -- Command Center (06) ------------------------------------------------------------------------------


def test_base_room_command_center_sets_any_combination_of_one_rooms_doors(game: GameState) -> None:
    state, fired = run(enter(game, 1, "06"), [room_action(1, "command-center")])
    assert len(legal_actions(state)) == 21  # any room of the ship
    state = apply(state, Decision.make(1, "doors-of", target="07"))
    settings = [a.get("doors") for a in legal_actions(state) if isinstance(a, Decision)]
    assert len(settings) == 7  # 2^3 combinations but the current one (all open)
    chosen = ("06-07=closed", "07-08=open", "03-07=closed")
    state, more = run(state, [Decision.make(1, "set-doors", doors=chosen)])
    assert [state.door(c) for c in ("06-07", "07-08", "03-07")] == ["closed", "open", "closed"]
    assert "base.door.closed-blocks" in more and "base.room.command-center" in fired


def test_base_room_command_center_leaves_destroyed_doors_alone(game: GameState) -> None:
    state = game.with_door("07-08", "destroyed")
    state, _ = run(enter(state, 1, "06"), [room_action(1, "command-center"), Decision.make(1, "doors-of", target="07")])
    settings = {a.get("doors") for a in legal_actions(state) if isinstance(a, Decision)}
    assert len(settings) == 3 and all(len(s) == 2 for s in settings if isinstance(s, tuple))


# -- Airlock Control (06) -------------------------------------------------------------------------------


def airlock(state: GameState) -> GameState:
    return explore(enter(state, 1, "06", tile="airlock-control"), "04")


def test_base_room_airlock_control_closes_another_yellow_rooms_doors(game: GameState) -> None:
    state = airlock(game)
    state = explore(state, "16")  # green: never a target
    assert room_options(state) == [{"target": "04"}]
    after, fired = run(state, [room_action(1, "airlock-control", target="04")])
    assert after.door("04-08") == after.door("01-04") == "closed"
    assert "decompression:04" in after.flags and "base.room.airlock-control" in fired


def test_base_room_airlock_control_refuses_a_room_with_a_destroyed_door(game: GameState) -> None:
    assert room_options(airlock(game).with_door("01-04", "destroyed")) == []


def test_base_room_airlock_control_decompression_kills_everyone_inside(game: GameState) -> None:
    state, _ = run(airlock(game), [room_action(1, "airlock-control", target="04")])
    state = state.with_character(replace(state.character(2), position="04"))
    state = state.with_room("04", replace(state.room("04"), fire=True))
    state = replace(state, intruders=(Intruder(1, "adult", "04"),), next_intruder=2)
    state, fired = pass_turns(state, 1, 2)
    assert state.character(2).status == "dead" and state.character(1).active
    assert not state.intruders and state.room("04").objects.count("carcass") == 1
    assert state.room("04").objects.count("corpse-red") == 1 and not state.room("04").fire
    assert "decompression:04" not in state.flags
    assert "base.room.airlock-control" in fired and state.phase == "event"


def test_base_room_airlock_control_an_opened_door_stops_the_decompression(game: GameState) -> None:
    state, _ = run(airlock(game), [room_action(1, "airlock-control", target="04")])
    state = state.with_character(replace(state.character(2), position="04")).with_door("01-04", "open")
    state, _ = pass_turns(state, 1, 2)
    assert state.character(2).active and "decompression:04" not in state.flags


def test_base_room_airlock_control_decompressing_the_last_character_ends_the_game(game: GameState) -> None:
    state = airlock(game)
    state = state.with_character(replace(state.character(2), status="dead"))
    state, _ = run(state, [room_action(1, "airlock-control", target="04")])
    state = state.with_character(replace(state.character(1), position="04", passed=False))
    state, fired = pass_turns(state, 1)
    assert state.end is not None and state.end.reason == "last-character-left-hyperjump"
    assert state.time == game.time  # the game ended before the Time marker moved
    assert "base.end.last-character" in fired


def test_base_gap_second_decompression_moves_the_token(game: GameState) -> None:
    state = explore(airlock(game), "08")
    state, _ = run(state, [room_action(1, "airlock-control", target="04")])
    transition = step(with_hand(state, 1, *HAND), room_action(1, "airlock-control", target="08"))
    assert {f for f in transition.state.flags if f.startswith("decompression:")} == {"decompression:08"}
    assert "base.gap.second-decompression" in transition.fired


def test_base_gap_second_decompression_both_and_strict_readings() -> None:
    for reading in ("both", "strict"):
        state = with_hand(after_setup(players=2, seed=3, rulings={"base.gap.second-decompression": reading}), 1, *HAND)
        state = with_hand(state, 2, "search")
        state = explore(airlock(state), "08")
        state, _ = run(state, [room_action(1, "airlock-control", target="04")])
        again = with_hand(state, 1, *HAND)
        if reading == "strict":
            with pytest.raises(RuleGap):
                step(again, room_action(1, "airlock-control", target="08"))
        else:
            after = step(again, room_action(1, "airlock-control", target="08")).state
            assert {"decompression:04", "decompression:08"} <= after.flags
