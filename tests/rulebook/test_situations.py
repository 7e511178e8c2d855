"""Situations: records in which a ruling's readings replay to different states, and gap records."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from nemesis_rules.findings.campaign import Campaign, campaign_specs, run_campaign, run_record
from nemesis_rules.findings.report import NOT_REACHED, SAME_STATES, SCENARIO_SAME, conflict_report
from nemesis_rules.findings.scenarios import scenarios, why_no_situation
from nemesis_rules.findings.situations import find_situation, record_for_reading
from nemesis_rules.players.play import play_game
from nemesis_rules.record import read_record, replay_record, to_snapshot, write_record
from nemesis_rules.record.lines import RecordHeader
from nemesis_rules.rulebook import rulings

SOLO = "base.gap.solo-objectives"


@pytest.fixture(scope="module")
def campaign() -> Campaign:
    """Three base games with 1, 2 and 3 players: the solo game reaches the solo-objectives ruling."""
    return run_campaign(campaign_specs(3, 1, ["base"]))


def _final(path: str) -> dict[str, Any]:
    result = replay_record(read_record(path))
    body: dict[str, Any] = to_snapshot(result.final_state, with_config=False)["state"]
    return {"state": json.dumps(body, sort_keys=True), "problems": [p.kind for p in result.problems]}


def test_written_situations_replay_to_different_states_under_each_reading(campaign: Campaign, tmp_path: Path) -> None:
    entries = conflict_report(campaign, tmp_path)
    with_situation = [e for e in entries if e["origin"] == "ruling" and e["situation"] is not None]
    assert any(e["id"] == SOLO for e in with_situation)
    with_situation = [e for e in with_situation if "scenario" not in e["situation"]["from"]]  # random play's
    for entry in with_situation:
        records = entry["situation"]["records"]
        assert list(records) == [r["id"] for r in entry["readings"]]
        finals = [_final(path) for path in records.values()]
        assert len({json.dumps(f, sort_keys=True) for f in finals}) > 1, entry["id"]
        first = entry["situation"]["from"]
        assert any(
            g.ruling == entry["id"] and (g.game.seed, g.step) == (first["seed"], first["step"]) for g in campaign.gaps
        )


def test_rulings_without_a_situation_say_why(campaign: Campaign) -> None:
    reached = {g.ruling for g in campaign.gaps}
    with_scenario = set(scenarios())
    for entry in conflict_report(campaign):
        if entry["origin"] == "ruling" and entry["situation"] is None:
            reason = why_no_situation(entry["id"])
            if reason is not None:
                assert entry["situation_note"] == f"no situation can exist: {reason}"
            elif entry["id"] in with_scenario:
                assert entry["situation_note"] == SCENARIO_SAME
            else:
                assert entry["situation_note"] == (SAME_STATES if entry["id"] in reached else NOT_REACHED)


def test_each_reading_record_carries_its_reading_in_the_header(campaign: Campaign) -> None:
    hit = next(g for g in campaign.gaps if g.ruling == SOLO)
    assert hit.before is not None and hit.action is not None
    text = record_for_reading(hit.before, hit.action, SOLO, "strict")
    header = json.loads(text.splitlines()[0])
    assert header["rulings"][SOLO] == "strict" and "snapshot" in header
    assert json.loads(text.splitlines()[1]) == hit.action.to_json()


def test_a_ruling_reached_nowhere_has_no_situation(campaign: Campaign) -> None:
    hits = [g for g in campaign.gaps if g.ruling == SOLO]
    assert find_situation(rulings()["base.gap.egg-supply"], hits) is None


def test_an_undecided_gap_gives_a_record_that_stops_at_the_gap(tmp_path: Path) -> None:
    strict = run_campaign(campaign_specs(1, 1, ["base"], players=1), rulings={SOLO: "strict"})
    (hit,) = strict.gaps
    assert not hit.decided
    entry = next(e for e in conflict_report(strict, tmp_path) if e["origin"] == "fuzz")
    assert entry["id"] == f"gap:{hit.clause}" and entry["situation"]["from"]["step"] == hit.step
    path = entry["situation"]["records"]["reached"]
    result = replay_record(read_record(path))
    assert [p.kind for p in result.problems] == ["rule-gap"] and result.problems[0].clause == hit.clause


def test_a_record_replayed_for_coverage_fires_what_its_game_fired(tmp_path: Path) -> None:
    final, log = play_game(5, 2, "base")
    path = tmp_path / "game.jsonl"
    write_record(path, RecordHeader.for_config(final.config, seed=5), log.actions)
    run = run_record(path)
    assert run.failure is None and run.steps == len(log.actions) and run.fired == log.clauses
    assert run.game.record == str(path) and run.game.seed == 5
