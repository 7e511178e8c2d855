"""Known-answer test that a Lair's exploration token in an Engine gives no items, named after its clause
id. It plays from the game of test_vs_lair.py (seed 0, a Lair token in room 15, both players holding
cards); test_vs_setup.py plays from a plain setup."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.state import GameState
from nemesis_rules.testing import after_setup, move_character, run, with_hand

# seed 0 puts a Lair token on room 15 (next to the Hibernatorium, 11)
LAIR_ROOM = "15"


def game(rulings: dict[str, str] | None = None) -> GameState:
    state = after_setup(2, 0, ruleset="void-seeders", rulings=rulings)
    assert state.room(LAIR_ROOM).token == "lair-0"
    return with_hand(with_hand(state, 1, "search", "demolition", "rest"), 2, "search", "demolition")


def test_vs_setup_engine_no_items_a_lair_in_an_engine() -> None:
    state = game()
    engine = next(p for p, r in state.config.board.printed_rooms.items() if r == "engine-1")
    state = state.with_room(engine, replace(state.room(engine), token="lair-0"))
    neighbour = state.config.board.neighbours[engine][0]
    state = move_character(state, 1, neighbour)
    state = state.with_room(neighbour, replace(state.room(neighbour), explored=True, token=None))
    state, fired = run(state, [Decision.make(1, "move", to=engine, pay=("search",))])
    assert [i.kind for i in state.intruders_at(engine)] == ["lair"] and state.room(engine).items is None
    assert "vs.setup.engine-no-items" in fired and "vs.lair.exploration-token" in fired
