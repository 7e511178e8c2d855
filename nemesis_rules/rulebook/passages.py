"""Quoting the cited passage: the line of a cited section that best matches a clause's statement.

The rule texts are not part of the package. They are read from ``$NEMESIS_RULES_DIR`` when set, else from
``../shared/rules`` beside the repository (where the project keeps them). Without them a citation is still
shown, just without its passage.

A section is located with :func:`~nemesis_rules.rulebook.sources.find_section`; it runs to the next heading
of the file (the Void Seeders rulebook's headings are the entries of its table of contents; the base
reference's are its top-level headings; ``facts.md``'s are its ``##`` lines; a paragraph of the German
overview is one line). The quoted passage is the line of that block sharing the most words with the
statement (the card's name counts double for a card clause), or the section's first line.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from nemesis_rules.rulebook.errors import SectionNotFoundError
from nemesis_rules.rulebook.references import repo_root
from nemesis_rules.rulebook.sources import (
    DE_FILE,
    FACTS_FILE,
    RULE_FILES,
    TOP_HEADINGS,
    VS_FILE,
    Citation,
    find_section,
)

__all__ = ["MAX_PASSAGE", "Passage", "passage", "rule_text", "rules_dir"]

MAX_PASSAGE = 320
_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset(
    {
        "the", "and", "for", "with", "that", "this", "from", "into", "their", "there", "them", "they", "then",
        "than", "when", "which", "while", "your", "you", "its", "are", "not", "any", "one", "has", "have", "each",
        "every", "other", "only", "does",
    }
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Passage:
    """A quoted line of a rule text (1-based ``line``), or the reason it could not be quoted."""

    line: int | None
    text: str | None
    problem: str | None = None


def rules_dir() -> Path | None:
    """The folder of the rule texts, or ``None`` when it is not there."""
    override = os.environ.get("NEMESIS_RULES_DIR")
    folder = Path(override) if override else repo_root().parent / "shared" / "rules"
    return folder if all((folder / name).is_file() for name in RULE_FILES) else None


@cache
def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def rule_text(file: str) -> str | None:
    """The text of one rule file, or ``None`` when the rule texts are not available."""
    folder = rules_dir()
    return None if folder is None else _read(folder / file)


@cache
def _vs_headings(text: str) -> frozenset[str]:
    lines = text.splitlines()
    start = lines.index("Table of Contents", lines.index("Table of Contents") + 1)
    entries = set(TOP_HEADINGS[VS_FILE])
    for line in lines[start + 1 :]:
        stripped = line.strip()
        if stripped == "Components":
            break
        if stripped.startswith("•"):
            entries.add(stripped.lstrip("• ").strip())
    return frozenset(entries)


def _is_heading(file: str, line: str, text: str) -> bool:
    if file == FACTS_FILE:
        return line.startswith("## ")
    if file == VS_FILE:
        return line.strip() in _vs_headings(text)
    return line.strip() in TOP_HEADINGS.get(file, ())


def _words(text: str) -> set[str]:
    return {w.rstrip("s") for w in _WORD.findall(text.lower()) if len(w) > 3 and w not in _STOP}


def _block(file: str, start: int, lines: list[str], text: str) -> list[int]:
    """0-based indexes of the non-empty lines of the section starting at line index ``start``."""
    if file == DE_FILE:
        return [start]
    block = [start]
    for index in range(start + 1, len(lines)):
        if _is_heading(file, lines[index], text):
            break
        if lines[index].strip():
            block.append(index)
    return block


_CUT = re.compile(r"(?:[;.\]]|—) ")


def _excerpt(line: str, wanted: set[str], card: str | None) -> str:
    """The line, or where it is too long, a window of it starting after a ``;``/``.``/``]``/``—``: the last
    such start before the card's name, else the window holding the most of the statement's words."""
    line = " ".join(line.split())
    if len(line) <= MAX_PASSAGE:
        return line
    starts = [0, *(m.end() for m in _CUT.finditer(line))]
    width = MAX_PASSAGE - 2

    named_at = line.lower().find(card.lower()) if card else -1
    if named_at >= 0:
        start = max(i for i in starts if i <= named_at)
    else:
        start = max(starts, key=lambda i: (len(_words(line[i : i + width]) & wanted), -i))
    text = line[start : start + width].rstrip()
    return ("…" if start else "") + text + ("…" if start + width < len(line) else "")


def passage(citation: Citation, statement: str, card: str | None = None) -> Passage:
    """The passage of ``citation`` that best matches ``statement``."""
    text = rule_text(citation.file)
    if text is None:
        return Passage(None, None, "the rule texts are not available (set NEMESIS_RULES_DIR)")
    try:
        start = find_section(citation.file, citation.section, text) - 1
    except SectionNotFoundError as error:
        return Passage(None, None, str(error))
    lines = text.splitlines()
    block = _block(citation.file, start, lines, text)
    body = [i for i in block if not _is_heading(citation.file, lines[i], text)] or block
    wanted = _words(statement)
    card_words = _words(card) if card else set()

    def score(index: int) -> int:
        words = _words(lines[index])
        return len(words & wanted) + (2 * len(card_words) if card_words and card_words <= words else 0)

    best = max(body, key=lambda i: (score(i), -i))
    if score(best) == 0:
        best = body[0]
    # a German paragraph is cited by its opening words, and English words do not pick a window of it
    return Passage(best + 1, _excerpt(lines[best], set() if citation.file == DE_FILE else wanted, card))
