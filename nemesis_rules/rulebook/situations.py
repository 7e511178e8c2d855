"""Situations: short game records in which a ruling's readings lead to different states.

A seeded random game that reaches a gap decided by a ruling gives the situation: the state just before
the step that reached it (the record header's snapshot) and that step's action (the record's one line).
For each reading the snapshot is given a config with that reading, the record is written out, read back
and replayed with :func:`nemesis_rules.record.replay_record`; the situation counts only when the final
states (compared as snapshots, without the config) are not all equal. Each reading's record can then be
opened with ``nemesis-rules replay`` or ``show``.

An undecided gap (the engine stopped with ``RuleGap``) gives a record in the same way, without readings:
replaying it ends at the gap.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from nemesis_rules.atomic import write_atomic
from nemesis_rules.model.actions import Action
from nemesis_rules.model.config import make_config
from nemesis_rules.model.state import GameState
from nemesis_rules.record import RecordHeader, parse_record, record_text, replay_record, to_snapshot
from nemesis_rules.rulebook.campaign import GapHit
from nemesis_rules.rulebook.rulings import Ruling

__all__ = ["MAX_TRIES", "Situation", "find_situation", "gap_record", "record_for_reading"]

MAX_TRIES = 3
"""How many reached places of one ruling are tried before giving up on finding a difference."""


@dataclass(frozen=True, slots=True)
class Situation:
    """A ruling's situation: where it comes from, the record of each reading and what differs."""

    ruling: str
    hit: GapHit
    records: Mapping[str, str]
    differing: tuple[str, ...]

    @property
    def differs(self) -> bool:
        return bool(self.differing)

    def to_json(self, paths: Mapping[str, str] | None = None) -> dict[str, Any]:
        """The report's ``situation`` value; ``paths`` names the record file of each reading when written."""
        action = self.hit.action
        return {
            "from": {
                "ruleset": self.hit.game.ruleset,
                "players": self.hit.game.players,
                "seed": self.hit.game.seed,
                "step": self.hit.step,
            },
            "line": action.to_json() if action is not None else None,
            "differing_fields": list(self.differing),
            "records": {reading: (paths or {}).get(reading) for reading in self.records},
        }

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
    config = before.config
    rulings = {**config.rulings, ruling: reading}
    state = replace(before, config=make_config(config.ruleset.name, config.players, rulings, config.variants))
    return record_text(RecordHeader.for_config(state.config, snapshot=state), [action])


def gap_record(hit: GapHit) -> str | None:
    """The record that reaches an undecided gap (its last line stops at the gap), if the hit kept its state."""
    if hit.before is None or hit.action is None:
        return None
    return record_text(RecordHeader.for_config(hit.before.config, snapshot=hit.before), [hit.action])


def _final_body(text: str) -> dict[str, Any]:
    result = replay_record(parse_record(text, "<situation>"))
    body: dict[str, Any] = to_snapshot(result.final_state, with_config=False)["state"]
    body["problems"] = [p.kind for p in result.problems]
    return body


def _differing(bodies: Sequence[Mapping[str, Any]]) -> tuple[str, ...]:
    keys = sorted({k for body in bodies for k in body})
    return tuple(k for k in keys if len({json.dumps(b.get(k), sort_keys=True) for b in bodies}) > 1)


def find_situation(item: Ruling, hits: Sequence[GapHit]) -> Situation | None:
    """The first of ``hits`` (places where a game reached ``item``) whose readings replay to different
    states, trying at most :data:`MAX_TRIES` of them; ``None`` when none does."""
    tried = 0
    for hit in hits:
        if hit.ruling != item.id or hit.before is None or hit.action is None:
            continue
        records = {r: record_for_reading(hit.before, hit.action, item.id, r) for r in item.reading_ids}
        differing = _differing([_final_body(text) for text in records.values()])
        if differing:
            return Situation(item.id, hit, records, differing)
        tried += 1
        if tried >= MAX_TRIES:
            break
    return None
