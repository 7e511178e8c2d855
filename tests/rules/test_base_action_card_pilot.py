"""Known-answer scenarios for the Pilot's Action cards (Computer Skills, Piloting, Knowledge of
the Ship, Old Friend), named after their clauses. The free room actions take the room's own
action without its 2 cards and keep its conditions."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import IllegalActionError, apply, legal_actions
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.testing import after_setup, run

# seed 3, 2 players: 03 Storage, 04 Comms Room (Computer), 01 Cockpit, 11 Hibernatorium


def pilot(*hand: str, position: str = "11") -> GameState:
    state = after_setup(players=2, seed=3)
    one = replace(state.character(1), name="pilot", hand=Multiset.of(hand), position=position)
    two = replace(state.character(2), hand=Multiset.of(("search",)), position="01" if position != "01" else "11")
    state = state.with_character(one).with_character(two)
    room = state.room(position)
    return state.with_room(position, replace(room, explored=True, token=None, items=room.items or 1))


def plays(state: GameState, card: str) -> list[Decision]:
    return [
        a for a in legal_actions(state) if isinstance(a, Decision) and a.kind == "play-card" and a.get("card") == card
    ]


def test_base_action_card_computer_skills_opens_or_closes_a_door() -> None:
    state = pilot("computer-skills")
    play = Decision.make(1, "play-card", card="computer-skills", use="door", corridor="11-15", door="closed", pay=())
    assert play in plays(state, "computer-skills")
    state, fired = run(state, [play])
    assert state.door("11-15") == "closed"
    assert "base.action-card.computer-skills" in fired


def test_base_action_card_computer_skills_takes_a_computer_room_action_for_free() -> None:
    state = pilot("computer-skills", position="04")
    play = Decision.make(1, "play-card", card="computer-skills", use="room-action", pay=())
    assert play in plays(state, "computer-skills")
    state, fired = run(state, [play])
    assert state.character(1).signal
    assert "base.room.comms-room" in fired
    assert state.character(1).hand.total == 0


def test_base_action_card_computer_skills_room_action_blocked_by_a_malfunction() -> None:
    state = pilot("computer-skills", position="04")
    state = state.with_room("04", replace(state.room("04"), malfunction=True))
    assert all(p.get("use") == "door" for p in plays(state, "computer-skills"))
    with pytest.raises(IllegalActionError) as info:
        apply(state, Decision.make(1, "play-card", card="computer-skills", use="room-action", pay=()))
    assert info.value.clause == "base.action-card.computer-skills"


def test_base_action_card_piloting_sets_the_destination_from_the_cockpit() -> None:
    state = pilot("piloting", position="01")
    play = Decision.make(
        1, "play-card", card="piloting", use="room-action", flight="set-destination", destination="D", pay=()
    )
    assert play in plays(state, "piloting")
    state, fired = run(state, [play])
    assert state.destination == "D"
    assert "base.room.cockpit" in fired and "base.action-card.piloting" in fired


def test_base_action_card_piloting_checks_the_coordinates_from_a_computer_room() -> None:
    state = pilot("piloting", position="04")
    play = Decision.make(1, "play-card", card="piloting", use="coordinates", pay=())
    assert play in plays(state, "piloting")
    after, _ = run(state, [play])
    assert after.coordinates == state.coordinates and after.character(1).hand.total == 0


def test_base_action_card_piloting_needs_a_cockpit_or_computer_room() -> None:
    state = pilot("piloting", position="03")
    assert plays(state, "piloting") == []


def test_base_action_card_knowledge_of_the_ship_looks_at_an_unexplored_tile() -> None:
    state = pilot("knowledge-of-the-ship")
    play = Decision.make(1, "play-card", card="knowledge-of-the-ship", use="look", at="02", pay=())
    assert play in plays(state, "knowledge-of-the-ship")
    assert Decision.make(1, "play-card", card="knowledge-of-the-ship", use="look", at="01", pay=()) not in plays(
        state, "knowledge-of-the-ship"
    )
    after, fired = run(state, [play])
    assert after.room("02") == state.room("02")
    assert "base.action-card.knowledge-of-the-ship" in fired


def test_base_action_card_old_friend_takes_the_room_action_of_a_room_without_computer() -> None:
    state = pilot("old-friend", position="03")
    offered = plays(state, "old-friend")
    room_ways = state.config.ruleset.rooms["storage"].variants(state, 1)
    assert offered and len(offered) == len(room_ways)
    assert all(p.get("use") == "room-action" for p in offered)
    state, fired = run(state, [offered[0]])
    assert "base.room.storage" in fired and "base.action-card.old-friend" in fired
    assert state.character(1).hand.total == 0
    assert state.room("03").items == 1


def test_base_action_card_old_friend_not_in_a_computer_room() -> None:
    state = pilot("old-friend", position="04")
    assert plays(state, "old-friend") == []
    with pytest.raises(IllegalActionError) as info:
        apply(state, Decision.make(1, "play-card", card="old-friend", use="room-action", pay=()))
    assert info.value.clause == "base.action-card.old-friend"
