"""Catalogued invariants replay like users' ones: ``named.py`` has a plain function for each, so
``replay --invariant .../named.py:NAME`` shows a catalogue violation again."""

from __future__ import annotations

import inspect
from dataclasses import replace
from pathlib import Path

from typer.testing import CliRunner

from nemesis_rules.cli.app import app
from nemesis_rules.invariants import catalogue, named
from nemesis_rules.invariants.named import function_name, replay_spec
from nemesis_rules.record import RecordHeader, write_record
from nemesis_rules.testing import after_setup


def test_every_catalogued_invariant_has_a_plain_function() -> None:
    state = after_setup(players=2, seed=1)
    for inv in catalogue():
        function = getattr(named, function_name(inv.id))
        arity = len(inspect.signature(function).parameters)
        assert arity == (1 if inv.kind == "state" else 3), inv.id
        if inv.kind == "state":
            assert function(state) is None, inv.id


def test_replay_shows_a_catalogue_violation_of_a_snapshot(tmp_path: Path) -> None:
    state = after_setup(players=2, seed=1)
    broken = state.with_character(replace(state.character(2), light_wounds=3))
    record = tmp_path / "broken.jsonl"
    write_record(record, RecordHeader.for_config(broken.config, snapshot=broken), [])
    result = CliRunner().invoke(
        app, ["replay", str(record), "--trust-start", "--invariant", replay_spec("characters.wounds")]
    )
    assert result.exit_code == 1
    assert "invariant violated" in result.stdout and "player 2 has 3 Light Wounds" in result.stdout
    fine = tmp_path / "fine.jsonl"
    write_record(fine, RecordHeader.for_config(state.config, snapshot=state), [])
    result = CliRunner().invoke(app, ["replay", str(fine), "--invariant", replay_spec("characters.wounds")])
    assert result.exit_code == 0
