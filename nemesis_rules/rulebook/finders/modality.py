"""The modality check of the same-trigger finder: a rule restated with another modality.

The same-trigger check (:mod:`nemesis_rules.rulebook.triggers`) compares clauses that say what
happens in one situation. This part compares the sentences themselves: the Void Seeders Rules
Summary restates the main text, and a restating sentence aligned to a clause should grant, demand or
forbid what the main text's sentences aligned to the same clause do. Each sentence is read as
``forbidden`` ("cannot", "may not", "never", "no longer"), ``may`` ("may", "can", "choose") or
``must`` (a plain statement). A restatement whose modality none of the main text's sentences share
is a question: the ruling that decides the restatement answers it, or a reviewed reason says why
the words differ and the rule does not (``data/finders/modality.toml``); the rest are open.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from nemesis_rules.rulebook.alignment import AlignmentRow
from nemesis_rules.rulebook.finders.questions import Finding
from nemesis_rules.rulebook.sources import Citation

__all__ = ["modality", "modality_findings"]

_FORBIDDEN = re.compile(r"\b(cannot|can't|may not|must not|never|no longer)\b", re.IGNORECASE)
_MAY = re.compile(r"\b(may|can|optional|choose)\b", re.IGNORECASE)


def modality(sentence: str) -> str:
    """``forbidden``, ``may`` or ``must`` (see the module docstring)."""
    if _FORBIDDEN.search(sentence):
        return "forbidden"
    return "may" if _MAY.search(sentence) else "must"


def modality_findings(
    rows: Iterable[AlignmentRow],
    restated: Mapping[str, frozenset[int]],
    deciding: Mapping[str, tuple[str, ...]],
    reviewed: Mapping[str, str],
) -> list[Finding]:
    """One question per restating sentence and clause whose modality differs from every main-text
    sentence aligned to that clause in the same file. ``restated``: file -> the lines that restate;
    ``deciding``: clause id -> the ids of the rulings on it; ``reviewed``: ``"FILE:LINE.INDEX clause"``
    -> why the wording differs and the rule does not."""
    rows = [r for r in rows if r.status == "aligned"]
    main: dict[tuple[str, str], set[str]] = {}
    for row in rows:
        if row.file in restated and row.line not in restated[row.file]:
            for clause in row.clauses:
                main.setdefault((row.file, clause), set()).add(modality(row.text))
    out = []
    for row in rows:
        if row.file not in restated or row.line not in restated[row.file]:
            continue
        said = modality(row.text)
        for clause in row.clauses:
            others = main.get((row.file, clause), set())
            if not others or said in others:
                continue
            key = f"{row.id} {clause}"
            summary_ruling = next((r for r in deciding.get(clause, ()) if r.startswith("vs.summary.")), "")
            if row.ruling:
                answer = f"ruling:{row.ruling}"
            elif summary_ruling:
                answer = f"ruling:{summary_ruling}"
            elif key in reviewed:
                answer = f"clause:{clause}"
            else:
                answer = ""
            out.append(
                Finding(
                    f"same-trigger:{key}", "same-trigger", "contradiction",
                    f"{row.file}:{row.line} restates {clause} as '{said}' where the main text says "
                    f"{' or '.join(sorted(others))}: \u201c{row.text}\u201d Does the restatement change the rule?",
                    (Citation(row.file, ""),), (clause,), answer, f"{row.file}:{row.line}",
                )
            )  # fmt: skip
    return out
