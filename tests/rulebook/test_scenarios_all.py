"""The registry of hand-built ruling scenarios as a whole: each names a catalogued ruling and builds the
situation the conflict report shows; once every helper's scenarios are in, every ruling has a situation."""

from __future__ import annotations

import pytest

from nemesis_rules.findings.report import conflict_report
from nemesis_rules.findings.scenarios import scenarios, why_no_situation
from nemesis_rules.rulebook import rulings


def test_every_registered_scenario_names_a_catalogued_ruling() -> None:
    unknown = sorted(set(scenarios()) - set(rulings()))
    assert not unknown, f"scenarios for rulings the catalogue lacks: {unknown}"


@pytest.mark.parametrize("ruling_id", sorted(scenarios()))
def test_a_registered_scenario_is_built_for_its_ruling(ruling_id: str) -> None:
    built = scenarios()[ruling_id]()
    assert built.ruling == ruling_id and built.actions and built.note


def _without_situation() -> list[str]:
    """Rulings with neither a situation nor a stated reason why none can exist."""
    return sorted(
        e["id"]
        for e in conflict_report()
        if e["origin"] == "ruling" and e["situation"] is None and why_no_situation(e["id"]) is None
    )


def test_a_ruling_without_a_situation_says_why_in_the_report() -> None:
    for entry in conflict_report():
        reason = why_no_situation(entry["id"])
        if reason is not None:
            assert entry["situation"] is None and reason in entry["situation_note"], entry["id"]


def test_every_ruling_has_a_situation_without_a_campaign() -> None:
    missing = _without_situation()
    assert not missing, f"{len(missing)} ruling(s) without a situation: {', '.join(missing)}"
