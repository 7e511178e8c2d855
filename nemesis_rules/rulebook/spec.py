"""The specification's numbers, declared once from the rule texts (design.md, principle 6).

``data/spec.toml`` states every limit the checkers hold the engine to: supplies, miniature counts,
track lengths, escape pods by player count, pod seats, the hand size and hand slots, the wound
and Insanity thresholds. Each number cites the file, section and line of the rule texts that
states it (``derived`` when it is counted from that line, with the count). The invariants and the
Z3 proofs read these, never the engine's component tables: a checker that reads the engine's
own table cannot catch a wrong number in it. ``tests/rulebook/test_spec_numbers.py`` holds the
engine's tables to these values.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from types import MappingProxyType
from typing import Any

from nemesis_rules.rulebook.errors import NumbersError
from nemesis_rules.rulebook.sources import Citation, citation_problem

__all__ = ["SpecNumber", "load_spec", "spec", "spec_number", "spec_value"]

STATUSES = ("transcribed", "derived")
PLAYER_COUNTS = ("1", "2", "3", "4", "5")


@dataclass(frozen=True, slots=True)
class SpecNumber:
    """One number of the specification, with the line of the rule texts stating it."""

    id: str
    statement: str
    citation: Citation
    line: int
    status: str
    value: int | None = None
    by_players: Mapping[int, int] | None = None
    derivation: str = ""

    def at(self, players: int | None = None) -> int:
        """The number (for ``players`` when it depends on the player count)."""
        if self.by_players is not None:
            if players is None or players not in self.by_players:
                raise KeyError(f"spec number {self.id!r} depends on the player count (1-5), not {players!r}")
            return self.by_players[players]
        assert self.value is not None
        return self.value

    def where(self) -> str:
        """``file, section, line N``."""
        return f"{self.citation}, line {self.line}"


def _entry(raw: Mapping[str, Any], index: int) -> tuple[SpecNumber | None, list[str]]:
    nid = raw.get("id")
    where = f"number {nid!r}" if isinstance(nid, str) else f"number #{index}"
    problems: list[str] = []
    statement, file, section, line = raw.get("statement"), raw.get("file"), raw.get("section"), raw.get("line")
    status, value, by_players = raw.get("status"), raw.get("value"), raw.get("by_players")
    if not isinstance(nid, str) or not isinstance(statement, str):
        return None, [f"{where}: needs a string id and statement"]
    if not isinstance(file, str) or not isinstance(section, str):
        return None, [f"{where}: needs a string file and section"]
    problem = citation_problem(file, section)
    if problem is not None:
        problems.append(f"{where}: {problem}")
    if not isinstance(line, int) or isinstance(line, bool) or line < 1:
        problems.append(f"{where}: line must be a positive integer")
    if status not in STATUSES:
        problems.append(f"{where}: status must be one of {', '.join(STATUSES)}")
    derivation = raw.get("derivation", "")
    if status == "derived" and not derivation:
        problems.append(f"{where}: a derived number says how it is derived")
    players: dict[int, int] | None = None
    if by_players is not None:
        if not isinstance(by_players, Mapping) or sorted(by_players) != list(PLAYER_COUNTS):
            problems.append(f"{where}: by_players must give a value for each player count 1-5")
        elif not all(isinstance(v, int) and not isinstance(v, bool) for v in by_players.values()):
            problems.append(f"{where}: by_players values must be integers")
        else:
            players = {int(k): int(v) for k, v in by_players.items()}
    if (value is None) == (by_players is None):
        problems.append(f"{where}: give exactly one of value and by_players")
    elif value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        problems.append(f"{where}: value must be an integer")
    if problems:
        return None, problems
    number = SpecNumber(
        nid,
        statement,
        Citation(file, section),
        int(line),  # type: ignore[arg-type]
        str(status),
        value if isinstance(value, int) else None,
        MappingProxyType(players) if players is not None else None,
        str(derivation),
    )
    return number, []


def load_spec(text: str) -> Mapping[str, SpecNumber]:
    """Parse and validate a ``spec.toml`` text; :class:`NumbersError` names every problem at once."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise NumbersError([f"not valid TOML: {error}"]) from None
    raw_list = data.get("number", [])
    if not isinstance(raw_list, list):
        raise NumbersError(["'number' must be an array of tables"])
    problems: list[str] = []
    found: dict[str, SpecNumber] = {}
    for index, raw in enumerate(raw_list, start=1):
        if not isinstance(raw, Mapping):
            problems.append(f"number #{index} is not a table")
            continue
        number, wrong = _entry(raw, index)
        problems.extend(wrong)
        if number is not None:
            if number.id in found:
                problems.append(f"duplicate number id {number.id!r}")
            found[number.id] = number
    if problems:
        raise NumbersError(problems)
    return MappingProxyType(dict(sorted(found.items())))


@cache
def spec() -> Mapping[str, SpecNumber]:
    """The package's specification numbers, id → number, sorted by id."""
    text = (files("nemesis_rules.rulebook") / "data" / "spec.toml").read_text(encoding="utf-8")
    return load_spec(text)


def spec_number(number_id: str) -> SpecNumber:
    """The specification number with this id; KeyError naming the known ids otherwise."""
    table = spec()
    if number_id not in table:
        raise KeyError(f"unknown spec number {number_id!r} (known: {', '.join(table)})")
    return table[number_id]


def spec_value(number_id: str, players: int | None = None) -> int:
    """The value of a specification number (for ``players`` where it depends on the player count)."""
    return spec_number(number_id).at(players)
