"""Seeded random campaigns, clause coverage and the conflict report built from the rulebook and the games."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

import nemesis_rules.findings.campaign as campaign_module
import nemesis_rules.findings.report as report_module
from nemesis_rules.findings.campaign import Campaign, GameRun, GameSpec, GapHit, campaign_specs, run_campaign, run_game
from nemesis_rules.findings.report import (
    REQUIRED_KEYS,
    SCENARIO_SAME,
    SITUATION_PENDING,
    conflict_report,
    report_summary,
)
from nemesis_rules.invariants.coverage import overall_coverage, ruleset_coverage
from nemesis_rules.model.core.engine import RuleGap, Transition
from nemesis_rules.players.play import play_game
from nemesis_rules.rulebook import UnknownRulesetError, catalogue, clauses_for, numeric_conflicts, rulings
from nemesis_rules.rulebook.triggers import same_trigger_pairs


@pytest.fixture(scope="module")
def base_campaign() -> Campaign:
    """Three base games with 1, 2 and 3 players (seeds 1-3)."""
    return run_campaign(campaign_specs(3, 1, ["base"]))


def test_specs_cycle_player_counts_and_number_seeds() -> None:
    specs = campaign_specs(6, 10, ["base", "void-seeders"])
    assert [(s.ruleset, s.players, s.seed) for s in specs[:6]] == [
        ("base", p, 10 + i) for i, p in enumerate([1, 2, 3, 4, 5, 1])
    ]
    assert [s.ruleset for s in specs[6:]] == ["void-seeders"] * 6
    assert {s.players for s in campaign_specs(3, 1, ["base"], players=4)} == {4}
    with pytest.raises(UnknownRulesetError):
        campaign_specs(1, 1, ["basic"])


def test_a_game_run_matches_the_played_game() -> None:
    spec = GameSpec("base", 2, 7)
    run = run_game(spec)
    final, log = play_game(7, 2, "base")
    assert run.failure is None and run.end == (final.end.reason if final.end else None)
    assert run.steps == len(log.actions) and run.fired == log.clauses
    assert all(1 <= step <= run.steps for step in run.first_fired.values())


def test_every_gap_is_found_again_at_its_seed_and_step(base_campaign: Campaign) -> None:
    hits = base_campaign.gaps
    assert hits, "three base games (one of them solo) reached no gap at all"
    for hit in hits[:5]:
        transitions: list[Transition] = []
        play_game(hit.game.seed, hit.game.players, hit.game.ruleset, on_step=_collect(transitions))
        transition = transitions[hit.step - 1]
        assert (hit.clause, hit.situation, hit.ruling) in {(g.clause, g.situation, g.ruling) for g in transition.gaps}


def _collect(transitions: list[Transition]) -> Callable[..., None]:
    return lambda _state, _action, transition: transitions.append(transition)


def _fake_play(steps: int, error: Exception) -> Callable[..., Any]:
    def fake(seed: int, players: int, ruleset: str, rulings: Any, variants: Any, **hooks: Any) -> Any:
        transition = Transition(None, ("base.noise.danger",), ())  # type: ignore[arg-type]
        for _ in range(steps):
            hooks["on_step"](None, None, transition)
        raise error

    return fake


def test_an_undecided_rule_gap_stops_the_game_and_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(campaign_module, "play_game", _fake_play(2, RuleGap("base.bag.draw-one", "the bag is empty")))
    run = run_game(GameSpec("base", 3, 5))
    assert run.gaps == [GapHit("base.bag.draw-one", "the bag is empty", None, None, GameSpec("base", 3, 5), 3)]
    assert not run.gaps[0].decided and run.failure is None and run.end is None and run.fired["base.noise.danger"] == 2


def test_an_engine_error_is_kept_and_the_campaign_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(campaign_module, "play_game", _fake_play(1, KeyError("void-seeders")))
    played = run_campaign([GameSpec("base", 1, 1), GameSpec("base", 2, 2)])
    assert [f.step for f in played.failures] == [2, 2]
    assert played.failures[0].error == "KeyError: 'void-seeders'"


def test_coverage_counts_clauses_in_force_and_sets_rulings_and_unknown_ids_apart() -> None:
    fired = Counter({"base.noise.danger": 3, "vs.lurking.find": 1, "base.gap.egg-supply": 2, "base.noise.nope": 1})
    cov = ruleset_coverage("base", fired, games=4)
    assert cov.fired == ("base.noise.danger",) and cov.counts == {"base.noise.danger": 3}
    assert cov.rulings_fired == {"base.gap.egg-supply": 2} and cov.uncatalogued == {"base.noise.nope": 1}
    assert cov.outside_ruleset == {"vs.lurking.find": 1}
    assert len(cov.clauses) == len(clauses_for("base")) and len(cov.never_fired) == len(cov.clauses) - 1
    assert cov.percent == round(100 / len(cov.clauses), 1)
    noise = next(f for f in cov.families() if f.family == "base.noise")
    assert noise.fired == 1 and noise.total == sum(1 for c in cov.clauses if c.id.startswith("base.noise."))
    assert sum(f.total for f in cov.families()) == len(cov.clauses)
    data = cov.to_json()
    assert data["fired"] == 1 and data["never_fired"] == list(cov.never_fired)


def test_overall_coverage_is_the_union_over_rulesets() -> None:
    base = ruleset_coverage("base", Counter({"base.noise.danger": 1}), 1)
    vs = ruleset_coverage("void-seeders", Counter({"base.noise.danger": 1, "vs.lurking.find": 1}), 1)
    total = overall_coverage([base, vs])
    assert total.fired == 2
    assert total.total == len({c.id for c in clauses_for("base")} | {c.id for c in clauses_for("void-seeders")})


def test_base_campaign_covers_some_clauses(base_campaign: Campaign) -> None:
    cov = ruleset_coverage("base", base_campaign.fired("base"), 3)
    assert cov.fired and not cov.uncatalogued and not cov.outside_ruleset


def test_report_lists_every_ruling_with_the_required_keys() -> None:
    entries = conflict_report()
    by_id = {e["id"]: e for e in entries}
    assert set(rulings()) <= set(by_id)
    for ruling_id, item in rulings().items():
        entry = by_id[ruling_id]
        assert list(entry)[: len(REQUIRED_KEYS)] == list(REQUIRED_KEYS)
        assert entry["kind"] == item.kind.value and entry["default"] == item.default
        assert entry["sources"] and all(set(s) == {"file", "section"} for s in entry["sources"])
        assert [r["id"] for r in entry["readings"]] == list(item.reading_ids)
        if entry["situation"] is None:  # without a campaign, only a hand-built scenario gives a situation
            assert entry["situation_note"] in (SITUATION_PENDING, SCENARIO_SAME) or entry["situation_note"].startswith(
                "no situation can exist: "
            )
        else:
            assert entry["situation"]["from"]["scenario"] == ruling_id
            assert entry["situation_note"].startswith("hand-built scenario")
        assert entry["origin"] == "ruling" and entry["reached"] is None


def test_numeric_conflicts_are_shown_under_their_data_rulings() -> None:
    shown = {n["quantity"] for e in conflict_report() for n in e["numeric"]}
    assert shown == {c.id for c in numeric_conflicts()}
    noise = next(e for e in conflict_report() if e["id"] == "base.data.noise-die")
    faces = next(n for n in noise["numeric"] if n["quantity"] == "noise-die.number-faces")
    assert [v["value"] for v in faces["values"]] == [8, 4]


def test_an_undecided_numeric_conflict_becomes_an_open_data_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    without = {k: v for k, v in rulings().items() if k != "base.data.noise-die"}
    monkeypatch.setattr(report_module, "rulings", lambda: without)
    entry = next(e for e in conflict_report() if e["id"] == "numeric:noise-die.number-faces")
    assert entry["kind"] == "data" and entry["origin"] == "numeric-cross-check" and entry["status"] == "open"
    assert entry["default"] is None and [r["id"] for r in entry["readings"]] == ["value-8", "value-4"]
    assert {"file": "base-rules-reference.txt", "section": "Noise"} in entry["sources"]


def test_an_open_same_trigger_pair_becomes_an_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    reviewed = next(p for p in same_trigger_pairs() if p.review is not None)
    monkeypatch.setattr(report_module, "same_trigger_pairs", lambda: [replace(reviewed, review=None)])
    entry = next(e for e in conflict_report() if e["origin"] == "same-trigger")
    assert entry["id"] == f"trigger:{reviewed.first.id}+{reviewed.second.id}"
    assert [r["id"] for r in entry["readings"]] == list(reviewed.ids) and entry["default"] is None


def test_the_linked_same_trigger_pair_is_shown_under_its_ruling() -> None:
    entry = next(e for e in conflict_report() if e["id"] == "vs.ambiguity.lair-noise-timing")
    assert entry["same_trigger"] == [["base.fire.end-of-turn", "vs.lair.noise-roll"]]


def test_gaps_reached_are_counted_under_their_rulings(base_campaign: Campaign) -> None:
    entries = {e["id"]: e for e in conflict_report(base_campaign)}
    for hit in base_campaign.gaps:
        assert hit.ruling is not None
        reached = entries[hit.ruling]["reached"]
        assert reached["gaps"] == sum(1 for g in base_campaign.gaps if g.ruling == hit.ruling)
        first = next(g for g in base_campaign.gaps if g.ruling == hit.ruling)
        assert (reached["first"]["seed"], reached["first"]["step"]) == (first.game.seed, first.step)


def test_an_undecided_gap_becomes_an_open_gap_entry_with_seed_and_step() -> None:
    game = GameSpec("base", 2, 9)
    run = GameRun(game, steps=40, gaps=[GapHit("base.bag.draw-one", "the bag is empty", None, None, game, 41)])
    entry = next(e for e in conflict_report(Campaign((run,))) if e["origin"] == "fuzz")
    assert entry["id"] == "gap:base.bag.draw-one" and entry["kind"] == "gap" and entry["status"] == "open"
    assert entry["reached"]["first"] == {
        "ruleset": "base", "players": 2, "seed": 9, "step": 41, "clause": "base.bag.draw-one",
        "situation": "the bag is empty",
    }  # fmt: skip
    assert entry["sources"] == [
        {"file": c.file, "section": c.section} for c in catalogue()["base.bag.draw-one"].citations
    ]


def test_summary_counts_entries_and_checks(base_campaign: Campaign) -> None:
    entries = conflict_report(base_campaign)
    summary = report_summary(entries, base_campaign)
    assert summary["entries"] == len(entries) and sum(summary["by_kind"].values()) == len(entries)
    assert summary["games"] == 3 and summary["gaps_decided"] == len(base_campaign.gaps)
    pairs = summary["same_trigger_linked"] + summary["same_trigger_reviewed"] + summary["same_trigger_open"]
    assert pairs == summary["same_trigger_pairs"]
