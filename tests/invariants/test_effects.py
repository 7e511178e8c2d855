"""Checks that do not trust the engine (issue #19): each class of defect that escaped the
user-facing checkers has a check, and each check catches a defect planted in the engine here.

* base.cost / every word: each decision word and chance name of the engine's vocabulary has a
  stated-effect check (invariants/effects*.py).
* base.search.counter (effect): a Search that leaves the item counter is caught by effects.decisions.
* base.event.time (trusting the report): a skipped Time step is seen in the state (effects.time-steps).
* base.fire.exhaustion (same source): a Fire supply of 9 in the engine's table is caught by the
  supply invariant and by the Z3 proof, which read the specification's 8.
"""

from __future__ import annotations

import random

import pytest

from nemesis_rules.invariants import step_violations, violations
from nemesis_rules.invariants.effects import EFFECTS
from nemesis_rules.model.core.engine import Context, legal_actions, step
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.data.vocabulary import CHANCES, WORDS
from nemesis_rules.model.rules import events, items, markers
from nemesis_rules.model.rules.items import Search
from nemesis_rules.players.play import choose
from nemesis_rules.prove import supplies as prove_supplies
from nemesis_rules.rulebook.spec import spec_value
from nemesis_rules.testing import after_setup, decision, explored, move_character, with_hand


def test_every_action_word_and_chance_name_has_an_effect_check() -> None:
    words = {("decision", k) for k in WORDS} | {("chance", c) for c in CHANCES}
    missing = sorted(words - set(EFFECTS))
    assert not missing, f"no stated-effect check for {missing}"


def test_the_basic_actions_have_effects_of_their_own() -> None:
    """The words whose rules state an effect on the board, the hands or the tracks are checked
    for that effect, not only for being resolved."""
    own = {"move", "careful-move", "shoot", "drop", "play-card", "keep-item", "pass", "room-action"}
    own_chances = {"item-card", "event-card", "attack-card", "serious-wound", "noise-roll", "panic-card"}
    generic = {w for (k, w), e in EFFECTS.items() if e.check.__name__ == "resolved"}
    assert not (own | own_chances) & generic


def _searchable(state: GameState) -> GameState:
    room = next(p for p in state.config.board.positions if state.room(p).tile in ("storage", "armory", "surgery"))
    state = explored(state, room)
    state = state.with_room(room, state.room(room).evolve(items=3))
    state = move_character(state, 1, room)
    return with_hand(state, 1, "search", "demolition", "rest")


def test_base_search_counter_a_search_that_keeps_the_counter_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _searchable(after_setup(players=2, seed=3))
    search = decision(1, "play-card", card="search", pay=())
    assert search in legal_actions(state)
    after = step(state, search).state
    assert not {v.invariant for v in step_violations(state, search, after)} & {"effects.decisions"}

    original = Search.run

    def keeps_the_counter(self: Search, s: GameState, ctx: Context) -> GameState:
        position = s.character(self.player).position
        kept = s.room(position).items
        out = original(self, s, ctx)
        return out.with_room(position, out.room(position).evolve(items=kept))

    monkeypatch.setattr(items.Search, "run", keeps_the_counter)
    after = step(state, search).state
    found = {v.invariant: v.message for v in step_violations(state, search, after)}
    assert "effects.decisions" in found and "item counter" in found["effects.decisions"]


def _play(state: GameState, steps: int, seed: int) -> set[str]:
    rng = random.Random(seed)
    found: set[str] = set()
    for _ in range(steps):
        if state.end is not None:
            break
        action = choose(state, rng)
        after = step(state, action).state
        found |= {v.invariant for v in step_violations(state, action, after)}
        found |= {v.invariant for v in violations(after)}
        state = after
    return found


def test_base_event_time_a_skipped_time_step_is_seen_in_the_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check reads the Time marker and the round, not whether base.event.time fired."""
    state = after_setup(players=2, seed=5)
    assert "effects.time-steps" not in _play(state, 400, seed=5)

    def silent(self: events.TimeStep, s: GameState, ctx: Context) -> GameState:
        ctx.fire("base.event.time")  # the report says it happened
        return s

    monkeypatch.setattr(events.TimeStep, "run", silent)
    assert "effects.time-steps" in _play(state, 400, seed=5)


def test_base_fire_exhaustion_a_wrong_fire_supply_in_the_table_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    engine_supply = tables.supply

    def nine_fires(config: object, name: str) -> int:
        return 9 if name == "fire" else engine_supply(config, name)  # type: ignore[arg-type]

    monkeypatch.setattr(tables, "supply", nine_fires)
    state = after_setup(players=2, seed=1)
    rooms = [p for p in state.config.board.positions if not state.room(p).fire]
    for position in rooms[: spec_value("supply.fire")]:
        state = state.with_room(position, state.room(position).evolve(fire=True))
    state = markers.place_fire(state, rooms[spec_value("supply.fire")], Context())
    assert state.end is None  # the planted defect: a ninth Fire marker goes on the board
    assert "supply.fire" in {v.invariant for v in violations(state)}

    obligation = next(o for o in prove_supplies.obligations() if o.id == "supply.fire")
    assert any(r.status == "counterexample" for r in obligation.check({}))
