"""A fuzz campaign: play the games (in parallel), save what they found as records, shrink each
invariant's first violation, and summarise (the JSON ``nemesis-rules fuzz --json`` prints).

The summary is a function of the arguments: games are seeded from the campaign seed, results
are combined in campaign order whatever the number of processes, and shrinking is bounded by a
number of replays, not by time. Only ``seconds`` and ``steps_per_second`` vary between runs.

Records go under the output folder: ``violations/<invariant>-seed<S>.jsonl`` (the game up to
the violating step), ``violations/<invariant>-seed<S>-min.jsonl`` (shrunk) and
``gaps/<clause>-<situation hash>-seed<S>.jsonl`` (the first game reaching each gap, up to
that step). The names depend on nothing but the game, so a campaign and its shards (``--shard
I/N``, combined by :func:`.shards.merge`) write the same files.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nemesis_rules.atomic import ensure_folder, sync_all
from nemesis_rules.invariants.coverage import ruleset_coverage
from nemesis_rules.invariants.edges import edge_for, edge_start
from nemesis_rules.invariants.fuzzing import (
    ENGINE_ERROR,
    Found,
    GameResult,
    GameSpec,
    Setup,
    block_size,
    blocks,
    plan,
    play_block,
)
from nemesis_rules.invariants.named import replay_spec
from nemesis_rules.invariants.refusals import replay_cases
from nemesis_rules.invariants.refusals import summary as refusal_summary
from nemesis_rules.invariants.shrinking import DEFAULT_BUDGET, shrink
from nemesis_rules.invariants.user import USER_PREFIX
from nemesis_rules.model.core.actions import Action
from nemesis_rules.model.game import make_config
from nemesis_rules.record import RecordHeader, write_record

SUMMARY_FORMAT = "nemesis-rules-fuzz-summary"
SUMMARY_VERSION = 2
"""2: a campaign is played in blocks (``campaign.block`` games each) with their own coverage memory."""
PROBE_ERRORS_KEPT = 20
"""How many probe failures (engine errors while checking a probe) a summary lists."""


@dataclass(frozen=True, slots=True)
class Campaign:
    """The arguments of a campaign (what determines its summary)."""

    games: int
    seed: int
    players: tuple[int, ...]
    rulesets: tuple[str, ...]
    setup: Setup
    shard: tuple[int, int] | None = None
    out: Path = Path("fuzz-out")
    shrink_budget: int = DEFAULT_BUDGET
    block: int | None = None
    """Games per block (None: :func:`~.fuzzing.block_size` of ``games``)."""

    @property
    def block_games(self) -> int:
        """How many games each block holds (the last may hold fewer)."""
        return self.block or block_size(self.games)

    def specs(self) -> list[GameSpec]:
        return plan(self.games, self.seed, self.players, self.rulesets, self.shard, self.block_games)

    def blocks(self) -> list[list[GameSpec]]:
        """This campaign's (or shard's) games by block, in campaign order: the unit of work."""
        return blocks(self.specs(), self.block_games)

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "seed": self.seed,
            "players": list(self.players),
            "rulesets": list(self.rulesets),
            "rulings": dict(self.setup.rulings),
            "variants": dict(self.setup.variants),
            "invariants": list(self.setup.invariant_ids),
            "user_invariants": list(self.setup.user_invariants),
            "coverage": self.setup.coverage,
            "player": self.setup.player,
            "probes": self.setup.probes,
            "shrink_budget": self.shrink_budget,
            "block": self.block_games,
        }


# -- playing -----------------------------------------------------------------------------------


def _play_block(job: tuple[list[GameSpec], Setup]) -> list[GameResult]:
    specs, setup = job
    return play_block(specs, setup)


def play_all(
    campaign: Campaign, jobs: int = 1, progress: Callable[[GameResult], None] | None = None
) -> list[GameResult]:
    """Play every game of the campaign (on ``jobs`` processes), results in campaign order. The
    unit of work is a block (:func:`~.fuzzing.play_block`), so the results are the same on any
    number of processes."""
    work = [(block, campaign.setup) for block in campaign.blocks()]
    results: list[GameResult] = []
    pool = multiprocessing.get_context("fork").Pool(jobs) if jobs > 1 and len(work) > 1 else None
    try:
        mapped: Iterable[list[GameResult]] = (
            pool.imap(_play_block, work, chunksize=1) if pool is not None else map(_play_block, work)
        )
        for played in mapped:
            for result in played:
                results.append(result)
                if progress is not None:
                    progress(result)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return results


# -- records -----------------------------------------------------------------------------------


def _named(base: Path, ending: str) -> Path:
    return base.parent / (base.name + ending)


def _slug(text: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-." else "-" for ch in text).strip("-") or "x"


def save_record(
    path: Path, spec: GameSpec, setup: Setup, actions: Sequence[Action], *, seeded: bool, sync: bool = True
) -> str:
    """Write a game record (the seed in its header when the seed alone replays it); ``sync``
    False: made durable later, by :func:`~nemesis_rules.atomic.sync_all`."""

    config = make_config(spec.ruleset, spec.players, dict(setup.rulings), dict(setup.variants))
    edge = edge_start(spec.index, spec.ruleset, spec.players, spec.seed, setup.rulings, setup.variants)
    header = RecordHeader.for_config(config, seed=spec.seed if seeded and edge is None else None, snapshot=edge)
    ensure_folder(path.parent)  # a file in the way or a read-only folder: one line, exit 2
    write_record(path, header, actions, sync=sync)
    return str(path)


def _user_name(spec: str) -> str:
    """``FILE.py:NAME`` as user invariants are named: the file's name and the function's."""
    path, _, function = spec.rpartition(":")
    return f"{Path(path).name}:{function}"


def replay_command(record: str, invariant: str, setup: Setup) -> str:
    """The command that replays ``record`` and shows the violation again."""
    if invariant == ENGINE_ERROR:
        return f"nemesis-rules replay {record}"

    if invariant.startswith(USER_PREFIX):
        name = invariant.removeprefix(USER_PREFIX)
        spec = next((u for u in setup.user_invariants if _user_name(u) == name), name)
        return f"nemesis-rules replay {record} --invariant {spec}"

    return f"nemesis-rules replay {record} --invariant {replay_spec(invariant)}"


# -- the summary -------------------------------------------------------------------------------


def summarise(campaign: Campaign, results: Sequence[GameResult], seconds: float, *, shrinking: bool) -> dict[str, Any]:
    """Save the records and build the summary of a campaign's results."""
    setup = campaign.setup
    out = campaign.out
    steps = sum(r.steps for r in results)
    violations = []
    shrunk_first: set[str] = set()
    for result in results:
        spec = result.spec
        for found in result.found:
            base = out / "violations" / f"{_slug(found.invariant)}-seed{spec.seed}"
            record = save_record(
                _named(base, ".jsonl"), spec, setup, result.actions[: found.step], seeded=not setup.coverage
            )
            entry: dict[str, Any] = {
                "invariant": found.invariant,
                "seed": spec.seed,
                "record": record,
                "ruleset": spec.ruleset,
                "players": spec.players,
                "step": found.step,
                "message": found.message,
            }
            if shrinking and campaign.shrink_budget > 0 and found.invariant not in shrunk_first:
                shrunk_first.add(found.invariant)
                entry.update(
                    shrink_entry(base, spec, setup, result.actions[: found.step], found, campaign.shrink_budget)
                )
            entry["replay"] = replay_command(entry["record"], found.invariant, setup)
            violations.append(entry)
    gaps = _first_gaps(results, out, setup)
    by_ruleset: dict[str, Counter[str]] = {}
    refused_by_ruleset: dict[str, Counter[str]] = {}
    for result in results:
        by_ruleset.setdefault(result.spec.ruleset, Counter()).update(result.clauses)
        refused_by_ruleset.setdefault(result.spec.ruleset, Counter()).update(result.refused)
    probe_errors = [
        {"seed": r.spec.seed, "ruleset": r.spec.ruleset, "players": r.spec.players, "error": e}
        for r in results
        for e in r.probe_errors
    ]
    return {
        "format": SUMMARY_FORMAT,
        "version": SUMMARY_VERSION,
        "campaign": campaign.to_json(),
        "shard": list(campaign.shard) if campaign.shard else None,
        "games": len(results),
        "steps": steps,
        "edge_games": sum(1 for r in results if edge_for(r.spec.index, r.spec.ruleset) is not None),
        "near_edge": dict(sorted(sum((r.near for r in results), Counter()).items())),
        "seconds": round(seconds, 3),
        "steps_per_second": round(steps / seconds, 1) if seconds > 0 else 0.0,
        "violations": violations,
        "gaps": gaps,
        "end_reasons": dict(sorted(Counter(r.end_reason for r in results).items())),
        "clauses": dict(sorted(sum(by_ruleset.values(), Counter()).items())),
        "clauses_by_ruleset": {r: dict(sorted(c.items())) for r, c in sorted(by_ruleset.items())},
        "games_by_ruleset": dict(sorted(Counter(r.spec.ruleset for r in results).items())),
        "clause_coverage": coverage(by_ruleset, Counter(r.spec.ruleset for r in results), refused_by_ruleset),
        "refused": dict(sorted(sum(refused_by_ruleset.values(), Counter()).items())),
        "refused_by_ruleset": {r: dict(sorted(c.items())) for r, c in sorted(refused_by_ruleset.items())},
        "probes": sum(r.probes for r in results),
        "probe_errors": probe_errors[:PROBE_ERRORS_KEPT],
    }


def shrink_entry(
    base: Path, spec: GameSpec, setup: Setup, actions: tuple[Action, ...], found: Found, budget: int
) -> dict[str, Any]:
    error_kind = found.message.split(":", 1)[0] if found.invariant == ENGINE_ERROR else ""
    result = shrink(spec, setup, actions, found.invariant, error_kind=error_kind, budget=budget)
    if result is None:
        return {"shrunk": None}
    record = save_record(_named(base, "-min.jsonl"), spec, setup, result.actions, seeded=False)
    return {
        "original_record": str(_named(base, ".jsonl")),
        "record": record,
        "shrunk": {"steps": len(result.actions), "tried": result.tried, "minimal": result.minimal},
        "message": result.message,
    }


def _first_gaps(results: Sequence[GameResult], out: Path, setup: Setup) -> list[dict[str, Any]]:
    """The first game (in campaign order) reaching each gap, saved up to the gap's step."""
    first: dict[tuple[str, str], tuple[GameResult, Any]] = {}
    for result in results:
        for gap in result.gaps:
            first.setdefault((gap.clause, gap.situation), (result, gap))
    gaps = []
    for (clause, situation), (result, gap) in first.items():
        spec = result.spec
        digest = hashlib.sha1(situation.encode("utf-8")).hexdigest()[:8]
        path = out / "gaps" / f"{_slug(clause)}-{digest}-seed{spec.seed}.jsonl"
        actions = result.actions[: gap.step]
        record = save_record(path, spec, setup, actions, seeded=not setup.coverage, sync=False)
        gaps.append(
            {
                "clause": clause,
                "situation": situation,
                "record": record,
                "seed": spec.seed,
                "step": gap.step,
                "ruling": gap.ruling,
                "reading": gap.reading,
            }
        )
    if gaps:  # one flush for the lot instead of an fsync per record
        sync_all()
    return gaps


def coverage(
    by_ruleset: Mapping[str, Counter[str]],
    games: Mapping[str, int],
    refused_by_ruleset: Mapping[str, Counter[str]] | None = None,
) -> dict[str, Any]:
    """Per ruleset: how many of its catalogued clauses fired, how many probes refused, how many
    were exercised either way (``percent``), which never fired and which were never exercised."""

    refusals = refused_by_ruleset or {}
    out = {}
    for ruleset, fired in sorted(by_ruleset.items()):
        cov = ruleset_coverage(ruleset, fired, games.get(ruleset, 0), refusals.get(ruleset, Counter()))
        out[ruleset] = {
            "clauses": len(cov.clauses),
            "fired": len(cov.fired),
            "refused": len(cov.refused),
            "exercised": len(cov.exercised),
            "percent": cov.percent,
            "never_fired": list(cov.never_fired),
            "never_exercised": list(cov.never_exercised),
            "unreachable": cov.unreachable,
            "never_exercised_reachable": list(cov.never_exercised_reachable),
        }
    return out


def run(campaign: Campaign, jobs: int = 1, progress: Callable[[GameResult], None] | None = None) -> dict[str, Any]:
    """Play the campaign and summarise it (shrinking unless it is one shard of a larger one)."""
    started = time.perf_counter()
    results = play_all(campaign, jobs, progress)
    seconds = time.perf_counter() - started
    return with_refusals(campaign, summarise(campaign, results, seconds, shrinking=campaign.shard is None))


def with_refusals(campaign: Campaign, summary: dict[str, Any]) -> dict[str, Any]:
    """``summary`` with the must-stay-illegal cases of the campaign's rulesets replayed (issue #19:
    the refusals that must stay refusals), whichever way the games were played."""
    refused = replay_cases(rulesets=campaign.rulesets)
    summary["must_stay_illegal"] = refusal_summary(refused, campaign.rulesets)
    return summary
