"""The conflict report: every ruling, plus what the automatic checks find, as JSON-ready entries.

Every entry has the keys ``id``, ``kind``, ``question``, ``sources`` (``[{"file", "section"}]``),
``readings`` (``[{"id", "summary"}]``), ``default`` and ``situation``, and these further keys:

* ``origin`` — ``ruling`` (the rulings catalogue), ``numeric-cross-check`` (a quantity the sources state
  differently that no data ruling decides), ``same-trigger`` (an open pair of
  :mod:`nemesis_rules.rulebook.triggers`), ``alignment`` (a sentence of the rule texts stating a rule no
  clause holds, :mod:`nemesis_rules.rulebook.alignment`), ``settled`` (a question of a finder that a
  sentence of the texts answers: kind ``settled``, the sentence quoted at its ``line``), the name of a
  finder of :mod:`nemesis_rules.rulebook.finders` (a question it asked that nothing answers yet) or
  ``fuzz`` (a gap random play reached that no ruling decides);
* ``finder`` — what raised the entry's question (``reading`` for a ruling found by reading the texts,
  else the first of ``finders``, every finder that raises it);
* ``status`` — ``decided`` (a ruling with its default) or ``open`` (found, not yet decided: ``default`` is
  ``null`` and ``readings`` are the candidate answers, if any);
* ``reason``, ``clauses``, ``rulesets``; ``numeric`` (each conflicting quantity the entry decides, with
  every value and its sources); ``same_trigger`` (the same-trigger pairs a ruling links);
* ``reached`` — from a campaign of random games: how many gaps the entry decided (``gaps``), in how many
  games it fired (``games``), and the first place (ruleset, players, seed, step, clause, situation); ``null``
  when no campaign was played or nothing reached it;
* ``situation`` — a short game record in which the ruling's readings lead to different states (see
  :mod:`.situations`): from a place the campaign reached, else from the ruling's hand-built scenario
  (:mod:`.scenarios`, so rulings have one without a campaign too): ``{"from": ..., "line": the last
  action, "lines": every action, "differing_fields": [...], "records": {reading: path or null},
  "outcomes": {reading: how its replay ended}}`` (paths when the records were written); ``from`` is
  ``{ruleset, players, seed, step}`` for random play and ``{scenario, ruleset, players, start}`` for a
  scenario; for a gap no ruling decides, the one record that reaches it; otherwise ``null``;
* ``situation_note`` — what the situation shows, or why ``situation`` is ``null``;
* ``witness`` — for a ruling whose readings the Z3 encodings cover (``nemesis_rules.prove.conflicts``),
  the situation Z3 found in which the readings differ, and what each gives; otherwise ``null``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from nemesis_rules.atomic import write_atomic
from nemesis_rules.findings.campaign import Campaign, GapHit
from nemesis_rules.findings.scenarios import why_no_situation
from nemesis_rules.findings.situations import find_situation, gap_record, scenario_situation
from nemesis_rules.prove.conflicts import CONFLICTS, witness
from nemesis_rules.rulebook.alignment import AlignmentRow, align, units
from nemesis_rules.rulebook.catalogue import RULESETS, card_slug, catalogue
from nemesis_rules.rulebook.finders import Finding, Settled, all_findings, ruling_finders, settled
from nemesis_rules.rulebook.numbers import NumericConflict, numeric_conflicts
from nemesis_rules.rulebook.passages import rule_text
from nemesis_rules.rulebook.rulings import Ruling, RulingKind, rulings
from nemesis_rules.rulebook.sources import RULE_FILES, VS_FILE, Citation
from nemesis_rules.rulebook.triggers import TriggerPair, same_trigger_pairs

__all__ = [
    "NOT_REACHED",
    "REQUIRED_KEYS",
    "SAME_STATES",
    "SCENARIO_SAME",
    "SITUATION_PENDING",
    "conflict_report",
    "report_summary",
]

REQUIRED_KEYS: tuple[str, ...] = ("id", "kind", "question", "sources", "readings", "default", "situation")
SITUATION_PENDING = (
    "no situation: no scenario is registered for this ruling and no campaign of random games was played "
    "(rules conflicts --games N)"
)
NOT_REACHED = "no situation: no scenario is registered for this ruling and no game of the campaign reached it"
SAME_STATES = (
    "no situation: no scenario is registered for this ruling and, where games reached it, every reading "
    "replayed to the same state"
)
SCENARIO_SAME = (
    "no situation: the hand-built scenario of this ruling replays to the same state under every reading "
    "(and no game of the campaign gave one where they differ)"
)


def _sources(citations: Iterable[Citation]) -> list[dict[str, str]]:
    seen: list[dict[str, str]] = []
    for citation in citations:
        entry = {"file": citation.file, "section": citation.section}
        if entry not in seen:
            seen.append(entry)
    return seen


def _numeric(conflict: NumericConflict) -> dict[str, Any]:
    return {
        "quantity": conflict.id,
        "description": conflict.quantity.description,
        "values": [
            {
                "value": value,
                "sources": [{"file": e.citation.file, "section": e.citation.section, "note": e.note} for e in entries],
            }
            for value, entries in conflict.by_value
        ],
    }


def _place(hit: GapHit) -> dict[str, Any]:
    return {
        "ruleset": hit.game.ruleset,
        "players": hit.game.players,
        "seed": hit.game.seed,
        "step": hit.step,
        "clause": hit.clause,
        "situation": hit.situation,
    }


def _reached(ruling_id: str, campaign: Campaign | None) -> dict[str, Any] | None:
    if campaign is None:
        return None
    hits = [g for g in campaign.gaps if g.ruling == ruling_id]
    games = [run for run in campaign.runs if run.fired.get(ruling_id, 0) > 0]
    if not hits and not games:
        return None
    if hits:
        first: dict[str, Any] = _place(hits[0])
    else:
        run = games[0]
        first = {
            "ruleset": run.game.ruleset,
            "players": run.game.players,
            "seed": run.game.seed,
            "step": run.first_fired.get(ruling_id),
            "clause": None,
            "situation": None,
        }
    return {"gaps": len(hits), "games": len(games), "first": first}


def _ruling_situation(
    item: Ruling, campaign: Campaign | None, folder: Path | None
) -> tuple[dict[str, Any] | None, str]:
    """A place random play reached where the readings differ; else the ruling's hand-built scenario;
    else ``None`` with the reason."""
    reason = why_no_situation(item.id)
    if reason is not None:
        return None, f"no situation can exist: {reason}"
    hits = [g for g in campaign.gaps if g.ruling == item.id] if campaign is not None else []
    found = find_situation(item, hits) if hits else None
    if found is None:
        built = scenario_situation(item)
        if built is not None and built.differs:
            found = built
        elif built is not None:
            return None, SCENARIO_SAME
    if found is None:
        if campaign is None:
            return None, SITUATION_PENDING
        return None, SAME_STATES if hits else NOT_REACHED
    paths = found.write(folder) if folder is not None else None
    return found.to_json(paths), found.describe()


def _ruling_entry(
    item: Ruling,
    conflicts: Mapping[str, NumericConflict],
    pairs: Iterable[TriggerPair],
    campaign: Campaign | None,
    folder: Path | None,
    finders: list[str] | None = None,
) -> dict[str, Any]:
    """A ruling as an entry; ``finders``: the finders that raise its question (``reading`` when none
    does: it was found by reading the texts)."""
    situation, note = _ruling_situation(item, campaign, folder)
    return {
        "id": item.id,
        "kind": item.kind.value,
        "question": item.question,
        "sources": _sources(item.sources),
        "readings": [
            {"id": r.id, "summary": r.summary, **({"unplayable": r.unplayable} if r.unplayable else {})}
            for r in item.readings
        ],
        "default": item.default,
        "situation": situation,
        "origin": "ruling",
        "status": "decided",
        "reason": item.reason,
        "clauses": list(item.clauses),
        "rulesets": list(item.rulesets),
        "numeric": [_numeric(conflicts[q]) for q in item.quantities if q in conflicts],
        "same_trigger": [list(p.ids) for p in pairs if item.id in p.linked_by],
        "reached": _reached(item.id, campaign),
        "situation_note": note,
        "witness": _z3_witness(item.id),
        "finder": finders[0] if finders else "reading",
        "finders": finders or ["reading"],
    }


def _z3_witness(ruling_id: str) -> dict[str, Any] | None:
    """For a ruling whose readings Z3 encodes (nemesis_rules.prove.conflicts), the situation in
    which they give different results; None for the others."""

    if ruling_id not in CONFLICTS:
        return None
    result = witness(ruling_id)
    return {"status": result.status, "detail": result.detail, **dict(result.witness or {})}


def _open_numeric_entry(conflict: NumericConflict) -> dict[str, Any]:
    citations = [e.citation for _, entries in conflict.by_value for e in entries]
    return {
        "id": f"numeric:{conflict.id}",
        "kind": RulingKind.DATA.value,
        "question": f"{conflict.quantity.description}: which of the values the sources state?",
        "sources": _sources(citations),
        "readings": [
            {"id": f"value-{card_slug(str(value))}", "summary": f"{value} ({'; '.join(str(e.citation) for e in es)})"}
            for value, es in conflict.by_value
        ],
        "default": None,
        "situation": None,
        "origin": "numeric-cross-check",
        "status": "open",
        "reason": "no data ruling lists this quantity yet",
        "clauses": [],
        "rulesets": list(RULESETS),
        "numeric": [_numeric(conflict)],
        "same_trigger": [],
        "reached": None,
        "situation_note": "a data conflict: the situation is any game that uses the quantity",
    }


def _open_pair_entry(pair: TriggerPair) -> dict[str, Any]:
    return {
        "id": f"trigger:{pair.first.id}+{pair.second.id}",
        "kind": RulingKind.CONTRADICTION.value,
        "question": (
            f"In the situation '{pair.trigger}', two sources state different effects: do both apply, is one an "
            "exception, or do they contradict each other?"
        ),
        "sources": _sources([*pair.first.citations, *pair.second.citations]),
        "readings": [{"id": c.id, "summary": c.statement} for c in (pair.first, pair.second)],
        "default": None,
        "situation": None,
        "origin": "same-trigger",
        "status": "open",
        "reason": "found by the same-trigger check; no ruling links the two clauses and no review settles them",
        "clauses": list(pair.ids),
        "rulesets": list(pair.rulesets),
        "numeric": [],
        "same_trigger": [list(pair.ids)],
        "reached": None,
        "situation_note": SITUATION_PENDING,
    }


def _gap_situation(clause_id: str, hits: list[GapHit], folder: Path | None) -> dict[str, Any] | None:
    first = hits[0]
    text = gap_record(first)
    if text is None or first.action is None:
        return None
    path = None
    if folder is not None:
        target = folder / f"gap.{clause_id}.jsonl"
        write_atomic(target, text)
        path = str(target)
    return {
        "from": {
            "ruleset": first.game.ruleset,
            "players": first.game.players,
            "seed": first.game.seed,
            "step": first.step,
        },
        "line": first.action.to_json(),
        "lines": [first.action.to_json()],
        "differing_fields": [],
        "records": {"reached": path},
    }


def _open_gap_entry(clause_id: str, hits: list[GapHit], folder: Path | None) -> dict[str, Any]:
    table = catalogue()
    item = table.get(clause_id)
    first = hits[0]
    return {
        "id": f"gap:{clause_id}",
        "kind": RulingKind.GAP.value,
        "question": f"{first.situation}? No ruling decides it, so the engine stopped with a rule gap.",
        "sources": _sources(item.citations) if item is not None else [],
        "readings": [],
        "default": None,
        "situation": _gap_situation(clause_id, hits, folder),
        "origin": "fuzz",
        "status": "open",
        "reason": f"reached by random play in {len({(h.game, h.step) for h in hits})} place(s)",
        "clauses": [clause_id],
        "rulesets": sorted({h.game.ruleset for h in hits}, key=RULESETS.index),
        "numeric": [],
        "same_trigger": [],
        "reached": {"gaps": len(hits), "games": len({h.game for h in hits}), "first": _place(first)},
        "situation_note": (
            f"one line from the state before step {first.step} of {first.game.describe()}; replaying it "
            f"stops at the gap (nemesis-rules play --seed {first.game.seed} --players {first.game.players} "
            f"--ruleset {first.game.ruleset} reaches it too)"
        ),
    }


def _section_of(file: str, line: int, text: str) -> str:
    """The heading a line stands under (the nearest heading unit above it), for a citation; in a text
    without headings (the German overview), the paragraph's first words."""
    heading = ""
    for unit in units(file, text):
        if unit.line > line:
            break
        if unit.kind == "heading":
            heading = unit.text.lstrip("# ").strip()
    return heading or " ".join(text.splitlines()[line - 1].split()[:5])


def _open_alignment_entry(row: AlignmentRow, text: str) -> dict[str, Any]:
    """A unit of the rule texts that states a rule no clause holds: an open finding of the alignment."""
    differs = row.reason.startswith(("overview differs", "summary differs"))
    rulesets = ["void-seeders"] if row.file == VS_FILE else list(RULESETS)
    return {
        "id": f"alignment:{row.file}:{row.line}.{row.index}",
        "kind": RulingKind.CONTRADICTION.value if differs else RulingKind.GAP.value,
        "question": (
            f"{row.file} says: \u201c{row.text}\u201d No clause of the catalogue holds this: "
            + ("which text decides?" if differs else "does the game apply it, and how?")
        ),
        "sources": [{"file": row.file, "section": _section_of(row.file, row.line, text)}],
        "readings": [],
        "default": None,
        "situation": None,
        "origin": "alignment",
        "status": "open",
        "reason": row.reason,
        "clauses": list(row.clauses),
        "rulesets": rulesets,
        "numeric": [],
        "same_trigger": [],
        "reached": None,
        "situation_note": "no situation: a sentence of the rule texts that no clause implements yet",
        "line": row.line,
        "quote": row.text,
    }


def alignment_findings() -> list[dict[str, Any]]:
    """The open entries of the alignment of the rule texts (when they are given): each unit that
    states a rule no clause of the catalogue holds."""
    texts = {f: t for f in RULE_FILES if (t := rule_text(f)) is not None}
    if not texts:
        return []
    return [_open_alignment_entry(r, texts[r.file]) for r in align(texts) if r.status == "uncatalogued"]


def _texts() -> dict[str, str] | None:
    texts = {f: t for f in RULE_FILES if (t := rule_text(f)) is not None}
    return texts or None


def _settled_entry(item: Settled, texts: Mapping[str, str] | None) -> dict[str, Any]:
    """A question a sentence of the texts answers: shown so an editor sees it was asked and answered."""
    sentence = item.sentence
    text = texts.get(sentence.file) if texts else None
    stale = text is not None and not _starts_at(text, sentence.line, sentence.starts)
    return {
        "id": item.id,
        "kind": "settled",
        "question": item.question,
        "sources": [{"file": sentence.file, "section": sentence.section}],
        "readings": [],
        "default": None,
        "situation": None,
        "origin": "settled",
        "finder": item.finder,
        "finders": [item.finder],
        "status": "open" if stale else "decided",
        "reason": item.answer if not stale else f"stale: line {sentence.line} no longer begins {sentence.starts!r}",
        "clauses": list(item.clauses),
        "rulesets": list(item.rulesets),
        "numeric": [],
        "same_trigger": [],
        "reached": None,
        "situation_note": f"settled by the sentence at {sentence.where()}: no readings differ",
        "severity_given": item.severity,
        "line": sentence.line,
        "quote": _line_text(text, sentence.line) if text is not None else None,
    }


def _starts_at(text: str, line: int, starts: str) -> bool:
    lines = text.splitlines()
    return 0 < line <= len(lines) and " ".join(lines[line - 1].split()).startswith(" ".join(starts.split()))


def _line_text(text: str, line: int) -> str | None:
    lines = text.splitlines()
    return lines[line - 1].strip() if 0 < line <= len(lines) else None


def _open_finding_entry(finding: Finding, texts: Mapping[str, str] | None) -> dict[str, Any]:
    """A question a finder asked that nothing answers yet."""
    sources = [
        {"file": c.file, "section": c.section or _section_or_file(c.file, _first_line(finding), texts)}
        for c in finding.sources
    ]
    return {
        "id": finding.id,
        "kind": finding.kind,
        "question": finding.question,
        "sources": sources,
        "readings": [],
        "default": None,
        "situation": None,
        "origin": finding.finder,
        "finder": finding.finder,
        "finders": [finding.finder],
        "status": "open",
        "reason": f"found by the {finding.finder} finder at {finding.detail}; nothing answers it yet",
        "clauses": list(finding.clauses),
        "rulesets": list(finding.rulesets),
        "numeric": [],
        "same_trigger": [],
        "reached": None,
        "situation_note": "no situation: an open question of a finder",
    }


def _section_or_file(file: str, line: int, texts: Mapping[str, str] | None) -> str:
    return _section_of(file, line, texts[file]) if texts and file in texts else file


def _first_line(finding: Finding) -> int:
    tail = finding.detail.rsplit(":", 1)[-1]
    return int(tail) if tail.isdigit() else 1


def finder_summary(found: list[Finding]) -> dict[str, dict[str, int]]:
    """Per finder, how many questions it asked and what answers them (``ruling``, ``settled``,
    ``clause``, ``invariant``, ``open``)."""
    out: dict[str, dict[str, int]] = {}
    for finding in found:
        kind = finding.answered_by[0] or "open"
        counts = out.setdefault(finding.finder, {})
        counts[kind] = counts.get(kind, 0) + 1
    return dict(sorted(out.items()))


def conflict_report(campaign: Campaign | None = None, situations: Path | None = None) -> list[dict[str, Any]]:
    """The conflict report: every ruling, then the open numeric conflicts, open same-trigger pairs, the
    units of the rule texts that state a rule no clause holds (when the texts are given) and the gaps
    ``campaign`` reached that no ruling decides (each group sorted by id). With ``situations`` (a folder),
    each situation's records are written there and the report names their paths."""
    conflicts = {c.id: c for c in numeric_conflicts()}
    pairs = same_trigger_pairs()
    table = rulings()
    if situations is not None:
        situations.mkdir(parents=True, exist_ok=True)
    texts = _texts()
    found = all_findings(texts)
    finders = ruling_finders(texts, found)
    entries = [
        _ruling_entry(item, conflicts, pairs, campaign, situations, finders.get(item.id)) for item in table.values()
    ]
    covered = {q for item in table.values() if item.kind is RulingKind.DATA for q in item.quantities}
    entries.extend(_open_numeric_entry(c) for c in conflicts.values() if c.id not in covered)
    entries.extend(_open_pair_entry(p) for p in pairs if p.is_open)
    entries.extend(alignment_findings())
    entries.extend(_settled_entry(item, texts) for item in settled().values())
    # an open quantity of the cross-table is already its numeric-cross-check entry
    entries.extend(
        _open_finding_entry(f, texts)
        for f in found
        if f.is_open and not (f.finder == "numbers" and f.id.count(":") == 1)
    )
    if campaign is not None:
        undecided: dict[str, list[GapHit]] = {}
        for hit in campaign.gaps:
            if not hit.decided:
                undecided.setdefault(hit.clause, []).append(hit)
        entries.extend(_open_gap_entry(c, undecided[c], situations) for c in sorted(undecided))
    return entries


def report_summary(entries: list[dict[str, Any]], campaign: Campaign | None) -> dict[str, Any]:
    """Counts for the end of the text report: entries by origin and kind, the numeric cross-check, the
    same-trigger check and the campaign."""
    by_origin: dict[str, int] = {}
    by_kind: dict[str, int] = {}
    for entry in entries:
        by_origin[entry["origin"]] = by_origin.get(entry["origin"], 0) + 1
        by_kind[entry["kind"]] = by_kind.get(entry["kind"], 0) + 1
    pairs = same_trigger_pairs()
    summary: dict[str, Any] = {
        "entries": len(entries),
        "by_origin": dict(sorted(by_origin.items())),
        "by_kind": dict(sorted(by_kind.items())),
        "numeric_conflicts": len(numeric_conflicts()),
        "numeric_open": by_origin.get("numeric-cross-check", 0),
        "same_trigger_pairs": len(pairs),
        "same_trigger_linked": sum(1 for p in pairs if p.linked_by),
        "same_trigger_reviewed": sum(1 for p in pairs if not p.linked_by and p.review is not None),
        "same_trigger_open": sum(1 for p in pairs if p.is_open),
        "by_finder": dict(sorted(Counter(str(e.get("finder", e["origin"])) for e in entries).items())),
        "finders": finder_summary(all_findings(_texts())),
    }
    if campaign is not None:
        summary["games"] = len(campaign.runs)
        summary["gaps_decided"] = sum(1 for g in campaign.gaps if g.decided)
        summary["gaps_undecided"] = sum(1 for g in campaign.gaps if not g.decided)
        summary["engine_failures"] = len(campaign.failures)
    return summary
