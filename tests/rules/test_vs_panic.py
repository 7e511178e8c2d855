"""Known-answer scenarios for drawing and resolving a Panic card: below its value, unresolvable,
interrupted, and the readings of who may interrupt it, an absent Character and an empty deck
(void-seeders-rulebook.txt, Void Seeders Features > Panic Cards; Gameplay Changes > Interruption Action;
facts.md §16), named after their clause and ruling ids. The 14 effects are in test_vs_panic_card.py,
the panicking player interrupting an Interruption in test_vs_change_interruption.py."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import RuleGap, legal_actions
from nemesis_rules.model.core.state import Deck, GameState
from nemesis_rules.model.rules.interruption import InterruptionChoice
from nemesis_rules.model.rules.void_seeders.panic import ResolvePanic
from nemesis_rules.testing import after_setup, move_character, run, with_frames, with_hand


def game(rulings: dict[str, str] | None = None, players: int = 2) -> GameState:
    state = after_setup(players, 0, ruleset="void-seeders", rulings=rulings)
    for p in range(1, players + 1):
        state = with_hand(state, p, "search", "demolition")
    return state


def at(state: GameState, player: int, level: int) -> GameState:
    return state.with_character(replace(state.character(player), insanity=level))


def panic(state: GameState, card: str, player: int = 1) -> tuple[GameState, list[str]]:
    """``player`` resolves a Panic card and ``card`` is drawn."""
    state = with_frames(state, ResolvePanic(player))
    assert state.pending[-1].chance == "panic-card"  # type: ignore[attr-defined]
    return run(state, [Outcome("panic-card", card)])


def test_vs_panic_draw_takes_the_top_card_to_the_discard_pile() -> None:
    state, fired = panic(at(game(), 1, 3), "self-mutilation-1")
    deck = state.deck("panic")
    assert deck.size == 19 and deck.discard.count("self-mutilation-1") == 1
    assert "vs.panic.draw" in fired


def test_vs_panic_below_value_gives_insanity_instead_of_the_effect() -> None:
    state, fired = panic(at(game(), 1, 2), "pyromaniac-1")
    assert state.character(1).insanity == 3 and not state.room("11").fire
    assert "vs.panic.below-value" in fired and "vs.panic.resolve" not in fired


def test_vs_panic_unresolvable_effect_gives_insanity() -> None:
    state = at(game(), 1, 3)
    state = state.with_room("11", replace(state.room("11"), fire=True))
    state, fired = panic(state, "pyromaniac-1")
    assert state.character(1).insanity == 4
    assert "vs.panic.unresolvable" in fired


def test_vs_panic_resolve_carries_out_the_effect_without_insanity() -> None:
    state, fired = panic(at(game(), 1, 3), "pyromaniac-1")
    assert state.room("11").fire and state.character(1).insanity == 3
    assert "vs.panic.resolve" in fired and "vs.panic-card.pyromaniac" in fired


def test_vs_panic_interrupt_cancels_the_effect_and_the_insanity() -> None:
    state = with_hand(at(game(), 1, 3), 2, "interruption", "search")
    state, _ = panic(state, "pyromaniac-1")
    assert isinstance(state.pending[-1], InterruptionChoice) and state.pending[-1].player == 2
    assert set(legal_actions(state)) == {Decision.make(2, "interrupt"), Decision.make(2, "no-interruption")}
    state, fired = run(state, [Decision.make(2, "interrupt")])
    assert not state.room("11").fire and state.character(1).insanity == 3
    assert "interruption" not in state.character(2).hand and "interruption" in state.character(2).discard
    assert "vs.panic.interrupt" in fired and "vs.panic.interrupt-no-insanity" in fired
    assert "vs.change.interruption" in fired


def test_vs_summary_panic_interrupt_same_room_ignores_players_elsewhere() -> None:
    state = move_character(with_hand(at(game(), 1, 3), 2, "interruption"), 2, "15")
    state, _ = panic(state, "pyromaniac-1")
    assert state.room("11").fire


def test_vs_summary_panic_interrupt_any_player_may_cancel_from_elsewhere() -> None:
    state = game({"vs.summary.panic-interrupt": "any-player"})
    state = move_character(with_hand(at(state, 1, 3), 2, "interruption"), 2, "15")
    state, _ = panic(state, "pyromaniac-1")
    assert isinstance(state.pending[-1], InterruptionChoice) and state.pending[-1].player == 2


def test_vs_gap_panic_absent_character_skip_draws_nothing() -> None:
    state = game()
    state = state.with_character(replace(state.character(1), status="dead"))
    state = with_frames(state, ResolvePanic(1))
    assert state.deck("panic").size == 20 and not any(isinstance(f, ResolvePanic) for f in state.pending)


def test_vs_gap_panic_absent_character_strict_stops_with_a_rule_gap() -> None:
    state = game({"vs.gap.panic-absent-character": "strict"})
    state = state.with_character(replace(state.character(1), status="dead"))
    with pytest.raises(RuleGap):
        with_frames(state, ResolvePanic(1))


def _empty_panic_deck(state: GameState) -> GameState:
    deck = state.deck("panic")
    return state.with_deck("panic", Deck(discard=deck.unknown))


def test_vs_gap_panic_deck_empty_reshuffle_rebuilds_the_deck() -> None:
    state = with_frames(_empty_panic_deck(game()), ResolvePanic(1))
    assert state.deck("panic").size == 20 and state.pending[-1].chance == "panic-card"  # type: ignore[attr-defined]


def test_vs_gap_panic_deck_empty_strict_stops_with_a_rule_gap() -> None:
    with pytest.raises(RuleGap):
        with_frames(_empty_panic_deck(game({"vs.gap.panic-deck-empty": "strict"})), ResolvePanic(1))
