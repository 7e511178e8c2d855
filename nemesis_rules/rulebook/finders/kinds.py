"""The terms finder and the two-kinds finder.

*Terms*: each term of the texts (names of pieces, tokens, decks, phases; round and turn) is bound to
one thing of the model (``data/finders/terms.toml``). A term bound to two things, or one thing the
texts name two ways, is a question; a settled question or a ruling answers it, else it is open.

*Two kinds at once*: a Lair counts as a Void Seeder (an Intruder) in some rules. Every catalogued
rule of the Void Seeders ruleset that speaks of Intruders or Void Seeders is asked: does it apply to
a Lair? A clause that names Lairs answers for itself; the others are decided by the ruling that says
in which rules a Lair counts (``vs.ambiguity.lair-is-void-seeder``) unless the data names another.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from nemesis_rules.rulebook.catalogue import Clause
from nemesis_rules.rulebook.finders.questions import Finding
from nemesis_rules.rulebook.sources import Citation

__all__ = ["LAIR_RULING", "TERM", "term_coverage", "term_findings", "two_kind_findings"]

LAIR_RULING = "vs.ambiguity.lair-is-void-seeder"
_NOUNS = "token|tokens|card|cards|marker|markers|deck|track|board|room|Room|phase|Phase|action|Action|roll|die|dice"
TERM = re.compile(rf"\b((?:[A-Z][a-z]+-)?[A-Z][a-z]+(?: (?:[A-Z][a-z]+-)?[A-Z][a-z]+)*(?: (?:{_NOUNS}))?)\b")
"""A term of the texts: a run of capitalised words (``Self-Destruct track``, ``Void Seeder Attack card``),
with the common noun that may follow it."""
_KINDS = re.compile(r"\b(Intruders?|Void Seeders?)\b")


def _occurs(name: str, text: str) -> bool:
    return re.search(rf"\b{re.escape(name)}\b", text, re.IGNORECASE) is not None


def term_findings(data: Mapping[str, Any], texts: Mapping[str, str]) -> list[Finding]:
    """One question per term group bound to several things, or naming one thing several ways in the
    texts (``texts``: file name -> text; a name that occurs in no text asks nothing)."""
    out = []
    for raw in data.get("term", []):
        names = [n for n in raw["names"] if any(_occurs(n, t) for t in texts.values())]
        things = list(raw["things"])
        files = sorted({f for f, t in texts.items() for n in names if _occurs(n, t)})
        if len(things) > 1:
            term = names[0] if names else raw["names"][0]
            question = (
                f"The term '{term}' is bound to {len(things)} things of the model ({', '.join(things)}): "
                "which does each sentence mean?"
            )
        elif len(names) > 1:
            question = (
                f"One thing ({things[0]}) is named {len(names)} ways in the texts ({', '.join(names)}): "
                "the same rules for each name?"
            )
        else:
            continue
        out.append(
            Finding(
                f"terms:{raw['id']}", "terms", "ambiguity", question,
                tuple(Citation(f, "") for f in files), tuple(raw.get("clauses", ())),
                str(raw.get("answer", "")), "; ".join(names),
            )
        )  # fmt: skip
    return out


def two_kind_findings(clauses: Mapping[str, Clause], data: Mapping[str, Any]) -> list[Finding]:
    """For every Void Seeders rule about Intruders or Void Seeders: does it apply to a Lair?"""
    answers = {str(r["clause"]): str(r["answer"]) for r in data.get("rule", [])}
    out = []
    for item in clauses.values():
        if not item.applies_to("void-seeders") or not _KINDS.search(item.statement):
            continue
        named = "Lair" in item.statement  # the clause says itself what a Lair does
        answer = f"clause:{item.id}" if named else answers.get(item.id, f"ruling:{LAIR_RULING}")
        out.append(
            Finding(
                f"two-kinds:{item.id}", "two-kinds", "ambiguity",
                f"A Lair counts as a Void Seeder in some rules: does {item.id} ('{item.statement}') apply to a Lair?",
                tuple(item.citations[:1]), (item.id,), answer, item.id, ("void-seeders",),
            )
        )  # fmt: skip
    return out


_OPENERS = frozenset({"The", "A", "An", "This", "That", "These", "Each", "Any", "All", "Every", "When", "If", "Then"})
"""Words that open a sentence and so are capitalised without being part of a term."""


def _fold(term: str) -> str:
    return " ".join(w.rstrip("s") for w in term.lower().split())


def term_coverage(
    texts: Mapping[str, str],
    clauses: Mapping[str, Clause],
    data: Mapping[str, Any],
    headings: frozenset[str],
    least: int = 2,
) -> list[Finding]:
    """One question per term of several words the texts use at least ``least`` times: which thing of the
    model is it? The catalogue's own wording binds it (a clause statement uses it, plurals folded); a
    group of ``terms.toml`` names it; a heading or a listed non-term (``ignore``) asks nothing."""
    counts: dict[str, int] = {}
    for text in texts.values():
        for found in TERM.finditer(text):
            words = found.group(1).split()
            while words and words[0] in _OPENERS:
                words = words[1:]
            if len(words) >= 2:
                term = " ".join(words)
                counts[term] = counts.get(term, 0) + 1
    statements = {c.id: _fold(c.statement) for c in clauses.values()}
    grouped = {_fold(n): str(r.get("answer", "")) for r in data.get("term", []) for n in r["names"]}
    ignored = {_fold(n) for n in data.get("ignore", {}).get("names", [])}
    folded_headings = {_fold(h) for h in headings}
    out = []
    for term, count in sorted(counts.items()):
        key = _fold(term)
        if count < least or key in ignored or key in folded_headings:
            continue
        if key in grouped:
            answer = grouped[key]
        else:
            user = next((cid for cid, s in statements.items() if key in s), "")
            answer = f"clause:{user}" if user else ""
        out.append(
            Finding(
                f"terms:{term}", "terms", "ambiguity",
                f"The texts use the term '{term}' {count} times: which one thing of the model is it?",
                (), (), answer, term,
            )
        )  # fmt: skip
    return out
