"""Situations: short game records in which a ruling's readings lead to different states.

A seeded random game that reaches a gap decided by a ruling gives the situation: the state just before
the step that reached it (the record header's snapshot) and that step's action (the record's one line).
For each reading the snapshot is given a config with that reading, the record is written out, read back
and replayed with :func:`nemesis_rules.record.replay_record`; the situation counts only when the final
states (compared as snapshots, without the config) are not all equal. Each reading's record can then be
opened with ``nemesis-rules replay`` or ``show``.

Where random play gives no such situation, a hand-built scenario of
:mod:`nemesis_rules.findings.scenarios` may: its start (a snapshot, or a new game) and its lines are written
once per reading and compared the same way (:func:`scenario_situation`; built once per ruling and cached).
A reading that refuses a line the others accept counts as a difference (the replay's problems are part of
what is compared).

An undecided gap (the engine stopped with ``RuleGap``) gives a record in the same way, without readings:
replaying it ends at the gap.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from nemesis_rules.atomic import write_atomic
from nemesis_rules.findings.campaign import GapHit
from nemesis_rules.findings.scenarios import Scenario, scenario_records, scenarios
from nemesis_rules.model.core.actions import Action
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data.configure import with_reading
from nemesis_rules.record import RecordHeader, parse_record, record_text, replay_record, to_snapshot
from nemesis_rules.rulebook.rulings import Ruling

__all__ = [
    "MAX_TRIES",
    "Situation",
    "find_situation",
    "gap_record",
    "record_for_reading",
    "scenario_situation",
]

MAX_TRIES = 3
"""How many reached places of one ruling are tried before giving up on finding a difference."""


@dataclass(frozen=True, slots=True)
class Situation:
    """A ruling's situation: where it comes from (a place random play reached, ``hit``, or a hand-built
    ``scenario``), the record of each reading, what each reading's replay gave (``outcomes``) and the
    fields of the final state in which the readings differ (``problems`` when one refuses a line)."""

    ruling: str
    records: Mapping[str, str]
    differing: tuple[str, ...]
    outcomes: Mapping[str, str]
    hit: GapHit | None = None
    scenario: Scenario | None = None

    @property
    def differs(self) -> bool:
        return bool(self.differing)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every line of the records (the same under each reading)."""
        if self.scenario is not None:
            return self.scenario.actions
        if self.hit is not None and self.hit.action is not None:
            return (self.hit.action,)
        return ()

    def origin(self) -> dict[str, Any]:
        """The ``from`` value: the scenario (ruling, ruleset, players, how it starts) or the game and step."""
        if self.scenario is not None:
            built = self.scenario
            before = built.before
            return {
                "scenario": built.ruling,
                "ruleset": before.config.ruleset.name if before is not None else built.ruleset,
                "players": before.config.players if before is not None else built.players,
                "start": "snapshot" if before is not None else "new game",
            }
        assert self.hit is not None
        return {
            "ruleset": self.hit.game.ruleset,
            "players": self.hit.game.players,
            "seed": self.hit.game.seed,
            "step": self.hit.step,
        }

    def to_json(self, paths: Mapping[str, str] | None = None) -> dict[str, Any]:
        """The report's ``situation`` value; ``paths`` names the record file of each reading when written.
        ``line`` is the record's last line (its only one for a place random play reached), ``lines`` every
        line, ``outcomes`` what replaying each reading's record gave."""
        lines = [action.to_json() for action in self.actions]
        return {
            "from": self.origin(),
            "line": lines[-1] if lines else None,
            "lines": lines,
            "differing_fields": list(self.differing),
            "records": {reading: (paths or {}).get(reading) for reading in self.records},
            "outcomes": dict(self.outcomes),
        }

    def describe(self) -> str:
        """The report's ``situation_note``: which kind of situation this is and what differs."""
        fields = ", ".join(self.differing)
        if self.scenario is not None:
            built = self.scenario
            start = "a state snapshot" if built.before is not None else "a new game"
            return (
                f"hand-built scenario: {len(built.actions)} line(s) from {start}; {built.note}; "
                f"the readings replay to states that differ in: {fields}"
            )
        assert self.hit is not None
        return (
            f"random play: one line from the state before step {self.hit.step} of {self.hit.game.describe()}; "
            f"the readings replay to states that differ in: {fields}"
        )

    def write(self, folder: Path) -> dict[str, str]:
        """Write each reading's record to ``folder/<ruling>.<reading>.jsonl``; returns reading -> path."""
        paths: dict[str, str] = {}
        for reading, text in self.records.items():
            target = folder / f"{self.ruling}.{reading}.jsonl"
            write_atomic(target, text)
            paths[reading] = str(target)
        return paths


def record_for_reading(before: GameState, action: Action, ruling: str, reading: str) -> str:
    """The text of a one-line record starting from ``before`` with ``ruling`` set to ``reading``."""
    state = replace(before, config=with_reading(before.config, ruling, reading))
    return record_text(RecordHeader.for_config(state.config, snapshot=state), [action])


def gap_record(hit: GapHit) -> str | None:
    """The record that reaches an undecided gap (its last line stops at the gap), if the hit kept its state."""
    if hit.before is None or hit.action is None:
        return None
    return record_text(RecordHeader.for_config(hit.before.config, snapshot=hit.before), [hit.action])


def _replayed(text: str) -> tuple[dict[str, Any], str]:
    """The final state of replaying ``text`` (without its config, with the replay's problems) and a short
    account of how the replay ended."""
    result = replay_record(parse_record(text, "<situation>"))
    body: dict[str, Any] = to_snapshot(result.final_state, with_config=False)["state"]
    body["problems"] = [f"line {p.line}: {p.kind} [{p.clause}]" for p in result.problems]
    if result.problems:
        first = result.problems[0]
        outcome = f"line {first.line}: {first.kind}: {first.reason} [{first.clause}]"
    else:
        outcome = f"every line applies; {result.outcome()}"
    return body, outcome


def _differing(bodies: Sequence[Mapping[str, Any]]) -> tuple[str, ...]:
    keys = sorted({k for body in bodies for k in body})
    return tuple(k for k in keys if len({json.dumps(b.get(k), sort_keys=True) for b in bodies}) > 1)


def _compare(records: Mapping[str, str]) -> tuple[tuple[str, ...], dict[str, str]]:
    replayed = {reading: _replayed(text) for reading, text in records.items()}
    differing = _differing([body for body, _ in replayed.values()])
    return differing, {reading: outcome for reading, (_, outcome) in replayed.items()}


def find_situation(item: Ruling, hits: Sequence[GapHit]) -> Situation | None:
    """The first of ``hits`` (places where a game reached ``item``) whose readings replay to different
    states, trying at most :data:`MAX_TRIES` of them; ``None`` when none does."""
    tried = 0
    for hit in hits:
        if hit.ruling != item.id or hit.before is None or hit.action is None:
            continue
        records = {r: record_for_reading(hit.before, hit.action, item.id, r) for r in item.reading_ids}
        differing, outcomes = _compare(records)
        if differing:
            return Situation(item.id, records, differing, outcomes, hit=hit)
        tried += 1
        if tried >= MAX_TRIES:
            break
    return None


@cache
def _scenario_situation(ruling_id: str, readings: tuple[str, ...]) -> Situation | None:
    build = scenarios().get(ruling_id)
    if build is None:
        return None
    built = build()
    if built.ruling != ruling_id:
        raise ValueError(f"the scenario registered for {ruling_id!r} is built for {built.ruling!r}")
    records = scenario_records(built, readings)
    differing, outcomes = _compare(records)
    return Situation(ruling_id, records, differing, outcomes, scenario=built)


def scenario_situation(item: Ruling) -> Situation | None:
    """The situation of the scenario registered for ``item`` (``None`` when none is): its record under
    each reading, replayed and compared; ``differing`` is empty when the readings agree there. Built and
    replayed once per ruling, then cached."""
    return _scenario_situation(item.id, item.reading_ids)
