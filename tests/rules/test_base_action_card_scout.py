"""Known-answer scenarios for the Scout's Action cards (Scavenging, Reconnaissance, Adrenaline),
named after their clauses."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import IllegalActionError, apply, legal_actions
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.attack import AttackCardDraw
from nemesis_rules.model.rules.hands import ActionCardDraw
from nemesis_rules.model.rules.items import SearchDraw
from nemesis_rules.model.rules.shoot_and_melee import CombatRoll
from nemesis_rules.testing import after_setup, run, top_frame

# seed 3, 2 players: 03 Storage (red), 08 Engine Control Room with a Danger token, 11 Hibernatorium


def scout(*hand: str, position: str = "11") -> GameState:
    state = after_setup(players=2, seed=3)
    one = replace(state.character(1), hand=Multiset.of(hand), position=position)
    two = replace(state.character(2), hand=Multiset.of(("search",)), position="01")
    return state.with_character(one).with_character(two)


def plays(state: GameState, card: str) -> list[Decision]:
    return [
        a for a in legal_actions(state) if isinstance(a, Decision) and a.kind == "play-card" and a.get("card") == card
    ]


def test_base_action_card_scavenging_searches_at_counter_zero() -> None:
    state = scout("scavenging", "search", position="03")
    state = state.with_room("03", replace(state.room("03"), explored=True, token=None, items=0))
    assert [p.get("card") for p in legal_actions(state) if isinstance(p, Decision) and p.kind == "play-card"] == [
        "scavenging"
    ]
    state, fired = run(state, [Decision.make(1, "play-card", card="scavenging", pay=("search",))])
    assert isinstance(top_frame(state), SearchDraw)
    assert state.room("03").items == 0
    assert "base.action-card.scavenging" in fired


def test_base_action_card_scavenging_needs_a_room_with_an_item_counter() -> None:
    state = scout("scavenging", "search")
    assert plays(state, "scavenging") == []
    with pytest.raises(IllegalActionError) as info:
        apply(state, Decision.make(1, "play-card", card="scavenging", pay=("search",)))
    assert info.value.clause == "base.action-card.scavenging"


def test_base_action_card_reconnaissance_moves_without_noise_and_cancels_danger() -> None:
    state = scout("reconnaissance", "search")
    state, fired = run(state, [Decision.make(1, "play-card", card="reconnaissance", to="08", pay=("search",))])
    assert state.character(1).position == "08" and state.room("08").explored
    assert state.noise == frozenset()
    assert "base.careful-move.cancels-tokens" in fired and "base.explore.danger-token" not in fired
    # no noise roll: the Scout decides again at once
    assert type(top_frame(state)).__name__ == "Turn"


def test_base_action_card_reconnaissance_not_in_combat() -> None:
    state = scout("reconnaissance", "search")
    state = replace(state, intruders=(Intruder(1, "adult", "11"),), next_intruder=2)
    assert plays(state, "reconnaissance") == []


def test_base_action_card_adrenaline_shoots_then_draws() -> None:
    state = scout("adrenaline")
    state = replace(state, intruders=(Intruder(1, "adult", "11"),), next_intruder=2)
    play = Decision.make(1, "play-card", card="adrenaline", use="shoot", weapon="rifle", target="1", pay=())
    assert play in plays(state, "adrenaline")
    state, fired = run(state, [play])
    assert isinstance(top_frame(state), CombatRoll)
    assert state.character(1).ammo_of("rifle") == 3
    state, _ = run(state, [Outcome("combat-die", "blank")])
    frame = top_frame(state)
    assert isinstance(frame, ActionCardDraw) and frame.player == 1
    assert "base.action-card.adrenaline" in fired


def test_base_action_card_adrenaline_escape_is_attacked() -> None:
    state = scout("adrenaline")
    state = replace(state, intruders=(Intruder(1, "adult", "11"),), next_intruder=2)
    state, fired = run(state, [Decision.make(1, "play-card", card="adrenaline", use="escape", to="06", pay=())])
    assert isinstance(top_frame(state), AttackCardDraw)
    assert "base.move.escape-attacks" in fired
    # a Transformation card misses an Adult; the Scout walks into 06 (Silence: no roll), then draws
    state, _ = run(state, [Outcome("attack-card", "transformation-1")])
    assert state.character(1).position == "06"
    frame = top_frame(state)
    assert isinstance(frame, ActionCardDraw) and frame.player == 1


def test_base_action_card_adrenaline_only_in_combat() -> None:
    state = scout("adrenaline")
    assert plays(state, "adrenaline") == []
