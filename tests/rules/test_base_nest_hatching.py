"""Known-answer test that the Hatching Event card destroys the Nest when it takes the last Egg
(facts.md §4, §8), named after its clause id. It resolves the card on seed 0's ship, so it is kept
apart from test_base_nest.py (seed 3)."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.engine import Context, settle
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.events import EventEffect
from nemesis_rules.testing import after_setup, explored


@pytest.fixture(scope="module")
def game() -> GameState:
    """Seed 0: 02 laboratory, 03 generator, 10 nest, 15 shower room, 18 storage, ...; both
    Characters in the Hibernatorium (11)."""
    state = after_setup(2, seed=0)
    assert (state.room("03").tile, state.room("10").tile, state.room("15").tile) == ("generator", "nest", "shower-room")
    return state


def resolve(state: GameState, card: str) -> tuple[GameState, list[str]]:
    """Resolve the Event card ``card``'s effect (and what happens to the card after)."""
    ctx = Context()
    after = settle(state.push(EventEffect(card)), ctx)
    return after, ctx.fired


def test_base_nest_destroyed_when_the_last_egg_hatches(game: GameState) -> None:
    state = explored(game, "10").evolve(eggs=1)
    after, fired = resolve(state, "hatching-1")
    assert after.eggs == 0 and "base.nest.destroyed" in fired
    more, fired = resolve(explored(game, "10").evolve(eggs=2), "hatching-1")
    assert more.eggs == 1 and "base.nest.destroyed" not in fired
