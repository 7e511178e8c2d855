"""Known-answer tests for Contamination cards: gaining one, scanning an infected one and a second
Larva (facts.md §15), named after their clause ids."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.contamination import INFECTED, infected_result
from nemesis_rules.model.rules.wounds import ContaminationDraw, GainContamination
from nemesis_rules.testing import after_setup, run, top_frame, with_frames, with_hand


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (the Scout, player 1, and the Soldier); nobody holds cards
    (no Interruption window opens)."""
    return with_hand(with_hand(after_setup(players=2, seed=3), 1), 2)


def test_base_contamination_gain_the_card_goes_to_the_action_discard_pile(game: GameState) -> None:
    state = with_frames(game, GainContamination(1))
    assert isinstance(top_frame(state), ContaminationDraw)
    after, _ = run(state, [Outcome("contamination-card", INFECTED)])
    c = after.character(1)
    assert c.discard.count(INFECTED) == 1 and c.deck == game.character(1).deck and c.hand == Multiset.of(())


def test_base_contamination_scan_infected_larva_places_a_larva(game: GameState) -> None:
    ctx = Context()
    after = infected_result(game, 1, ctx)
    assert after.character(1).larva and after.character(1).active
    assert "base.contamination.scan-infected-larva" in ctx.fired


def test_base_contamination_second_larva_death_kills_and_places_a_creeper(game: GameState) -> None:
    state = game.with_character(game.character(1).evolve(larva=True))
    ctx = Context()
    after = infected_result(state, 1, ctx)
    assert not after.character(1).alive
    assert [(i.kind, i.position) for i in after.intruders] == [("creeper", "11")]
    assert "base.contamination.second-larva-death" in ctx.fired
