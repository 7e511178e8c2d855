"""The hand-built scenarios of the base game's ambiguities and source contradictions
(nemesis_rules.findings.scenarios.base_readings): each replays differently under every reading of its
ruling, from a state the engine could hold; and what each newly wired reading does, named after its ruling."""

from __future__ import annotations

import json
from dataclasses import replace
from itertools import combinations
from typing import Any

import pytest

from nemesis_rules.findings.scenarios import Scenario, base_readings, scenario_records, scenarios
from nemesis_rules.invariants import violations
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.game import make_config
from nemesis_rules.record import parse_record, replay_record, to_snapshot
from nemesis_rules.rulebook import rulings
from nemesis_rules.testing import run

OWN = sorted(k for k, build in scenarios().items() if build.__module__ == base_readings.__name__)
NOT_WIRED: dict[str, str] = {}


def _final(text: str) -> str:
    result = replay_record(parse_record(text, "<scenario>"))
    body: dict[str, Any] = to_snapshot(result.final_state, with_config=False)["state"]
    body["problems"] = [(p.line, p.kind) for p in result.problems]
    return json.dumps(body, sort_keys=True)


def _marks(ruling_id: str) -> Any:
    reason = NOT_WIRED.get(ruling_id)
    return pytest.param(ruling_id, marks=pytest.mark.xfail(strict=True, reason=reason)) if reason else ruling_id


def test_the_base_readings_scenarios_are_registered() -> None:
    assert {
        "base.ambiguity.decoy-doors",
        "base.ambiguity.event-unexplored-rooms",
        "base.ambiguity.intercom-motivation",
        "base.ambiguity.malfunction-event-target",
        "base.ambiguity.molotov-closed-door",
        "base.ambiguity.self-destruct-key-hibernation",
        "base.de.death-wounds",
        "base.de.explore-roll",
        "base.de.melee-contamination",
        "base.ref.danger-in-combat",
        "base.source.evac-malfunction",
        "base.source.intruder-unexplored-room",
    } <= set(OWN)


@pytest.mark.parametrize("ruling_id", [_marks(r) for r in OWN])
def test_scenario_replays_differently_under_every_reading(ruling_id: str) -> None:
    built = scenarios()[ruling_id]()
    records = scenario_records(built, rulings()[ruling_id].reading_ids)
    finals = {reading: _final(text) for reading, text in records.items()}
    for (first, a), (second, b) in combinations(finals.items(), 2):
        assert a != b, f"{ruling_id}: readings {first} and {second} replay to the same state"


@pytest.mark.parametrize("ruling_id", OWN)
def test_scenario_starts_from_a_state_the_engine_could_hold(ruling_id: str) -> None:
    built = scenarios()[ruling_id]()
    assert built.before is None or violations(built.before) == []  # None: a new game


def _build(ruling_id: str) -> Scenario:
    return scenarios()[ruling_id]()


def _under(state: GameState, ruling_id: str, reading: str) -> GameState:
    config = state.config
    chosen = {**config.rulings, ruling_id: reading}
    return replace(state, config=make_config(config.ruleset.name, config.players, chosen, config.variants))


def _play(ruling_id: str, reading: str) -> tuple[GameState, list[str]]:
    built = _build(ruling_id)
    assert built.before is not None
    return run(_under(built.before, ruling_id, reading), built.actions)


def test_base_de_explore_roll_silence_cancels_the_roll_or_not() -> None:
    cancelled, fired = _play("base.de.explore-roll", "token-may-cancel")
    assert "base.explore.silence-token" in fired and "base.de.explore-roll" in fired
    assert getattr(cancelled.pending[-1], "chance", None) != "noise-roll"
    rolled, _ = _play("base.de.explore-roll", "always-roll")
    assert getattr(rolled.pending[-1], "chance", None) == "noise-roll"


def test_base_ref_danger_in_combat_moves_only_free_intruders_or_all() -> None:
    limited, fired = _play("base.ref.danger-in-combat", "not-in-combat")
    assert limited.intruders[0].position == "15" and "base.noise.danger-fills-corridors" in fired
    assert "base.ref.danger-in-combat" in fired
    every, fired = _play("base.ref.danger-in-combat", "all-neighbours")
    assert every.intruders[0].position == "11" and "base.noise.danger" in fired


def test_base_source_intruder_unexplored_room_stays_hidden_or_flips_without_its_token() -> None:
    hidden, fired = _play("base.source.intruder-unexplored-room", "stay-hidden")
    assert hidden.intruders[0].position == "03" and not hidden.room("03").explored
    assert hidden.room("03").token is not None and "base.source.intruder-unexplored-room" in fired
    flipped, _ = _play("base.source.intruder-unexplored-room", "flip-no-token")
    token = hidden.room("03").token
    assert flipped.room("03").explored and flipped.room("03").token is None
    assert flipped.removed.count(f"exploration:{token}") == 1
    assert not flipped.room("03").fire and not flipped.room("03").malfunction  # the token did nothing


def test_base_de_death_wounds_a_fourth_wound_of_mixed_kinds() -> None:
    alive, fired = _play("base.de.death-wounds", "serious")
    assert alive.character(1).active and alive.character(1).light_wounds == 0
    assert "base.wound.light-conversion" in fired and "base.de.death-wounds" in fired
    dead, fired = _play("base.de.death-wounds", "any-kind")
    assert not dead.character(1).active and "base.death.fourth-wound" in fired


def test_base_de_melee_contamination_discard_pile_or_action_deck() -> None:
    discarded, fired = _play("base.de.melee-contamination", "discard")
    before = _build("base.de.melee-contamination").before
    assert before is not None and "base.de.melee-contamination" in fired
    scout = before.character(1)
    assert discarded.character(1).discard.count("contamination") == scout.discard.count("contamination") + 1
    shuffled, _ = _play("base.de.melee-contamination", "shuffle-into-deck")
    assert shuffled.character(1).deck.count("contamination") == scout.deck.count("contamination") + 1
    assert shuffled.character(1).discard.count("contamination") == scout.discard.count("contamination")


@pytest.mark.parametrize("players", [1, 3, 5])
def test_base_de_escape_pods_four_always_puts_all_four_pods_in_play(players: int) -> None:
    from nemesis_rules.players.play import play_game
    from nemesis_rules.players.strategies import uniform

    def pods_after_setup(reading: str) -> int:
        _, log = play_game(4, players, rulings={"base.de.escape-pods": reading}, chooser=uniform)
        return sum(1 for a in log.actions if getattr(a, "chance", None) == "escape-pod")

    assert pods_after_setup("four-always") == 4
    assert pods_after_setup("by-player-count") == {1: 2, 3: 3, 5: 4}[players]
