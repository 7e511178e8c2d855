"""Known-answer test for running out of Adult Intruders (facts.md §1), named after its clause id.
That a carried Carcass is out of the supply is in test_base_supply_components.py (another `game`)."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.intruders import place_intruder
from nemesis_rules.testing import after_setup, with_hand, with_intruders


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (the Scout and the Soldier), no cards in hand."""
    return with_hand(with_hand(after_setup(players=2, seed=3), 1), 2)


def test_base_supply_adult_exhaustion_adults_not_in_combat_retreat_first(game: GameState) -> None:
    rooms = ("02", "03", "04", "05", "06", "07", "08", "10")
    state = with_intruders(game, *(Intruder(i + 1, "adult", p) for i, p in enumerate(rooms)))
    ctx = Context()
    after, new = place_intruder(state, "adult", "15", None, ctx)
    assert new and [(i.kind, i.position) for i in after.intruders] == [("adult", "15")]
    assert "base.supply.adult-exhaustion" in ctx.fired
