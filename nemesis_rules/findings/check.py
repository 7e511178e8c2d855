"""``check``, the main job: every check of the rules in one run, gathered into one report.

The parts: the ship board's layout checks; the Z3 proofs; the conflict report (every ruling with
its situation, and what the automatic checks find), each entry with its rule family, severity and
the passages it cites (quoted when the rule texts are given); the alignment of the rule texts to the
clauses; a coverage-guided fuzz campaign sized to the time budget, every invariant checked after
every transition; and the clause coverage that campaign reached. :func:`run_check` returns the
report as JSON-ready data (its JSON Schema is :func:`nemesis_rules.findings.report_schema.report_schema`);
the page, the errata document and the CSV are drawn from it.
"""

from __future__ import annotations

import tempfile
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nemesis_rules.board.checks import layout_problems
from nemesis_rules.board.layout import basic_layout
from nemesis_rules.findings.campaign import campaign_specs, run_campaign
from nemesis_rules.findings.report import conflict_report
from nemesis_rules.findings.situation_pictures import situation_picture
from nemesis_rules.invariants.campaign import Campaign, run
from nemesis_rules.invariants.catalogue import catalogue as invariant_catalogue
from nemesis_rules.invariants.fuzzing import Setup
from nemesis_rules.invariants.heap import settled_heap
from nemesis_rules.model.game import start
from nemesis_rules.prove.core import run_suite
from nemesis_rules.prove.suite import default_obligations
from nemesis_rules.rulebook.alignment import OPEN, STATUSES, align
from nemesis_rules.rulebook.catalogue import catalogue
from nemesis_rules.rulebook.passages import passage
from nemesis_rules.rulebook.rulings import rulings
from nemesis_rules.rulebook.sources import Citation

REPORT_FORMAT = "nemesis-rules-check"
SUMMARY_FORMAT = "nemesis-rules-check-summary"
REPORT_VERSION = 1
DEFAULT_BUDGET = 60.0
"""Seconds the whole check may take by default (about a minute on a two-core machine)."""
MIN_GAMES = 10
WRITE_RESERVE = 8.0
"""Seconds kept back for drawing and writing the report once the checks are done."""
FUZZ_SHARE = 0.75
"""The share of what is left of the budget, after the proofs and the conflict report and less
:data:`WRITE_RESERVE`, that the fuzz campaign plans for (a plan, not a deadline: the rest is its margin)."""
SECOND_JOB_GAIN = 0.75
"""What each process beyond the first is counted as adding (two virtual cores on a shared host
rarely give twice the speed)."""
CALIBRATION_GAMES = 2
GAP_GAMES = 10
"""Games per ruleset played to find where the rulings' readings differ (as ``rules conflicts`` does)."""

Progress = Callable[[str, float], None]
"""``progress(phase, fraction done)``: called as the check goes."""


@dataclass(frozen=True, slots=True)
class CheckOptions:
    """What a check is asked for. ``texts``: the rule texts (file name -> text), when given."""

    rulesets: tuple[str, ...]
    budget: float = DEFAULT_BUDGET
    rulings: Mapping[str, str] = field(default_factory=dict)
    texts: Mapping[str, str] | None = None
    jobs: int = 2
    out: Path = Path("report")
    seed: int = 1


def _family(entry: Mapping[str, Any]) -> str:
    """The rule family an entry is about: that of its first clause (``base.noise``), else its id's."""
    clauses = entry.get("clauses") or []
    source = clauses[0] if clauses else str(entry["id"]).split(":", 1)[-1]
    return ".".join(source.split(".")[:2])


def _passages(entry: Mapping[str, Any], texts_given: bool) -> list[dict[str, Any]]:
    """Each cited source of an entry with its line and quoted passage (``null`` without the texts)."""
    if entry.get("origin") == "alignment" or (entry.get("kind") == "settled" and entry.get("quote")):
        # the unit itself (the settling sentence) is the passage
        source = entry["sources"][0]
        return [{"file": source["file"], "section": source["section"], "line": entry["line"], "text": entry["quote"]}]
    table = catalogue()
    statements = " ".join(table[c].statement for c in entry.get("clauses", []) if c in table) or entry["question"]
    out = []
    for source in entry.get("sources", []):
        found = passage(Citation(source["file"], source["section"]), statements) if texts_given else None
        out.append(
            {
                "file": source["file"],
                "section": source["section"],
                "line": found.line if found is not None else None,
                "text": found.text if found is not None else None,
            }
        )
    return out


def _concerns(entry: Mapping[str, Any], ruleset: str) -> bool:
    """Whether an entry concerns ``ruleset``: it names it, and a clause it rests on holds there
    (a base clause the expansion replaces does not)."""
    if ruleset not in entry.get("rulesets", []):
        return False
    table = catalogue()
    clauses = [table[c] for c in entry.get("clauses", []) if c in table]
    return not clauses or any(c.applies_to(ruleset) for c in clauses)


def enrich(entries: Sequence[dict[str, Any]], texts_given: bool) -> list[dict[str, Any]]:
    """The conflict report's entries with what the editor's report adds: ``family``, ``severity``
    (the ruling's own, ``unrated`` where the catalogue gives none), ``finder`` (what found it),
    ``concerns`` (the rulesets it bears on) and ``passages``."""
    table = rulings()
    out = []
    for entry in entries:
        ruling = table.get(entry["id"])
        severity = ruling.severity if ruling is not None else entry.get("severity_given")
        erratum = ruling.erratum if ruling is not None else None
        finder = str(entry.get("finder") or ("reading" if entry.get("origin") == "ruling" else entry.get("origin")))
        out.append(
            {
                **entry,
                "family": _family(entry),
                "severity": severity or "unrated",
                "finder": finder,
                "erratum": erratum,
                "concerns": [r for r in ("base", "void-seeders") if _concerns(entry, r)],
                "passages": _passages(entry, texts_given),
            }
        )
    return out


def _setup(options: CheckOptions) -> Setup:
    """The fuzz campaign's setup: coverage-guided, every invariant of the rulesets checked."""
    return Setup(
        coverage=True, invariant_ids=_invariant_ids(options.rulesets), rulings=tuple(sorted(options.rulings.items()))
    )


def _games_for(seconds: float, options: CheckOptions, setup: Setup) -> int:
    """How many games fit ``seconds`` on this machine: a few games are timed first."""
    began = time.perf_counter()
    with tempfile.TemporaryDirectory() as scratch:
        run(Campaign(CALIBRATION_GAMES, 10_000, (2, 4), options.rulesets, setup, out=Path(scratch)), 1)
    per_game = max((time.perf_counter() - began) / CALIBRATION_GAMES, 1e-3)
    speed_up = 1 + SECOND_JOB_GAIN * (max(1, options.jobs) - 1)
    return max(MIN_GAMES, int(max(0.0, seconds - (time.perf_counter() - began)) * speed_up / per_game))


def _invariant_ids(rulesets: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(i.id for i in invariant_catalogue() if any(i.applies_to(r) for r in rulesets))


def _fuzz(options: CheckOptions, seconds: float) -> dict[str, Any]:
    setup = _setup(options)
    games = _games_for(seconds, options, setup)
    campaign = Campaign(games, options.seed, (1, 2, 3, 4, 5), options.rulesets, setup, out=options.out / "fuzz")
    for name in options.rulesets:
        start(name, 2, options.rulings)
    with settled_heap():
        summary: dict[str, Any] = run(campaign, options.jobs)
    return summary


def _proofs(options: CheckOptions) -> list[dict[str, Any]]:
    return [r.as_dict() for r in run_suite(default_obligations(), dict(options.rulings))]


def _alignment(texts: Mapping[str, str] | None) -> dict[str, Any]:
    if not texts:
        return {"available": False, "counts": {}, "open": []}
    rows = align(texts)
    counts = Counter(r.status for r in rows)
    return {
        "available": True,
        "units": len(rows),
        "counts": {s: counts[s] for s in STATUSES if counts[s]},
        "open": [r.to_json() for r in rows if r.status in OPEN],
    }


def _coverage(summary: Mapping[str, Any]) -> dict[str, Any]:
    coverage = summary.get("clause_coverage", {})
    return {
        ruleset: {
            "clauses": data["clauses"],
            "exercised": data["exercised"],
            "percent": data["percent"],
            "never_exercised_reachable": data.get("never_exercised_reachable", []),
            "unreachable": data.get("unreachable", {}),
        }
        for ruleset, data in coverage.items()
    }


def _verdict(report: Mapping[str, Any]) -> dict[str, Any]:
    violations = len(report["fuzz"]["violations"]) + len(report["fuzz"].get("must_stay_illegal", {}).get("failed", []))
    failed = sum(1 for p in report["proofs"] if p["status"] == "counterexample")
    board = len(report["board"]["problems"])
    ok = violations == 0 and failed == 0 and board == 0
    kinds = Counter(e["kind"] for e in report["conflicts"])
    words = "no invariant violated, no proof failed" if ok else "something failed"
    return {
        "ok": ok,
        "violations": violations,
        "proofs_failed": failed,
        "board_problems": board,
        "conflicts": len(report["conflicts"]),
        "by_kind": dict(sorted(kinds.items())),
        "by_severity": dict(sorted(Counter(e["severity"] for e in report["conflicts"]).items())),
        "summary": (
            f"{words}; {report['fuzz']['games']} games ({report['fuzz']['steps']} steps) checked, "
            f"{len(report['proofs'])} proof results, {len(report['conflicts'])} conflict entries"
        ),
    }


def run_check(
    options: CheckOptions, progress: Progress | None = None
) -> tuple[dict[str, Any], dict[str, dict[str, str]]]:
    """Run every check; returns the report (see the module docstring) and, for the page, each
    entry's pictures of the ship under each reading of its situation (entry id -> reading -> SVG)."""
    say = progress or (lambda phase, done: None)
    began = time.perf_counter()
    say("board", 0.0)
    board = {"problems": layout_problems(basic_layout())}
    say("proofs", 0.05)
    proofs = _proofs(options)
    say("conflicts", 0.15)
    gap_campaign = run_campaign(campaign_specs(GAP_GAMES, options.seed, options.rulesets), options.rulings)
    situations = options.out / "situations"
    entries = enrich(conflict_report(gap_campaign, situations), options.texts is not None)
    pictures = {entry["id"]: situation_picture(entry) for entry in entries}
    say("fuzz", 0.3)
    left = options.budget - (time.perf_counter() - began) - WRITE_RESERVE
    fuzz = _fuzz(options, max(0.0, left) * FUZZ_SHARE)
    say("alignment", 0.95)
    report: dict[str, Any] = {
        "format": REPORT_FORMAT,
        "version": REPORT_VERSION,
        "rulesets": list(options.rulesets),
        "rulings": dict(options.rulings),
        "budget_seconds": options.budget,
        "rule_texts": options.texts is not None,
        "board": board,
        "proofs": proofs,
        "conflicts": entries,
        "alignment": _alignment(options.texts),
        "fuzz": {
            "games": fuzz["games"],
            "steps": fuzz["steps"],
            "violations": fuzz["violations"],
            "gaps": len(fuzz["gaps"]),
            "gaps_first": fuzz["gaps"][:20],
            "end_reasons": fuzz.get("end_reasons", {}),
            "must_stay_illegal": fuzz.get("must_stay_illegal", {"cases": 0, "failed": []}),
        },
        "invariants": [{"id": i.id, "statement": i.statement, "clause": i.clause} for i in invariant_catalogue()],
        "coverage": _coverage(fuzz),
    }
    report["seconds"] = round(time.perf_counter() - began, 1)
    report["verdict"] = _verdict(report)
    say("done", 1.0)
    return report, pictures
