"""The ship at a situation's deciding step, under each reading: the report page draws it next to
the situation's step list, so that an editor sees what each reading does to the game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nemesis_rules.errors import NemesisRulesError
from nemesis_rules.findings.ship_svg import ship_svg
from nemesis_rules.record import read_record, replay_record

MAX_READINGS = 3
"""Pictures per situation (one per reading, the first readings first)."""


def situation_picture(entry: Mapping[str, Any]) -> dict[str, str]:
    """Reading -> an SVG of the state its record replays to, for an entry whose situation's records
    were written; empty when there is none."""
    situation = entry.get("situation") or {}
    records = situation.get("records") or {}
    out: dict[str, str] = {}
    for reading, path in list(records.items())[:MAX_READINGS]:
        if not path:
            continue
        try:
            result = replay_record(read_record(path))
        except (NemesisRulesError, OSError):
            continue  # a record that cannot be read has no picture; its entry still lists its lines
        caption = f"{entry['id']}: under reading '{reading}', after the deciding step"
        out[reading] = ship_svg(result.final_state, caption)
    return out
