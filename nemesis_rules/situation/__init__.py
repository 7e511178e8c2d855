"""Situations a person writes: a short TOML file with only what the table shows (docs/situations.md).

* :mod:`.fields` — the documented fields (:class:`Situation`, :class:`CharacterSpec`, :class:`RoomSpec`,
  :class:`IntruderSpec`) and :func:`parse_situation`;
* :mod:`.build` — :func:`build_state`: a real setup from the seed (:mod:`.steering`), the table's values
  (who holds what: :mod:`.holdings`), every invariant checked;
* :mod:`.write` — :func:`situation_toml`: a state (a snapshot, a record at a line) back as a situation;
* :mod:`.files` — :func:`load_situation`, :func:`read_game` (a record or a situation file as a record);
* :mod:`.legal` and :mod:`.asking` — what may be done here, and is this action legal (``legal``, ``ask``);
  :mod:`.changes` — what an action changed on the table, in words.
"""

from nemesis_rules.situation.asking import Answer, ask, parse_asked
from nemesis_rules.situation.build import build_state, checked
from nemesis_rules.situation.fields import (
    SITUATION_FORMAT,
    SITUATION_VERSION,
    CharacterSpec,
    IntruderSpec,
    RoomSpec,
    Situation,
    parse_situation,
)
from nemesis_rules.situation.files import load_situation, parse_situation_text, point_of, read_game, situation_record
from nemesis_rules.situation.legal import LegalAnswer, legal_answer
from nemesis_rules.situation.write import shown, situation_toml

__all__ = [
    "SITUATION_FORMAT",
    "SITUATION_VERSION",
    "Answer",
    "CharacterSpec",
    "IntruderSpec",
    "LegalAnswer",
    "RoomSpec",
    "Situation",
    "ask",
    "build_state",
    "checked",
    "legal_answer",
    "load_situation",
    "parse_asked",
    "parse_situation",
    "parse_situation_text",
    "point_of",
    "read_game",
    "shown",
    "situation_record",
    "situation_toml",
]
