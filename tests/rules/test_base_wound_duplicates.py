"""Known-answer test that a second Serious Wound of a kind adds nothing, named after its clause id.
Player 1 is the Scout (Rifle) in the Hibernatorium (11), both players holding three cards, as in
test_base_serious_wound_effects.py; test_base_wound.py plays from empty hands."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.wounds import SeriousWound
from nemesis_rules.testing import after_setup, run, top_frame, with_frames


@pytest.fixture
def game() -> GameState:
    return wounded(wounded(after_setup(players=2, seed=3), 2), 1)


def wounded(state: GameState, player: int, *wounds: str, dressed: tuple[str, ...] = (), **fields: object) -> GameState:
    c = state.character(player)
    c = replace(c, hand=Multiset.of(("search", "rest", "demolition")), serious_wounds=wounds, dressed=dressed)
    return state.with_character(replace(c, **fields))  # type: ignore[arg-type]


def test_base_wound_duplicates_a_second_arm_wound_adds_nothing(game: GameState) -> None:
    state = with_frames(wounded(game, 1, "arm", hands=("rifle",)), SeriousWound(1))
    state, fired = run(state, [Outcome("serious-wound", "arm")])
    assert state.character(1).serious_wounds == ("arm", "arm") and "base.wound.duplicates" in fired
    assert "base.serious-wound.arm" not in fired and type(top_frame(state)).__name__ == "Turn"
    dressed = with_frames(wounded(game, 1, "arm", dressed=("arm",), hands=("rifle", "egg")), SeriousWound(1))
    dressed, fired = run(dressed, [Outcome("serious-wound", "arm")])
    assert "base.wound.duplicates" not in fired and type(top_frame(dressed)).__name__ == "ArmDrop"
