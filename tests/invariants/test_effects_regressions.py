"""Effect checks held to what the rules let happen after the effect (issue #19): two false alarms
that fuzzing found, kept as the records that raised them.

- ``base.search.draw-two``: with full hands a Character may let go of the very item it keeps a new
  copy of (``keep-item drop=X item=X``): it then holds as many as before, not one more.
- ``base.room.emergency-room``: every Light Wound is healed, but a turn that ends in a burning room
  gives one back (``base.fire.end-of-turn``).
- ``base.attack.card-symbol``: Frenzy wounds every Character in the target's room, so the Serious
  Wound drawn first may be another Character's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from nemesis_rules.invariants import named
from nemesis_rules.record import read_record, replay_record

DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize(
    ("record", "check"),
    [
        ("effects-keep-the-item-let-go.jsonl", "effects_decisions"),
        ("effects-emergency-room-burning.jsonl", "effects_room_actions"),
        ("effects-frenzy-hits-the-room.jsonl", "effects_chance"),
    ],
    ids=["base.search.draw-two", "base.room.emergency-room", "base.attack.card-symbol-frenzy"],
)
def test_an_effect_check_allows_what_the_rules_do_after_the_effect(record: str, check: str) -> None:
    result = replay_record(read_record(DATA / record), invariants=[getattr(named, check)])
    assert result.legal, [p.message(record) for p in result.problems]
