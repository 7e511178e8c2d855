"""Known-answer scenarios for the Captain's Action cards (Order, Suppressive Fire, Reload,
Motivation) and the readings of the Intercom that widens Motivation, named after their clauses and
rulings. The Intercom with Order is in test_base_quest_item.py."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import IllegalActionError, apply, legal_actions
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.action_cards_common import EscapeOffer
from nemesis_rules.model.rules.attack import IntruderAttack
from nemesis_rules.model.rules.hands import ActionCardDraw
from nemesis_rules.model.rules.noise import NoiseRoll
from nemesis_rules.testing import after_setup, run, top_frame


def captain(*hand: str, other: tuple[str, ...] = ("search",), other_at: str = "11") -> GameState:
    """Player 1 the Captain in the Hibernatorium (11) with the Revolver; player 2 the Soldier
    in ``other_at`` holding ``other``."""
    state = after_setup(players=2, seed=3)
    one = replace(
        state.character(1), name="captain", hand=Multiset.of(hand), hands=("revolver",), ammo=(("revolver", 3),)
    )
    two = replace(state.character(2), hand=Multiset.of(other), position=other_at)
    return state.with_character(one).with_character(two)


def plays(state: GameState, card: str) -> list[Decision]:
    return [
        a for a in legal_actions(state) if isinstance(a, Decision) and a.kind == "play-card" and a.get("card") == card
    ]


def with_adult(state: GameState, position: str = "11") -> GameState:
    return replace(state, intruders=(Intruder(1, "adult", position),), next_intruder=2)


def test_base_action_card_order_moves_another_character_to_a_room_of_your_choice() -> None:
    state = captain("order")
    order = Decision.make(1, "play-card", card="order", target="2", to="15", pay=())
    assert order in plays(state, "order")
    state, fired = run(state, [order])
    assert state.character(2).position == "15" and state.character(1).position == "11"
    assert state.room("15").explored
    frame = top_frame(state)
    assert isinstance(frame, NoiseRoll) and frame.player == 2
    assert "base.action-card.order" in fired


def test_base_action_card_order_needs_another_character_in_your_room() -> None:
    state = captain("order", other_at="01")
    assert plays(state, "order") == []
    with pytest.raises(IllegalActionError) as info:
        apply(state, Decision.make(1, "play-card", card="order", target="2", to="02", pay=()))
    assert info.value.clause == "base.action-card.order"


def test_base_action_card_suppressive_fire_lets_you_escape_without_an_attack() -> None:
    state = with_adult(captain("suppressive-fire"), "11")
    play = Decision.make(1, "play-card", card="suppressive-fire", weapon="revolver", to="15", pay=())
    assert play in plays(state, "suppressive-fire")
    state, fired = run(state, [play])
    assert state.character(1).position == "15"
    assert state.character(1).ammo_of("revolver") == 2
    assert not any(isinstance(f, IntruderAttack) for f in state.pending)
    assert "base.move.escape-attacks" not in fired


def test_base_action_card_suppressive_fire_offers_the_escape_to_another_character() -> None:
    state = with_adult(captain("suppressive-fire"), "11")
    state, _ = run(
        state, [Decision.make(1, "play-card", card="suppressive-fire", weapon="revolver", partner="2", pay=())]
    )
    frame = top_frame(state)
    assert isinstance(frame, EscapeOffer) and frame.player == 2
    state, _ = run(state, [Decision.make(2, "escape-unattacked", to="06")])
    assert state.character(2).position == "06" and state.character(1).position == "11"


def test_base_action_card_suppressive_fire_needs_ammo() -> None:
    state = with_adult(captain("suppressive-fire"), "11")
    state = state.with_character(state.character(1).with_ammo("revolver", 0))
    assert plays(state, "suppressive-fire") == []


def test_base_action_card_reload_puts_one_ammo_on_the_revolver() -> None:
    state = captain("reload")
    state, fired = run(state, [Decision.make(1, "play-card", card="reload", weapon="revolver", pay=())])
    assert state.character(1).ammo_of("revolver") == 4
    assert "base.action-card.reload" in fired


def test_base_action_card_reload_refused_on_a_full_revolver() -> None:
    state = captain("reload")
    state = state.with_character(state.character(1).with_ammo("revolver", 6))
    assert plays(state, "reload") == []
    with pytest.raises(IllegalActionError) as info:
        apply(state, Decision.make(1, "play-card", card="reload", weapon="revolver", pay=()))
    assert info.value.clause == "base.action-card.reload"


def draw_next(state: GameState) -> tuple[GameState, int]:
    """Resolve the pending Action card draw with a card of that player's deck."""
    frame = top_frame(state)
    assert isinstance(frame, ActionCardDraw)
    card = state.character(frame.player).deck.distinct()[0]
    return run(state, [Outcome("action-card", card)])[0], frame.player


def test_base_action_card_motivation_everyone_in_your_room_draws_one() -> None:
    state = captain("motivation", "search")
    state, fired = run(state, [Decision.make(1, "play-card", card="motivation", pay=())])
    assert "base.action-card.motivation" in fired
    state, first = draw_next(state)
    state, second = draw_next(state)
    assert (first, second) == (1, 2)
    assert state.character(1).hand.total == 2 and state.character(2).hand.total == 2


def test_base_ambiguity_intercom_motivation_reaches_the_computer_rooms() -> None:
    state = captain("motivation", other_at="04")
    state = state.with_room("04", replace(state.room("04"), explored=True, token=None, items=1))
    c = state.character(1)
    state = state.with_character(replace(c, quests=(("log-key", "inactive"), ("intercom", "active"))))
    state, fired = run(state, [Decision.make(1, "play-card", card="motivation", pay=())])
    assert "base.ambiguity.intercom-motivation" in fired
    state, first = draw_next(state)
    state, second = draw_next(state)
    assert (first, second) == (1, 2)


def test_base_ambiguity_intercom_motivation_your_room_only_reading() -> None:
    state = after_setup(players=2, seed=3, rulings={"base.ambiguity.intercom-motivation": "your-room-only"})
    one = replace(state.character(1), name="captain", hand=Multiset.of(("motivation",)))
    one = replace(one, quests=(("log-key", "inactive"), ("intercom", "active")))
    two = replace(state.character(2), hand=Multiset.of(("search",)), position="04")
    state = state.with_character(one).with_character(two)
    state = state.with_room("04", replace(state.room("04"), explored=True, token=None, items=1))
    state, fired = run(state, [Decision.make(1, "play-card", card="motivation", pay=())])
    assert "base.ambiguity.intercom-motivation" not in fired
    state, first = draw_next(state)
    assert first == 1 and not isinstance(top_frame(state), ActionCardDraw)
