"""Known-answer test that no Slime marker ever goes on a Character board in a Void Seeders game (an
Insanity Track card covers its Slime space), named after its clause id. It plays from the game of
test_vs_change.py (player 1 at Insanity 1); test_vs_insanity.py plays from a plain setup."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.void_seeders.changes import give_slime
from nemesis_rules.testing import after_setup


def game(level: int = 1, rulings: dict[str, str] | None = None) -> GameState:
    state = after_setup(2, 0, ruleset="void-seeders", rulings=rulings)
    return state.with_character(replace(state.character(1), insanity=level))


def test_vs_insanity_no_board_miniature_no_slime_marker_goes_on_a_character_board() -> None:
    ctx = Context()
    state = give_slime(game(), 1, ctx)
    assert state == game().with_character(state.character(1)) and not state.character(1).slime
    assert "vs.insanity.no-board-miniature" in ctx.fired
