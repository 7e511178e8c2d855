"""Insanity proofs under every ruling combination; a deliberately wrong effect is caught; the
conflict witnesses and the unsat core."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from nemesis_rules.cli.app import app
from nemesis_rules.model.rules.void_seeders import insanity as engine_insanity
from nemesis_rules.prove.conflicts import CONFLICTS, summary_rest_core, witness
from nemesis_rules.prove.core import run_suite
from nemesis_rules.prove.insanity import RULINGS, obligations


def test_insanity_invariants_hold_for_every_ruling_combination() -> None:
    results = run_suite(obligations())
    assert {r.id for r in results} == {"insanity.range", "insanity.no-return-below-3", "insanity.death-at-top"}
    assert all(r.status == "proved" for r in results)
    combos = {tuple(sorted(r.rulings.items())) for r in results}
    assert len(combos) == 2 ** len(RULINGS)
    assert all(set(r.rulings) == set(RULINGS) for r in results)


def test_a_wrong_effect_lowering_3_to_2_is_a_counterexample(monkeypatch: pytest.MonkeyPatch) -> None:
    real = engine_insanity.lowered_level

    def careless(level: int, **kwargs: object) -> int:
        return 2 if level == 3 and kwargs.get("to") is None else real(level, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(engine_insanity, "lowered_level", careless)
    results = [r for r in run_suite(obligations()) if r.id == "insanity.no-return-below-3"]
    assert results and all(r.status == "counterexample" for r in results)
    w = results[0].witness
    assert w is not None and w["before"]["level"] == 3 and w["after"]["level"] == 2
    assert "lower one step" in w["transition"]


def test_a_raise_that_spares_a_character_at_5_is_a_counterexample(monkeypatch: pytest.MonkeyPatch) -> None:
    real = engine_insanity.raised_level
    monkeypatch.setattr(engine_insanity, "raised_level", lambda level, **kw: 5 if level == 5 else real(level, **kw))  # type: ignore[arg-type]
    death = [r for r in run_suite(obligations()) if r.id == "insanity.death-at-top"]
    assert death and all(r.status == "counterexample" for r in death)


@pytest.mark.parametrize("ruling", sorted(CONFLICTS))
def test_each_encoded_contradiction_has_a_witness(ruling: str) -> None:
    result = witness(ruling)
    assert result.status == "witness"
    assert result.witness is not None
    first, second = CONFLICTS[ruling][0], CONFLICTS[ruling][1]
    after = result.witness["insanity_after"]
    assert after[first] != after[second]


def test_surprise_attack_witness_is_a_resolved_panic_card() -> None:
    w = witness("vs.summary.surprise-attack").witness
    assert w is not None
    situation = w["situation"]
    assert situation["level"] >= situation["panic_value"] and situation["panic_resolvable"]
    expected = situation["level"] + 1 if situation["level"] < 5 else "dead"
    assert w["insanity_after"]["main"] == situation["level"]
    assert w["insanity_after"]["summary"] == expected


def test_summary_rest_sentence_and_the_floor_form_an_unsat_core() -> None:
    result = summary_rest_core()
    assert result.status == "unsat-core"
    assert {"vs.change.rest", "vs.insanity.no-return-below-3"} <= set(result.core)


def test_the_counterexample_becomes_a_record_show_opens_and_replay_rejects(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from nemesis_rules.prove.concrete import floor_violation, write_counterexample
    from nemesis_rules.record import read_record, replay_record

    real = engine_insanity.lowered_level

    def careless(level: int, **kwargs: object) -> int:
        return 2 if level == 3 and kwargs.get("to") is None else real(level, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(engine_insanity, "lowered_level", careless)
    result = next(r for r in run_suite(obligations()) if r.id == "insanity.no-return-below-3")
    assert result.witness is not None
    path = write_counterexample(result.witness, result.rulings, tmp_path / "counterexample.jsonl")
    assert path is not None
    record = read_record(path)
    assert record.header.snapshot is not None and record.header.snapshot.character(1).insanity == 3
    replayed = replay_record(record, invariants=[floor_violation])
    assert replayed.problems and "fell from 3 to 2" in replayed.problems[0].reason
    runner = CliRunner()
    shown = runner.invoke(app, ["show", str(path), "--at", "1"])
    assert shown.exit_code == 0 and "insanity" in shown.stdout.lower(), shown.stderr
