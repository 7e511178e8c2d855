"""The published JSON Schemas agree with the reader: what the package writes validates, and
what the reader refuses for its shape the schema refuses too.

The schemas are checked with a small validator of the draft 2020-12 keywords they use (the
package has no JSON Schema dependency)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from nemesis_rules.model.core.state import GameState
from nemesis_rules.record import Record, to_snapshot
from nemesis_rules.record.schema import record_schema, snapshot_schema

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TYPES = {
    "object": dict,
    "array": list,
    "string": str,
    "boolean": bool,
    "null": type(None),
}


def errors(value: Any, schema: dict[str, Any], root: dict[str, Any], path: str = "$") -> list[str]:
    """Why ``value`` does not fit ``schema`` (empty when it does)."""
    if "$ref" in schema:
        name = schema["$ref"].removeprefix("#/$defs/")
        return errors(value, root["$defs"][name], root, path)
    found: list[str] = []
    kind = schema.get("type")
    if kind == "integer":
        if not isinstance(value, int) or isinstance(value, bool):
            return [f"{path}: not an integer"]
    elif kind == "number":
        if not isinstance(value, int | float) or isinstance(value, bool):
            return [f"{path}: not a number"]
    elif kind is not None and not isinstance(value, TYPES[kind]):
        return [f"{path}: not {kind}"]
    if "const" in schema and value != schema["const"]:
        found.append(f"{path}: not {schema['const']!r}")
    if "enum" in schema and value not in schema["enum"]:
        found.append(f"{path}: not in enum")
    if ("minimum" in schema and value < schema["minimum"]) or ("maximum" in schema and value > schema["maximum"]):
        found.append(f"{path}: out of range")
    for key, pick in (("anyOf", any), ("oneOf", lambda r: sum(r) == 1)):
        if key in schema and not pick([not errors(value, s, root, path) for s in schema[key]]):
            found.append(f"{path}: fails {key}")
    if "not" in schema and not errors(value, schema["not"], root, path):
        found.append(f"{path}: matches 'not'")
    if isinstance(value, dict):
        properties = schema.get("properties", {})
        found += [f"{path}: missing {k}" for k in schema.get("required", []) if k not in value]
        for key, item in value.items():
            if key in properties:
                found += errors(item, properties[key], root, f"{path}.{key}")
            elif schema.get("additionalProperties") is False:
                found.append(f"{path}: extra {key}")
            elif isinstance(schema.get("additionalProperties"), dict):
                found += errors(item, schema["additionalProperties"], root, f"{path}.{key}")
    if isinstance(value, list):
        prefix = schema.get("prefixItems", [])
        if len(value) < schema.get("minItems", 0) or len(value) > schema.get("maxItems", len(value)):
            found.append(f"{path}: wrong length")
        for i, item in enumerate(value):
            sub = prefix[i] if i < len(prefix) else schema.get("items")
            if sub is not None:
                found += errors(item, sub, root, f"{path}[{i}]")
    return found


@pytest.fixture(scope="module")
def record_root() -> dict[str, Any]:
    return record_schema()


@pytest.fixture(scope="module")
def snapshot_root() -> dict[str, Any]:
    return snapshot_schema()


def test_every_line_of_every_example_record_fits(record_root: dict[str, Any]) -> None:
    checked = 0
    for path in sorted(EXAMPLES.glob("[gs]*.jsonl")):
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
