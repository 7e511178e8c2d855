"""Rulesets are values (design.md, principle 5): the base game is built from its rule families,
the Void Seeders ruleset is the base one with its replacements, and a third ruleset is a new
module of its own: here a made-up "drill" ruleset, with a Fire supply of 2 and one event step
inserted after the Time track's, written below without touching any rule file."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import pytest

from nemesis_rules.model.core.config import GameConfig
from nemesis_rules.model.core.engine import Context, chance_outcomes, legal_actions, settle, step
from nemesis_rules.model.core.frames import Frame, Step
from nemesis_rules.model.core.ruleset import Ruleset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.game import make_config, start
from nemesis_rules.model.rules import base_hooks, markers
from nemesis_rules.model.rules.events import TimeStep
from nemesis_rules.model.rulesets import BASE, RULESETS, VOID_SEEDERS
from nemesis_rules.model.rulesets.build import by_kind, merged, replacing
from nemesis_rules.testing import after_setup

# -- the made-up ruleset: what a new module under model/rulesets would hold -----------------------

DRILL_CLAUSE = "drill.event.drill"


@dataclass(frozen=True, slots=True)
class Drill(Step):
    """The inserted event step: the crew drills, once a round (marked in the state's flags)."""

    def run(self, state: GameState, ctx: Context) -> GameState:
        ctx.fire(DRILL_CLAUSE)
        return state.evolve(flags=state.flags | {f"drill-{state.round}"})


def _drill_supply(config: GameConfig, name: str) -> int:
    return 2 if name == "fire" else tables.printed_supply(config, name)


def _drill_event_steps() -> tuple[Frame, ...]:
    steps = base_hooks.base_event_steps()
    after_time = next(i for i, s in enumerate(steps) if isinstance(s, TimeStep)) + 1
    return (*steps[:after_time], Drill(), *steps[after_time:])


DRILL = replace(
    BASE,
    name="drill",
    title="Nemesis with fire drills (a made-up ruleset)",
    hooks=replace(BASE.hooks, name="drill", supply=_drill_supply, event_steps=_drill_event_steps),
)

# -- the tests -------------------------------------------------------------------------------------


def play_rounds(ruleset: Ruleset, rounds: int, seed: int) -> tuple[GameState, list[str]]:
    """Play randomly (uniform decisions, chance by weight) until ``rounds`` rounds are over."""
    rng = random.Random(seed)
    state = start(ruleset, 2)
    fired: list[str] = []
    while state.end is None and state.round <= rounds:
        outcomes = chance_outcomes(state)
        if outcomes:
            action = rng.choices([o for o, _ in outcomes], weights=[w for _, w in outcomes])[0]
        else:
            action = rng.choice(legal_actions(state))
        transition = step(state, action)
        fired.extend(transition.fired)
        state = transition.state
    return state, fired


def test_a_third_ruleset_plays_with_its_inserted_event_step() -> None:
    state, fired = play_rounds(DRILL, 2, seed=4)
    assert state.config.ruleset is DRILL
    assert fired.count(DRILL_CLAUSE) == min(state.round - 1, 2) >= 1
    assert {f"drill-{r}" for r in range(1, state.round)} <= state.flags


def test_a_third_ruleset_inserts_its_step_right_after_the_time_track() -> None:
    steps = DRILL.hooks.event_steps()
    assert [type(s) for s in steps] == [type(s) for s in (*steps[:1], Drill(), *steps[2:])]
    assert isinstance(steps[0], TimeStep) and isinstance(steps[1], Drill)


def test_a_third_rulesets_fire_supply_ends_the_game_at_its_third_fire() -> None:
    drill = after_setup(players=2, seed=3, ruleset=DRILL)
    base = after_setup(players=2, seed=3)
    rooms = [p for p in drill.config.board.positions if drill.room(p).tile][:3]
    assert len(rooms) == 3
    for name, state in (("drill", drill), ("base", base)):
        ctx = Context()
        for position in rooms:
            state = markers.place_fire(state, position, ctx)
        state = settle(state, ctx)
        if name == "drill":
            assert "base.fire.exhaustion" in ctx.fired and "ship-destroyed" in state.flags
            assert state.end is not None and markers.fires(state) == 2
        else:
            assert state.end is None and markers.fires(state) == 3


def test_the_base_ruleset_is_untouched_by_the_third() -> None:
    config = make_config(BASE, 2)
    assert tables.supply(config, "fire") == 8 == tables.printed_supply(config, "fire")
    assert not any(isinstance(s, Drill) for s in BASE.hooks.event_steps())
    assert RULESETS == {"base": BASE, "void-seeders": VOID_SEEDERS}


def test_void_seeders_is_the_base_game_with_its_replacements() -> None:
    assert VOID_SEEDERS.actions is BASE.actions
    changed = {
        "items": {k for k in BASE.items if VOID_SEEDERS.items[k] is not BASE.items[k]},
        "action_cards": {k for k in BASE.action_cards if VOID_SEEDERS.action_cards[k] is not BASE.action_cards[k]},
        "quests": {k for k in BASE.quests if VOID_SEEDERS.quests[k] is not BASE.quests[k]},
        "rooms": {k for k in BASE.rooms if VOID_SEEDERS.rooms[k] is not BASE.rooms[k]},
    }
    assert changed == {
        "items": {"clothes"},
        "action_cards": {"rest"},
        "quests": {"laboratory-equipment"},
        "rooms": {"shower-room", "canteen", "surgery", "laboratory"},
    }
    assert set(VOID_SEEDERS.items) == set(BASE.items) and set(VOID_SEEDERS.rooms) == set(BASE.rooms)
    assert VOID_SEEDERS.hooks.on_pass is BASE.hooks.on_pass and VOID_SEEDERS.hooks.winners is BASE.hooks.winners
    assert VOID_SEEDERS.hooks.encounter_token is not BASE.hooks.encounter_token


def test_a_ruleset_names_the_clause_of_a_shared_step_or_none() -> None:
    assert BASE.clause("encounter.draw-token") == "base.encounter.draw-token"
    assert VOID_SEEDERS.clause("encounter.draw-token") == "vs.encounter.draw-token"
    assert VOID_SEEDERS.clause("round.event-phase-order") == ""


def test_two_families_declaring_one_entry_is_an_error_not_a_replacement() -> None:
    with pytest.raises(ValueError, match="declared by two rule families"):
        merged({"search": 1}, {"search": 2})
    with pytest.raises(ValueError, match="declared by two rule families"):
        by_kind(BASE.actions.values(), [BASE.actions["move"]])
    with pytest.raises(ValueError, match="nothing to replace for lockpick"):
        replacing(BASE.items, {"lockpick": BASE.items["clothes"]})
