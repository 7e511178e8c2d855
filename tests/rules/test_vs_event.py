"""Known-answer scenarios for the Event Phase with Void Seeders: the step order with Lurking between
the Event card and the bag, Fire Damage (and the reading of burning Eggs), and closed Doors that do not
hide a neighbour from Lurking (void-seeders-rulebook.txt, Event Phase Rules), named after their clause
and ruling ids."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.void_seeders.lurking import FireDamageStep, LurkingStep, event_steps
from nemesis_rules.testing import after_setup, run, with_frames, with_hand


def game(rulings: dict[str, str] | None = None, players: int = 2) -> GameState:
    state = after_setup(players, 0, ruleset="void-seeders", rulings=rulings)
    for p in range(1, players + 1):
        state = with_hand(state, p, "search", "demolition")
    return state


def place(state: GameState, *intruders: Intruder) -> GameState:
    return replace(state, intruders=tuple(sorted(intruders)), next_intruder=max(i.id for i in intruders) + 1)


def _burning_nest(rulings: dict[str, str] | None = None) -> GameState:
    state = game(rulings)
    nest = next(p for p in state.config.board.positions if state.room(p).tile == "nest")
    return state.with_room(nest, replace(state.room(nest), fire=True, explored=True))


def test_vs_event_step_order_with_lurking_between_event_card_and_bag() -> None:
    names = [type(f).__name__ for f in event_steps()]
    assert names.index("TimeStep") < names.index("AttackStep") < names.index("FireDamageStep")
    assert names.index("EventCardStep") < names.index("LurkingStep") < names.index("BagDevelopmentStep")
    state = game()
    state, fired = run(state, [Decision.make(1, "pass"), Decision.make(1, "keep-hand")])
    state, fired = run(state, [Decision.make(2, "pass"), Decision.make(2, "keep-hand")])
    assert "vs.event.step-order" in fired and state.time == 1


def test_vs_event_fire_damage_hurts_void_seeders_and_lairs() -> None:
    state = place(game(), Intruder(1, "whisperer", "15"), Intruder(2, "lair", "15"), Intruder(3, "lurker", "06"))
    state = state.with_room("15", replace(state.room("15"), fire=True))
    ctx = Context()
    state = FireDamageStep().run(state, ctx)
    injured = {i.id: i.injuries for i in state.intruders}
    assert injured == {1: 1, 2: 1, 3: 0} and "vs.event.fire-damage" in ctx.fired


def test_vs_gap_fire_eggs_eggs_burn() -> None:
    state = _burning_nest()
    eggs = state.eggs
    assert FireDamageStep().run(state, Context()).eggs == eggs - 1


def test_vs_gap_fire_eggs_no_egg_damage() -> None:
    state = _burning_nest({"vs.gap.fire-eggs": "no-egg-damage"})
    assert FireDamageStep().run(state, Context()).eggs == state.eggs


def test_vs_event_lurking_closed_doors_do_not_hide_a_neighbour() -> None:
    state = place(game(), Intruder(1, "lurker", "15")).with_door("11-15", "closed")
    assert with_frames(state, LurkingStep()).intruders == state.intruders
