"""What the methodical finders ask, and how each question is answered.

A finder (numbers, universals, totality, terms, two kinds at once; the alignment and the same-trigger
check live in their own modules) reads the rule texts, the catalogue or the rule code and asks a
question at each place it flags. A question is a :class:`Finding`; its ``answer`` says what settles it:

* ``ruling:ID`` — a ruling of the catalogue decides it (the conflict report shows the ruling, naming
  the finder that raised it);
* ``settled:ID`` — a sentence of the texts answers it: a :class:`Settled` question of
  ``data/finders/settled.toml`` names that sentence, and the report shows it as a ``settled`` entry;
* ``clause:ID`` / ``invariant:ID`` — the place cites the clause that allows it, or the invariant that
  holds the sentence (checked after every transition by fuzzing and ``check``);
* ``quantity:ID`` — a number the cross-table (``numbers.toml``) holds with this text's value, or a
  stated list whose parts add up to its total;
* empty — nothing answers it yet: an open entry of the conflict report.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from types import MappingProxyType
from typing import Any

from nemesis_rules.rulebook.errors import RulebookError
from nemesis_rules.rulebook.sources import Citation, citation_problem

__all__ = [
    "ANSWER_KINDS",
    "FINDERS",
    "FinderDataError",
    "Finding",
    "Sentence",
    "Settled",
    "finder_data",
    "load_settled",
    "settled",
]

FINDERS: tuple[str, ...] = (
    "alignment", "same-trigger", "numbers", "universals", "totality", "terms", "two-kinds", "citations"
)  # fmt: skip
ANSWER_KINDS: tuple[str, ...] = ("ruling", "settled", "clause", "invariant", "quantity")
SEVERITIES: tuple[str, ...] = ("play", "setup", "wording")
_ID = re.compile(r"settled\.[a-z0-9]+(?:-[a-z0-9]+)*\.[a-z0-9]+(?:-[a-z0-9]+)*")


class FinderDataError(RulebookError, ValueError):
    """A finder's data file does not validate; the message names every problem."""

    def __init__(self, what: str, problems: Iterable[str]) -> None:
        self.problems = tuple(problems)
        super().__init__(f"{what} has {len(self.problems)} problem(s): " + "; ".join(self.problems))


@dataclass(frozen=True, slots=True)
class Sentence:
    """A sentence of a rule text: its citation, its line and its first words (to notice a moved text)."""

    file: str
    section: str
    line: int
    starts: str

    @property
    def citation(self) -> Citation:
        return Citation(self.file, self.section)

    def where(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass(frozen=True, slots=True)
class Settled:
    """A question a sentence of the texts answers: the sentence, and what it says of the question."""

    id: str
    finder: str
    question: str
    sentence: Sentence
    answer: str
    clauses: tuple[str, ...]
    rulesets: tuple[str, ...]
    severity: str


@dataclass(frozen=True, slots=True)
class Finding:
    """One question a finder asked: where (``detail``), about what, and what answers it (see the module
    docstring; ``answer`` is ``kind:id`` or empty when open)."""

    id: str
    finder: str
    kind: str
    question: str
    sources: tuple[Citation, ...]
    clauses: tuple[str, ...]
    answer: str
    detail: str
    rulesets: tuple[str, ...] = ("base", "void-seeders")

    @property
    def answered_by(self) -> tuple[str, str]:
        """``(kind, id)`` of the answer, ``("", "")`` while open."""
        kind, _, ident = self.answer.partition(":")
        return (kind, ident) if ident else ("", "")

    @property
    def is_open(self) -> bool:
        return not self.answer


def finder_data(name: str) -> dict[str, Any]:
    """The parsed ``data/finders/<name>.toml``; a FinderDataError when it is not valid TOML."""
    text = (files("nemesis_rules.rulebook") / "data" / "finders" / f"{name}.toml").read_text(encoding="utf-8")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise FinderDataError(f"finders/{name}.toml", [str(error)]) from None


def _sentence(raw: Any, where: str, problems: list[str]) -> Sentence | None:
    if not isinstance(raw, Mapping):
        problems.append(f"{where}: 'sentence' must be a table with file, section, line and starts")
        return None
    file, section, line, starts = raw.get("file"), raw.get("section"), raw.get("line"), raw.get("starts")
    if not (isinstance(file, str) and isinstance(section, str) and isinstance(line, int) and isinstance(starts, str)):
        problems.append(f"{where}: 'sentence' needs string file, section and starts and an integer line")
        return None
    problem = citation_problem(file, section)
    if problem is not None:
        problems.append(f"{where}: {problem}")
    return Sentence(file, section, line, starts)


def load_settled(data: Mapping[str, Any]) -> Mapping[str, Settled]:
    """The settled questions of a parsed ``settled.toml``; FinderDataError names every problem."""
    problems: list[str] = []
    out: dict[str, Settled] = {}
    for index, raw in enumerate(data.get("settled", []), start=1):
        where = f"settled #{index}"
        strings = {k: raw.get(k) for k in ("id", "finder", "question", "answer", "severity")}
        if not all(isinstance(v, str) and v.strip() for v in strings.values()):
            problems.append(f"{where}: id, finder, question, answer and severity must be non-empty strings")
            continue
        ident = str(strings["id"])
        if _ID.fullmatch(ident) is None:
            problems.append(f"{where}: bad id {ident!r} (settled.<finder>.<slug>)")
        if ident in out:
            problems.append(f"{where}: duplicate id {ident!r}")
        if strings["finder"] not in FINDERS:
            problems.append(f"{where}: unknown finder {strings['finder']!r} (valid: {', '.join(FINDERS)})")
        if strings["severity"] not in SEVERITIES:
            problems.append(f"{where}: unknown severity {strings['severity']!r}")
        sentence = _sentence(raw.get("sentence"), where, problems)
        if sentence is None:
            continue
        out[ident] = Settled(
            ident,
            str(strings["finder"]),
            str(strings["question"]),
            sentence,
            str(strings["answer"]),
            tuple(raw.get("clauses", ())),
            tuple(raw.get("rulesets", ("base", "void-seeders"))),
            str(strings["severity"]),
        )
    if problems:
        raise FinderDataError("finders/settled.toml", problems)
    return MappingProxyType(dict(sorted(out.items())))


@cache
def settled() -> Mapping[str, Settled]:
    """The package's settled questions (``data/finders/settled.toml``), by id."""
    return load_settled(finder_data("settled"))
