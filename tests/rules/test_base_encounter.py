"""Known-answer tests for an Encounter's set-aside token (facts.md §1) and for a Void Seeders Encounter,
which does not name the base game's discarding of the Noise, named after their clause ids. The other
Encounter scenarios are in test_base_encounter_resolution.py (they play from another `game`)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.board.layout import TECH
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.bag import base_encounter_token
from nemesis_rules.model.rules.encounter import Encounter, EncounterDraw
from nemesis_rules.model.rules.intruders import move_intruder
from nemesis_rules.testing import after_setup, settled, top_frame, with_hand


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (the Scout, player 1; the Soldier, no cards)."""
    return with_hand(with_hand(after_setup(players=2, seed=3), 1, "demolition", "rest", "search"), 2)


def test_base_encounter_set_aside_the_token_returns_when_the_intruder_vanishes(game: GameState) -> None:
    state = game.evolve(bag=game.bag.remove("adult-2"))  # drawn for the Encounter
    ctx = Context()
    state = base_encounter_token(state, "adult-2", 1, "11", ctx)
    placed = [i for i in state.intruders if i.kind == "adult"]
    assert len(placed) == 1 and placed[0].token == "adult-2" and "base.encounter.set-aside" in ctx.fired
    assert state.bag.count("adult-2") == game.bag.count("adult-2") - 1
    gone = move_intruder(state, placed[0].id, TECH, Context())
    assert gone.intruders == () and gone.bag.count("adult-2") == game.bag.count("adult-2")


def test_base_encounter_discard_noise_not_named_in_a_void_seeders_encounter() -> None:
    state = after_setup(players=2, seed=3, ruleset="void-seeders")
    position = state.character(1).position
    spaces = frozenset(s for s in state.config.board.spaces_at[position] if s != TECH)
    after, fired = settled(replace(state, noise=spaces), Encounter(1, position))
    assert not after.noise & spaces
    frame = top_frame(after)
    assert isinstance(frame, EncounterDraw) and frame.clause_for(after) != "base.encounter.draw-token"
    assert "base.encounter.discard-noise" not in fired
