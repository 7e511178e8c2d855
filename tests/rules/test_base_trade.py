"""Known-answer tests for Trade: who takes part, and what may not be traded (facts.md §2), named after
their clause ids."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import IllegalActionError, check
from nemesis_rules.model.core.state import GameState
from nemesis_rules.testing import after_setup, run, with_hand


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11: the Scout (player 1, Rifle, two cards) and the Soldier
    (no cards, so no Interruption window opens)."""
    return with_hand(with_hand(after_setup(players=2, seed=3), 1, "search", "rest"), 2)


def trade(**params: str | tuple[str, ...]) -> Decision:
    return Decision.make(1, "trade", **{"give": "", "take": "", "partner": "2", "pay": ("search",), **params})


def test_base_trade_participants_the_partner_consents_only_the_initiator_pays(game: GameState) -> None:
    after, _ = run(game, [trade(take="assault-rifle")])
    after, _ = run(after, [Decision.make(2, "accept-trade")])
    assert "assault-rifle" in after.character(1).hands and "assault-rifle" not in after.character(2).hands
    assert after.character(1).hand.total == 1 and after.character(2).hand.total == 0


def test_base_trade_participants_the_partner_must_be_in_the_room(game: GameState) -> None:
    state = game.with_character(game.character(2).evolve(position="01"))
    with pytest.raises(IllegalActionError) as err:
        check(state, trade(take="assault-rifle"))
    assert err.value.clause == "base.trade.participants"


def test_base_trade_not_empty(game: GameState) -> None:
    with pytest.raises(IllegalActionError) as err:
        check(game, trade())
    assert err.value.clause == "base.trade.not-empty"


def test_base_trade_no_ammo(game: GameState) -> None:
    with pytest.raises(IllegalActionError) as err:
        check(game, trade(give="ammo"))
    assert err.value.clause == "base.trade.no-ammo"
