"""The numeric cross-check: every number the rule texts state, by source, and where they disagree.

``data/numbers.toml`` lists quantities (supplies, track lengths, deck sizes, die faces, counts by player
number, ...). Each quantity has one value entry per source that states it. :func:`numeric_conflicts` reports
every quantity whose sources give more than one distinct value; each of those is a data variant, and the
rulings catalogue names it (a ruling of kind ``data`` lists the quantity in ``quantities``).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from types import MappingProxyType
from typing import Any

from nemesis_rules.rulebook.errors import NumbersError, UnknownQuantityError
from nemesis_rules.rulebook.sources import Citation, citation_problem

__all__ = [
    "NumericConflict",
    "Quantity",
    "QuantityValue",
    "load_quantities",
    "numeric_conflicts",
    "quantities",
    "quantity",
]

_PART = r"[a-z0-9]+(?:-[a-z0-9]+)*"
QUANTITY_ID = re.compile(rf"{_PART}(?:\.{_PART})*")

Value = int | str


@dataclass(frozen=True, slots=True)
class QuantityValue:
    """One source's value of a quantity; ``note`` names the sub-source (e.g. a scan) where useful."""

    value: Value
    citation: Citation
    note: str = ""


@dataclass(frozen=True, slots=True)
class Quantity:
    """A number the rule texts state, with every source's value."""

    id: str
    description: str
    values: tuple[QuantityValue, ...]

    def distinct(self) -> tuple[Value, ...]:
        """The distinct values, in the order the sources are listed."""
        seen: list[Value] = []
        for entry in self.values:
            if entry.value not in seen:
                seen.append(entry.value)
        return tuple(seen)


@dataclass(frozen=True, slots=True)
class NumericConflict:
    """A quantity whose sources disagree: each distinct value with the citations that give it."""

    quantity: Quantity
    by_value: tuple[tuple[Value, tuple[QuantityValue, ...]], ...]

    @property
    def id(self) -> str:
        return self.quantity.id

    def describe(self) -> str:
        """One line: ``id: 8 (facts.md, §15 ...) vs 4 (base-rules-reference.txt, Noise)``."""
        parts = []
        for value, entries in self.by_value:
            where = "; ".join(str(e.citation) + (f" [{e.note}]" if e.note else "") for e in entries)
            parts.append(f"{value} ({where})")
        return f"{self.quantity.id}: " + " vs ".join(parts)


def _parse(data: Mapping[str, Any]) -> tuple[list[Quantity], list[str]]:
    problems: list[str] = []
    result: list[Quantity] = []
    raw_list = data.get("quantity", [])
    if not isinstance(raw_list, list):
        return [], ["'quantity' must be an array of tables"]
    seen: set[str] = set()
    for index, raw in enumerate(raw_list, start=1):
        if not isinstance(raw, Mapping):
            problems.append(f"quantity #{index} is not a table")
            continue
        qid, description, values = raw.get("id"), raw.get("description"), raw.get("values")
        where = f"quantity {qid!r}" if isinstance(qid, str) else f"quantity #{index}"
        if not isinstance(qid, str) or not isinstance(description, str) or not isinstance(values, list):
            problems.append(f"{where}: needs string id and description and a values array")
            continue
        if QUANTITY_ID.fullmatch(qid) is None:
            problems.append(f"bad quantity id {qid!r}")
        if qid in seen:
            problems.append(f"duplicate quantity id {qid!r}")
        seen.add(qid)
        if not values:
            problems.append(f"{where} has no values")
        entries: list[QuantityValue] = []
        for entry in values:
            if not isinstance(entry, Mapping):
                problems.append(f"{where}: a value entry is not a table")
                continue
            value, file, section = entry.get("value"), entry.get("file"), entry.get("section")
            note = entry.get("note", "")
            if isinstance(value, bool) or not isinstance(value, int | str):
                problems.append(f"{where}: value {value!r} is neither an integer nor a string")
                continue
            if not isinstance(file, str) or not isinstance(section, str) or not isinstance(note, str):
                problems.append(f"{where}: a value needs string file and section (and note)")
                continue
            problem = citation_problem(file, section)
            if problem is not None:
                problems.append(f"{where}: {problem}")
            entries.append(QuantityValue(value, Citation(file, section), note))
        result.append(Quantity(qid, description, tuple(entries)))
    return result, problems


def load_quantities(text: str) -> Mapping[str, Quantity]:
    """Parse and validate a ``numbers.toml`` text; :class:`NumbersError` names every problem at once."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise NumbersError([f"not valid TOML: {error}"]) from None
    parsed, problems = _parse(data)
    if problems:
        raise NumbersError(problems)
    return MappingProxyType({q.id: q for q in sorted(parsed, key=lambda q: q.id)})


@cache
def quantities() -> Mapping[str, Quantity]:
    """The package's numeric cross-check, id → quantity, sorted by id."""
    text = (files("nemesis_rules.rulebook") / "data" / "numbers.toml").read_text(encoding="utf-8")
    return load_quantities(text)


def quantity(quantity_id: str) -> Quantity:
    """The quantity with this id; :class:`UnknownQuantityError` if there is none."""
    table = quantities()
    try:
        return table[quantity_id]
    except KeyError:
        raise UnknownQuantityError(quantity_id, table) from None


def numeric_conflicts(table: Mapping[str, Quantity] | None = None) -> list[NumericConflict]:
    """Every quantity stated with more than one distinct value, sorted by quantity id."""
    conflicts: list[NumericConflict] = []
    for item in (quantities() if table is None else table).values():
        distinct = item.distinct()
        if len(distinct) > 1:
            by_value = tuple((v, tuple(e for e in item.values if e.value == v)) for v in distinct)
            conflicts.append(NumericConflict(item, by_value))
    return sorted(conflicts, key=lambda c: c.id)
