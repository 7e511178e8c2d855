"""Steering coverage play toward clauses that need many steps of one tendency (issue #4): in a
built state, each steer of the table selects the legal actions that lead toward its clause,
and none once the clause has been seen."""

from __future__ import annotations

import random
from collections.abc import Set as AbstractSet

from nemesis_rules.invariants.steering import (
    DOOR_EXHAUSTION,
    GENTLE_ATTACKS,
    closes_doors,
    objective_clause,
    steered,
)
from nemesis_rules.model import tables
from nemesis_rules.model.actions import Action, Decision, Outcome
from nemesis_rules.model.engine import acting_player, legal_actions
from nemesis_rules.model.rules.attack import AttackCardDraw
from nemesis_rules.model.rules.fighting import CombatRoll
from nemesis_rules.model.rules.rooms_doors import SetDoors, working_doors
from nemesis_rules.model.rules.setup import ObjectiveDraw
from nemesis_rules.model.state import GameState, Intruder
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
    assert all(isinstance(p, Outcome) and tables.face_injuries(roll, p.outcome, "adult") > 0 for p in picks)
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
