"""Whatever bytes or JSON ``replay`` is given, it answers with exit code 0, 1 or 2 and never a
traceback (Hypothesis properties; design.md: "never a traceback for bad input")."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from nemesis_rules.cli.app import app
from nemesis_rules.model.game import start
from nemesis_rules.record import to_snapshot
from nemesis_rules.testing import after_setup

runner = CliRunner()
HEADER = json.dumps({"format": "nemesis-rules-record", "version": 1, "ruleset": "base", "players": 2})
EXAMPLES = 1000 if os.environ.get("NEMESIS_LONG") == "1" else 40
"""Examples per property: a quick look in CI, a long campaign with NEMESIS_LONG=1."""
FAST = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
words = st.sampled_from(["move", "careful-move", "pass", "discard", "keep-hand", "shoot", "room-action", "x"])
values = st.text(max_size=6) | st.sampled_from(["01", "07", "11", "tech", "search", "rest", "99"])
decisions = st.fixed_dictionaries(
    {"player": st.integers(1, 2), "action": words},
    optional={"to": values, "card": values, "noise": values, "pay": st.lists(values, max_size=2)},
)
chances = st.sampled_from(["room-tile", "noise-roll", "exploration-token", "action-card", "draft-card", "nope"])
outcomes = st.fixed_dictionaries({"chance": chances, "outcome": values})


def replay(content: bytes) -> tuple[int, str]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "g.jsonl"
        path.write_bytes(content)
        result = runner.invoke(app, ["replay", str(path), "--lenient"])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (0, 1, 2)
    assert "Traceback" not in result.stdout + result.stderr
    if result.exit_code == 2:
        assert len(result.stderr.strip().splitlines()) == 1
    return result.exit_code, result.stdout


@FAST
@given(st.binary(max_size=300))
def test_arbitrary_bytes(content: bytes) -> None:
    replay(content)


@FAST
@given(st.lists(json_values, min_size=1, max_size=4))
def test_arbitrary_json_lines(lines: list[Any]) -> None:
    replay("\n".join(json.dumps(line) for line in lines).encode())


@FAST
@given(st.lists(json_values | decisions | outcomes, max_size=6))
def test_a_valid_header_then_arbitrary_actions(lines: list[Any]) -> None:
    replay("\n".join([HEADER, *(json.dumps(line) for line in lines)]).encode())


_START = start("base", 2)
_TURN = after_setup(2, seed=1)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += _paths(item, (*prefix, i))
    return out


@FAST
@given(st.data())
def test_a_snapshot_header_with_one_value_replaced(data: st.DataObject) -> None:
    snapshot = to_snapshot(data.draw(st.sampled_from([_START, _TURN])), with_config=False)
    paths = [p for p in _paths(snapshot) if p]
    path = data.draw(st.sampled_from(paths))
    target = snapshot
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = data.draw(json_values | values)
    header = json.loads(HEADER) | {"snapshot": snapshot}
    lines = data.draw(st.lists(decisions | outcomes, max_size=3))
    replay("\n".join([json.dumps(header), *(json.dumps(line) for line in lines)]).encode())
