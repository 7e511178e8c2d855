"""The numbers finder: every number the texts state, held in one cross-table.

Two parts. The cross-table itself is ``data/numbers.toml`` (:mod:`nemesis_rules.rulebook.numbers`):
each quantity with every source's value; a quantity with two values is a data ruling (the ruling
that lists it answers the question). This module adds what a reader checks by counting: a list
whose length the text states must add up to its total: a heading ``## 3. Intruder Attack deck (20)``
over a table, a line ``Serious Wound deck 16: Back x4, Leg x3, ...`` (the texts print a times sign
where this says ``x``), ``17 Void Seeder tokens (1 blank, 16 Void Seeder)``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from nemesis_rules.rulebook.catalogue import card_slug
from nemesis_rules.rulebook.finders.questions import Finding
from nemesis_rules.rulebook.numbers import NumericConflict, Quantity
from nemesis_rules.rulebook.sources import FACTS_FILE, TOP_HEADINGS, Citation, find_section

__all__ = ["ListTotal", "component_counts", "component_findings", "list_totals", "number_findings"]

_HEADING_TOTAL = re.compile(r"^##\s+(\d+)\.\s+(.+?)\s*\((\d+)\)\s*$")
_DECK_LIST = re.compile(
    r"(?P<name>[A-Z][A-Za-z ]*?(?:deck|Deck))\s+(?:\((?P<paren>\d+)[;)][^:]*|(?P<plain>\d+)):\s*(?P<items>.+)$"
)
_NUMBERED = re.compile(r"\b(?P<total>\d+) (?P<name>[A-Z][A-Za-z ]+?) numbered (?P<items>(?:\d+\u00d7\d+(?:, )?)+)")
_SPLIT_COUNTS = re.compile(
    r"\b(?P<total>\d+) (?P<name>[A-Z][A-Za-z ]+?) \((?P<items>\d+ [a-zA-Z ]+(?:, \d+ [a-zA-Z ]+)+)\)"
)
_TIMES = re.compile(r"\u00d7(\d+)\b")
_VALUES = re.compile(r"(?<=[a-z] )(?:\d+|R)(?:,(?:\d+|R))+\b")
"""A card's printed values, one per copy (``Frenzy 2,6``: two cards, blood 2 and 6)."""


def _top_level(text: str) -> str:
    """``text`` with everything inside brackets removed (the separators and counts that matter are
    outside them)."""
    out, depth = [], 0
    for char in text:
        if char in "([":
            depth += 1
        elif char in ")]":
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(char)
    return "".join(out)


def _item_counts(items: str) -> tuple[int, ...]:
    """The count of each item of a list: a times sign and ``n`` after its name, else one per printed value listed
    (``Scratch 5,6,4,R``: four cards), else 1; items are separated by ``;``
    (or by ``,`` where no ``;`` separates them), outside brackets; a trailing source tag ends the list."""
    flat = _top_level(items.split(" [", 1)[0] if items.rstrip().endswith("]") else items)
    flat = flat.split(". ", 1)[0]
    pieces = [p for p in re.split(";" if ";" in flat else ",", flat) if p.strip()]
    counts = []
    for piece in pieces:
        times = _TIMES.search(piece)
        values = _VALUES.search(piece)
        counts.append(int(times.group(1)) if times else len(values.group(0).split(",")) if values else 1)
    return tuple(counts)


class ListTotal:
    """A stated total and the counts of its list: where, the total, and the sum of the parts."""

    __slots__ = ("file", "line", "name", "parts", "total")

    def __init__(self, file: str, line: int, name: str, total: int, parts: tuple[int, ...]) -> None:
        self.file, self.line, self.name, self.total, self.parts = file, line, name, total, parts

    @property
    def adds_up(self) -> bool:
        return sum(self.parts) == self.total


def _table_counts(lines: list[str], start: int) -> tuple[int, ...]:
    """The counts of the first table after line index ``start`` (until the next heading): its ``#``
    column, or one per row where it has none."""
    column: int | None = None
    counts: list[int] = []
    header = False
    for line in lines[start + 1 :]:
        if line.startswith("## "):
            break
        if not line.startswith("|"):
            if header:
                break
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not header:
            header, column = True, (cells.index("#") if "#" in cells else None)
        elif set("".join(cells)) <= set("-: "):
            continue
        elif column is None:
            counts.append(1)
        elif cells[column].isdigit():
            counts.append(int(cells[column]))
    return tuple(counts)


def list_totals(file: str, text: str) -> list[ListTotal]:
    """Every list of ``text`` whose total is stated: a numbered heading with ``(N)`` over a table (its
    ``#`` column, or one per row); a deck with its size, ``Panic deck (20; ...): a; b x2; ...``; ``N
    tokens numbered 1x3, 2x5``; and ``N tokens (1 blank, 16 Void Seeder)``."""
    lines = text.splitlines()
    out = []
    for index, line in enumerate(lines):
        heading = _HEADING_TOTAL.match(line)
        if heading:
            counts = _table_counts(lines, index)
            if counts:
                out.append(ListTotal(file, index + 1, heading.group(2), int(heading.group(3)), counts))
            continue
        deck = _DECK_LIST.search(line)
        if deck:
            counts = _item_counts(deck.group("items"))
            if len(counts) >= 2:
                total = int(deck.group("paren") or deck.group("plain"))
                out.append(ListTotal(file, index + 1, deck.group("name").strip().lstrip("- "), total, counts))
        for numbered in _NUMBERED.finditer(line):
            parts = tuple(int(n) for n in _TIMES.findall(numbered.group("items")))
            out.append(ListTotal(file, index + 1, numbered.group("name"), int(numbered.group("total")), parts))
        for split in _SPLIT_COUNTS.finditer(line):
            parts = tuple(int(p.split()[0]) for p in split.group("items").split(", "))
            out.append(ListTotal(file, index + 1, split.group("name"), int(split.group("total")), parts))
    return out


def number_findings(
    texts: Mapping[str, str], conflicts: Iterable[NumericConflict], deciding: Mapping[str, str]
) -> list[Finding]:
    """The numbers finder's questions: each quantity the cross-table gives two values (answered by the
    data ruling that lists it, ``deciding``: quantity id -> ruling id), and each stated total (a list
    that does not add up is an open question)."""
    out = []
    for conflict in conflicts:
        ruling = deciding.get(conflict.id, "")
        citations = tuple(e.citation for _, entries in conflict.by_value for e in entries)
        out.append(
            Finding(
                f"numbers:{conflict.id}", "numbers", "data",
                f"{conflict.quantity.description}: the sources state {len(conflict.by_value)} values. Which one?",
                citations, (), f"ruling:{ruling}" if ruling else "", conflict.describe(),
            )
        )  # fmt: skip
    for file, text in texts.items():
        for total in list_totals(file, text):
            parts = " + ".join(str(p) for p in total.parts)
            out.append(
                Finding(
                    f"numbers:{file}:{total.line}", "numbers", "data",
                    f"{total.name}: the text states {total.total}, its list adds up to {sum(total.parts)} ({parts}).",
                    (Citation(file, ""),), (), f"quantity:{card_slug(total.name)}" if total.adds_up else "",
                    f"{file}:{total.line}",
                )
            )  # fmt: skip
    return out


_COUNT_ITEM = re.compile(r"^(\d+)\s+(.+?)\.?$")


def _component_items(text: str) -> list[tuple[int, str]]:
    """The ``N name`` items of a component line (split at commas and ``+`` outside brackets)."""
    flat = re.sub(r"\[[^\]]*\]", "", text)
    flat = re.sub(r"\([^)]*\)", "", flat)
    out = []
    for piece in re.split(r",|\s\+\s", flat):
        found = _COUNT_ITEM.match(piece.strip())
        if found:
            out.append((int(found.group(1)), found.group(2).strip()))
    return out


def component_counts(
    texts: Mapping[str, str], lists: Iterable[Mapping[str, Any]]
) -> list[tuple[str, int, int, str, str]]:
    """Every component count of the listed lines: ``(file, line, count, name, quantity id or "")``."""
    out: list[tuple[str, int, int, str, str]] = []
    for spec in lists:
        file = str(spec["file"])
        if file not in texts:
            continue
        lines = texts[file].splitlines()
        start = find_section(file, str(spec["section"]), texts[file])
        for number in range(start, len(lines) + 1):
            line = lines[number - 1].strip()
            if number > start and (
                line.startswith("## ") or (file != FACTS_FILE and line in TOP_HEADINGS.get(file, ()))
            ):
                break
            if not line.startswith(str(spec["starts"])):
                continue
            if spec.get("after"):
                body = line.split(str(spec["after"]), 1)[-1]
            elif ":" in str(spec["starts"]):
                body = line.split(":", 1)[1]
            else:
                body = line.lstrip("•-* ")
            names: Mapping[str, str] = spec.get("names", {})
            out.extend((file, number, count, name, names.get(name, "")) for count, name in _component_items(body))
    return out


def component_findings(
    texts: Mapping[str, str], lists: Iterable[Mapping[str, Any]], table: Mapping[str, Quantity]
) -> list[Finding]:
    """One question per component count of the texts: is it in the cross-table, with this text's value?"""
    out = []
    for file, line, count, name, quantity_id in component_counts(texts, lists):
        item = table.get(quantity_id)
        values = {v.value for v in item.values if v.citation.file == file} if item is not None else set()
        if item is None:
            answer, why = "", f"no quantity of the cross-table holds '{name}'"
        elif count in values:
            answer, why = f"quantity:{quantity_id}", f"the cross-table's {quantity_id} lists it"
        else:
            answer, why = "", f"the cross-table's {quantity_id} gives {sorted(values) or 'no value'} for {file}"
        out.append(
            Finding(
                f"numbers:{file}:{line}:{name}", "numbers", "data",
                f"{file} counts {count} {name}: {why}. Is every source's number in the cross-table?",
                (Citation(file, ""),), (), answer, f"{file}:{line}",
            )
        )  # fmt: skip
    return out


_NUMBER_WORDS: dict[str, int] = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "sixteen": 16, "twenty": 20,
    "eins": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "zehn": 10,
}  # fmt: skip
_NUMBER = re.compile(r"(?<![\w.])(\d+|" + "|".join(_NUMBER_WORDS) + r")(?!\w)", re.IGNORECASE)
_NOT_QUANTITIES = tuple(
    re.compile(pattern)
    for pattern in (
        r"^\s*\d+\)",  # a numbered setup step
        r"\[[^\]]*\]",  # a source tag: [RU-RB p.10], [SCAN §3]
        r"\bpp?\.\s?\d+(?:[-\u2013]\d+)?",  # a page
        r"\b(?:FAQ|Rules|§)\s*[\w ]*?\d+",  # a rule or section number
        r"\b[01]\d\b(?=[:,; )\u2013-])",  # a printed room number: 01-21
        r"\b\d+:\d",  # a room:corridor pair
    )
)
"""Numbers that count nothing: step and page numbers, source tags, printed room numbers."""


def _numbers(text: str) -> set[int]:
    found = set()
    for match in _NUMBER.finditer(text):
        word = match.group(1).lower()
        found.add(_NUMBER_WORDS[word] if word in _NUMBER_WORDS else int(word))
    return found


def number_index(
    rows: Iterable[Any], clauses: Mapping[str, Any], table: Mapping[str, Quantity], reviewed: Mapping[str, str]
) -> list[Finding]:
    """Every number of every aligned sentence of the texts (less step, page and room numbers and source
    tags), each bound to where the model holds it: a statement of a clause the sentence is aligned to
    says it, or a quantity of the cross-table gives it for that text, or a reviewer's reason
    (``reviewed``: ``"file:line.index=value"`` -> reason) says why it counts nothing. The rest are open."""
    by_value: dict[tuple[str, int], str] = {}
    for item in table.values():
        for entry in item.values:
            if isinstance(entry.value, int):
                by_value.setdefault((entry.citation.file, entry.value), item.id)
    out = []
    for row in rows:
        if row.status not in ("aligned", "ruled", "settled"):
            continue
        text = row.text
        for pattern in _NOT_QUANTITIES:
            text = pattern.sub(" ", text)
        stated = {c: _numbers(clauses[c].statement) for c in row.clauses if c in clauses}
        for value in sorted(_numbers(text)):
            key = f"{row.id}={value}"
            holder = next((c for c, values in stated.items() if value in values), "")
            quantity = by_value.get((row.file, value), "")
            if holder:
                answer = f"clause:{holder}"
            elif quantity:
                answer = f"quantity:{quantity}"
            elif key in reviewed:
                answer = f"clause:{row.clauses[0]}" if row.clauses else "quantity:reviewed"
            else:
                answer = ""
            out.append(
                Finding(
                    f"numbers:{key}", "numbers", "data",
                    f"{row.file}:{row.line} states the number {value}: which clause or quantity of the model holds it?",
                    (Citation(row.file, ""),), row.clauses, answer, f"{row.file}:{row.line}",
                )
            )  # fmt: skip
    return out
