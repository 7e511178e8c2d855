"""Known-answer scenarios for the expansion's change to the Interruption action: the panicking player may
interrupt the Interruption that cancels their Panic card, or let the effect resolve
(void-seeders-rulebook.txt, Gameplay Changes > Interruption Action), named after their clause id."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.void_seeders.panic import ResolvePanic
from nemesis_rules.testing import after_setup, run, with_frames, with_hand


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


def test_vs_change_interruption_the_panicking_player_may_interrupt_the_interruption() -> None:
    state = with_hand(with_hand(at(game(), 1, 3), 2, "interruption"), 1, "interruption")
    state, _ = panic(state, "pyromaniac-1")
    state, _ = run(state, [Decision.make(2, "interrupt"), Decision.make(1, "interrupt")])
    assert state.room("11").fire and state.character(1).insanity == 3


def test_vs_change_interruption_declined_lets_the_effect_resolve() -> None:
    state = with_hand(at(game(), 1, 3), 2, "interruption", "search")
    state, _ = panic(state, "pyromaniac-1")
    state, fired = run(state, [Decision.make(2, "no-interruption")])
    assert state.room("11").fire and "interruption" in state.character(2).hand
    assert "vs.panic.resolve" in fired
