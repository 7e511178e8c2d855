"""Known-answer tests for the base Intruder Attack cards (facts.md §3; RU-RB p.11-12), named after
their clause ids: an Intruder in room 11 attacks player 2 with a known card."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.attack import AttackCardDraw
from nemesis_rules.testing import after_setup, run, top_frame, with_frames, with_hand, with_intruders

HAND = ("search", "search", "rest", "interruption", "demolition")


@pytest.fixture(scope="module")
def game() -> GameState:
    """Seed 3, two players in room 11: player 1 with five cards, player 2 (the Soldier) with
    one card and no reaction to an attack; the escape pods still locked."""
    state = with_hand(after_setup(players=2, seed=3), 1, *HAND)
    return with_hand(state, 2, "search")


def wounded(state: GameState, player: int, serious: int) -> GameState:
    wounds = ("arm", "leg", "back")[:serious]
    return state.with_character(replace(state.character(player), serious_wounds=wounds))


def attack(state: GameState, kind: str, card: str, *more: str) -> tuple[GameState, list[str]]:
    """An Intruder of ``kind`` in room 11 attacks player 2 with ``card``; ``more`` chance
    outcomes (``chance:outcome``) follow."""
    state = with_frames(with_intruders(state, Intruder(1, kind, "11")), AttackCardDraw(1, 2))
    outcomes = [Outcome("attack-card", card)] + [Outcome(*m.split(":", 1)) for m in more]
    return run(state, outcomes)


def test_base_attack_card_bite_one_serious_wound(game: GameState) -> None:
    after, fired = attack(wounded(game, 2, 1), "adult", "bite-1", "serious-wound:hand")
    assert after.character(2).status == "active"
    assert len(after.character(2).serious_wounds) == 2
    assert "base.attack-card.bite" in fired


def test_base_attack_card_bite_kills_with_two_serious_wounds(game: GameState) -> None:
    after, fired = attack(wounded(game, 2, 2), "adult", "bite-1")
    assert after.character(2).status == "dead"
    assert "base.attack-card.bite" in fired


def test_base_attack_card_tail_attack_kills_with_one_serious_wound(game: GameState) -> None:
    after, fired = attack(wounded(game, 2, 1), "queen", "tail-attack-1")
    assert after.character(2).status == "dead"
    assert "base.attack-card.tail-attack" in fired


def test_base_attack_card_tail_attack_wounds_the_unwounded(game: GameState) -> None:
    after, fired = attack(game, "queen", "tail-attack-1", "serious-wound:arm")
    assert after.character(2).status == "active" and after.character(2).serious_wounds == ("arm",)
    assert "base.attack-card.tail-attack" in fired


def test_base_attack_card_claw_attack_two_light_wounds_and_contamination(game: GameState) -> None:
    after, fired = attack(game, "adult", "claw-attack-1", "contamination-card:contamination")
    c = after.character(2)
    assert c.light_wounds == 2 and c.serious_wounds == ()
    assert c.discard.count("contamination") == 1
    assert "base.attack-card.claw-attack" in fired


def test_base_attack_card_scratch_one_light_wound_and_contamination(game: GameState) -> None:
    after, fired = attack(game, "creeper", "scratch-1", "contamination-card:contamination")
    c = after.character(2)
    assert c.light_wounds == 1 and c.discard.count("contamination") == 1
    assert "base.attack-card.scratch" in fired


def test_base_attack_card_slime_marker_and_contamination(game: GameState) -> None:
    after, fired = attack(game, "adult", "slime-1", "contamination-card:contamination")
    c = after.character(2)
    assert c.slime and c.light_wounds == 0 and c.discard.count("contamination") == 1
    assert "base.attack-card.slime" in fired


def test_base_attack_card_frenzy_hits_everyone_in_the_room(game: GameState) -> None:
    # player 1 (two Serious Wounds) dies; player 2 (none) takes one
    state = wounded(game, 1, 2)
    after, fired = attack(state, "breeder", "frenzy-1", "serious-wound:hand")
    assert after.character(1).status == "dead"
    assert after.character(2).status == "active" and after.character(2).serious_wounds == ("hand",)
    assert "base.attack-card.frenzy" in fired


def test_base_attack_card_summoning_places_an_intruder_that_does_not_attack(game: GameState) -> None:
    after, fired = attack(game, "creeper", "summoning-1", "intruder-token:adult-2")
    kinds = sorted(i.kind for i in after.intruders if i.position == "11")
    assert kinds == ["adult", "creeper"]
    assert after.bag.count("adult-2") == game.bag.count("adult-2") - 1
    assert not isinstance(top_frame(after), AttackCardDraw)  # no Surprise Attack by the newcomer
    assert after.character(2).light_wounds == 0 and after.character(2).serious_wounds == ()
    assert "base.attack-card.summoning" in fired


def test_base_attack_card_transformation_a_breeder_replaces_the_creeper(game: GameState) -> None:
    after, fired = attack(game, "creeper", "transformation-1")
    assert [i.kind for i in after.intruders] == ["breeder"]
    assert not isinstance(top_frame(after), AttackCardDraw)  # the target holds a card: no attack
    assert "base.attack-card.transformation" in fired


def test_base_attack_card_transformation_surprise_attacks_an_empty_hand(game: GameState) -> None:
    after, fired = attack(with_hand(game, 2), "creeper", "transformation-1")
    assert [i.kind for i in after.intruders] == ["breeder"]
    frame = top_frame(after)
    assert isinstance(frame, AttackCardDraw) and frame.target == 2
    assert "base.attack-card.transformation" in fired
