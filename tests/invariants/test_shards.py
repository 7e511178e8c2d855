"""Exact shards: a coverage-guided campaign gives the same summary (timings aside) played whole,
on several processes (``--jobs``), or split into shards (``--shard I/N``) combined by
``fuzz merge``, for several splits: a block of games depends on nothing outside it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from nemesis_rules.invariants.campaign import Campaign, run
from nemesis_rules.invariants.catalogue import catalogue
from nemesis_rules.invariants.fuzzing import Setup, plan
from nemesis_rules.invariants.shards import merge

GAMES = 14
BLOCK = 3
"""Five blocks (3, 3, 3, 3 and 2 games): later games of a block learn from the earlier ones."""
TIMINGS = ("seconds", "steps_per_second")


def campaign(out: Path, shard: tuple[int, int] | None = None) -> Campaign:
    setup = Setup(invariant_ids=tuple(i.id for i in catalogue()), coverage=True)
    return Campaign(GAMES, 7, (1, 2), ("base", "void-seeders"), setup, shard, out, shrink_budget=3, block=BLOCK)


def untimed(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in TIMINGS}


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    out = tmp_path_factory.mktemp("fuzz")
    return out, run(campaign(out))


def test_a_shard_plays_whole_blocks_and_the_shards_cover_the_campaign_once() -> None:
    for total in (2, 3, 5, 7):
        indices = []
        for index in range(1, total + 1):
            mine = [s.index for s in plan(GAMES, 7, (1, 2), ("base",), (index, total), BLOCK)]
            assert all((g // BLOCK) % total == index - 1 for g in mine)
            indices.extend(mine)
        assert sorted(indices) == list(range(GAMES))


def test_two_processes_give_the_whole_campaign(whole: tuple[Path, dict[str, Any]]) -> None:
    out, summary = whole
    assert untimed(run(campaign(out), jobs=2)) == untimed(summary)


@pytest.mark.parametrize("total", [2, 3, 5])
def test_shards_merged_give_the_whole_campaign_with_coverage_on(whole: tuple[Path, dict[str, Any]], total: int) -> None:
    out, summary = whole
    assert summary["campaign"]["coverage"] and summary["steps"] > 0
    parts = [run(campaign(out, (index, total))) for index in range(1, total + 1)]
    assert sum(p["games"] for p in parts) == GAMES
    assert untimed(merge(parts)) == untimed(summary)
