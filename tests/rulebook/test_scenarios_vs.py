"""Every Void Seeders ruling has a hand-built scenario (nemesis_rules.findings.scenarios.vs_*) whose
record replays differently under each pair of its readings: a different final state, or one reading
refusing a line another accepts. Parametrised by ruling id, so a failure names the ruling."""

from __future__ import annotations

import json
from typing import Any

import pytest

from nemesis_rules.findings.scenarios import scenario_records, scenarios, why_no_situation
from nemesis_rules.invariants import violations
from nemesis_rules.record import parse_record, replay_record, to_snapshot
from nemesis_rules.rulebook import rulings

VS_RULINGS = sorted(r for r in rulings() if r.startswith("vs."))

NOT_PLAYABLE = ("vs.gap.weakness-texts",)
"""Rulings a scenario cannot show (a reading the engine does not play); the scenario modules say why."""

WITH_SCENARIO = [r for r in VS_RULINGS if r not in NOT_PLAYABLE]


def _replayed(text: str) -> dict[str, Any]:
    result = replay_record(parse_record(text, "<scenario>"))
    body: dict[str, Any] = to_snapshot(result.final_state, with_config=False)["state"]
    body["problems"] = [f"line {p.line}: {p.kind}" for p in result.problems]
    return body


def _differing(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    return [
        k
        for k in sorted(set(a) | set(b))
        if json.dumps(a.get(k), sort_keys=True) != json.dumps(b.get(k), sort_keys=True)
    ]


def test_every_void_seeders_ruling_has_a_scenario_or_a_reason() -> None:
    registered = scenarios()
    assert [r for r in WITH_SCENARIO if r not in registered] == []
    assert [r for r in NOT_PLAYABLE if r in registered or not why_no_situation(r)] == []


@pytest.mark.parametrize("ruling_id", WITH_SCENARIO)
def test_vs_scenario_replays_differently_under_every_reading(ruling_id: str) -> None:
    built = scenarios()[ruling_id]()
    assert built.ruling == ruling_id and built.note
    readings = rulings()[ruling_id].reading_ids
    bodies = {reading: _replayed(text) for reading, text in scenario_records(built, readings).items()}
    same = [
        (first, second)
        for n, first in enumerate(readings)
        for second in readings[n + 1 :]
        if not _differing(bodies[first], bodies[second])
    ]
    assert same == [], f"readings that replay alike: {same}"
    # the default reading plays every line: the scenario shows the ruling, not a broken record
    assert bodies[rulings()[ruling_id].default]["problems"] == []


@pytest.mark.parametrize("ruling_id", WITH_SCENARIO)
def test_vs_scenario_starts_from_a_state_the_engine_could_hold(ruling_id: str) -> None:
    built = scenarios()[ruling_id]()
    if built.before is not None:
        assert [v.invariant for v in violations(built.before)] == []
    else:
        assert built.ruleset == "void-seeders"
