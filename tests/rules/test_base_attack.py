"""Known-answer tests for Intruder attacks: a Larva's attack, the card's symbol and rebuilding
an empty Attack deck (facts.md §3), named after their clause ids."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.attack import AttackCardDraw, DrawAttackCard, larva_attack
from nemesis_rules.model.rules.wounds import GainContamination
from nemesis_rules.testing import after_setup, run, top_frame, with_frames, with_hand, with_intruders


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (the Scout, player 1, and the Soldier); nobody holds cards
    (no Interruption window opens)."""
    return with_hand(with_hand(after_setup(players=2, seed=3), 1), 2)


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
