"""Everything known about one clause, as a JSON-ready dict: what ``nemesis-rules rules show`` prints.

Statement, rulesets and trigger; every citation with the passage it points at (when the rule texts are
available, see :mod:`.passages`); the clauses it replaces or is replaced by; the code that implements it
and the tests that name it (see :mod:`.references`); the rulings that bear on it; and the clauses sharing
its trigger.
"""

from __future__ import annotations

from typing import Any

from nemesis_rules.rulebook.catalogue import Clause, catalogue, clause
from nemesis_rules.rulebook.passages import passage
from nemesis_rules.rulebook.references import Location, clause_implementations, clause_tests, tests_dir
from nemesis_rules.rulebook.rulings import rulings
from nemesis_rules.rulebook.triggers import clause_sources, same_trigger_pairs

__all__ = ["clause_details"]


def _location(where: Location, key: str) -> dict[str, Any]:
    return {"file": where.file, "line": where.line, key: where.name or None}


def _why_no_pair(item: Clause, other: Clause) -> str:
    if not set(item.rulesets) & set(other.rulesets):
        return "not compared: never in force together"
    if item.id in other.replaces or other.id in item.replaces:
        return "not compared: one replaces the other"
    shared = sorted(clause_sources(item) & clause_sources(other))
    return "not compared: both cited from " + ", ".join(shared)


def _same_trigger(item: Clause) -> list[dict[str, Any]]:
    if item.trigger is None:
        return []
    pairs = {p.second.id if p.first.id == item.id else p.first.id: p for p in same_trigger_pairs() if item.id in p.ids}
    out: list[dict[str, Any]] = []
    for other in catalogue().values():
        if other.id == item.id or other.trigger != item.trigger:
            continue
        pair = pairs.get(other.id)
        if pair is None:
            status = _why_no_pair(item, other)
        elif pair.linked_by:
            status = "linked by " + ", ".join(pair.linked_by)
        elif pair.review is not None:
            status = f"reviewed: {pair.review.verdict.value}"
        else:
            status = "open finding"
        out.append({"id": other.id, "status": status})
    return out


def clause_details(clause_id: str) -> dict[str, Any]:
    """The details of one clause; :class:`~nemesis_rules.rulebook.errors.UnknownClauseError` if unknown."""
    item = clause(clause_id)
    citations = []
    for citation in item.citations:
        quoted = passage(citation, item.statement, item.card)
        citations.append(
            {
                "file": citation.file,
                "section": citation.section,
                "line": quoted.line,
                "passage": quoted.text,
                "problem": quoted.problem,
            }
        )
    implemented = clause_implementations(frozenset({item.id}))[item.id]
    tests = clause_tests(frozenset(catalogue()))[item.id]
    return {
        "id": item.id,
        "family": item.family,
        "statement": item.statement,
        "rulesets": list(item.rulesets),
        "trigger": item.trigger,
        "card": item.card,
        "citations": citations,
        "replaces": list(item.replaces),
        "replaced_by": [c.id for c in catalogue().values() if item.id in c.replaces],
        "implemented_by": [_location(where, "pattern") for where in implemented],
        "tests": [_location(where, "test") for where in tests],
        "tests_available": tests_dir() is not None,
        "rulings": [r.id for r in rulings().values() if item.id in r.clauses],
        "same_trigger": _same_trigger(item),
    }
