"""Known-answer tests for what Action cards and Item actions cost, and for an Encounter's
set-aside token (issue #8): each checks the state after."""

from __future__ import annotations

import pytest

from nemesis_rules.board.layout import TECH
from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import Context, IllegalActionError, check
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.bag import base_encounter_token
from nemesis_rules.model.rules.intruders import move_intruder
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


def test_base_encounter_set_aside_the_token_returns_when_the_intruder_vanishes(game: GameState) -> None:
    state = game.evolve(bag=game.bag.remove("adult-2"))  # drawn for the Encounter
    ctx = Context()
    state = base_encounter_token(state, "adult-2", 1, "11", ctx)
    placed = [i for i in state.intruders if i.kind == "adult"]
    assert len(placed) == 1 and placed[0].token == "adult-2" and "base.encounter.set-aside" in ctx.fired
    assert state.bag.count("adult-2") == game.bag.count("adult-2") - 1
    gone = move_intruder(state, placed[0].id, TECH, Context())
    assert gone.intruders == () and gone.bag.count("adult-2") == game.bag.count("adult-2")
