"""The collector setting for long campaigns (nemesis_rules.invariants.heap): what it changes inside,
and that it gives everything back on leaving, even when the campaign raises."""

from __future__ import annotations

import gc

import pytest

from nemesis_rules.invariants.heap import YOUNG_THRESHOLD, settle_for_good, settled_heap
from nemesis_rules.players.play import play_game


def test_inside_the_live_objects_are_frozen_and_young_collections_are_rarer() -> None:
    before = gc.get_threshold()
    with settled_heap():
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold()[0] == max(before[0], YOUNG_THRESHOLD)
        assert gc.get_threshold()[1:] == before[1:]
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_settings_come_back_when_the_campaign_raises() -> None:
    before = gc.get_threshold()
    with pytest.raises(RuntimeError), settled_heap():
        raise RuntimeError("a campaign that fails")
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_games_played_inside_are_the_same_games() -> None:
    outside = play_game(3, 2)[1].actions
    with settled_heap():
        inside = play_game(3, 2)[1].actions
    assert inside == outside


def test_a_worker_settled_for_good_keeps_its_tables_out_of_the_collectors_sight() -> None:
    """A cluster worker settles once and plays until it exits: what is alive then is frozen and the
    young generation is collected less often, and nothing restores it."""
    thresholds = gc.get_threshold()
    try:
        settle_for_good()
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold()[0] >= YOUNG_THRESHOLD
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)
