"""The citations check: a clause's citations and the alignment must agree.

A clause cites its rule in a file and section; the alignment maps each sentence of the texts to the
clauses it states. A citation is *supported* when some unit of the cited section (from its heading to
the next heading of the file) is aligned to the clause. An unsupported citation points at a section
that does not say the rule (the citation is wrong, or the sentence that says it is elsewhere), or
the alignment missed the sentence: either way one of the two is wrong.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from nemesis_rules.rulebook.alignment import AlignmentRow
from nemesis_rules.rulebook.catalogue import Clause
from nemesis_rules.rulebook.errors import SectionNotFoundError
from nemesis_rules.rulebook.sources import FACTS_FILE, Citation, find_section

__all__ = ["UnsupportedCitation", "unsupported_citations"]


@dataclass(frozen=True, slots=True)
class UnsupportedCitation:
    """A clause's citation that no aligned unit of the cited section supports, and where the
    alignment does put the clause in that file (``aligned_at``: lines)."""

    clause: str
    citation: Citation
    aligned_at: tuple[int, ...]
    problem: str


def _section_end(file: str, start: int, text: str, headings: list[int]) -> int:
    if file == FACTS_FILE:
        lines = text.splitlines()
        return next((i for i in range(start, len(lines)) if lines[i].startswith("## ")), len(lines))
    return min((h for h in headings if h > start), default=len(text.splitlines()) + 1)


def unsupported_citations(
    clauses: Mapping[str, Clause], rows: Iterable[AlignmentRow], texts: Mapping[str, str]
) -> list[UnsupportedCitation]:
    """Every citation of ``clauses`` into one of ``texts`` that no unit of ``rows`` (the alignment of
    those texts) aligned to the clause supports, sorted by clause id."""
    aligned: dict[tuple[str, str], list[int]] = {}
    headings: dict[str, list[int]] = {}
    for row in rows:
        for clause_id in row.clauses:
            aligned.setdefault((clause_id, row.file), []).append(row.line)
        if row.kind == "heading":
            headings.setdefault(row.file, []).append(row.line)
    out = []
    for item in sorted(clauses.values(), key=lambda c: c.id):
        for citation in item.citations:
            if citation.file not in texts:
                continue
            lines = tuple(aligned.get((item.id, citation.file), ()))
            try:
                start = find_section(citation.file, citation.section, texts[citation.file])
            except SectionNotFoundError as error:
                out.append(UnsupportedCitation(item.id, citation, lines, str(error)))
                continue
            end = _section_end(citation.file, start, texts[citation.file], headings.get(citation.file, []))
            if not any(start <= line <= end for line in lines):
                where = (
                    f"aligned at line(s) {', '.join(map(str, lines[:5]))}" if lines else "aligned nowhere in the file"
                )
                problem = f"no unit of lines {start}-{end} is aligned to it ({where})"
                out.append(UnsupportedCitation(item.id, citation, lines, problem))
    return out
