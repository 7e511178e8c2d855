"""Known-answer tests for wounds: the third Light Wound, the Serious Wound deck and dressing each card
of a kind (facts.md §5), named after their clause ids. A second Serious Wound of a kind is in
test_base_wound_duplicates.py (it plays from another `game`)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.wounds import LightWound, SeriousWoundDraw
from nemesis_rules.testing import after_setup, run, top_frame, with_frames, with_hand


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (the Scout, player 1, and the Soldier); nobody holds cards
    (no Interruption window opens)."""
    return with_hand(with_hand(after_setup(players=2, seed=3), 1), 2)


def wounded(state: GameState, player: int, *wounds: str, dressed: tuple[str, ...] = (), **fields: object) -> GameState:
    c = state.character(player)
    c = replace(c, hand=Multiset.of(("search", "rest", "demolition")), serious_wounds=wounds, dressed=dressed)
    return state.with_character(replace(c, **fields))  # type: ignore[arg-type]


def test_base_wound_light_conversion_third_light_wound_becomes_serious(game: GameState) -> None:
    state = game.with_character(game.character(1).evolve(light_wounds=2))
    ctx = Context()
    after = LightWound(1).run(state, ctx)
    assert after.character(1).light_wounds == 0
    assert "base.wound.light-conversion" in ctx.fired
    settled = with_frames(after)
    assert isinstance(top_frame(settled), SeriousWoundDraw)


def test_base_wound_light_conversion_not_before_the_third(game: GameState) -> None:
    state = game.with_character(game.character(1).evolve(light_wounds=1))
    ctx = Context()
    after = LightWound(1).run(state, ctx)
    assert after.character(1).light_wounds == 2 and "base.wound.light-conversion" not in ctx.fired


def test_base_wound_serious_card_is_drawn_from_the_serious_wound_deck(game: GameState) -> None:
    state = with_frames(game, SeriousWoundDraw(1))
    card = state.deck("serious-wound").draw_outcomes()[0][0]
    before = state.deck("serious-wound").unknown.count(card)
    after, _ = run(state, [Outcome("serious-wound", card)])
    assert card in after.character(1).serious_wounds
    assert after.deck("serious-wound").unknown.count(card) == before - 1


def test_base_wound_dress_counts_each_card_of_a_kind() -> None:
    state = after_setup(players=2, seed=3)
    assert wounded(state, 1, "arm", "arm", dressed=("arm",)).character(1).wound_active("arm")
    assert not wounded(state, 1, "arm", "arm", dressed=("arm", "arm")).character(1).wound_active("arm")
    assert not wounded(state, 1, "leg").character(1).wound_active("arm")
