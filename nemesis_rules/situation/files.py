"""Situation files on disk: TOML read into a checked state, a record built on it, and any game file
(a record ``.jsonl`` or a situation ``.toml``) read as the record the commands replay.

A situation is a record with no action line, whose header starts from the situation's state: every
command that reads a record (``replay``, ``show``, ``legal``, ``ask``) reads a situation file the same
way (:func:`read_game` dispatches on the suffix ``.toml``).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nemesis_rules.errors import BadInputError
from nemesis_rules.invariants import start_problems
from nemesis_rules.model.core.state import GameState
from nemesis_rules.record.lines import Record, RecordHeader, read_record
from nemesis_rules.record.replay import Problem, ReplayResult, replay_record
from nemesis_rules.situation.build import build_state
from nemesis_rules.situation.fields import Situation, parse_situation

__all__ = [
    "SITUATION_SUFFIX",
    "Point",
    "is_situation_file",
    "load_situation",
    "parse_situation_text",
    "point_of",
    "read_game",
    "situation_record",
    "state_at",
]

SITUATION_SUFFIX = ".toml"


def is_situation_file(path: str | Path) -> bool:
    return Path(path).suffix.lower() == SITUATION_SUFFIX


def parse_situation_text(text: str, source: str = "<situation>") -> Situation:
    """The :class:`Situation` a TOML text describes (its syntax and field types checked)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BadInputError(f"not TOML: {exc}", source) from None
    return parse_situation(data, source)


def load_situation(path: str | Path) -> tuple[Situation, GameState]:
    """Read a situation file: the situation and its checked state."""
    source = str(path)
    try:
        text = Path(path).read_bytes().decode("utf-8")
    except OSError as exc:
        raise BadInputError(f"cannot read {str(source)!r}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise BadInputError("not UTF-8 text", source) from None
    situation = parse_situation_text(text, source)
    return situation, build_state(situation, source)


def situation_record(situation: Situation, state: GameState, source: str = "<situation>") -> Record:
    """The record a situation stands for: its header starts from ``state``, no action line follows."""
    header = RecordHeader(
        situation.ruleset, situation.players, dict(situation.rulings), dict(situation.variants), situation.seed, state
    )
    return Record(header, (), source)


def read_game(path: str | Path, *options: Any) -> Record:
    """A record file, or a situation file (suffix ``.toml``) as the record it stands for. ``options``
    go to :func:`~nemesis_rules.record.read_record` with a record (its reading limits, where it has them)."""
    if not is_situation_file(path):
        return read_record(path, *options)
    situation, state = load_situation(path)
    return situation_record(situation, state, str(path))


def state_at(record: Record, at: int | None) -> ReplayResult:
    """The replay of ``record`` up to line ``at`` (default: its last line); ``at`` outside the record
    is bad input. The caller reports the result's problems (an illegal line before ``at``)."""
    line = record.last_line if at is None else at
    if not 1 <= line <= record.last_line:
        raise BadInputError(f"--at must be a line from 1 to {record.last_line}, got {line}", "--at")
    return replay_record(record, until_line=line, start_check=start_problems)  # an impossible start is bad input


@dataclass(frozen=True, slots=True)
class Point:
    """Where ``legal`` and ``ask`` answer: the state, a heading naming it, a note when the record's
    own lines stop being legal before it, and the problems when ``--at`` asks past an illegal line."""

    state: GameState
    heading: str
    note: str | None = None
    problems: tuple[Problem, ...] = ()


def point_of(record: Record, at: int | None) -> Point:
    """The state after line ``at`` of ``record``. Without ``at``: after the last line, or, when a line
    of the record is illegal (a scenario written to ask about it), the state that line was played in.
    With ``at`` past an illegal line, the point has the problems and no answer can be given."""
    result = state_at(record, at)
    line = record.last_line if at is None else at
    if result.legal:
        return Point(result.final_state, f"{record.source}, after line {line}")
    problem = result.problems[0]
    if at is not None or problem.kind != "illegal":
        return Point(result.final_state, f"{record.source}, after line {line}", None, result.problems)
    note = (
        f"line {problem.line} is illegal ({problem.reason}) [{problem.clause}]: answering in the state it was played in"
    )
    return Point(problem.state, f"{record.source}, before line {problem.line}", note)
