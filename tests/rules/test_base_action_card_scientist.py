"""Known-answer scenarios for the Scientist's Action cards (Risk Assessment, Blocking Access,
Intranet), named after their clauses. The Holo Computer that frees two of them from the Computer rooms
is in test_base_quest_item.py."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import IllegalActionError, apply, legal_actions
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.action_cards_scientist import EventPeek, TopEventChoice
from nemesis_rules.testing import after_setup, run, top_frame

# seed 3, 2 players: 04 Comms Room and 18 Generator have a Computer; 11 Hibernatorium has none


def scientist(*hand: str, position: str = "04", quests: tuple[tuple[str, str], ...] = ()) -> GameState:
    state = after_setup(players=2, seed=3)
    one = replace(
        state.character(1),
        name="scientist",
        hand=Multiset.of(hand),
        position=position,
        quests=quests or (("laboratory-equipment", "inactive"), ("holo-computer", "inactive")),
    )
    if ("holo-computer", "active") in one.quests:
        one = replace(one, hands=(*one.hands, "holo-computer"))  # a Heavy quest item works in a hand slot
    two = replace(state.character(2), hand=Multiset.of(("search",)), position="01")
    state = state.with_character(one).with_character(two)
    for p in ("04", "18"):
        state = state.with_room(p, replace(state.room(p), explored=True, token=None, items=1))
    return state


def plays(state: GameState, card: str) -> list[Decision]:
    return [
        a for a in legal_actions(state) if isinstance(a, Decision) and a.kind == "play-card" and a.get("card") == card
    ]


def test_base_action_card_risk_assessment_puts_the_top_event_at_the_bottom() -> None:
    state = scientist("risk-assessment")
    state, fired = run(state, [Decision.make(1, "play-card", card="risk-assessment", pay=())])
    assert isinstance(top_frame(state), EventPeek)
    state, more = run(state, [Outcome("event-card", "hunt-1")])
    assert isinstance(top_frame(state), TopEventChoice)
    state, _ = run(state, [Decision.make(1, "put-event-at-bottom", card="hunt-1")])
    deck = state.deck("event")
    assert deck.bottom == ("hunt-1",) and "hunt-1" not in deck.unknown and deck.top == ()
    assert "base.action-card.risk-assessment" in fired + more


def test_base_action_card_risk_assessment_keeps_the_card_on_top() -> None:
    state = scientist("risk-assessment")
    state, _ = run(
        state,
        [
            Decision.make(1, "play-card", card="risk-assessment", pay=()),
            Outcome("event-card", "nest-1"),
            Decision.make(1, "keep-event-on-top", card="nest-1"),
        ],
    )
    assert state.deck("event").top == ("nest-1",)
    assert state.deck("event").draw_outcomes() == (("nest-1", 1),)


def test_base_action_card_risk_assessment_needs_a_computer_room() -> None:
    state = scientist("risk-assessment", position="11")
    assert plays(state, "risk-assessment") == []
    with pytest.raises(IllegalActionError) as info:
        apply(state, Decision.make(1, "play-card", card="risk-assessment", pay=()))
    assert info.value.clause == "base.action-card.risk-assessment"


def test_base_action_card_blocking_access_puts_a_malfunction_in_another_computer_room() -> None:
    state = scientist("blocking-access")
    play = Decision.make(1, "play-card", card="blocking-access", use="malfunction", at="18", pay=())
    assert play in plays(state, "blocking-access")
    state, fired = run(state, [play])
    assert state.room("18").malfunction and not state.room("04").malfunction
    assert "base.action-card.blocking-access" in fired


def test_base_action_card_blocking_access_takes_the_room_action_for_free() -> None:
    state = scientist("blocking-access")
    state, fired = run(state, [Decision.make(1, "play-card", card="blocking-access", use="room-action", pay=())])
    assert state.character(1).signal
    assert "base.room.comms-room" in fired


def test_base_action_card_blocking_access_needs_a_computer_room() -> None:
    state = scientist("blocking-access", position="11")
    assert plays(state, "blocking-access") == []


def test_base_action_card_intranet_uses_another_computer_rooms_action() -> None:
    state = scientist("intranet", "search")
    play = Decision.make(1, "play-card", card="intranet", at="18", sequence="start", pay=("search",))
    assert play in plays(state, "intranet")
    state, fired = run(state, [play])
    assert state.self_destruct is not None
    assert "base.room.generator" in fired and "base.action-card.intranet" in fired
    assert "base.quest-item.holo-computer" not in fired


def test_base_action_card_intranet_skips_a_computer_room_with_a_malfunction() -> None:
    state = scientist("intranet", "search")
    state = state.with_room("18", replace(state.room("18"), malfunction=True))
    assert all(p.get("at") != "18" for p in plays(state, "intranet"))
    with pytest.raises(IllegalActionError) as info:
        apply(state, Decision.make(1, "play-card", card="intranet", at="18", sequence="start", pay=("search",)))
    assert info.value.clause == "base.action-card.intranet"
