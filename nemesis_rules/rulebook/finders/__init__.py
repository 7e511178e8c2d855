"""The methodical conflict finders (issue #23): each reads the rule texts, the catalogue or the rule
code, asks a question at every place it flags, and says what answers it (:mod:`.questions`).

* :mod:`.totals` — numbers: the cross-table's quantities with two values, every number of every
  aligned sentence bound to a clause statement or a quantity, every component count of the texts'
  component lists held in that cross-table, and every list whose stated total its parts must add up to;
* :mod:`.universals` — every "only", "never", "cannot" sentence and the invariant or clauses that hold it;
* :mod:`.totality` — every place in the rule code that returns the state unchanged, and what allows it;
* :mod:`.kinds` — terms bound to two things or named two ways, and the rules a Lair may count for as a
  Void Seeder;
* :mod:`.modality` — the same-trigger finder's second half: a restatement of the Rules Summary that
  grants, demands or forbids otherwise than the main text;
* :mod:`.citations` — every citation of a clause that no aligned sentence of the cited section supports.

The alignment (:mod:`nemesis_rules.rulebook.alignment`) and the same-trigger check
(:mod:`nemesis_rules.rulebook.triggers`) are finders too; :func:`all_findings` gathers every question.
"""

from __future__ import annotations

from collections.abc import Mapping

from nemesis_rules.rulebook.alignment import align, restating
from nemesis_rules.rulebook.catalogue import catalogue
from nemesis_rules.rulebook.finders.citations import unsupported_citations
from nemesis_rules.rulebook.finders.kinds import term_coverage, term_findings, two_kind_findings
from nemesis_rules.rulebook.finders.modality import modality_findings
from nemesis_rules.rulebook.finders.questions import FINDERS, Finding, Settled, finder_data, settled
from nemesis_rules.rulebook.finders.totality import gap_rulings, totality_findings
from nemesis_rules.rulebook.finders.totals import component_findings, number_findings, number_index
from nemesis_rules.rulebook.finders.universals import found_rulings, universal_findings
from nemesis_rules.rulebook.numbers import numeric_conflicts, quantities
from nemesis_rules.rulebook.rulings import RulingKind, rulings
from nemesis_rules.rulebook.sources import DE_FILE, VS_FILE
from nemesis_rules.rulebook.triggers import same_trigger_pairs

__all__ = ["FINDERS", "Finding", "Settled", "all_findings", "ruling_finders", "settled"]


def all_findings(texts: Mapping[str, str] | None) -> list[Finding]:
    """Every question every finder asks: those that read the rule texts only when ``texts`` (file
    name -> text) are given."""
    table = rulings()
    deciding = {q: r.id for r in table.values() if r.kind is RulingKind.DATA for q in r.quantities}
    found = number_findings(texts or {}, numeric_conflicts(), deciding)
    if texts:
        numbers = finder_data("numbers")
        found.extend(component_findings(texts, numbers["list"], quantities()))
        rows = align(texts)
        found.extend(number_index(rows, catalogue(), quantities(), numbers.get("number", {})))
        found.extend(universal_findings(rows))
        on_clause: dict[str, tuple[str, ...]] = {}
        for item in table.values():
            for clause_id in item.clauses:
                on_clause[clause_id] = (*on_clause.get(clause_id, ()), item.id)
        restated = {VS_FILE: restating(VS_FILE, texts[VS_FILE])} if VS_FILE in texts else {}
        found.extend(modality_findings(rows, restated, on_clause, finder_data("modality")["reviewed"]))
        terms = finder_data("terms")
        found.extend(term_findings(terms, texts))
        headings = frozenset(r.text.lstrip("# ").strip() for r in rows if r.kind in ("heading", "contents"))
        english = {f: t for f, t in texts.items() if f != DE_FILE}  # capitalised German nouns are no terms
        found.extend(term_coverage(english, catalogue(), terms, headings))
        found.extend(
            Finding(
                f"citations:{u.clause}:{u.citation.file}:{u.citation.section}", "citations", "gap",
                f"{u.clause} cites {u.citation}, but {u.problem}: which sentence states the rule?",
                (u.citation,), (u.clause,), "", str(u.citation),
            )
            for u in unsupported_citations(catalogue(), rows, texts)
        )  # fmt: skip
    found.extend(totality_findings())
    found.extend(two_kind_findings(catalogue(), finder_data("two-kinds")))
    return found


def ruling_finders(texts: Mapping[str, str] | None, found: list[Finding] | None = None) -> dict[str, list[str]]:
    """Ruling id -> the finders that raise its question, in :data:`FINDERS` order: the alignment (a
    sentence ruled or restated differently), the same-trigger check (a pair the ruling links), numbers
    (a quantity it decides), universals (an invariant's hit it decides), totality (a place in the rule
    code that asks it), terms and two kinds (a question it answers)."""
    out: dict[str, set[str]] = {}

    def add(ruling: str, finder: str) -> None:
        out.setdefault(ruling, set()).add(finder)

    if texts:
        for row in align(texts):
            if row.ruling:
                add(row.ruling, "alignment")
    for pair in same_trigger_pairs():
        for ruling in pair.linked_by:
            add(ruling, "same-trigger")
    for ruling in found_rulings():
        add(ruling, "universals")
    for ruling in gap_rulings():
        add(ruling, "totality")
    for finding in all_findings(texts) if found is None else found:
        kind, ident = finding.answered_by
        if kind == "ruling":
            add(ident, finding.finder)
    known = rulings()
    return {r: [f for f in FINDERS if f in finders] for r, finders in sorted(out.items()) if r in known}
