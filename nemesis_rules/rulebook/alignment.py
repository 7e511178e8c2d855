"""The alignment of the rule texts to the clause catalogue: every sentence, list item and table
row of the four texts mapped to the clauses that implement it, or marked as holding no rule
(a heading, flavour text, a component list kept as data, a source note), with the reason.

A text is cut into units with stable ids: ``file:line.index`` (1-based line, 0-based index of
the sentence within the line). A list item or a table row is one unit; prose is cut after a
sentence's closing ``.``, ``!`` or ``?`` where the next word starts a new sentence. Headings
(as :mod:`.sources` recognises them) and table-of-contents entries are marked by rule.

The mapping is data (``data/alignment/<file>.toml``): each entry names its unit, repeats the
unit's first words (so that a revised text whose lines moved shows up as ``stale`` instead of
being misread), and gives its ``clauses`` or its ``status`` with a ``reason``. The Void Seeders
Rules Summary and the German overview restate other texts: their units also say how
(``relation``: ``same`` as the clauses named, ``differs``, decided by the ``ruling`` named, or
``adds`` a rule of its own, the clauses named).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any, Literal

from nemesis_rules.rulebook.errors import AlignmentError
from nemesis_rules.rulebook.sources import DE_FILE, FACTS_FILE, REF_FILE, RULE_FILES, TOP_HEADINGS, VS_FILE

__all__ = [
    "OPEN",
    "RELATIONS",
    "STATUSES",
    "AlignmentRow",
    "Entry",
    "Unit",
    "align",
    "entries",
    "parse_entries",
    "units",
]

UnitKind = Literal["heading", "contents", "item", "row", "sentence"]
Status = Literal["aligned", "no-rule-content", "ruled", "settled", "uncatalogued", "unaligned", "stale"]
Relation = Literal["same", "differs", "adds"]
STATUSES: tuple[str, ...] = ("aligned", "no-rule-content", "ruled", "settled", "uncatalogued", "unaligned", "stale")
"""``ruled``: the unit states a rule the texts disagree on, and the ruling named (``ruling``) decides
which reading the game plays; ``settled``: the unit raises a question another sentence of the texts
answers, and the settled question named (``settled``, see :mod:`.finders.questions`) says which;
``uncatalogued``: the unit states a rule that no clause of the catalogue holds (a finding, with
the reason); ``unaligned``: no entry says anything of the unit; ``stale``: the entry's first words
are not the unit's (the text changed under it)."""
OPEN: tuple[str, ...] = ("uncatalogued", "unaligned", "stale")
"""The statuses ``rules alignment --unaligned`` lists: the units not yet accounted for."""
RELATIONS: tuple[str, ...] = ("same", "differs", "adds")
RESTATING_SECTIONS: Mapping[str, str] = {VS_FILE: "Rules Summary", DE_FILE: ""}
"""The parts of the texts that restate others: the Void Seeders Rules Summary (from its heading to
the end), and the whole German overview."""

START_WORDS = 6
"""How many of a unit's first words an entry repeats."""

_SENTENCE_END = re.compile(r"(?<=[.!?])[\"”')\]]?\s+(?=[\"„“(\[]?[A-ZÄÖÜ0-9•-])")
_ITEM = re.compile(r"^\s*(?:[-*•]|\d+[.)]|\(\d+\))\s+")
_ABBREVIATIONS = ("e.g.", "i.e.", "p.", "pp.", "incl.", "cf.", "vs.", "etc.", "z.B.", "bzw.", "ca.", "Nr.", "St.")


@dataclass(frozen=True, slots=True)
class Unit:
    """One sentence, list item or table row of a rule text."""

    file: str
    line: int
    index: int
    text: str
    kind: UnitKind

    @property
    def id(self) -> str:
        return f"{self.file}:{self.line}.{self.index}"

    @property
    def start(self) -> str:
        """The unit's first words, as an entry repeats them."""
        return " ".join(self.text.split()[:START_WORDS])


@dataclass(frozen=True, slots=True)
class Entry:
    """What the alignment data says of one unit."""

    file: str
    line: int
    index: int
    start: str
    clauses: tuple[str, ...]
    status: str
    reason: str
    relation: str
    ruling: str
    settled: str = ""


@dataclass(frozen=True, slots=True)
class AlignmentRow:
    """One unit with its alignment: ``status`` is ``aligned`` (``clauses`` implement it),
    ``no-rule-content`` (``reason`` says why), ``unaligned`` (nothing says), or ``stale`` (the
    entry's words are not the unit's: the text changed)."""

    file: str
    line: int
    index: int
    text: str
    kind: str
    clauses: tuple[str, ...]
    status: str
    reason: str
    relation: str
    ruling: str
    settled: str = ""

    @property
    def id(self) -> str:
        return f"{self.file}:{self.line}.{self.index}"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "file": self.file,
            "line": self.line,
            "index": self.index,
            "text": self.text,
            "clauses": list(self.clauses),
            "status": self.status,
        }
        for key in ("reason", "relation", "ruling", "settled"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        return out


# -- cutting a text into units --------------------------------------------------------------------


def _contents_lines(file: str, lines: list[str]) -> frozenset[int]:
    """The 1-based lines of the Void Seeders rulebook's table of contents."""
    if file != VS_FILE or "Table of Contents" not in lines:
        return frozenset()
    first = lines.index("Table of Contents")
    out = set()
    for i in range(first, len(lines)):
        stripped = lines[i].strip()
        if i > first + 2 and stripped == "Components":
            break
        out.add(i + 1)
    return frozenset(out)


def _headings(file: str, lines: list[str]) -> frozenset[str]:
    if file == VS_FILE:
        contents = [lines[i - 1].strip().lstrip("• ").strip() for i in _contents_lines(file, lines)]
        return frozenset(c for c in contents if c) | frozenset(TOP_HEADINGS.get(file, ()))
    return frozenset(TOP_HEADINGS.get(file, ()))


def _is_heading(file: str, line: str, headings: frozenset[str]) -> bool:
    stripped = line.strip()
    if file == FACTS_FILE:
        return stripped.startswith("#")
    if file == REF_FILE and stripped and len(stripped.split()) <= 6 and not stripped.endswith((".", ":")):
        return stripped in headings or (stripped[0].isupper() and "\t" not in line and not _ITEM.match(line))
    return stripped in headings


def _sentences(text: str) -> list[str]:
    pieces = [p for p in _SENTENCE_END.split(text) if p.strip()]
    merged: list[str] = []
    for piece in pieces:
        if merged and merged[-1].endswith(_ABBREVIATIONS):
            merged[-1] = f"{merged[-1]} {piece}"
        else:
            merged.append(piece)
    return [m.strip() for m in merged]


def units(file: str, text: str) -> list[Unit]:
    """The units of the rule text ``file``, in reading order."""
    lines = text.splitlines()
    contents = _contents_lines(file, lines)
    headings = _headings(file, lines)
    out: list[Unit] = []
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if not stripped or set(stripped) <= {"-", "|", " ", ":", "="}:
            continue
        if number in contents:
            out.append(Unit(file, number, 0, stripped, "contents"))
        elif _is_heading(file, line, headings):
            out.append(Unit(file, number, 0, stripped, "heading"))
        elif stripped.startswith("|") or "\t" in line:
            out.append(Unit(file, number, 0, stripped, "row"))
        elif _ITEM.match(line):
            out.append(Unit(file, number, 0, stripped, "item"))
        else:
            out.extend(Unit(file, number, i, s, "sentence") for i, s in enumerate(_sentences(stripped)))
    return out


def restating(file: str, text: str) -> frozenset[int]:
    """The 1-based lines of ``file`` that restate other texts (see :data:`RESTATING_SECTIONS`)."""
    if file not in RESTATING_SECTIONS:
        return frozenset()
    lines = text.splitlines()
    heading = RESTATING_SECTIONS[file]
    if not heading:
        return frozenset(range(1, len(lines) + 1))
    starts = [i for i, line in enumerate(lines) if line.strip() == heading]
    first = starts[-1] if starts else len(lines)
    return frozenset(range(first + 1, len(lines) + 1))


# -- the alignment data ---------------------------------------------------------------------------


def data_file(file: str) -> str:
    return file.rsplit(".", 1)[0] + ".toml"


@cache
def entries(file: str) -> Mapping[tuple[int, int], Entry]:
    """The alignment entries of ``file`` by (line, index); malformed data is an AlignmentError."""
    if file not in RULE_FILES:
        raise AlignmentError([f"unknown rule text {file!r} (known: {', '.join(RULE_FILES)})"])
    resource = files("nemesis_rules.rulebook") / "data" / "alignment" / data_file(file)
    try:
        raw = resource.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    return parse_entries(file, raw)


def parse_entries(file: str, raw: str) -> Mapping[tuple[int, int], Entry]:
    """The alignment entries of ``file`` read from the TOML text ``raw``; the first malformed
    entry is an AlignmentError naming it."""
    try:
        data = tomllib.loads(raw)
    except tomllib.TOMLDecodeError as error:
        raise AlignmentError([f"alignment/{data_file(file)}: {error}"]) from None
    out: dict[tuple[int, int], Entry] = {}
    for i, row in enumerate(data.get("unit", [])):
        where = f"alignment/{data_file(file)}, unit {i + 1}"
        key = _key(row.get("at"), where)
        if key in out:
            raise AlignmentError([f"{where}: unit {row['at']} is listed twice"])
        out[key] = _entry(file, key, row, where)
    return out


def _key(at: object, where: str) -> tuple[int, int]:
    match = re.fullmatch(r"(\d+)\.(\d+)", str(at))
    if match is None:
        raise AlignmentError([f"{where}: 'at' must be LINE.INDEX, got {at!r}"])
    return int(match.group(1)), int(match.group(2))


def _entry(file: str, key: tuple[int, int], row: Mapping[str, Any], where: str) -> Entry:
    unknown = sorted(set(row) - {"at", "starts", "clauses", "status", "reason", "relation", "ruling", "settled"})
    if unknown:
        raise AlignmentError([f"{where}: unknown key(s) {', '.join(unknown)}"])
    clauses = tuple(row.get("clauses", ()))
    status = row.get("status", "aligned" if clauses else "")
    if status not in ("aligned", "no-rule-content", "ruled", "settled", "uncatalogued"):
        raise AlignmentError(
            [
                f"{where}: give 'clauses', or status = 'no-rule-content' or 'uncatalogued' with a 'reason', "
                "'ruled' with a 'ruling' or 'settled' with a 'settled' question"
            ]
        )
    if status == "ruled" and not row.get("ruling"):
        raise AlignmentError([f"{where}: a ruled unit names the ruling that decides it ('ruling')"])
    if status == "settled" and not row.get("settled"):
        raise AlignmentError([f"{where}: a settled unit names the settled question that answers it ('settled')"])
    if status == "aligned" and not clauses:
        raise AlignmentError([f"{where}: an aligned unit names its clauses"])
    if status != "aligned" and not row.get("reason"):
        raise AlignmentError([f"{where}: a unit with status {status!r} says why ('reason')"])
    relation = row.get("relation", "")
    if relation and relation not in RELATIONS:
        raise AlignmentError([f"{where}: relation must be one of {', '.join(RELATIONS)}"])
    if relation == "differs" and not row.get("ruling") and not row.get("settled"):
        raise AlignmentError(
            [f"{where}: a restatement that differs names the ruling that decides (or the settled question)"]
        )
    return Entry(
        file, key[0], key[1], str(row.get("starts", "")), clauses, status, str(row.get("reason", "")),
        relation, str(row.get("ruling", "")), str(row.get("settled", "")),
    )  # fmt: skip


_AUTOMATIC = {"heading": "a heading", "contents": "the table of contents"}


def _row(unit: Unit, entry: Entry | None) -> AlignmentRow:
    if entry is None:
        if unit.kind in _AUTOMATIC:
            return AlignmentRow(*_where(unit), (), "no-rule-content", _AUTOMATIC[unit.kind], "", "")
        return AlignmentRow(*_where(unit), (), "unaligned", "", "", "")
    if entry.start and " ".join(entry.start.split()) != unit.start:
        return AlignmentRow(
            *_where(unit), entry.clauses, "stale", f"the entry begins {entry.start!r}", entry.relation, entry.ruling
        )
    return AlignmentRow(
        *_where(unit), entry.clauses, entry.status, entry.reason, entry.relation, entry.ruling, entry.settled
    )


def _where(unit: Unit) -> tuple[str, int, int, str, str]:
    return unit.file, unit.line, unit.index, unit.text, unit.kind


def align(
    texts: Mapping[str, str], data: Mapping[str, Mapping[tuple[int, int], Entry]] | None = None
) -> list[AlignmentRow]:
    """Every unit of the given rule texts (file name -> text) with its alignment: from ``data``
    (file name -> entries) where given, else from the package's alignment data."""
    rows: list[AlignmentRow] = []
    for file in RULE_FILES:
        if file not in texts:
            continue
        known = data[file] if data is not None and file in data else entries(file)
        rows.extend(_row(unit, known.get((unit.line, unit.index))) for unit in units(file, texts[file]))
    return rows


def orphans(texts: Mapping[str, str]) -> Iterator[Entry]:
    """Entries that name no unit of the texts (a line that is blank, a heading, or beyond the text)."""
    for file in RULE_FILES:
        if file not in texts:
            continue
        present = {(u.line, u.index) for u in units(file, texts[file])}
        for key, entry in entries(file).items():
            if key not in present:
                yield entry
