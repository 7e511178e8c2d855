"""Known-answer test that the expansion's miniatures are limited (a fourth Lair is not placed), named after
its clause id. It plays from the game of test_vs_lair.py (seed 0, a Lair token in room 15); the tokens
are in test_vs_supply_tokens.py."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.testing import after_setup, run, with_hand

# seed 0 puts a Lair token on room 15 (next to the Hibernatorium, 11)
LAIR_ROOM = "15"


def game(rulings: dict[str, str] | None = None) -> GameState:
    state = after_setup(2, 0, ruleset="void-seeders", rulings=rulings)
    assert state.room(LAIR_ROOM).token == "lair-0"
    return with_hand(with_hand(state, 1, "search", "demolition", "rest"), 2, "search", "demolition")


def test_vs_supply_miniatures_only_three_lairs() -> None:
    state = game()
    state = replace(
        state, intruders=tuple(Intruder(n, "lair", p) for n, p in ((1, "02"), (2, "03"), (3, "04"))), next_intruder=4
    )
    state, _ = run(state, [Decision.make(1, "move", to=LAIR_ROOM, pay=("search",))])
    assert not state.intruders_at(LAIR_ROOM) and tables.miniature_limit(state.config, "lair") == 3
