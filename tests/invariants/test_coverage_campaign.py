"""Issue #4's "done when", as a campaign: the default fuzz campaign (``nemesis-rules fuzz``: 500
seeded games, both rulesets, players 1-5 in turn, coverage-guided) exercises every catalogued
clause a game of its ruleset can meet, firing it or, for a restriction, having ``check`` refuse a
decision citing it, with no invariant violated. The clauses the catalogue calls unreachable under
a ruleset (the Void Seeders Help cards, a table aid) are the only ones left.

Set NEMESIS_LONG=1 to run it (about two and a half minutes on two cores); without it the test is
skipped. ``nemesis-rules fuzz --json`` prints the same figures.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from nemesis_rules.invariants.campaign import Campaign, run
from nemesis_rules.invariants.catalogue import catalogue
from nemesis_rules.invariants.fuzzing import Setup, playable_rulesets

LONG = os.environ.get("NEMESIS_LONG") == "1"
GAMES = 500


@pytest.mark.skipif(not LONG, reason="a 500-game campaign; set NEMESIS_LONG=1")
def test_the_default_campaign_exercises_every_reachable_clause(tmp_path: Path) -> None:
    setup = Setup(invariant_ids=tuple(i.id for i in catalogue()), coverage=True)
    campaign = Campaign(GAMES, 1, (1, 2, 3, 4, 5), playable_rulesets(), setup, out=tmp_path)
    summary = run(campaign, jobs=os.cpu_count() or 1)
    assert summary["violations"] == []
    assert summary["probe_errors"] == []
    for ruleset, coverage in summary["clause_coverage"].items():
        left = coverage["never_exercised_reachable"]
        assert left == [], f"{ruleset}: never exercised in {GAMES} games: {left}"
    assert summary["clause_coverage"]["base"]["never_exercised"] == []
