"""Clause coverage counts a clause as exercised when it fired or when a refusal cited it."""

from __future__ import annotations

from collections import Counter

from nemesis_rules.findings.campaign import GameSpec, run_game
from nemesis_rules.invariants.coverage import overall_coverage, ruleset_coverage


def test_a_refused_clause_is_exercised_but_not_fired() -> None:
    fired = Counter({"base.noise.danger": 2})
    refused = Counter({"base.move.closed-door": 1, "base.noise.danger": 1, "vs.lurking.find": 3})
    cov = ruleset_coverage("base", fired, 1, refused)
    assert cov.fired == ("base.noise.danger",)
    assert set(cov.refused) == {"base.move.closed-door", "base.noise.danger"}  # vs clause not in force
    assert set(cov.exercised) == {"base.move.closed-door", "base.noise.danger"}
    assert "base.move.closed-door" in cov.never_fired and "base.move.closed-door" not in cov.never_exercised
    assert cov.percent == round(200 / len(cov.clauses), 1)
    move = next(f for f in cov.families() if f.family == "base.move")
    assert (move.fired, move.exercised) == (0, 1)
    data = cov.to_json()
    assert data["refused"] == 2 and data["exercised"] == 2 and data["refusals"]["base.move.closed-door"] == 1
    assert data["exercised"] + len(data["never_exercised"]) == data["clauses"]
    total = overall_coverage([cov])
    assert (total.fired, total.exercised) == (1, 2)


def test_the_rules_campaign_probes_and_keeps_refusals_apart_from_what_fired() -> None:
    probed = run_game(GameSpec("base", 2, 3))
    plain = run_game(GameSpec("base", 2, 3), probes=0)
    assert probed.fired == plain.fired and probed.steps == plain.steps
    assert probed.refused and not plain.refused


def test_clauses_no_game_of_the_ruleset_can_meet_are_reported_apart_with_why() -> None:
    cov = ruleset_coverage("void-seeders", Counter({"vs.lurking.find": 1}), 1)
    assert "vs.setup.help-cards" in cov.never_exercised
    assert "vs.setup.help-cards" not in cov.never_exercised_reachable
    assert "vs.lurking.find" not in cov.never_exercised
    assert "table aid" in cov.unreachable["vs.setup.help-cards"]
    data = cov.to_json()
    assert set(data["unreachable"]) == {"vs.setup.help-cards", "base.supply.components"}
    assert len(data["never_exercised_reachable"]) == len(data["never_exercised"]) - 2
    assert not ruleset_coverage("base", Counter(), 1).unreachable
