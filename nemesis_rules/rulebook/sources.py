"""The rule texts the catalogues cite, and how a citation's section is located in them.

A citation names a file and a section. What a section is depends on the file:

* ``void-seeders-rulebook.txt`` and ``base-rules-reference.txt``: a heading path joined by ``" > "``, whose
  first element is a top-level heading of the file (e.g. ``"Void Seeders Rules > Encounter > Blank Token"``,
  ``"Rules Summary > Surprise Attack"``). In the Void Seeders rulebook the first element therefore says
  whether the citation is to the main text or to the Rules Summary. Later elements are lines inside that
  top-level block, in order; in the base reference (whose room table rows run the room name into the text) a
  later element may also be the start of a line (``"Basic rooms — always in play > Armory"``).
* ``facts.md``: ``"§N Title"`` for the heading ``"## N. Title ..."``, or the text of an unnumbered ``##``
  heading (``"Key FAQ v2.2 rulings"``).
* ``base-overview-de.txt`` has no headings: the section is the first few words of the cited paragraph.

:func:`citation_problem` checks a citation without the texts; :func:`find_section` locates it in a text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from nemesis_rules.rulebook.errors import SectionNotFoundError

__all__ = [
    "DE_FILE",
    "FACTS_FILE",
    "REF_FILE",
    "RULE_FILES",
    "VS_FILE",
    "Citation",
    "citation_problem",
    "find_section",
]

VS_FILE = "void-seeders-rulebook.txt"
REF_FILE = "base-rules-reference.txt"
DE_FILE = "base-overview-de.txt"
FACTS_FILE = "facts.md"
RULE_FILES: tuple[str, ...] = (VS_FILE, REF_FILE, DE_FILE, FACTS_FILE)

SEPARATOR = " > "

#: Top-level headings of the files whose sections are heading paths.
TOP_HEADINGS: dict[str, tuple[str, ...]] = {
    VS_FILE: (
        "Components",
        "Setup",
        "Void Seeders Features",
        "Void Seeders Rules",
        "Event Phase Rules",
        "Gameplay Changes",
        "Rules Summary",
    ),
    REF_FILE: (
        "The turn",
        "What things cost",
        "Noise",
        "Encounters",
        "Combat",
        "Wounds and contamination",
        "The clocks",
        "Getting home",
        "The ship — 21 rooms",
        "Basic rooms — always in play",
        "Additional rooms — five of nine",
        "Printed rooms",
        "Searching",
        "What this simulator gets from where",
    ),
}

#: Files whose later path elements may match the start of a line (table rows), not just a whole line.
_PREFIX_ELEMENTS = frozenset({REF_FILE})

#: The numbered headings of facts.md ("## N. Title ...") by number, and its unnumbered headings.
FACTS_NUMBERED: dict[int, str] = {
    1: "Intruder bag",
    2: "Turn structure",
    3: "Intruder Attack deck",
    4: "Event deck",
    5: "Wounds",
    6: "Items",
    7: "Characters",
    8: "Objectives",
    9: "Ship board",
    10: "Exploration tokens",
    11: "Markers and supplies",
    12: "Tracks",
    13: "End of game",
    14: "Weaknesses and Laboratory",
    15: "Combat and dice",
    16: "Void Seeders — additional data",
    17: "Other modes",
}
FACTS_UNNUMBERED: tuple[str, ...] = (
    "Source legend",
    "Open-source implementations found",
    "Key FAQ v2.2 rulings",
    "10 most important remaining gaps",
)
_FACTS_SECTION = re.compile(r"§(\d+) (.+)")


@dataclass(frozen=True, slots=True)
class Citation:
    """A place in one of the rule texts: a file and a section in it (see the module docstring)."""

    file: str
    section: str

    @property
    def part(self) -> Literal["main", "summary"] | None:
        """For the Void Seeders rulebook, whether this cites its main text or its Rules Summary."""
        if self.file != VS_FILE:
            return None
        return "summary" if self.section.split(SEPARATOR)[0] == "Rules Summary" else "main"

    def __str__(self) -> str:
        return f"{self.file}, {self.section}"


def citation_problem(file: str, section: str) -> str | None:
    """Why a citation cannot be right, judged without reading the text; ``None`` if it looks right."""
    if file not in RULE_FILES:
        return f"unknown file {file!r} (valid: {', '.join(RULE_FILES)})"
    if not section.strip():
        return f"empty section in {file}"
    if file in TOP_HEADINGS:
        parts = section.split(SEPARATOR)
        if any(not p.strip() for p in parts):
            return f"empty heading in section {section!r} of {file}"
        if parts[0] not in TOP_HEADINGS[file]:
            return f"section {section!r} of {file} does not start with a top-level heading"
        return None
    if file == FACTS_FILE:
        match = _FACTS_SECTION.fullmatch(section)
        if match is None:
            if section in FACTS_UNNUMBERED:
                return None
            return f"section {section!r} of {file} is neither '§N Title' nor an unnumbered heading"
        number, title = int(match.group(1)), match.group(2)
        expected = FACTS_NUMBERED.get(number)
        if expected is None or not expected.startswith(title):
            return f"section {section!r} of {file} does not match heading {number} ({expected!r})"
    return None


def _lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.splitlines()]


def find_section(file: str, section: str, text: str) -> int:
    """The 1-based line number where ``section`` of ``file`` starts in ``text`` (that file's contents).

    Raises :class:`SectionNotFoundError` when the section is not there.
    """
    problem = citation_problem(file, section)
    if problem is not None:
        raise SectionNotFoundError(file, section, problem)
    lines = _lines(text)
    if file in TOP_HEADINGS:
        return _find_path(file, section, lines)
    if file == FACTS_FILE:
        return _find_facts(file, section, lines)
    # the German overview: a paragraph that starts with the quoted words
    for number, line in enumerate(lines, start=1):
        if line.strip().startswith(section.strip()):
            return number
    raise SectionNotFoundError(file, section, "no paragraph starts with these words")


def _find_path(file: str, section: str, lines: list[str]) -> int:
    tops = set(TOP_HEADINGS[file])
    parts = section.split(SEPARATOR)
    try:
        start = lines.index(parts[0])
    except ValueError:
        raise SectionNotFoundError(file, section, f"no heading line {parts[0]!r}") from None
    end = next((i for i in range(start + 1, len(lines)) if lines[i] in tops), len(lines))
    position = start
    for part in parts[1:]:
        block = range(position + 1, end)
        found = next((i for i in block if lines[i] == part), None)
        if found is None and file in _PREFIX_ELEMENTS:
            found = next((i for i in block if lines[i].startswith(part)), None)
        if found is None:
            raise SectionNotFoundError(file, section, f"no heading {part!r} under {parts[0]!r}")
        position = found
    return position + 1


def _find_facts(file: str, section: str, lines: list[str]) -> int:
    match = _FACTS_SECTION.fullmatch(section)
    prefix = f"## {match.group(1)}. {match.group(2)}" if match is not None else f"## {section}"
    for number, line in enumerate(lines, start=1):
        if line.startswith(prefix):
            return number
    raise SectionNotFoundError(file, section, f"no heading starting {prefix!r}")
