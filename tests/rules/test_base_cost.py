"""Known-answer tests for what Action cards, Item actions and Careful Movement cost (facts.md §2),
named after their clause ids."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import IllegalActionError, check
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.testing import after_setup, equip, run, with_hand, with_intruders


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (the Scout, player 1; the Soldier, no cards)."""
    return with_hand(with_hand(after_setup(players=2, seed=3), 1, "demolition", "rest", "search"), 2)


def test_base_cost_action_card_the_card_itself_plus_its_printed_cost(game: GameState) -> None:
    # Demolition costs 0: only the card itself is discarded
    play = Decision.make(1, "play-card", card="demolition", pay=(), use="malfunction")
    after, fired = run(game, [play])
    c = after.character(1)
    assert "demolition" not in c.hand and c.hand.total == 2 and "base.cost.action-card" in fired
    assert c.discard.count("demolition") == game.character(1).discard.count("demolition") + 1
    with pytest.raises(IllegalActionError):
        check(game, Decision.make(1, "play-card", card="demolition", pay=("rest",), use="malfunction"))


def test_base_cost_item_action_the_grenade_costs_one_card(game: GameState) -> None:
    state = equip(with_intruders(game, Intruder(1, "adult", "15")), 1, "grenade", hand=("rest", "search"))
    after, fired = run(state, [Decision.make(1, "use-item", item="grenade", pay=("rest",), target="1")])
    c = after.character(1)
    assert c.hand.total == 1 and c.inventory.count("grenade") == 0 and "base.cost.item-action" in fired
    with pytest.raises(IllegalActionError):
        check(state, Decision.make(1, "use-item", item="grenade", pay=(), target="1"))


def test_base_cost_careful_move_is_paid_with_two_cards(game: GameState) -> None:
    move = Decision.make(1, "careful-move", noise="02-06", pay=("demolition", "rest"), to="06")
    after, fired = run(game, [move])
    assert after.character(1).hand.total == 1 and "base.cost.careful-move" in fired
    with pytest.raises(IllegalActionError) as err:
        check(game, Decision.make(1, "careful-move", noise="02-06", pay=("rest",), to="06"))
    assert err.value.clause == "base.cost.careful-move"
