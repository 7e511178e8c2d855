"""Known-answer tests for Lurking's choice of rooms (Void Seeders) and the Crafted deck's
availability (issue #8): each checks the state after."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import Intruder
from nemesis_rules.model.rules.items import craft, craft_ways, drop
from nemesis_rules.model.rules.void_seeders.lurking import LurkingStep
from nemesis_rules.testing import after_setup, equip, move_character, with_hand, with_intruders


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


def test_base_craft_availability_needs_a_copy_in_the_crafted_deck_and_discards_return() -> None:
    state = equip(after_setup(players=2, seed=3), 1, "chemicals", "tools", hands=())
    copies = state.deck("blue").unknown.count("flamethrower")
    assert ("flamethrower", "chemicals", "tools") in craft_ways(state, 1)
    # with every copy crafted already, none can be crafted
    deck = state.deck("blue")
    gone = state.with_deck("blue", replace(deck, unknown=deck.unknown.remove("flamethrower", copies)))
    assert all(way[0] != "flamethrower" for way in craft_ways(gone, 1))
    # a crafted copy dropped (discarded) may be crafted again
    crafted = craft(state, 1, "flamethrower", ("chemicals", "tools"), Context())
    assert crafted.deck("blue").unknown.count("flamethrower") == copies - 1
    back = drop(crafted, 1, "flamethrower", Context())
    assert back.deck("blue").unknown.count("flamethrower") == copies
