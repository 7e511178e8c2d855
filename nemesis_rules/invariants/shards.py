"""Shards: a campaign split over machines (``fuzz --shard I/N``) and combined again
(``fuzz merge``). The merged summary is the one running the campaign whole gives, timings
aside, coverage-guided play included: a shard plays whole blocks of the campaign (every
``N``-th block, :func:`~.fuzzing.plan`), and a block's games depend on nothing outside it
(:func:`~.fuzzing.play_block`). Shrinking waits for the merge, which shrinks each invariant's
first violation."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from nemesis_rules.invariants.campaign import (
    PROBE_ERRORS_KEPT,
    SUMMARY_FORMAT,
    SUMMARY_VERSION,
    coverage,
    replay_command,
    shrink_entry,
)
from nemesis_rules.invariants.fuzzing import Found, GameSpec, Setup
from nemesis_rules.record import read_record


def setup_of(data: Mapping[str, Any]) -> Setup:
    """The shared game setup of a summary's campaign."""
    return Setup(
        rulings=tuple(sorted(data["rulings"].items())),
        variants=tuple(sorted(data["variants"].items())),
        invariant_ids=tuple(data["invariants"]),
        user_invariants=tuple(data["user_invariants"]),
        coverage=bool(data["coverage"]),
        player=str(data.get("player", "uniform")),
        probes=int(data.get("probes", 0)),
    )


def merge(summaries: Sequence[Mapping[str, Any]], sources: Sequence[str] = ()) -> dict[str, Any]:
    """Combine the summaries of a campaign's shards into the campaign's summary: the same as
    running it whole (timings aside: ``seconds`` is the sum of the shards'), the first
    violation of each invariant shrunk here. Problems are :class:`ValueError` naming the file."""
    names = list(sources) or [f"summary {i + 1}" for i in range(len(summaries))]
    if not summaries:
        raise ValueError("no summaries to merge")
    first = summaries[0]
    for name, data in zip(names, summaries, strict=True):
        if data.get("format") != SUMMARY_FORMAT or data.get("version") != SUMMARY_VERSION:
            raise ValueError(f"{name}: not a fuzz summary ({SUMMARY_FORMAT} version {SUMMARY_VERSION})")
        if data["campaign"] != first["campaign"]:
            raise ValueError(f"{name}: a different campaign (its arguments differ from {names[0]}'s)")
        if not data.get("shard"):
            raise ValueError(f"{name}: not a shard (run with --shard I/N)")
    shards = [tuple(d["shard"]) for d in summaries]
    total = shards[0][1]
    if any(n != total for _, n in shards) or sorted(i for i, _ in shards) != list(range(1, total + 1)):
        listed = ", ".join(f"{i}/{n}" for i, n in shards)
        raise ValueError(f"the shards must be 1/{total} to {total}/{total}, each once; got {listed}")
    campaign = first["campaign"]
    setup = setup_of(campaign)
    violations = sorted((v for d in summaries for v in d["violations"]), key=lambda v: v["seed"])
    shrunk_first: set[str] = set()
    for entry in violations:
        if entry["invariant"] in shrunk_first or campaign["shrink_budget"] <= 0:
            continue
        shrunk_first.add(entry["invariant"])
        _shrink_saved(entry, campaign, setup)
        entry["replay"] = replay_command(entry["record"], entry["invariant"], setup)
    gaps: list[dict[str, Any]] = []
    seen: set[tuple[str, str]] = set()
    for gap in sorted((g for d in summaries for g in d["gaps"]), key=lambda g: (g["seed"], g["step"])):
        if (gap["clause"], gap["situation"]) not in seen:
            seen.add((gap["clause"], gap["situation"]))
            gaps.append(gap)
    by_ruleset: dict[str, Counter[str]] = {}
    refused_by_ruleset: dict[str, Counter[str]] = {}
    games_by_ruleset: Counter[str] = Counter()
    for d in summaries:
        for ruleset, counts in d["clauses_by_ruleset"].items():
            by_ruleset.setdefault(ruleset, Counter()).update(counts)
        for ruleset, counts in d.get("refused_by_ruleset", {}).items():
            refused_by_ruleset.setdefault(ruleset, Counter()).update(counts)
        games_by_ruleset.update(d["games_by_ruleset"])
    probe_errors = sorted((e for d in summaries for e in d.get("probe_errors", ())), key=lambda e: e["seed"])
    steps = sum(d["steps"] for d in summaries)
    seconds = sum(d["seconds"] for d in summaries)
    return {
        "format": SUMMARY_FORMAT,
        "version": SUMMARY_VERSION,
        "campaign": campaign,
        "shard": None,
        "games": sum(d["games"] for d in summaries),
        "steps": steps,
        "seconds": round(seconds, 3),
        "steps_per_second": round(steps / seconds, 1) if seconds > 0 else 0.0,
        "violations": violations,
        "gaps": gaps,
        "end_reasons": dict(sorted(sum((Counter(d["end_reasons"]) for d in summaries), Counter()).items())),
        "clauses": dict(sorted(sum(by_ruleset.values(), Counter()).items())),
        "clauses_by_ruleset": {r: dict(sorted(c.items())) for r, c in sorted(by_ruleset.items())},
        "games_by_ruleset": dict(sorted(games_by_ruleset.items())),
        "clause_coverage": coverage(by_ruleset, games_by_ruleset, refused_by_ruleset),
        "refused": dict(sorted(sum(refused_by_ruleset.values(), Counter()).items())),
        "refused_by_ruleset": {r: dict(sorted(c.items())) for r, c in sorted(refused_by_ruleset.items())},
        "probes": sum(d.get("probes", 0) for d in summaries),
        "probe_errors": probe_errors[:PROBE_ERRORS_KEPT],
        "edge_games": sum(d.get("edge_games", 0) for d in summaries),
        "near_edge": dict(sorted(sum((Counter(d.get("near_edge", {})) for d in summaries), Counter()).items())),
        "must_stay_illegal": summaries[0].get("must_stay_illegal", {"cases": 0, "failed": []}),
    }


def _shrink_saved(entry: dict[str, Any], campaign: Mapping[str, Any], setup: Setup) -> None:
    """Shrink a violation saved by a shard, from its record."""

    record = read_record(entry["record"])
    spec = GameSpec(entry["seed"] - campaign["seed"], entry["ruleset"], entry["players"], entry["seed"])
    found = Found(entry["invariant"], entry["message"], entry["step"])
    base = Path(entry["record"].removesuffix(".jsonl"))
    entry.update(shrink_entry(base, spec, setup, tuple(record.actions), found, campaign["shrink_budget"]))


def load_summary(path: str | Path) -> dict[str, Any]:
    """A summary written by ``fuzz --json``; ValueError naming the file if it cannot be read."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ValueError(f"{path}: cannot read a fuzz summary ({exc})") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path}: not a fuzz summary")
    return data
