"""State snapshots: every reached state round-trips exactly, and a bad snapshot is bad input
naming the path of the first bad value, never built."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from nemesis_rules.errors import BadInputError
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import Frame, Step
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.game import start
from nemesis_rules.players.play import GameLog, play_game
from nemesis_rules.record import from_snapshot, to_snapshot
from nemesis_rules.record.state_classes import registry


def round_trip(state: GameState, **options: bool) -> GameState:
    """Through JSON text, as a file would carry it."""
    with_config = options.get("with_config", True)
    data = json.loads(json.dumps(to_snapshot(state, **options)))
    return from_snapshot(data, config=None if with_config else state.config)


def test_every_state_of_a_game_round_trips_exactly() -> None:
    checked = 0

    def check(state: GameState, action: object, transition: Any) -> None:
        nonlocal checked
        back = round_trip(transition.state)
        assert back == transition.state, f"after step {checked}: {action}"
        assert hash(back) == hash(transition.state)
        checked += 1

    play_game(11, 3, on_step=check)
    assert checked > 150


def test_sampled_states_of_many_games_round_trip(games: dict[tuple[int, int], tuple[GameState, GameLog]]) -> None:
    from nemesis_rules.model.core.engine import apply

    for (seed, players), (final, log) in games.items():
        state = start("base", players)
        for index, action in enumerate(log.actions):
            state = apply(state, action)
            if index % 40 == 0:
                assert round_trip(state) == state, (seed, index)
        assert round_trip(final) == final


def test_states_of_void_seeders_games_round_trip() -> None:
    checked = 0

    def check(state: GameState, action: object, transition: Any) -> None:
        nonlocal checked
        checked += 1
        if checked % 5 == 0 or transition.state.end is not None:
            assert round_trip(transition.state) == transition.state, (checked, action)

    for seed in range(3):
        play_game(seed, 2 + seed, "void-seeders", on_step=check)
    assert checked > 300


def test_compact_snapshots_leave_defaults_out_and_read_back_the_same(turn_state: GameState) -> None:
    full, compact = to_snapshot(turn_state), to_snapshot(turn_state, compact=True)
    assert len(json.dumps(compact)) < len(json.dumps(full)) * 2 // 3
    assert compact["state"]["rooms"][1] == {"$type": "RoomState", "tile": "laboratory", "token": "malfunction-1"}
    assert round_trip(turn_state, compact=True) == turn_state


def test_the_config_may_come_from_the_record_header(turn_state: GameState) -> None:
    data = to_snapshot(turn_state, with_config=False)
    assert "config" not in data["state"]
    assert from_snapshot(data, config=turn_state.config) == turn_state
    with pytest.raises(BadInputError, match="no 'config'"):
        from_snapshot(data)


def test_the_snapshot_names_frames_and_state_classes_readably(turn_state: GameState) -> None:
    state = to_snapshot(turn_state)["state"]
    assert state["$type"] == "GameState"
    assert state["pending"] == [{"$type": "Turn", "player": 1, "done": 0}]
    assert state["characters"][0]["hand"] == {"interruption": 1, "motivation": 1, "order": 1, "rest": 1, "search": 1}
    assert state["config"]["ruleset"] == "base" and state["config"]["players"] == 2


def test_every_frame_class_of_the_engine_can_be_named() -> None:
    def concrete(cls: type) -> list[type]:
        out = []
        for sub in cls.__subclasses__():
            out.extend(concrete(sub))
            if (
                sub.__module__ != Frame.__module__
                and getattr(__import__(sub.__module__, fromlist=["x"]), sub.__name__, None) is sub
            ):
                out.append(sub)
        return out

    table = registry()
    missing = [c.__name__ for c in concrete(Frame) if c not in table.tags]
    assert not missing
    assert {"Turn", "NoiseRoll", "TileDraw", "GameState", "RoomState"} <= set(table.by_tag)


@dataclass(frozen=True, slots=True)
class ProbeStep(Step):
    """A frame the engine does not have: its snapshot needs no change to the serializer."""

    label: str
    counts: tuple[tuple[str, int], ...] = ()
    maybe: int | None = None

    def run(self, state: GameState, ctx: Context) -> GameState:
        return state


def test_a_frame_added_later_round_trips_without_serializer_changes(turn_state: GameState) -> None:
    state = replace(turn_state, pending=(*turn_state.pending, ProbeStep("x", (("a", 1),), 3)))
    data = to_snapshot(state)
    assert data["state"]["pending"][-1] == {"$type": "ProbeStep", "label": "x", "counts": [["a", 1]], "maybe": 3}
    assert from_snapshot(data) == state


# -- bad snapshots ------------------------------------------------------------------------


def mutated(turn_state: GameState, path: tuple[str | int, ...], value: Any) -> dict[str, Any]:
    data = json.loads(json.dumps(to_snapshot(turn_state)))
    target = data["state"]
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("pending", 0, "$type"), "os.system", r"state\.pending\[0\]\.\$type: unknown Frame type 'os.system'"),
        (("pending", 0, "$type"), "GameState", r"unknown Frame type 'GameState'"),
        (("pending", 0, "$type"), "Step", r"unknown Frame type 'Step'"),
        (("pending", 0, "extra"), 1, r"state\.pending\[0\]\.extra: unknown field of Turn"),
        (("pending", 0, "player"), "1", r"state\.pending\[0\]\.player: expected an integer"),
        (("round",), True, r"state\.round: expected an integer, got a boolean"),
        (("phase",), "lunch", r"state\.phase: expected one of"),
        (("characters", 0, "hand", "search"), -1, r"state\.characters\[0\]\.hand\.search: expected a count"),
        (("noise",), "01-02", r"state\.noise: expected an array"),
        (("rooms", 0, "fire"), None, r"state\.rooms\[0\]\.fire: expected true or false"),
        (("doors",), KeyError, r"state\.doors: missing field of GameState"),
        (("decks", 0), ["blue"], r"state\.decks\[0\]: expected an array of 2 values"),
        (("config", "ruleset"), "chess", r"unknown ruleset 'chess'"),
        (("config", "rulings"), {"no.such.ruling": "x"}, r"state\.config"),
    ],
)
def test_bad_values_are_bad_input_naming_their_path(
    turn_state: GameState, path: tuple[str | int, ...], value: Any, message: str
) -> None:
    with pytest.raises(BadInputError, match=message):
        from_snapshot(mutated(turn_state, path, value), where="s.json")


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("rooms",), [], "state.rooms has 0 rooms; the board has 21 positions"),
        (("characters", 0, "position"), "99", "'99' is not a board position"),
        (("characters", 0, "player"), 2, "characters are numbered 1, 2"),
        (("noise",), ["01-99"], "'01-99' is not a corridor"),
        (("rooms", 0, "tile"), "swimming-pool", "'swimming-pool' is not a room"),
    ],
)
def test_impossible_states_are_refused(
    turn_state: GameState, path: tuple[str | int, ...], value: Any, message: str
) -> None:
    with pytest.raises(BadInputError, match="impossible state") as caught:
        from_snapshot(mutated(turn_state, path, value))
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "a snapshot is a JSON object"),
        ({"format": "x", "version": 1, "state": {}}, "not a snapshot"),
        ({"format": "nemesis-rules-snapshot", "version": 2, "state": {}}, "unsupported snapshot version 2"),
        ({"format": "nemesis-rules-snapshot", "version": 1, "state": [], "x": 1}, "unknown snapshot field 'x'"),
    ],
)
def test_the_envelope_is_checked(data: object, message: str) -> None:
    with pytest.raises(BadInputError, match=message):
        from_snapshot(data)


def test_a_snapshot_must_agree_with_the_header_config(turn_state: GameState) -> None:
    other = start("base", 3).config
    with pytest.raises(BadInputError, match="differs from the record header"):
        from_snapshot(to_snapshot(turn_state), config=other)


def test_a_fresh_process_reads_frames_of_rule_modules_not_imported_yet(tmp_path: Path) -> None:
    """The engine imports some rule modules only when their rule first runs; a snapshot with
    their frames on the stack must still load in a new process (and replay from there)."""
    wanted = {"AttackCardDraw", "IntruderAttack", "EncounterDraw", "VictoryCheck"}
    found: dict[str, GameState] = {}

    def look(state: GameState, action: object, transition: Any) -> None:
        for frame in transition.state.pending:
            if type(frame).__name__ in wanted:
                found.setdefault(type(frame).__name__, transition.state)

    for seed in range(2):
        play_game(seed, 3, on_step=look)
    assert len(found) >= 3, f"the games reached only {sorted(found)}"
    files = []
    for name, state in sorted(found.items()):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(to_snapshot(state)))
        files.append(str(path))
    script = (
        "import json, sys\n"
        "from nemesis_rules.record import from_snapshot\n"
        "for name in sys.argv[1:]:\n"
        "    state = from_snapshot(json.load(open(name)))\n"
        "    print(type(state.pending[-1]).__name__ if state.pending else '-')\n"
    )
    done = subprocess.run([sys.executable, "-c", script, *files], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.split()) == len(files)
