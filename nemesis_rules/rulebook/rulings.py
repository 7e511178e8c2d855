"""The rulings catalogue: where the rule texts disagree, are ambiguous or are silent (DATC style).

Each ruling has an id, a kind (:class:`RulingKind`), the question, every source involved, named readings
(options the engine implements), a default reading with its reason, the clauses it bears on and, for data
variants, the numeric quantities (``numbers.toml``) whose conflicting values it decides.

For the editor's report each ruling also says how much its readings matter (``severity``, one of
:data:`SEVERITIES`) and, where the texts disagree or admit several readings (contradiction, ambiguity), the
``erratum``: a wording a publisher could print that states the default reading as a rule.

A game's rulings are a value (design principle 5): :func:`resolve_rulings` turns user overrides
(``--ruling ID=READING``, parsed by :func:`parse_ruling_choice`) into the full ruling → reading map with the
defaults filled in, which the record header stores.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from types import MappingProxyType
from typing import Any

from nemesis_rules.rulebook.catalogue import RULESETS, Clause, catalogue, check_ruleset, data_texts
from nemesis_rules.rulebook.errors import (
    RulingsError,
    RulingSyntaxError,
    UnknownReadingError,
    UnknownRulingError,
    UnplayableReadingError,
)
from nemesis_rules.rulebook.numbers import Quantity, numeric_conflicts, quantities
from nemesis_rules.rulebook.sources import Citation, citation_problem

__all__ = [
    "ERRATUM_KINDS",
    "SEVERITIES",
    "Reading",
    "Ruling",
    "RulingChoice",
    "RulingKind",
    "load_rulings",
    "parse_ruling_choice",
    "parse_ruling_choices",
    "parse_rulings",
    "resolve_rulings",
    "ruling",
    "rulings",
    "rulings_for",
    "uncovered_conflicts",
    "validate_rulings",
]

_PART = r"[a-z0-9]+(?:-[a-z0-9]+)*"
RULING_ID = re.compile(rf"(base|vs)\.{_PART}\.{_PART}")
READING_ID = re.compile(_PART)

SEVERITIES: tuple[str, ...] = ("play", "setup", "wording")
"""How much a ruling's readings matter: ``play`` they change what happens during play (a choice, an effect,
a count play uses, the end of the game); ``setup`` they change only how the game is set up (what goes
where before the first round, which components are in the box); ``wording`` they lead to the same game
and differ only in how the text says it (two wordings of one rule, a situation no game reaches)."""


class RulingKind(StrEnum):
    """Why a ruling exists."""

    CONTRADICTION = "contradiction"  # two sources say different things
    AMBIGUITY = "ambiguity"  # one text admits readings that lead to different states
    GAP = "gap"  # no text covers a reachable situation
    DATA = "data"  # sources state different data (numbers, card details)


ERRATUM_KINDS = frozenset({RulingKind.CONTRADICTION, RulingKind.AMBIGUITY})
"""The kinds whose rulings carry an erratum: the texts say something, and the erratum says it one way."""


@dataclass(frozen=True, slots=True)
class Reading:
    """One named option of a ruling. ``unplayable`` says why the engine cannot play it (empty when
    it can); choosing such a reading is refused rather than silently played as another."""

    id: str
    summary: str
    unplayable: str = ""


@dataclass(frozen=True, slots=True)
class Ruling:
    """A place where the texts disagree or are silent, with the readings the engine offers.

    ``severity`` is one of :data:`SEVERITIES`; ``erratum`` is the proposed printed wording of the default
    reading, present exactly on contradiction and ambiguity rulings (:data:`ERRATUM_KINDS`)."""

    id: str
    kind: RulingKind
    question: str
    sources: tuple[Citation, ...]
    readings: tuple[Reading, ...]
    default: str
    reason: str
    clauses: tuple[str, ...]
    severity: str
    rulesets: tuple[str, ...] = RULESETS
    quantities: tuple[str, ...] = ()
    erratum: str | None = None

    @property
    def reading_ids(self) -> tuple[str, ...]:
        return tuple(r.id for r in self.readings)

    def reading(self, reading_id: str) -> Reading:
        """The reading with this id; :class:`UnknownReadingError` (listing the valid ones) otherwise."""
        for item in self.readings:
            if item.id == reading_id:
                return item
        raise UnknownReadingError(self.id, reading_id, self.reading_ids)

    def applies_to(self, ruleset: str) -> bool:
        return ruleset in self.rulesets


@dataclass(frozen=True, slots=True)
class RulingChoice:
    """A chosen reading for one ruling, as given by ``--ruling ID=READING``."""

    ruling: str
    reading: str

    def __str__(self) -> str:
        return f"{self.ruling}={self.reading}"


def parse_ruling_choice(text: str) -> RulingChoice:
    """Parse ``"ID=READING"``; :class:`RulingSyntaxError` if it is not of that form.

    Only the syntax is checked here; :func:`resolve_rulings` checks that the ruling and reading exist.
    """
    ruling_id, sep, reading = text.partition("=")
    ruling_id, reading = ruling_id.strip(), reading.strip()
    if not sep:
        raise RulingSyntaxError(text, "no '='")
    if not ruling_id:
        raise RulingSyntaxError(text, "empty ruling id")
    if not reading:
        raise RulingSyntaxError(text, "empty reading")
    if "=" in reading:
        raise RulingSyntaxError(text, "more than one '='")
    return RulingChoice(ruling_id, reading)


def parse_ruling_choices(texts: Iterable[str]) -> dict[str, str]:
    """Parse several ``ID=READING`` strings into a map; the same ruling given twice differently is an error."""
    chosen: dict[str, str] = {}
    for text in texts:
        choice = parse_ruling_choice(text)
        previous = chosen.get(choice.ruling)
        if previous is not None and previous != choice.reading:
            raise RulingSyntaxError(text, f"ruling {choice.ruling!r} already set to {previous!r}")
        chosen[choice.ruling] = choice.reading
    return chosen


def _citations(raw: Any, where: str, problems: list[str]) -> tuple[Citation, ...]:
    result: list[Citation] = []
    if not isinstance(raw, list):
        problems.append(f"{where}: 'sources' must be an array of citations")
        return ()
    for entry in raw:
        if (
            not isinstance(entry, Mapping)
            or not isinstance(entry.get("file"), str)
            or not isinstance(entry.get("section"), str)
        ):
            problems.append(f"{where}: a source needs string 'file' and 'section'")
            continue
        result.append(Citation(entry["file"], entry["section"]))
    return tuple(result)


def _readings(raw: Any, where: str, problems: list[str]) -> tuple[Reading, ...]:
    result: list[Reading] = []
    if not isinstance(raw, list):
        problems.append(f"{where}: 'readings' must be an array of tables")
        return ()
    for entry in raw:
        if (
            not isinstance(entry, Mapping)
            or not isinstance(entry.get("id"), str)
            or not isinstance(entry.get("summary"), str)
        ):
            problems.append(f"{where}: a reading needs string 'id' and 'summary'")
            continue
        unplayable = entry.get("unplayable", "")
        if not isinstance(unplayable, str):
            problems.append(f"{where}: a reading's 'unplayable' must be a string (why it cannot be played)")
            continue
        result.append(Reading(entry["id"], entry["summary"], unplayable))
    return tuple(result)


def _strings(raw: Any, key: str, where: str, problems: list[str]) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        problems.append(f"{where}: {key!r} must be a list of strings")
        return ()
    return tuple(raw)


_RULING_KEYS = frozenset(
    {
        "id", "kind", "question", "sources", "readings", "default", "reason", "clauses", "rulesets", "quantities",
        "severity", "erratum",
    }
)  # fmt: skip


def _optional_string(raw: Mapping[str, Any], key: str, where: str, problems: list[str]) -> str | None:
    """``raw[key]`` when it is a string, ``None`` when it is absent; a problem (and ``None``) otherwise."""
    value = raw.get(key)
    if value is None or isinstance(value, str):
        return value
    problems.append(f"{where}: {key!r} must be a string")
    return None


def parse_rulings(data: Mapping[str, Any]) -> tuple[list[Ruling], list[str]]:
    """The rulings of a parsed ``rulings.toml`` document, and every problem met while reading them."""
    problems: list[str] = []
    result: list[Ruling] = []
    raw_list = data.get("ruling", [])
    if not isinstance(raw_list, list):
        return [], ["'ruling' must be an array of tables"]
    for index, raw in enumerate(raw_list, start=1):
        if not isinstance(raw, Mapping):
            problems.append(f"ruling #{index} is not a table")
            continue
        where = f"ruling {raw['id']!r}" if isinstance(raw.get("id"), str) else f"ruling #{index}"
        for key in sorted(set(raw) - _RULING_KEYS):
            problems.append(f"{where}: unknown key {key!r}")
        scalars = {k: raw.get(k) for k in ("id", "kind", "question", "default", "reason")}
        if not all(isinstance(v, str) for v in scalars.values()):
            missing = [k for k, v in scalars.items() if not isinstance(v, str)]
            problems.append(f"{where}: {', '.join(missing)} must be strings")
            continue
        kind_text = str(scalars["kind"])
        if kind_text not in {k.value for k in RulingKind}:
            problems.append(f"{where}: unknown kind {kind_text!r} (valid: {', '.join(k.value for k in RulingKind)})")
            continue
        result.append(
            Ruling(
                id=str(scalars["id"]),
                kind=RulingKind(kind_text),
                question=str(scalars["question"]),
                sources=_citations(raw.get("sources"), where, problems),
                readings=_readings(raw.get("readings"), where, problems),
                default=str(scalars["default"]),
                reason=str(scalars["reason"]),
                clauses=_strings(raw.get("clauses", []), "clauses", where, problems),
                severity=_optional_string(raw, "severity", where, problems) or "",
                rulesets=_strings(raw.get("rulesets", list(RULESETS)), "rulesets", where, problems),
                quantities=_strings(raw.get("quantities", []), "quantities", where, problems),
                erratum=_optional_string(raw, "erratum", where, problems),
            )
        )
    return result, problems


def validate_rulings(
    items: Iterable[Ruling],
    clauses: Mapping[str, Clause] | None = None,
    quantity_table: Mapping[str, Quantity] | None = None,
) -> list[str]:
    """Every problem of a set of rulings (empty if none).

    Checks: id syntax and uniqueness, at least two readings with unique kebab-case ids, the default among
    them, at least one source and every source's file/section form, related clauses and quantities that
    exist, known rulesets, non-empty question and reason, that ``quantities`` appear only on ``data``
    rulings, a severity among :data:`SEVERITIES`, and a non-empty erratum on every contradiction and
    ambiguity and on no other kind. Clause and quantity tables default to the package's own.
    """
    known_clauses = catalogue() if clauses is None else clauses
    known_quantities = quantities() if quantity_table is None else quantity_table
    problems: list[str] = []
    seen: set[str] = set()
    for item in items:
        where = f"ruling {item.id!r}"
        if RULING_ID.fullmatch(item.id) is None:
            problems.append(f"bad ruling id {item.id!r} (expected base|vs.<category>.<slug>)")
        if item.id in seen:
            problems.append(f"duplicate ruling id {item.id!r}")
        seen.add(item.id)
        if not item.question.strip() or not item.reason.strip():
            problems.append(f"{where} needs a question and a reason")
        ids = item.reading_ids
        if len(ids) < 2:
            problems.append(f"{where} has {len(ids)} reading(s); at least 2 are needed")
        if len(set(ids)) != len(ids):
            problems.append(f"{where} has duplicate reading ids")
        problems.extend(f"{where}: bad reading id {r!r}" for r in ids if READING_ID.fullmatch(r) is None)
        if item.default not in ids:
            problems.append(f"{where}: default {item.default!r} is not one of its readings ({', '.join(ids)})")
        if not item.sources:
            problems.append(f"{where} cites no source")
        for source in item.sources:
            problem = citation_problem(source.file, source.section)
            if problem is not None:
                problems.append(f"{where}: {problem}")
        if not item.clauses:
            problems.append(f"{where} names no related clause")
        problems.extend(f"{where}: unknown clause {c!r}" for c in item.clauses if c not in known_clauses)
        problems.extend(f"{where}: unknown quantity {q!r}" for q in item.quantities if q not in known_quantities)
        if item.quantities and item.kind is not RulingKind.DATA:
            problems.append(f"{where} lists quantities but is of kind {item.kind.value!r}, not 'data'")
        if not item.rulesets:
            problems.append(f"{where} has no ruleset")
        problems.extend(f"{where}: unknown ruleset {r!r}" for r in item.rulesets if r not in RULESETS)
        problems.extend(_editorial_problems(item, where))
    return problems


def _editorial_problems(item: Ruling, where: str) -> list[str]:
    """What the editor's report needs of a ruling: its severity, and an erratum where the texts speak."""
    problems: list[str] = []
    valid = ", ".join(SEVERITIES)
    if not item.severity:
        problems.append(f"{where} has no severity (one of: {valid})")
    elif item.severity not in SEVERITIES:
        problems.append(f"{where}: unknown severity {item.severity!r} (valid: {valid})")
    needs_erratum = item.kind in ERRATUM_KINDS
    if needs_erratum and (item.erratum is None or not item.erratum.strip()):
        problems.append(f"{where} is of kind {item.kind.value!r} and needs an erratum")
    if not needs_erratum and item.erratum is not None:
        kinds = " and ".join(sorted(k.value for k in ERRATUM_KINDS))
        problems.append(f"{where} has an erratum but is of kind {item.kind.value!r} (only {kinds} rulings carry one)")
    return problems


def load_rulings(
    text: str,
    clauses: Mapping[str, Clause] | None = None,
    quantity_table: Mapping[str, Quantity] | None = None,
) -> Mapping[str, Ruling]:
    """Parse and validate a ``rulings.toml`` text; :class:`RulingsError` names every problem at once."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RulingsError([f"not valid TOML: {error}"]) from None
    parsed, problems = parse_rulings(data)
    problems.extend(validate_rulings(parsed, clauses, quantity_table))
    if problems:
        raise RulingsError(problems)
    return MappingProxyType({r.id: r for r in sorted(parsed, key=lambda r: r.id)})


@cache
def rulings() -> Mapping[str, Ruling]:
    """The package's rulings catalogue, id → ruling, sorted by id (``data/rulings.toml`` plus
    every ``data/rulings-*.toml``)."""

    return load_rulings(data_texts("rulings"))


def ruling(ruling_id: str) -> Ruling:
    """The ruling with this id; :class:`UnknownRulingError` otherwise."""
    table = rulings()
    try:
        return table[ruling_id]
    except KeyError:
        raise UnknownRulingError(ruling_id, tuple(table)) from None


def rulings_for(ruleset: str) -> tuple[Ruling, ...]:
    """The rulings that bear on ``ruleset``, sorted by id."""
    check_ruleset(ruleset)
    return tuple(r for r in rulings().values() if r.applies_to(ruleset))


def resolve_rulings(
    overrides: Mapping[str, str] | Iterable[RulingChoice] = (),
    ruleset: str | None = None,
) -> Mapping[str, str]:
    """The full ruling → reading map: every ruling's default, replaced where ``overrides`` chooses.

    With ``ruleset``, only the rulings bearing on that ruleset are in the map, and an override of another
    ruling is rejected. Raises :class:`UnknownRulingError` or :class:`UnknownReadingError` (each naming the
    valid choices) for an override that does not exist.
    """
    table = rulings()
    if ruleset is None:
        scope = dict(table)
    else:
        check_ruleset(ruleset)
        scope = {rid: r for rid, r in table.items() if r.applies_to(ruleset)}
    choices = [RulingChoice(k, v) for k, v in overrides.items()] if isinstance(overrides, Mapping) else list(overrides)
    resolved = {rid: r.default for rid, r in scope.items()}
    for choice in choices:
        target = scope.get(choice.ruling)
        if target is None:
            raise UnknownRulingError(choice.ruling, tuple(scope), ruleset=ruleset)
        chosen = target.reading(choice.reading)
        if chosen.unplayable:
            raise UnplayableReadingError(choice.ruling, chosen.id, chosen.unplayable)
        resolved[choice.ruling] = chosen.id
    return MappingProxyType(dict(sorted(resolved.items())))


def uncovered_conflicts() -> list[str]:
    """Ids of numeric conflicts (``numbers.toml``) that no ``data`` ruling lists in its quantities."""
    covered = {q for r in rulings().values() if r.kind is RulingKind.DATA for q in r.quantities}
    return [c.id for c in numeric_conflicts() if c.id not in covered]
