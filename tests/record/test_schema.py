"""The published JSON Schemas agree with the reader: what the package writes validates, and
what the reader refuses for its shape the schema refuses too.

The schemas are checked with the ``jsonschema`` library of the test extra (the package itself has no
JSON Schema dependency). The record schema lists every declared action word with exactly its
parameters (nemesis_rules.model.data.vocabulary), so an invented word or field fails it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

from nemesis_rules.cli.app import app
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data.vocabulary import CHANCES, WORDS
from nemesis_rules.record import Record, record_text, to_snapshot
from nemesis_rules.record.schema import record_schema, snapshot_schema

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def errors(value: Any, schema: dict[str, Any], root: dict[str, Any] | None = None) -> list[str]:
    """Why ``value`` does not fit ``schema`` (empty when it does), by the jsonschema library's
    draft 2020-12 validator (``root`` is the schema's root; ``schema`` is the root itself here)."""
    validator = _validator(id(schema), schema)
    return [f"{'/'.join(map(str, e.absolute_path)) or '$'}: {e.message[:200]}" for e in validator.iter_errors(value)]


_VALIDATORS: dict[int, jsonschema.Draft202012Validator] = {}


def _validator(key: int, schema: dict[str, Any]) -> jsonschema.Draft202012Validator:
    if key not in _VALIDATORS:
        jsonschema.Draft202012Validator.check_schema(schema)
        _VALIDATORS[key] = jsonschema.Draft202012Validator(schema)
    return _VALIDATORS[key]


@pytest.fixture(scope="module")
def record_root() -> dict[str, Any]:
    return record_schema()


@pytest.fixture(scope="module")
def snapshot_root() -> dict[str, Any]:
    return snapshot_schema()


def test_every_line_of_every_example_record_fits(record_root: dict[str, Any]) -> None:
    checked = 0
    for path in sorted(EXAMPLES.glob("[gs]*.jsonl")):  # every game and scenario, legal or not
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            assert not errors(json.loads(line), record_root, record_root), (path.name, number)
            checked += 1
    assert checked > 500


def test_snapshots_of_reached_states_fit(
    snapshot_root: dict[str, Any], records: dict[tuple[int, int], Record], turn_state: GameState
) -> None:
    from nemesis_rules.record import replay_record

    for key in ((1, 2), (9, 5)):
        record = records[key]
        for cut in (5, len(record.actions) // 2, len(record.actions)):
            state = replay_record(record, until_line=cut).final_state
            assert not errors(to_snapshot(state), snapshot_root, snapshot_root), (key, cut)
    assert not errors(to_snapshot(turn_state, compact=True), snapshot_root, snapshot_root)


@pytest.mark.parametrize(
    "line",
    [
        {"chance": "noise-roll", "outcome": 3},
        {"chance": "noise-roll", "outcome": "3", "die": "red"},
        {"player": "1", "action": "pass"},
        {"player": 1, "action": "move", "to": 7},
        {"player": 1, "action": "pass", "chance": "x"},
        {"player": 1, "action": "fly"},
        {"player": 1, "action": "move", "to": "07", "pay": ["search"], "speed": "fast"},
        {"player": 1, "action": "move", "pay": ["search"]},
        {"player": 1, "action": "move", "to": "07", "pay": "search"},
        {"player": 1, "action": "switch-door", "corridor": "corridor five"},
        {"player": 1, "action": "use-item", "item": "tools", "pay": [], "door": "ajar"},
        {"chance": "coin-toss", "outcome": "heads"},
        {"format": "nemesis-rules-record", "version": 2, "ruleset": "base", "players": 2},
        {"format": "nemesis-rules-record", "version": 1, "ruleset": "base", "players": 2, "colour": "red"},
    ],
)
def test_lines_the_reader_refuses_do_not_fit(record_root: dict[str, Any], line: dict[str, Any]) -> None:
    assert errors(line, record_root, record_root)


def test_a_snapshot_with_an_unknown_frame_does_not_fit(snapshot_root: dict[str, Any], turn_state: GameState) -> None:
    data = to_snapshot(turn_state)
    data["state"]["pending"] = [{"$type": "Teleport", "player": 1}]
    assert errors(data, snapshot_root, snapshot_root)
    data["state"]["pending"] = [{"$type": "Turn", "player": 1, "done": 0, "extra": 1}]
    assert errors(data, snapshot_root, snapshot_root)


def test_record_schema_fly_fails_and_every_declared_word_has_its_own_definition(record_root: dict[str, Any]) -> None:
    assert errors({"player": 1, "action": "fly"}, record_root)
    defs = record_root["$defs"]
    assert set(defs["Decision"]["properties"]["action"]["enum"]) == set(WORDS)
    for kind, word in WORDS.items():
        assert set(defs[f"action-{kind}"]["properties"]) == {"player", "action", *word.names}, kind
    assert set(defs["Outcome"]["properties"]["chance"]["enum"]) == set(CHANCES)


def test_record_schema_takes_a_well_formed_line_the_rules_refuse(record_root: dict[str, Any]) -> None:
    """The schema judges the shape; whether the move is legal is replay's answer (exit 1, not 2)."""
    assert not errors({"player": 1, "action": "move", "to": "99", "pay": ["search"]}, record_root)
    assert not errors({"chance": "noise-roll", "outcome": "7"}, record_root)


def test_every_kind_of_line_of_played_records_fits(
    record_root: dict[str, Any], records: dict[tuple[int, int], Record]
) -> None:
    """One line of each shape (word and parameter names, or chance node) of 20 seeded games, each
    with the values of its first occurrence and of a later one."""
    shapes: dict[tuple[str, ...], list[str]] = {}
    for record in records.values():
        for line in record_text(record.header, record.actions).splitlines():
            data = json.loads(line)
            shape = (str(data.get("action", data.get("chance", "header"))), *sorted(data))
            kept = shapes.setdefault(shape, [])
            if len(kept) < 2:
                kept.append(line)
            else:
                kept[1] = line
    assert len(shapes) > 40
    for lines in shapes.values():
        for line in lines:
            assert not errors(json.loads(line), record_root), line


def test_records_written_by_play_and_fuzz_fit(record_root: dict[str, Any], tmp_path: Path) -> None:
    """``play --out`` and ``fuzz`` (whose records are the violations and gaps it saves; a user
    invariant that fails from round 2 on makes it save some) write records that fit the schema."""
    invariant = tmp_path / "inv.py"
    invariant.write_text("def late(state):\n    return 'round 2 reached' if state.round >= 2 else None\n")
    commands = [
        ["play", "--seed", "3", "--players", "3", "--ruleset", "void-seeders", "--output", str(tmp_path / "p.jsonl")],
        [
            "fuzz",
            "--games",
            "2",
            "--jobs",
            "1",
            "--probes",
            "0",
            "--shrink-budget",
            "5",
            "--out",
            str(tmp_path / "fuzz"),
            "--invariant",
            f"{invariant}:late",
            "--no-catalogue",
        ],
    ]
    for args in commands:
        result = CliRunner().invoke(app, args)
        assert result.exit_code in (0, 1), (args, result.output)
    written = sorted(tmp_path.rglob("*.jsonl"))
    assert (tmp_path / "p.jsonl") in written and any("fuzz" in p.parts for p in written), written
    for path in written:
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            assert not errors(json.loads(line), record_root), (path.name, number)
