"""Known-answer test for Lurking's choice of rooms (void-seeders-rulebook.txt, Event Phase Rules,
step 8, Lurking), named after its clause id."""

from __future__ import annotations

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import Intruder
from nemesis_rules.model.rules.void_seeders.lurking import LurkingStep
from nemesis_rules.testing import after_setup, move_character, with_hand, with_intruders


def test_vs_lurking_find_only_seeders_with_no_character_next_door_lurk() -> None:
    state = after_setup(players=2, seed=3, ruleset="void-seeders")
    state = move_character(move_character(with_hand(with_hand(state, 1), 2), 1, "11"), 2, "11")
    # room 15 is next to room 11 (the Door closed: Void Seeders ignore it); room 01 is not
    state = with_intruders(state, Intruder(1, "lurker", "01"), Intruder(2, "lurker", "15"))
    state = state.with_door("11-15", "closed")
    assert "01" not in state.config.board.neighbours["11"] and "15" in state.config.board.neighbours["11"]
    ctx = Context()
    after = LurkingStep().run(state, ctx)
    assert [(i.id, i.position) for i in after.intruders] == [(2, "15")]
    assert "vs.lurking.find" in ctx.fired
