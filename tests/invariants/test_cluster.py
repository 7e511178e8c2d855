"""``fuzz --cluster``: a small coverage-guided campaign played on a Dask LocalCluster of two
worker processes gives the summary it gives on one process (timings aside), and an address that
is neither ``local:N`` nor a scheduler's is refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from nemesis_rules.invariants.campaign import Campaign, run
from nemesis_rules.invariants.catalogue import catalogue
from nemesis_rules.invariants.cluster import parse_address, run_on_cluster
from nemesis_rules.invariants.fuzzing import Setup

TIMINGS = ("seconds", "steps_per_second")


def untimed(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in TIMINGS}


def test_a_local_cluster_of_two_workers_plays_the_local_campaign(tmp_path: Path) -> None:
    setup = Setup(invariant_ids=tuple(i.id for i in catalogue()), coverage=True)
    campaign = Campaign(10, 3, (1, 2), ("base", "void-seeders"), setup, out=tmp_path, shrink_budget=3, block=3)
    local = run(campaign)
    played: list[int] = []
    on_cluster = run_on_cluster(campaign, 2, lambda result: played.append(result.spec.index))
    assert sorted(played) == list(range(10))
    assert untimed(on_cluster) == untimed(local)


@pytest.mark.parametrize("address", ["local:0", "local:x", "localhost", "tcp://"])
def test_an_address_that_is_no_scheduler_and_no_local_cluster_is_refused(address: str) -> None:
    with pytest.raises(ValueError, match="expected"):
        parse_address(address)


def test_a_scheduler_address_and_a_local_cluster_are_read() -> None:
    assert parse_address("tcp://10.0.0.5:8786") == "tcp://10.0.0.5:8786"
    assert parse_address("local:3") == 3
