"""Known-answer tests for wounds, Contamination and Intruder attacks (issue #8): each sets up
the situation the clause speaks of and checks the state after."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.attack import AttackCardDraw, DrawAttackCard, larva_attack
from nemesis_rules.model.rules.contamination import INFECTED, infected_result
from nemesis_rules.model.rules.wounds import ContaminationDraw, GainContamination, LightWound, SeriousWoundDraw
from nemesis_rules.testing import after_setup, run, top_frame, with_frames, with_hand, with_intruders


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (the Scout, player 1, and the Soldier); nobody holds cards
    (no Interruption window opens)."""
    return with_hand(with_hand(after_setup(players=2, seed=3), 1), 2)


def test_base_wound_light_conversion_third_light_wound_becomes_serious(game: GameState) -> None:
    state = game.with_character(game.character(1).evolve(light_wounds=2))
    ctx = Context()
    after = LightWound(1).run(state, ctx)
    assert after.character(1).light_wounds == 0
    assert "base.wound.light-conversion" in ctx.fired
    settled = with_frames(after)
    assert isinstance(top_frame(settled), SeriousWoundDraw)


def test_base_wound_light_conversion_not_before_the_third(game: GameState) -> None:
    state = game.with_character(game.character(1).evolve(light_wounds=1))
    ctx = Context()
    after = LightWound(1).run(state, ctx)
    assert after.character(1).light_wounds == 2 and "base.wound.light-conversion" not in ctx.fired


def test_base_wound_serious_card_is_drawn_from_the_serious_wound_deck(game: GameState) -> None:
    state = with_frames(game, SeriousWoundDraw(1))
    card = state.deck("serious-wound").draw_outcomes()[0][0]
    before = state.deck("serious-wound").unknown.count(card)
    after, _ = run(state, [Outcome("serious-wound", card)])
    assert card in after.character(1).serious_wounds
    assert after.deck("serious-wound").unknown.count(card) == before - 1


def test_base_contamination_gain_the_card_goes_to_the_action_discard_pile(game: GameState) -> None:
    state = with_frames(game, GainContamination(1))
    assert isinstance(top_frame(state), ContaminationDraw)
    after, _ = run(state, [Outcome("contamination-card", INFECTED)])
    c = after.character(1)
    assert c.discard.count(INFECTED) == 1 and c.deck == game.character(1).deck and c.hand == Multiset.of(())


def test_base_contamination_scan_infected_larva_places_a_larva(game: GameState) -> None:
    ctx = Context()
    after = infected_result(game, 1, ctx)
    assert after.character(1).larva and after.character(1).active
    assert "base.contamination.scan-infected-larva" in ctx.fired


def test_base_contamination_second_larva_death_kills_and_places_a_creeper(game: GameState) -> None:
    state = game.with_character(game.character(1).evolve(larva=True))
    ctx = Context()
    after = infected_result(state, 1, ctx)
    assert not after.character(1).alive
    assert [(i.kind, i.position) for i in after.intruders] == [("creeper", "11")]
    assert "base.contamination.second-larva-death" in ctx.fired


def test_base_attack_larva_already_the_attacker_is_removed_one_card_only(game: GameState) -> None:
    state = with_intruders(game, Intruder(1, "larva", "11"))
    state = state.with_character(state.character(1).evolve(larva=True))
    ctx = Context()
    after = larva_attack(state, 1, 1, ctx)
    assert after.intruders == () and after.character(1).larva
    assert [type(f) for f in after.pending[len(state.pending) :]] == [GainContamination]
    assert "base.attack.larva-already" in ctx.fired


def test_base_attack_card_symbol_a_card_without_the_attackers_symbol_misses(game: GameState) -> None:
    state = with_intruders(game, Intruder(1, "creeper", "11"))
    deck = state.deck(tables.attack_deck_name(state.config))
    card = next(c for c, _ in deck.draw_outcomes() if "creeper" not in tables.attack_card(state.config, c).attackers)
    state = with_frames(state, AttackCardDraw(1, 1))
    after, fired = run(state, [Outcome("attack-card", card)])
    c = after.character(1)
    assert c.light_wounds == 0 and c.serious_wounds == () and after.pending == game.pending
    assert "base.attack.card-symbol" in fired
    assert after.deck(tables.attack_deck_name(state.config)).discard.count(card) == 1


def test_base_attack_discard_reshuffle_an_empty_deck_is_rebuilt_from_its_discard(game: GameState) -> None:
    name = tables.attack_deck_name(game.config)
    deck = game.deck(name)
    state = game.with_deck(name, replace(deck, unknown=Multiset.of(()), top=(), bottom=(), discard=deck.unknown))
    state = with_intruders(state, Intruder(1, "adult", "11"))
    ctx = Context()
    after = DrawAttackCard(1, 1).run(state, ctx)
    assert after.deck(name).unknown == deck.unknown and after.deck(name).discard == Multiset.of(())
    assert isinstance(top_frame(after), AttackCardDraw)
    assert "base.attack.discard-reshuffle" in ctx.fired
