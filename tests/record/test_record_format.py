"""The record file: written atomically and read back exactly; every malformed line is bad
input naming ``file:line`` (exit code 2 at the command line), never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nemesis_rules.errors import BadInputError
from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.game import start
from nemesis_rules.record import Record, RecordHeader, read_record, record_from_log, record_text, write_record

HEADER = json.dumps({"format": "nemesis-rules-record", "version": 1, "ruleset": "base", "players": 2})


def write(tmp_path: Path, *lines: str | bytes) -> Path:
    path = tmp_path / "game.jsonl"
    parts = [line.encode() if isinstance(line, str) else line for line in lines]
    path.write_bytes(b"\n".join(parts) + b"\n")
    return path


def test_a_written_record_reads_back_with_its_line_numbers(
    tmp_path: Path, records: dict[tuple[int, int], Record]
) -> None:
    record = records[(3, 4)]
    path = tmp_path / "g.jsonl"
    write_record(path, record.header, record.actions)
    back = read_record(path)
    assert back.actions == record.actions
    assert back.header.seed == 3 and back.header.players == 4
    assert back.header.config() == record.header.config()
    assert back.line_number(0) == 2 and back.last_line == len(record.actions) + 1
    assert back.line_text(0) == path.read_text().splitlines()[1]
    assert not list(tmp_path.glob(".*.tmp")), "atomic write leaves no temporary file"


def test_lines_read_like_the_game() -> None:
    record = Record(
        RecordHeader(players=2, seed=5),
        (Decision.make(2, "move", to="07", pay=("search",)), Outcome("noise-roll", "3")),
    )
    lines = record_text(record.header, record.actions).splitlines()
    assert json.loads(lines[0])["format"] == "nemesis-rules-record" and json.loads(lines[0])["seed"] == 5
    assert lines[1] == '{"player": 2, "action": "move", "pay": ["search"], "to": "07"}'
    assert lines[2] == '{"chance": "noise-roll", "outcome": "3"}'


def test_a_record_may_start_from_a_snapshot(tmp_path: Path, turn_state: GameState) -> None:
    move = Decision.make(1, "move", to="08", pay=("search",))
    record = record_from_log(turn_state, [move])
    path = tmp_path / "s.jsonl"
    write_record(path, record.header, record.actions)
    back = read_record(path)
    assert back.header.snapshot == turn_state and back.actions == (move,)
    assert "config" not in json.loads(path.read_text().splitlines()[0])["snapshot"]["state"]


def test_blank_lines_are_skipped_but_counted(tmp_path: Path) -> None:
    path = write(tmp_path, HEADER, "", '{"chance": "room-tile", "outcome": "nest"}', "   ")
    record = read_record(path)
    assert record.actions == (Outcome("room-tile", "nest"),) and record.numbers == (3,)


@pytest.mark.parametrize(
    ("lines", "where", "message"),
    [
        ((), "game.jsonl", "empty record"),
        ((HEADER, '{"player": 1, "act'), ":2", "not JSON: Unterminated string"),
        ((HEADER, "[1, 2]"), ":2", "an action line must be a JSON object"),
        ((HEADER, '{"player": 1, "action": "move", "to": 7}'), ":2", "'to' must be a string or a list of strings"),
        ((HEADER, '{"player": "1", "action": "pass"}'), ":2", "'player' must be an integer"),
        ((HEADER, '{"player": true, "action": "pass"}'), ":2", "'player' must be an integer"),
        ((HEADER, '{"player": 3, "action": "pass"}'), ":2", "there is no player 3 in a 2-player game"),
        ((HEADER, '{"player": 1, "action": ""}'), ":2", "'action' must be a non-empty string"),
        ((HEADER, '{"player": 1}'), ":2", "a line is a decision"),
        ((HEADER, '{"chance": "noise-roll", "outcome": 3}'), ":2", "both strings"),
        ((HEADER, '{"chance": "noise-roll", "outcome": "3", "die": "red"}'), ":2", "unknown field 'die'"),
        ((HEADER, '{"player": 1, "action": "pass", "chance": "x"}'), ":2", "unknown field 'player'"),
        ((HEADER, '{"chance": "a", "chance": "b", "outcome": "1"}'), ":2", "the field 'chance' appears twice"),
        ((HEADER, '{"chance": "a", "outcome": NaN}'), ":2", "NaN is not a JSON number"),
        ((HEADER, "[" * 100_000), ":2", "not JSON"),
        (('{"chance": "room-tile", "outcome": "nest"}',), ":1", "not a game record"),
        (("\n" + HEADER,), ":1", "line 1 must be the record header"),
        ((HEADER.replace('"version": 1', '"version": 2'),), ":1", "unsupported record version 2"),
        ((HEADER.replace('"version": 1', '"version": true'),), ":1", "unsupported record version true"),
        ((HEADER.replace('"base"', '"chess"'),), ":1", "unknown ruleset 'chess'"),
        ((HEADER.replace('"players": 2', '"players": 9'),), ":1", "player count must be 1 to 5"),
        ((HEADER[:-1] + ', "colour": "red"}',), ":1", "unknown header field 'colour'"),
        ((HEADER[:-1] + ', "seed": "7"}',), ":1", "'seed' must be an integer"),
        ((HEADER[:-1] + ', "rulings": {"no.such": "x"}}',), ":1", "no.such"),
        ((HEADER[:-1] + ', "variants": {"noise-die": "loaded"}}',), ":1", "unknown option 'loaded'"),
        (
            (HEADER[:-1] + ', "snapshot": {"format": "nemesis-rules-snapshot", "version": 1, "state": []}}',),
            ":1",
            "'state' must be an object",
        ),
    ],
)
def test_malformed_records_are_bad_input_naming_the_line(
    tmp_path: Path, lines: tuple[str, ...], where: str, message: str
) -> None:
    path = write(tmp_path, *lines) if lines else tmp_path / "game.jsonl"
    if not lines:
        path.write_text("")
    with pytest.raises(BadInputError, match=message.replace("(", r"\(").replace("'", "'")) as caught:
        read_record(path)
    assert str(caught.value.where).endswith(where) and "game.jsonl" in str(caught.value.where)


def test_text_that_is_not_utf8_names_its_line(tmp_path: Path) -> None:
    path = write(tmp_path, HEADER, '{"chance": "room-tile", "outcome": "nest"}', b'{"chance": "\xff"}')
    with pytest.raises(BadInputError, match="not UTF-8") as caught:
        read_record(path)
    assert str(caught.value.where).endswith("game.jsonl:3")


def test_a_missing_file_is_bad_input(tmp_path: Path) -> None:
    with pytest.raises(BadInputError, match="cannot read"):
        read_record(tmp_path / "absent.jsonl")


def test_a_header_for_a_ruleset_the_engine_cannot_play_yet_is_bad_input(tmp_path: Path) -> None:
    try:
        start("void-seeders", 2)
    except KeyError:
        path = write(tmp_path, HEADER.replace('"base"', '"void-seeders"'))
        with pytest.raises(BadInputError, match="not playable yet"):
            read_record(path)
    else:
        assert read_record(write(tmp_path, HEADER.replace('"base"', '"void-seeders"'))).header.ruleset == "void-seeders"
