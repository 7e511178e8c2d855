"""A campaign on a Dask cluster (``fuzz --cluster ADDRESS``): the campaign's blocks are sent as
tasks to the workers of a ``dask.distributed`` scheduler, and the results come back to this
machine, which writes the records and the summary.

A block (:func:`~.fuzzing.play_block`) is the unit of work because its games depend on nothing
outside it: whichever worker plays it, and in whatever order the blocks finish, the results,
put back in campaign order, are those of ``fuzz --jobs 1``, and so is the summary (timings aside).

``ADDRESS`` is a running scheduler (``tcp://HOST:PORT``, started with ``dask scheduler`` and
joined by ``dask worker tcp://HOST:PORT`` on each machine; every worker needs this package, at
the same version, and the files of any ``--invariant FILE.py:NAME`` at the same path), or
``local:N``, a :class:`~distributed.LocalCluster` of ``N`` single-threaded worker processes on
this machine started for the campaign and stopped after it. Its workers are forked from this process
(as ``--jobs`` forks its pool), not spawned: a spawned worker starts a new interpreter and imports
Dask and this package again, about 5 to 8 s on two busy cores against under 1 s forked, which on a
campaign of 200 games was more than the 10% a cluster may cost.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import dask
from distributed import Client, LocalCluster, as_completed

from nemesis_rules.invariants.campaign import Campaign, summarise, with_refusals
from nemesis_rules.invariants.fuzzing import GameResult, GameSpec, Setup, play_block
from nemesis_rules.invariants.heap import settle_for_good
from nemesis_rules.model.game import start

LOCAL = "local:"
"""The prefix of a cluster address that starts a LocalCluster (``local:N``, N workers)."""
CONNECT_SECONDS = 10
"""How long to wait for a scheduler to answer."""


class ClusterError(ValueError):
    """The cluster cannot be reached or started (the address is wrong, the scheduler is down)."""


def parse_address(text: str) -> str | int:
    """A scheduler's address as given, or the worker count of ``local:N``; ValueError when neither."""
    if text.startswith(LOCAL):
        count = text.removeprefix(LOCAL)
        if not count.isdigit() or int(count) < 1:
            raise ValueError(f"expected local:N with N >= 1 workers, got {text!r}")
        return int(count)
    scheme, sep, rest = text.partition("://")
    if not sep or not scheme or not rest:
        raise ValueError(f"expected a scheduler address such as tcp://HOST:PORT, or local:N, got {text!r}")
    return text


WORKER_START = "distributed.worker.multiprocessing-method"
"""The Dask setting that says how a LocalCluster's nannies start their workers (see the module notes)."""


def _local(workers: int) -> LocalCluster:
    """A LocalCluster of ``workers`` single-threaded worker processes."""
    return LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",  # any free port: no clash with a dashboard running already
        silence_logs=logging.ERROR,
    )


@contextmanager
def connected(address: str | int) -> Iterator[Client]:
    """A client of the scheduler at ``address``, or of a LocalCluster of ``address`` workers."""
    cluster: LocalCluster | None = None
    try:
        if isinstance(address, int):
            with dask.config.set({WORKER_START: "fork"}):
                cluster = _local(address)
            client = Client(cluster)
        else:
            client = Client(address, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError) as exc:
        if cluster is not None:
            cluster.close()
        raise ClusterError(f"cannot reach the Dask scheduler at {address} ({exc})") from None
    try:
        yield client
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


_settled: set[str] = set()
"""The rulesets whose tables this worker process has loaded and frozen (see :func:`play_block_settled`)."""


def play_block_settled(specs: list[GameSpec], setup: Setup) -> list[GameResult]:
    """:func:`~.fuzzing.play_block` on a worker, with its heap settled as ``fuzz`` settles it
    (:mod:`.heap`) once per ruleset: the first block of a ruleset a worker plays loads that ruleset's
    tables and freezes them out of the collector's sight. (Without it a cluster worker collects its
    whole heap as often as Python's default asks: on a 200-game campaign the cluster ran about 11%
    slower than ``--jobs 2``, whose forked workers inherit the settled heap.)"""
    new = {spec.ruleset for spec in specs} - _settled
    if new:
        for ruleset in sorted(new):
            start(ruleset, 2)
        _settled.update(new)
        settle_for_good()
    return play_block(specs, setup)


def play_on(
    client: Client, campaign: Campaign, progress: Callable[[GameResult], None] | None = None
) -> list[GameResult]:
    """Every game of the campaign, its blocks played on the cluster's workers, in campaign order."""
    work = campaign.blocks()
    futures = client.map(play_block_settled, work, [campaign.setup] * len(work), pure=False)
    where = {future.key: index for index, future in enumerate(futures)}
    played: dict[int, list[GameResult]] = {}
    for future, results in as_completed(futures, with_results=True):
        played[where[future.key]] = results
        if progress is not None:
            for result in results:
                progress(result)
    return [result for index in range(len(work)) for result in played[index]]


def run_on_cluster(
    campaign: Campaign, address: str | int, progress: Callable[[GameResult], None] | None = None
) -> dict[str, Any]:
    """:func:`~.campaign.run` on a cluster: play the campaign there and summarise it here
    (``seconds`` counts from the connection made to the last result back)."""
    with connected(address) as client:
        started = time.perf_counter()
        results = play_on(client, campaign, progress)
        seconds = time.perf_counter() - started
    return with_refusals(campaign, summarise(campaign, results, seconds, shrinking=campaign.shard is None))
