"""The hand-built scenarios of the base game's gap and data rulings replay differently under every
reading; the readings they rest on that were wired with them (base.gap.token-supply-exhausted,
base.ambiguity.time-track-hibernation) do what their summaries say."""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from typing import Any

import pytest

from nemesis_rules.findings.scenarios import scenario_records, scenarios
from nemesis_rules.findings.scenarios.base_arrange import game, hand, last_turn
from nemesis_rules.findings.scenarios.base_data import UNPLAYABLE
from nemesis_rules.findings.scenarios.base_gaps import UNREACHABLE
from nemesis_rules.invariants import violations
from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import IllegalActionError, apply, step
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.rules.events import BagDevelopmentDraw
from nemesis_rules.record import parse_record, replay_record, to_snapshot
from nemesis_rules.rulebook import rulings
from nemesis_rules.testing import with_frames

OWN = ("base.gap.", "base.data.")
MINE = sorted(r for r in scenarios() if r.startswith(OWN))


def _final(text: str) -> dict[str, Any]:
    result = replay_record(parse_record(text, "<scenario>"))
    body: dict[str, Any] = to_snapshot(result.final_state, with_config=False)["state"]
    body["problems"] = [p.kind for p in result.problems]
    return body


def test_every_base_gap_and_data_ruling_has_a_scenario_or_a_reason_why_none_can_exist() -> None:
    owned = {r for r in rulings() if r.startswith(OWN)}
    assert owned == set(MINE) | set(UNPLAYABLE) | set(UNREACHABLE)
    assert not set(MINE) & (set(UNPLAYABLE) | set(UNREACHABLE))


@pytest.mark.parametrize("ruling", MINE)
def test_scenario_replays_differently_under_every_reading(ruling: str) -> None:
    built = scenarios()[ruling]()
    assert built.ruling == ruling and built.note
    bodies = {r: _final(text) for r, text in scenario_records(built, rulings()[ruling].reading_ids).items()}
    for reading, body in bodies.items():
        assert not {"invariant", "engine-error"} & set(body["problems"]), (reading, body["problems"])
    for a, b in itertools.combinations(bodies, 2):
        assert json.dumps(bodies[a], sort_keys=True) != json.dumps(bodies[b], sort_keys=True), (a, b)


@pytest.mark.parametrize("ruling", MINE)
def test_scenario_starts_from_a_state_the_engine_could_hold(ruling: str) -> None:
    built = scenarios()[ruling]()
    if built.before is not None:
        assert violations(built.before) == []


# -- base.gap.token-supply-exhausted --------------------------------------------------------------------


def _larva_drawn(reading: str) -> tuple[Multiset, Multiset, tuple[str, ...]]:
    """Bag development draws a Larva with every Adult token already in the bag."""
    state = last_turn(game(seed=3, rulings={"base.gap.token-supply-exhausted": reading}))
    adults = Multiset((t, n) for t, n in state.token_pool.items() if t.startswith("adult"))
    state = replace(state, bag=state.bag.union(adults), token_pool=state.token_pool.difference(adults))
    state = with_frames(state, BagDevelopmentDraw())
    transition = step(state, Outcome("intruder-token", "larva-1"))
    return transition.state.bag, transition.state.token_pool, transition.fired


def test_base_gap_token_supply_exhausted_nothing_reading_the_larva_leaves_the_bag() -> None:
    bag, pool, fired = _larva_drawn("nothing")
    assert bag.count("larva-1") == 3 and pool.count("larva-1") == 5
    assert not any(t.startswith("adult") for t in pool)
    assert "base.gap.token-supply-exhausted" in fired and "base.bag.larva" in fired


def test_base_gap_token_supply_exhausted_keep_token_reading_the_larva_stays() -> None:
    bag, pool, fired = _larva_drawn("keep-token")
    assert bag.count("larva-1") == 4 and pool.count("larva-1") == 4
    assert "base.gap.token-supply-exhausted" in fired


def test_base_bag_larva_with_adults_left_meets_no_gap() -> None:
    state = with_frames(last_turn(game(seed=3)), BagDevelopmentDraw())
    transition = step(state, Outcome("intruder-token", "larva-1"))
    assert "base.gap.token-supply-exhausted" not in transition.fired
    assert transition.state.bag.count("larva-1") == 3 and transition.state.bag.count("adult-3") == 2


# -- base.ambiguity.time-track-hibernation --------------------------------------------------------------------

HIBERNATE = Decision.make(1, "room-action", room="hibernatorium", pay=("demolition", "scavenging"))


def _on_space(time: int, reading: str) -> Any:
    state = game(seed=3, rulings={"base.ambiguity.time-track-hibernation": reading})
    return replace(hand(state, 2, "basic-repairs", "full-auto", "search"), time=time)


def test_base_data_time_track_hibernation_first_blue_opens_on_space_8() -> None:
    transition = step(_on_space(7, "first-blue"), HIBERNATE)
    assert "base.ambiguity.time-track-hibernation" in transition.fired and "base.hibernation.blue" in transition.fired


def test_base_data_time_track_hibernation_eighth_move_opens_one_space_later() -> None:
    with pytest.raises(IllegalActionError):
        apply(_on_space(7, "eighth-move"), HIBERNATE)
    transition = step(_on_space(8, "eighth-move"), HIBERNATE)
    assert "base.hibernation.blue" in transition.fired
    assert "base.ambiguity.time-track-hibernation" not in transition.fired


def test_base_hibernation_blue_closed_on_a_white_space_under_either_reading() -> None:
    for reading in ("first-blue", "eighth-move"):
        with pytest.raises(IllegalActionError):
            apply(_on_space(6, reading), HIBERNATE)
