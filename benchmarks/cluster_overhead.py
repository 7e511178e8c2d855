"""What a Dask cluster costs a campaign (issue #24: under 10% at 200 games), measured side by side.

Run ``python benchmarks/cluster_overhead.py`` (the ``cluster`` and ``bench`` extras). It plays the
same campaign (the default campaign's setup: coverage-guided, probes, every invariant; 200 games
by default) in turn on two forked processes (``fuzz --jobs 2``) and on a LocalCluster of two
single-threaded worker processes (``fuzz --cluster local:2``), ``--rounds`` times, alternating so
that a load spike on a shared machine hits both alike (in ABBA order), and prints each run's seconds, the
summaries' equality (timings aside), and the cluster's overhead, as the median of the rounds' paired
ratios (each round's cluster run against its own ``--jobs 2`` run, so that a slow minute counts against
both; best-of figures swing by 20 points between two runs of this script on a shared 2-core machine) and
as the ratio of the best runs: on a cluster already running
whose workers have loaded the package (an existing scheduler, ``--cluster tcp://...``, after its
first campaign), and with the LocalCluster's own start, first loading and stop counted
(``--cluster local:2`` starts one per campaign). It is a measurement, not a test.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from distributed import Client

from nemesis_rules.invariants.campaign import Campaign, run, summarise, with_refusals
from nemesis_rules.invariants.catalogue import catalogue
from nemesis_rules.invariants.cluster import connected, play_on
from nemesis_rules.invariants.fuzzing import Setup, playable_rulesets
from nemesis_rules.invariants.heap import settled_heap
from nemesis_rules.model.game import start

TARGET_OVERHEAD = 0.10
TIMINGS = ("seconds", "steps_per_second")


def untimed(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in TIMINGS}


def on_cluster(client: Client, campaign: Campaign) -> tuple[float, dict[str, Any]]:
    """The campaign played on the cluster and summarised here, timed as ``run`` is (summary and the
    must-stay-illegal replay included, as ``fuzz --cluster`` does)."""
    started = time.perf_counter()
    results = play_on(client, campaign)
    summary = with_refusals(campaign, summarise(campaign, results, 0.0, shrinking=True))
    return time.perf_counter() - started, summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games of the campaign (default 200)")
    parser.add_argument("--rounds", type=int, default=6, help="runs of each, alternated (default 6)")
    args = parser.parse_args()
    rulesets = playable_rulesets()
    setup = Setup(invariant_ids=tuple(i.id for i in catalogue()), coverage=True)
    with tempfile.TemporaryDirectory() as scratch:
        campaign = Campaign(args.games, 1, (1, 2, 3, 4, 5), rulesets, setup, out=Path(scratch))
        for ruleset in rulesets:
            start(ruleset, 2)
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        print(
            f"cluster overhead: {args.games} games ({campaign.block_games} per block, {len(campaign.blocks())} "
            f"blocks), {os.cpu_count()} CPU(s), load average {load:.2f} at the start"
        )
        started = time.perf_counter()
        with connected(2) as client:
            startup = time.perf_counter() - started
            begun = time.perf_counter()
            for ruleset in rulesets:  # each worker imports the package and loads the tables once
                client.run(start, ruleset, 2)
            warm_up = time.perf_counter() - begun
            local: list[float] = []
            remote: list[float] = []
            same = True
            for round_ in range(args.rounds):
                if round_ % 2:  # every other round the cluster first (ABBA: a trend in the load cancels out)
                    seconds, summary = on_cluster(client, campaign)
                    remote.append(seconds)
                with settled_heap():
                    begun = time.perf_counter()
                    reference = run(campaign, jobs=2)
                    local.append(time.perf_counter() - begun)
                if not round_ % 2:
                    seconds, summary = on_cluster(client, campaign)
                    remote.append(seconds)
                same = same and untimed(summary) == untimed(reference)
                print(f"  --jobs 2: {local[-1]:6.1f} s   LocalCluster of 2 workers: {remote[-1]:6.1f} s")
            leaving = time.perf_counter()
        stopped = time.perf_counter() - leaving
    best_local, best_remote = min(local), min(remote)
    paired = statistics.median(r / j for r, j in zip(remote, local, strict=True)) - 1
    spread = sorted(r / j - 1 for r, j in zip(remote, local, strict=True))
    verdict = "met" if paired < TARGET_OVERHEAD else "missed"
    print(f"  summaries identical, timings aside: {same}")
    print(
        f"  overhead on a running cluster, median of {args.rounds} paired rounds: {100 * paired:+.1f}% "
        f"(under {100 * TARGET_OVERHEAD:.0f}%: {verdict}); rounds from {100 * spread[0]:+.1f}% to "
        f"{100 * spread[-1]:+.1f}%, best against best {100 * (best_remote / best_local - 1):+.1f}%"
    )
    fixed = startup + warm_up + stopped
    with_start = statistics.median((r + fixed) / j for r, j in zip(remote, local, strict=True)) - 1
    verdict = "met" if with_start < TARGET_OVERHEAD else "missed"
    print(
        f"  with the LocalCluster's start, its workers' first import and table loading, and its stop "
        f"({startup:.1f} s, {warm_up:.1f} s and {stopped:.1f} s here, as --cluster local:2 pays them), "
        f"median of the paired rounds: {100 * with_start:+.1f}% ({verdict})"
    )


if __name__ == "__main__":
    main()
