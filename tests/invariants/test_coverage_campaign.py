"""Issue #4's "done when", as a campaign: a few hundred seeded base games of coverage-guided fuzz
play (players 1-5 in turn) exercise every catalogued base-game clause, firing it or, for a
restriction, having ``check`` refuse a decision citing it, with no invariant violated.

Set NEMESIS_LONG=1 to run it (about two and a half minutes on two cores); without it the test is
skipped. ``nemesis-rules fuzz --games 500 --ruleset base --json`` prints the same figures.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from nemesis_rules.invariants.campaign import Campaign, run
from nemesis_rules.invariants.catalogue import catalogue
from nemesis_rules.invariants.fuzzing import Setup

LONG = os.environ.get("NEMESIS_LONG") == "1"
GAMES = 500


@pytest.mark.skipif(not LONG, reason="a 500-game campaign; set NEMESIS_LONG=1")
def test_a_base_campaign_exercises_every_base_clause(tmp_path: Path) -> None:
    setup = Setup(invariant_ids=tuple(i.id for i in catalogue()), coverage=True)
    summary = run(Campaign(GAMES, 1, (1, 2, 3, 4, 5), ("base",), setup, out=tmp_path), jobs=os.cpu_count() or 1)
    assert summary["violations"] == []
    assert summary["probe_errors"] == []
    base = summary["clause_coverage"]["base"]
    assert base["never_exercised"] == [], f"never exercised in {GAMES} base games: {base['never_exercised']}"
