"""Known-answer scenarios for the rooms that treat a character: Emergency Room, Canteen,
Shower Room and Surgery (RU-RB p.20-21, p.24-25; facts.md §5, §9), named after their clauses."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision, ParamValue
from nemesis_rules.model.core.engine import legal_actions
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.testing import after_setup, run, turn_of, with_hand

HAND = ("demolition", "interruption", "scavenging", "search", "suppressive-fire")
PAY = ("demolition", "interruption")


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players: the Scout (player 1) and the Soldier (no Interruption in hand)."""
    state = with_hand(after_setup(players=2, seed=3), 1, *HAND)
    return with_hand(state, 2, "basic-repairs", "full-auto", "search")


def enter(state: GameState, player: int, position: str) -> GameState:
    room = state.room(position)
    state = state.with_room(position, replace(room, explored=True, token=None))
    return state.with_character(replace(state.character(player), position=position))


def hurt(state: GameState, player: int, **changes: object) -> GameState:
    return state.with_character(replace(state.character(player), **changes))  # type: ignore[arg-type]


def room_options(state: GameState, player: int = 1) -> list[dict[str, ParamValue]]:
    out: list[dict[str, ParamValue]] = []
    for action in legal_actions(state):
        if isinstance(action, Decision) and action.kind == "room-action" and action.cards() == PAY:
            out.append({k: v for k, v in action.params if k not in ("pay", "room")})
    return out


def room_action(player: int, tile: str, **params: str) -> Decision:
    return Decision.make(player, "room-action", room=tile, pay=PAY, **params)


# -- Emergency Room (16) ----------------------------------------------------------------------


def test_base_room_emergency_room_offers_each_treatment_with_a_wound_to_treat(game: GameState) -> None:
    state = enter(game, 1, "16")
    assert room_options(state) == []  # nothing to treat
    state = hurt(state, 1, light_wounds=2, serious_wounds=("arm", "leg", "back"), dressed=("leg",))
    assert room_options(state) == [
        {"treatment": "dress-all"},
        {"treatment": "heal-dressed", "wound": "leg"},
        {"treatment": "heal-light"},
    ]


def test_base_room_emergency_room_dresses_every_serious_wound(game: GameState) -> None:
    state = hurt(enter(game, 1, "16"), 1, serious_wounds=("arm", "leg"), light_wounds=1)
    after, fired = run(state, [room_action(1, "emergency-room", treatment="dress-all")])
    c = after.character(1)
    assert sorted(c.dressed) == ["arm", "leg"] and c.serious_wounds == ("arm", "leg") and c.light_wounds == 1
    assert {"base.room.emergency-room", "base.wound.dress"} <= set(fired)


def test_base_room_emergency_room_heals_one_dressed_wound(game: GameState) -> None:
    state = hurt(enter(game, 1, "16"), 1, serious_wounds=("arm", "leg"), dressed=("arm", "leg"))
    after, fired = run(state, [room_action(1, "emergency-room", treatment="heal-dressed", wound="arm")])
    c = after.character(1)
    assert c.serious_wounds == ("leg",) and c.dressed == ("leg",)
    assert "arm" in after.deck("serious-wound").discard and "base.wound.heal" in fired


def test_base_room_emergency_room_heals_every_light_wound(game: GameState) -> None:
    state = hurt(enter(game, 1, "16"), 1, light_wounds=2, serious_wounds=("arm",))
    after, _ = run(state, [room_action(1, "emergency-room", treatment="heal-light")])
    assert after.character(1).light_wounds == 0 and after.character(1).serious_wounds == ("arm",)


# -- Canteen (07) ----------------------------------------------------------------------------------


def test_base_room_canteen_heals_one_light_wound(game: GameState) -> None:
    state = hurt(enter(game, 1, "07"), 1, light_wounds=2)
    assert room_options(state) == [{"scan": "no"}, {"scan": "yes"}]
    after, fired = run(state, [room_action(1, "canteen", scan="no")])
    assert after.character(1).light_wounds == 1 and "base.room.canteen" in fired


def test_base_room_canteen_scan_removes_clean_cards_and_infected_gives_a_larva(game: GameState) -> None:
    state = with_hand(enter(game, 1, "07"), 1, *HAND, "contamination", "contamination-infected")
    assert room_options(state) == [{"scan": "yes"}]  # no Light Wound: only the scan does something
    after, fired = run(state, [room_action(1, "canteen", scan="yes")])
    c = after.character(1)
    assert "contamination" not in c.hand and "contamination-infected" in c.hand and c.larva
    assert after.removed.count("card:contamination") == 1 and "base.contamination.remove" in fired


def test_base_room_canteen_refuses_with_nothing_to_heal_or_scan(game: GameState) -> None:
    assert room_options(enter(game, 1, "07")) == []


# -- Shower Room ---------------------------------------------------------------------------------------


def shower(state: GameState) -> GameState:
    state = enter(state, 1, "06")
    return state.with_room("06", replace(state.room("06"), tile="shower-room", fire=True))


def test_base_room_shower_room_drops_the_slime_and_leaves_the_fire(game: GameState) -> None:
    state = hurt(shower(game), 1, slime=True)
    after, fired = run(state, [room_action(1, "shower-room", scan="no")])
    assert not after.character(1).slime and after.room("06").fire and "base.room.shower-room" in fired


def test_base_room_shower_room_scan_of_clean_cards(game: GameState) -> None:
    state = with_hand(shower(game), 1, *HAND, "contamination", "contamination")
    assert room_options(state) == [{"scan": "yes"}]
    after, _ = run(state, [room_action(1, "shower-room", scan="yes")])
    assert "contamination" not in after.character(1).hand and not after.character(1).larva


def test_base_room_shower_room_refuses_without_slime_or_contamination(game: GameState) -> None:
    assert room_options(shower(game)) == []


# -- Surgery (02) ------------------------------------------------------------------------------------


def test_base_room_surgery_scans_everything_removes_the_larva_wounds_and_passes(game: GameState) -> None:
    state = enter(game, 1, "02")
    c = state.character(1)
    state = state.with_character(
        replace(
            c,
            larva=True,
            hand=Multiset.of((*HAND, "contamination-infected")),
            deck=Multiset.of(("contamination-infected", "rest")),
            discard=Multiset.of(("contamination", "reconnaissance")),
        )
    )
    after, fired = run(state, [room_action(1, "surgery")])
    c = after.character(1)
    assert not c.larva and c.light_wounds == 1 and c.passed
    assert c.hand.total == 0 and c.discard.total == 0
    # the two paid cards went to the discard pile first, so they are shuffled in too
    assert c.deck == Multiset.of((*HAND, "contamination", "reconnaissance", "rest"))
    assert after.removed.count("card:contamination-infected") == 2
    assert {"base.room.surgery", "base.contamination.remove", "base.wound.light-track"} <= set(fired)
    assert turn_of(after) == 2  # the pass ended player 1's turn at once
