"""The universals finder: every sentence of the rule texts that says "only", "never", "cannot", "the
only way" (German: "nur", "nie", "nicht") becomes a question: what holds it in every state or step?

The answer is an invariant of the catalogue (``data/finders/universals.toml`` names it; fuzzing and
``check`` test it after every transition, so an effect anywhere that does the forbidden thing is
found), or else the clauses the alignment maps the sentence to (their code refuses or never does
it, and their tests say so). A universal sentence with neither is an open question. A hit of an
invariant that a ruling then decides is listed in the same data (``rulings``), so the report names
this finder on the ruling.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from nemesis_rules.rulebook.alignment import AlignmentRow
from nemesis_rules.rulebook.finders.questions import Finding, finder_data
from nemesis_rules.rulebook.sources import Citation

__all__ = ["UNIVERSAL", "found_rulings", "universal_findings"]

UNIVERSAL = re.compile(r"\b(only|never|cannot|can't|can not|may not|must not|nur|nie|niemals|nicht)\b", re.IGNORECASE)


def _invariants(data: Mapping[str, Any]) -> dict[str, str]:
    return {str(r["at"]): str(r["invariant"]) for r in data.get("universal", [])}


def found_rulings(data: Mapping[str, Any] | None = None) -> dict[str, str]:
    """Ruling id -> the universal sentence whose invariant's hit the ruling decides."""
    rows = (finder_data("universals") if data is None else data).get("ruling", [])
    return {str(r["id"]): str(r["at"]) for r in rows}


def universal_findings(rows: Iterable[AlignmentRow], data: Mapping[str, Any] | None = None) -> list[Finding]:
    """One question per universal sentence of the aligned texts, answered by an invariant, by the
    clauses the sentence is aligned to, or open."""
    table = _invariants(finder_data("universals") if data is None else data)
    out = []
    for row in rows:
        if row.kind in ("heading", "contents") or not UNIVERSAL.search(row.text):
            continue
        if row.status == "no-rule-content":
            continue
        invariant = table.get(row.id)
        if invariant:
            answer = f"invariant:{invariant}"
        elif row.ruling:
            answer = f"ruling:{row.ruling}"
        elif row.clauses:
            answer = f"clause:{row.clauses[0]}"
        else:
            answer = ""
        out.append(
            Finding(
                id=f"universals:{row.id}",
                finder="universals",
                kind="gap",
                question=(
                    f"{row.file} says: \u201c{row.text}\u201d What keeps every effect of the game from doing "
                    "what it forbids?"
                ),
                sources=(Citation(row.file, ""),),
                clauses=row.clauses,
                answer=answer,
                detail=f"{row.file}:{row.line}",
            )
        )
    return out
