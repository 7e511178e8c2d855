"""The written situations of the clauses no seeded game nor clause test poses through ``step``
(``base.supply.components``, ``base.end.quarantine-mars``, ``base.objective.aliens-on-a-spaceship``,
``vs.end.contamination-check.skip-raise``):
each is a possible table, an action from it fires its clause with the effect the rule states, the
suite has a case for each, and this engine passes those cases through ``conformance serve``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from nemesis_rules.cli.app import app
from nemesis_rules.conformance import read_manifest, read_suite, run_cases
from nemesis_rules.conformance.cases import _answer
from nemesis_rules.conformance.constructed import CONSTRUCTED, SITUATIONS, Construction, reach
from tests.conformance.conftest import SERVE

BY_CLAUSE = {c.clause: c for c in CONSTRUCTED}


def facts_after(construction: Construction) -> dict[str, Any]:
    reached = reach(construction)
    assert reached is not None, f"no action fires {construction.clause} from {construction.file}"
    assert construction.clause in reached.fired
    answer = _answer(reached.before, (reached.action,))
    assert answer is not None
    steps, facts = answer
    assert steps[0]["legal"] and construction.clause in steps[0]["fired"]
    return facts


@pytest.mark.parametrize("construction", CONSTRUCTED, ids=lambda c: c.clause)
def test_constructed_situation_is_a_possible_table(construction: Construction) -> None:
    result = CliRunner().invoke(app, ["situation", "check", str(SITUATIONS / construction.file)])
    assert result.exit_code == 0, result.output


def test_base_supply_components_an_adult_killed_with_all_8_carcasses_out_leaves_none() -> None:
    facts = facts_after(BY_CLAUSE["base.supply.components"])
    assert facts["intruders"] in ([], {})
    assert facts["objects"]["11"].count("carcass") == 8


def test_base_end_quarantine_mars_the_hibernating_holder_survives_mars() -> None:
    facts = facts_after(BY_CLAUSE["base.end.quarantine-mars"])
    assert facts["end"] is not None and facts["end"]["survivors"] == [1] and facts["end"]["winners"] == [1]


def test_base_objective_aliens_on_a_spaceship_signal_and_nest_destroyed_wins() -> None:
    facts = facts_after(BY_CLAUSE["base.objective.aliens-on-a-spaceship"])
    assert facts["end"] is not None and facts["end"]["winners"] == [1]


def test_base_objective_aliens_on_a_spaceship_is_not_won_with_eggs_in_the_nest() -> None:
    construction = BY_CLAUSE["base.objective.aliens-on-a-spaceship"]
    reached = reach(construction)
    assert reached is not None
    laid = reached.before.evolve(eggs=3)
    answer = _answer(laid, (reached.action,))
    assert answer is not None
    steps, facts = answer
    # the Objective is still checked (its clause fires), and not fulfilled
    assert construction.clause in steps[0]["fired"] and facts["end"]["winners"] == []


def test_vs_end_contamination_check_skip_raise_insanity_5_stays_5() -> None:
    facts = facts_after(BY_CLAUSE["vs.end.contamination-check.skip-raise"])
    # no raise past the top of the track: straight to the draw of her Action cards
    assert facts["characters"]["1"]["insanity"] == 5 and facts["chance"] == "action-card"


def test_conformance_suite_poses_the_constructed_clauses_and_this_engine_passes_them(suite: Path) -> None:
    manifest = read_manifest(suite)
    assert not set(BY_CLAUSE) & set(manifest["coverage"]["uncovered"])
    cases = [c for c in read_suite(suite, ("clause",)) if "situation" in c["source"]]
    assert {c["clause"] for c in cases} == set(BY_CLAUSE)
    assert all(c["source"]["situation"].endswith(BY_CLAUSE[c["clause"]].file) for c in cases)
    results = run_cases(SERVE, cases)
    assert [r.id for r in results if not r.passed] == [] and len(results) == len(cases)
