"""Steering coverage play toward clauses that need many steps of one tendency (issue #4): in a
built state, each steer of the table selects the legal actions that lead toward its clause,
and none once the clause has been seen."""

from __future__ import annotations

import random
from collections.abc import Set as AbstractSet
from dataclasses import replace

from nemesis_rules.invariants.steering import (
    BROUGHT,
    CARCASS_SUPPLY,
    DOOR_EXHAUSTION,
    EJECTS,
    GENTLE_ATTACKS,
    STEERS,
    STEP_OUT,
    brings_adults,
    brings_unused_items,
    closes_doors,
    hunts,
    item_clauses,
    objective_clause,
    pursued,
    quarantine_held,
    sets_course_for_mars,
    steered,
    waits_in_pod,
)
from nemesis_rules.model.core.actions import Action, Decision, Outcome
from nemesis_rules.model.core.engine import acting_player, legal_actions
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules import replaceable
from nemesis_rules.model.rules.attack import AttackCardDraw
from nemesis_rules.model.rules.encounter import EncounterDraw
from nemesis_rules.model.rules.evacuation import LaunchOrWait
from nemesis_rules.model.rules.rooms_doors import SetDoors, working_doors
from nemesis_rules.model.rules.setup import ObjectiveDraw
from nemesis_rules.model.rules.shoot_and_melee import CombatRoll
from nemesis_rules.testing import after_setup, with_frames, with_intruders


def _every_objective_clause(state: GameState) -> set[str]:
    return {objective_clause(state, o.id) for o in tables.base(state.config).objectives} | {"base.end.quarantine-mars"}


def _steered_many(state: GameState, seen: AbstractSet[str], tries: int = 40) -> list[Action]:
    options = legal_actions(state)
    picks = [steered(state, options, seen, random.Random(seed)) for seed in range(tries)]
    return [p for p in picks if p is not None]


def _player(state: GameState) -> int:
    player = acting_player(state)
    assert player is not None
    return player


def test_base_door_exhaustion_steering_selects_settings_that_close_every_door() -> None:
    state = after_setup(players=2, seed=3)
    room = next(p for p in state.config.board.positions if len(working_doors(state, p)) >= 2)
    doors = with_frames(state, SetDoors(_player(state), room))
    seen = _every_objective_clause(state)
    picks = _steered_many(doors, seen)
    assert picks, "a Door-closing setting is offered and should be taken now and then"
    for pick in picks:
        assert isinstance(pick, Decision) and pick.kind == "set-doors"
        assert all(s.endswith("=closed") for s in pick.cards("doors"))
    assert not _steered_many(doors, seen | {DOOR_EXHAUSTION})


def test_base_door_exhaustion_closing_decisions_are_recognised() -> None:
    state = after_setup(players=2, seed=3)
    assert closes_doors(state, Decision.make(1, "use-item", item="x", corridor="7", door="closed"), set())
    assert not closes_doors(state, Decision.make(1, "use-item", item="x", corridor="7", door="open"), set())
    assert closes_doors(state, Decision.make(1, "room-action", room="airlock-control", target="05"), set())
    assert not closes_doors(state, Decision.make(1, "move", to="05"), set())
    assert not closes_doors(state, Outcome("event-card", "bulkheads-open-1"), set())


def _with_adult(state: GameState, injuries: int = 0) -> GameState:
    position = state.character(_player(state)).position
    return with_intruders(state, Intruder(1, "adult", position, injuries))


def test_base_objective_steering_takes_combat_die_faces_that_injure_while_an_objective_is_unseen() -> None:
    state = _with_adult(after_setup(players=2, seed=3))
    roll = with_frames(state, CombatRoll(_player(state), "1", "", False))
    seen = {DOOR_EXHAUSTION}
    picks = _steered_many(roll, seen)
    assert picks
    assert all(isinstance(p, Outcome) and replaceable.face_injuries(roll, p.outcome, "adult") > 0 for p in picks)
    assert not _steered_many(roll, seen | _every_objective_clause(state))


def test_base_objective_steering_deals_an_objective_whose_clause_is_unseen() -> None:
    state = after_setup(players=4, seed=3)
    deal = with_frames(state, ObjectiveDraw(1, 0))
    left = sorted(o for o, _ in deal.objective_decks[0].items())
    target = left[0]
    seen = (_every_objective_clause(state) - {objective_clause(state, target)}) | {DOOR_EXHAUSTION}
    picks = _steered_many(deal, seen)
    assert picks and all(isinstance(p, Outcome) and p.outcome == target for p in picks)


def test_base_objective_steering_spares_characters_holding_an_unseen_objective() -> None:
    state = _with_adult(after_setup(players=3, seed=3))
    attack = with_frames(state, AttackCardDraw(1, _player(state)))
    seen = {DOOR_EXHAUSTION}
    picks = _steered_many(attack, seen)
    assert picks
    for pick in picks:
        assert isinstance(pick, Outcome)
        card = tables.attack_card(attack.config, pick.outcome)
        assert "adult" not in card.attackers or card.effect in GENTLE_ATTACKS
    # with every objective's clause seen, nobody is spared on purpose
    assert not _steered_many(attack, seen | _every_objective_clause(state))


def _hunting_game(players: int, carcass: bool) -> GameState:
    """A game with an Adult next to the acting player, and a Carcass lying in its room or not."""
    state = _with_adult(after_setup(players=players, seed=3))
    if carcass:
        position = state.character(_player(state)).position
        room = state.room(position)
        state = state.with_room(position, replace(room, objects=room.objects.add("carcass")))
    return state


def test_base_supply_components_hunt_takes_hits_once_a_carcass_lies_in_a_big_game() -> None:
    state = _hunting_game(4, carcass=True)
    roll = with_frames(state, CombatRoll(_player(state), "1", "", False))
    seen = _every_objective_clause(state) | {DOOR_EXHAUSTION}
    picks = _steered_many(roll, seen)
    assert len(picks) > 25  # about nine in ten
    assert all(isinstance(p, Outcome) and replaceable.face_injuries(roll, p.outcome, "adult") > 0 for p in picks)
    assert not _steered_many(roll, seen | {CARCASS_SUPPLY})


def test_base_supply_components_no_hunt_before_a_carcass_or_with_few_players() -> None:
    seen = _every_objective_clause(after_setup(players=2, seed=3)) | {DOOR_EXHAUSTION}
    for state in (_hunting_game(4, carcass=False), _hunting_game(3, carcass=True)):
        roll = with_frames(state, CombatRoll(_player(state), "1", "", False))
        assert not _steered_many(roll, seen)


def test_base_supply_components_hunt_draws_intruders_that_leave_a_carcass() -> None:
    state = _hunting_game(5, carcass=True)
    draw = with_frames(state, EncounterDraw(_player(state), state.character(_player(state)).position))
    picks = _steered_many(draw, _every_objective_clause(state) | {DOOR_EXHAUSTION})
    assert picks and all(isinstance(p, Outcome) and p.outcome.partition("-")[0] in BROUGHT for p in picks)


def test_base_supply_components_hunt_counts_items_aimed_at_an_intruder_as_attacks() -> None:
    state = _hunting_game(4, carcass=True)
    player = _player(state)
    assert hunts(state, Decision.make(player, "use-item", item="taser", target="1"), set())
    assert not hunts(state, Decision.make(player, "use-item", item="taser", target="9"), set())
    assert not hunts(state, Decision.make(player, "use-item", item="bandages"), set())
    assert hunts(state, Decision.make(player, "melee", target="1"), set())


def test_base_pod_step_out_steering_waits_in_a_pod_and_steps_out_while_unseen() -> None:
    state = after_setup(players=2, seed=3)
    player = _player(state)
    seen = _every_objective_clause(state) | {DOOR_EXHAUSTION, CARCASS_SUPPLY}
    just_seated = with_frames(state, LaunchOrWait(player, 1))
    picks = _steered_many(just_seated, seen)
    assert picks and all(isinstance(p, Decision) and p.kind == "wait-in-pod" for p in picks)
    assert not _steered_many(just_seated, seen | {STEP_OUT, EJECTS})
    assert waits_in_pod(state, Decision.make(player, "leave-pod"), seen)
    assert not waits_in_pod(state, Decision.make(player, "leave-pod"), seen | {STEP_OUT})
    assert waits_in_pod(state, Decision.make(player, "stay-in-pod"), seen | {STEP_OUT})
    assert not waits_in_pod(state, Decision.make(player, "launch-pod"), seen)


def test_base_end_quarantine_mars_steering_sets_course_for_mars_while_quarantine_is_kept() -> None:
    state = replace(after_setup(players=2, seed=3), coordinates="coordinates-8")  # A venus, B earth, D mars
    keeper = state.with_character(replace(state.character(1), objectives=("quarantine",)))

    def course(letter: str) -> Decision:
        return Decision.make(1, "room-action", room="cockpit", flight="set-destination", destination=letter)

    assert sets_course_for_mars(keeper, course("D"), set())
    assert not sets_course_for_mars(keeper, course("B"), set())
    check = Decision.make(1, "room-action", room="cockpit", flight="check-coordinates")
    assert not sets_course_for_mars(keeper, check, set())
    assert quarantine_held(keeper, set())
    assert not quarantine_held(state.with_character(replace(state.character(1), objectives=("hoarder",))), set())


def test_base_item_chemicals_steering_draws_items_whose_use_is_unseen() -> None:
    state = after_setup(players=2, seed=3)
    every_use = set(item_clauses(state))
    unseen_chemicals = every_use - {"base.item.chemicals"}
    assert brings_unused_items(state, Outcome("item-card", "chemicals"), unseen_chemicals)
    assert not brings_unused_items(state, Outcome("item-card", "chemicals"), every_use)
    # a Flamethrower serves the Chemicals: crafted while their use is unseen
    assert brings_unused_items(state, Decision.make(1, "craft", item="flamethrower"), unseen_chemicals)
    assert not brings_unused_items(state, Decision.make(1, "craft", item="flamethrower"), every_use)


def test_vs_items_steering_leaves_out_item_clauses_void_seeders_replaces() -> None:
    state = after_setup(players=2, seed=3, ruleset="void-seeders")
    assert "base.item.clothes" not in item_clauses(state)
    assert not brings_unused_items(state, Outcome("item-card", "clothes"), set(item_clauses(state)))


def test_base_supply_adult_exhaustion_steering_draws_adults() -> None:
    assert brings_adults(after_setup(), Outcome("intruder-token", "adult-3"), set())
    assert not brings_adults(after_setup(), Outcome("intruder-token", "larva-1"), set())
    assert not brings_adults(after_setup(), Outcome("noise-roll", "3"), set())


def test_no_steering_toward_a_clause_the_ruleset_cannot_meet() -> None:
    # Void Seeders: a Carcass comes only from a destroyed Lair, so the 8-Carcass supply never runs out
    assert CARCASS_SUPPLY in pursued("base") and CARCASS_SUPPLY not in pursued("void-seeders")
    state = _hunting_game(4, carcass=True)
    vs = replace(state, config=after_setup(players=4, seed=3, ruleset="void-seeders").config)
    hunt = next(s for s in STEERS if s.name == "hunt")
    assert hunt.active(state, set()) and not hunt.active(vs, set())
