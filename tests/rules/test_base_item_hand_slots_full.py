"""base.item.hand-slots when a Heavy Item arrives in full hands by a way that asks for no free slot
(a Trade accepted, a Heavy Quest Item activated): ruling ``base.gap.heavy-item-full-hands`` (no text
covers it). By default the Character drops Heavy things of their choice until the rest fits;
under ``strict`` the engine stops at the gap. Seed 3, two players: the Scout (1, Rifle) and the
Soldier (2, Assault Rifle) stand in the Hibernatorium (11)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.invariants.catalogue import invariant
from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import RuleGap, legal_actions
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.items import MakeRoom
from nemesis_rules.testing import after_setup, run, top_frame, with_ruling

RULING = "base.gap.heavy-item-full-hands"
TRADE = Decision.make(1, "trade", give="fire-extinguisher", partner="2", pay=("search",), take="")
ACCEPT = (Decision.make(2, "no-interruption"), Decision.make(2, "accept-trade"))


def _carrying(state: GameState, player: int, item: str = "fire-extinguisher") -> GameState:
    """``player`` holds one more Heavy ``item``, taken from the yellow Item deck."""
    deck = state.deck("yellow")
    state = state.with_deck("yellow", replace(deck, unknown=deck.unknown.remove(item)))
    c = state.character(player)
    return state.with_character(replace(c, hands=(*c.hands, item)))


@pytest.fixture
def full() -> GameState:
    """Player 1 holds a Fire Extinguisher to give; player 2's two hand slots are full."""
    return _carrying(_carrying(after_setup(players=2, seed=3), 1), 2)


def test_base_trade_participants_a_heavy_item_into_full_hands_asks_what_to_drop(full: GameState) -> None:
    state, fired = run(full, [TRADE, *ACCEPT])
    assert RULING in fired
    assert top_frame(state) == MakeRoom(2)
    assert {a.get("item") for a in legal_actions(state) if isinstance(a, Decision)} == {
        "assault-rifle",
        "fire-extinguisher",
    }
    assert invariant("characters.hand-slots").check_state(state) is None  # the drop is pending
    state, fired = run(state, [Decision.make(2, "drop", item="assault-rifle")])
    assert state.character(2).hands == ("fire-extinguisher", "fire-extinguisher")
    assert "base.item.drop" in fired and not isinstance(top_frame(state), MakeRoom)


def test_base_trade_participants_strict_stops_at_the_gap(full: GameState) -> None:
    with pytest.raises(RuleGap):
        run(with_ruling(full, RULING, "strict"), [TRADE, *ACCEPT])


def test_base_trade_participants_a_free_slot_takes_the_item_with_no_drop() -> None:
    state, fired = run(_carrying(after_setup(players=2, seed=3), 1), [TRADE, *ACCEPT])
    assert RULING not in fired
    assert state.character(2).hands == ("assault-rifle", "fire-extinguisher")


def test_base_quest_item_activation_a_heavy_quest_item_into_full_hands_asks_what_to_drop() -> None:
    state = after_setup(players=2, seed=3)
    generator = next(p for p, r in zip(state.config.board.positions, state.rooms, strict=True) if r.tile == "generator")
    quests = tuple((q, "inactive") for q in tables.quest_items(state.config, "scientist"))
    one = replace(
        state.character(1), name="scientist", hand=Multiset.of(("search",)), position=generator, quests=quests
    )
    state = _carrying(state.with_character(one), 1)
    room = state.room(generator)
    state = state.with_room(generator, replace(room, explored=True, token=None))
    activate = Decision.make(1, "activate-quest", item="holo-computer", pay=("search",))
    assert activate in legal_actions(state)
    state, fired = run(state, [activate])
    assert RULING in fired and top_frame(state) == MakeRoom(1)
    assert sorted(state.character(1).hands) == ["fire-extinguisher", "holo-computer", "rifle"]
