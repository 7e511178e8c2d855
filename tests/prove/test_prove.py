"""``prove``: the default suite proves the supply, track, pod and token invariants quickly,
and a wrong rule is caught as a counterexample."""

from __future__ import annotations

import json
from collections.abc import Mapping

import z3
from typer.testing import CliRunner

from nemesis_rules.cli.app import app
from nemesis_rules.prove.core import Transition, admits, prove_inductive, run_suite
from nemesis_rules.prove.suite import default_obligations
from nemesis_rules.prove.supplies import marker_vars, place_marker_relation


def test_default_suite_proves_everything() -> None:
    results = run_suite(default_obligations())
    assert results and all(r.status in ("proved", "witness", "unsat-core") for r in results), [
        (r.id, r.status, r.detail) for r in results if r.status not in ("proved", "witness", "unsat-core")
    ]
    ids = {r.id for r in results}
    assert {
        "supply.fire",
        "supply.malfunction",
        "supply.miniature.adult",
        "track.time",
        "pods.count",
        "bag.conservation",
    } <= ids
    assert all(r.clauses for r in results)


def test_every_ruling_combination_is_tried() -> None:
    results = [r for r in run_suite(default_obligations()) if r.id == "supply.miniature.queen"]
    readings = {r.rulings["base.gap.miniature-exhausted"] for r in results}
    assert readings == {"retreat-then-place", "not-placed"}


def test_a_placement_that_ignores_the_supply_is_a_counterexample() -> None:
    def careless(pre: Mapping[str, z3.ExprRef], post: Mapping[str, z3.ExprRef]) -> z3.BoolRef:
        return z3.And(
            post["ended"] == pre["ended"], post["count"] == z3.If(pre["here"], pre["count"], pre["count"] + 1)
        )

    result = prove_inductive(
        "broken.fire",
        "at most 8 fires",
        marker_vars,
        lambda v: z3.And(z3.Not(v["ended"]), v["count"] == 0),
        lambda v: v["count"] <= 8,
        [Transition("place without checking the supply", careless, ("base.fire.exhaustion",))],
    )
    assert result.status == "counterexample"
    assert result.witness is not None and result.witness["before"]["count"] == 8
    assert result.witness["after"]["count"] == 9


def test_the_encoding_refuses_a_step_the_rules_forbid() -> None:
    relation = place_marker_relation(8)
    assert admits(relation, marker_vars, {"count": 3, "here": False, "ended": False}, {"count": 4, "ended": False})
    assert not admits(relation, marker_vars, {"count": 8, "here": False, "ended": False}, {"count": 9, "ended": False})
    assert not admits(relation, marker_vars, {"count": 3, "here": True, "ended": False}, {"count": 4, "ended": False})


def test_cli_json_and_exit_codes() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["prove", "--json", "--only", "supply"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert {"id", "kind", "status", "bound", "seconds", "clauses", "witness"} <= set(data[0])
    bad = runner.invoke(app, ["prove", "--ruling", "base.gap.nothing=x"])
    assert bad.exit_code == 2 and len(bad.stderr.strip().splitlines()) == 1
