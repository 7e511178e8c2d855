"""Known-answer tests for resolving an Encounter: discarding the Noise, drawing the token, a Blank, the
Surprise Attack, and an Egg that is no Intruder, named after their clause ids. Seed 3, two players in
room 11: the Scout (player 1, five cards) and the Soldier (one card, so no Interruption window opens);
test_base_encounter.py plays from a three-card hand."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.engine import Context, apply, legal_actions, settle
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.encounter import Encounter, EncounterDraw, KeepObjective
from nemesis_rules.model.rules.noise import NoiseRoll
from nemesis_rules.model.rules.rooms import take_egg
from nemesis_rules.testing import after_setup, explored, move_character, run, settled, top_frame, with_frames, with_hand

HAND = ("search", "search", "rest", "interruption", "demolition")


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (Hibernatorium): the Scout (player 1, Rifle, five cards)
    and the Soldier (player 2, one card, so no Interruption window opens)."""
    state = with_hand(after_setup(players=2, seed=3), 1, *HAND)
    return with_hand(state, 2, "search")


def test_base_encounter_egg_not_intruder_taking_an_egg_is_no_first_encounter(game: GameState) -> None:
    state = move_character(replace(explored(game, "09"), eggs=5), 1, "09")
    ctx = Context()
    after = settle(take_egg(state, 1, {}, ctx), ctx)
    assert "egg" in after.character(1).hands
    assert not after.first_encounter and len(after.character(1).objectives) == 2
    assert not any(isinstance(f, KeepObjective) for f in after.pending)
    assert "base.encounter.egg-not-intruder" in ctx.fired


def test_base_encounter_discard_noise_and_draw_token_in_the_base_game(game: GameState) -> None:
    state = replace(game, noise=frozenset({"11-15", "06-11"}))
    after, fired = settled(state, Encounter(1, "11"))
    assert not after.noise
    frame = top_frame(after)
    assert isinstance(frame, EncounterDraw) and frame.clause_for(after) == "base.encounter.draw-token"
    assert "base.encounter.discard-noise" in fired


def test_base_encounter_surprise_attack_below_the_token_number(game) -> None:  # type: ignore[no-untyped-def]
    state = with_hand(game, 1, "search")
    state = replace(state, noise=frozenset({"11-15"}))
    state = with_frames(state, NoiseRoll(1, "11"))
    state, fired = run(state, [Outcome("noise-roll", "1"), Outcome("intruder-token", "adult-3")])
    assert [i.kind for i in state.intruders] == ["adult"]
    assert state.intruders[0].token == "adult-3"
    assert "base.encounter.first-encounter" in fired
    # first both players keep an objective, then the surprise attack draws an attack card
    for player in (1, 2):
        keep = next(a for a in legal_actions(state) if a.player == player)  # type: ignore[union-attr]
        state = apply(state, keep)
    assert state.pending[-1].chance == "attack-card"


def test_base_encounter_no_surprise_attack_with_enough_cards(game) -> None:  # type: ignore[no-untyped-def]
    state = replace(game, noise=frozenset({"11-15"}), first_encounter=True)
    state = with_frames(state, NoiseRoll(1, "11"))
    state, fired = run(state, [Outcome("noise-roll", "1"), Outcome("intruder-token", "adult-3")])
    assert "base.move.escape-attacks" not in fired
    assert state.pending[-1].__class__.__name__ == "Turn"


def test_base_encounter_blank(game) -> None:  # type: ignore[no-untyped-def]
    state = replace(game, noise=frozenset({"11-15"}))
    before = state.bag.count("blank")
    state = with_frames(state, NoiseRoll(1, "11"))
    state, fired = run(state, [Outcome("noise-roll", "1"), Outcome("intruder-token", "blank")])
    assert "base.encounter.blank" in fired
    assert set(state.config.board.spaces_at["11"]) <= state.noise
    assert state.bag.count("blank") == before and not state.intruders
