"""The universals as invariants (nemesis_rules/invariants/universals.py): each is shown a transition or
a state that does what its sentence forbids and must say so, and a legal one it must let pass. Named
after the clauses the sentences are catalogued as."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.invariants.catalogue import invariant
from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.noise import NoiseRoll
from nemesis_rules.model.rules.shoot_and_melee import CombatRoll
from nemesis_rules.testing import after_setup, equip, move_character, with_intruders

ROLL = Outcome("combat-die", "double")


def _game(ruleset: str = "base") -> GameState:
    return after_setup(players=2, seed=3, ruleset=ruleset)


def test_vs_lair_noise_roll_a_noise_roll_in_combat_without_a_lair_is_a_violation() -> None:
    rule = invariant("universal.noise-in-combat-only-lair")
    state = with_intruders(_game("void-seeders"), Intruder(1, "lurker", "11"))
    rolled = state.push(NoiseRoll(1, "11"))
    assert rule.check_step(state, ROLL, rolled, ()) is not None
    assert rule.check_step(state, ROLL, rolled, ("vs.lair.noise-roll",)) is None
    assert rule.check_step(state, ROLL, rolled, ("base.ambiguity.bag-noise-combat-timing",)) is None
    alone = _game("void-seeders")
    assert rule.check_step(alone, ROLL, alone.push(NoiseRoll(1, "11")), ()) is None


def test_base_room_generator_no_self_destruct_start_while_anyone_hibernates() -> None:
    rule = invariant("universal.generator-not-while-hibernating")
    state = _game()
    sleeping = state.with_character(replace(state.character(2), status="hibernating"))
    started = replace(sleeping, self_destruct=0)
    assert rule.check_step(sleeping, ROLL, started, ("base.room.generator",)) is not None
    assert rule.check_step(state, ROLL, replace(state, self_destruct=0), ("base.room.generator",)) is None
    assert rule.check_step(sleeping, ROLL, started, ("base.event-card.coolant-leak",)) is None


def test_base_room_cockpit_no_new_destination_while_anyone_hibernates() -> None:
    rule = invariant("universal.destination-not-while-hibernating")
    state = _game()
    sleeping = state.with_character(replace(state.character(2), status="hibernating"))
    assert rule.check_step(sleeping, ROLL, replace(sleeping, destination="C"), ()) is not None
    assert rule.check_step(state, ROLL, replace(state, destination="C"), ()) is None


def test_base_self_destruct_lock_past_the_lock_the_sequence_is_never_stopped() -> None:
    rule = invariant("universal.self-destruct-unstoppable")
    state = _game()
    locked = next(i for i in range(10) if rule.check_step(replace(state, self_destruct=i), ROLL, state, ()) is not None)
    assert locked >= 1
    assert rule.check_step(replace(state, self_destruct=0), ROLL, state, ()) is None


def test_base_item_ammo_capacity_a_weapon_over_its_capacity_is_a_violation() -> None:
    rule = invariant("universal.weapon-within-capacity")
    state = _game()
    weapon, _ = state.character(1).ammo[0]
    assert rule.check_state(state) is None
    over = equip(state, 1, ammo=((weapon, 99),))
    assert "holds 99 Ammo" in (rule.check_state(over) or "")


def test_base_combat_melee_max_one_a_melee_dealing_two_injuries_is_a_violation() -> None:
    rule = invariant("universal.melee-at-most-one-injury")
    state = with_intruders(_game(), Intruder(1, "adult", "11"))
    melee = state.push(CombatRoll(1, "1", "", False))
    hurt_twice = replace(state, intruders=(replace(state.intruders[0], injuries=2),))
    hurt_once = replace(state, intruders=(replace(state.intruders[0], injuries=1),))
    assert rule.check_step(melee, ROLL, hurt_twice) is not None
    assert rule.check_step(melee, ROLL, hurt_once) is None
    shot = state.push(CombatRoll(1, "1", "rifle", False))
    assert rule.check_step(shot, ROLL, hurt_twice) is None


def test_base_cost_contamination_cannot_pay_a_payment_with_contamination_is_a_violation() -> None:
    rule = invariant("universal.contamination-never-pays")
    state = _game()
    bad = Decision.make(1, "move", pay=("contamination",), to="08")
    good = Decision.make(1, "move", pay=("search",), to="08")
    assert rule.check_step(state, bad, state) is not None
    assert rule.check_step(state, good, state) is None


def test_base_room_engine_control_room_changing_an_engine_is_a_violation() -> None:
    rule = invariant("universal.engine-control-changes-nothing")
    state = _game()
    swapped = replace(state, engines=(tuple(reversed(state.engines[0])), *state.engines[1:]))
    assert rule.check_step(state, ROLL, swapped, ("base.room.engine-control-room",)) is not None
    assert rule.check_step(state, ROLL, state, ("base.room.engine-control-room",)) is None


def test_base_door_destroyed_only_the_plasma_torch_closes_a_destroyed_door() -> None:
    rule = invariant("universal.destroyed-door-stays-open")
    state = _game()
    corridor = next(iter(state.config.board.corridors))
    broken = state.with_door(corridor, "destroyed")
    closed = broken.with_door(corridor, "closed")
    assert rule.check_step(broken, ROLL, closed, ()) is not None
    assert rule.check_step(broken, ROLL, closed, ("base.quest-item.plasma-torch",)) is None


def test_base_end_malfunction_engines_only_a_repair_changes_an_engine() -> None:
    rule = invariant("universal.only-repairs-change-engines")
    state = move_character(_game(), 1, "20")
    swapped = replace(state, engines=(tuple(reversed(state.engines[0])), *state.engines[1:]))
    assert rule.check_step(state, ROLL, swapped, ("base.malfunction.limit",)) is not None
    assert rule.check_step(state, ROLL, swapped, ("base.room.engine",)) is None
    assert rule.check_step(state, Decision.make(1, "swap-engine-tokens"), swapped, ()) is None
