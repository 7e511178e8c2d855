"""Known-answer scenarios for the Void Seeders Contamination check at the end of the game
(void-seeders-rulebook.txt, Gameplay Changes > Contamination Check)."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.engine import Context, settle
from nemesis_rules.model.core.multiset import EMPTY, Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.void_seeders.end import victory_steps
from nemesis_rules.testing import after_setup, run


def escaped(level: int, cards: list[str], rulings: dict[str, str] | None = None) -> GameState:
    """Player 1 escaped in a pod with ``cards`` as their whole action deck; player 2 died."""
    state = after_setup(2, 0, ruleset="void-seeders", rulings=rulings)
    c = state.character(1)
    state = state.with_character(
        replace(c, status="escaped", insanity=level, hand=EMPTY, discard=EMPTY, deck=Multiset.of(cards))
    )
    state = state.with_character(replace(state.character(2), status="dead"))
    return replace(state, phase="over", pending=(), flags=state.flags | {"ship-destroyed"})


def check(state: GameState) -> tuple[GameState, list[str]]:
    ctx = Context()
    return settle(state.push(*victory_steps(state, "hyperjump")), ctx), ctx.fired


def test_vs_end_contamination_check_raise_one_per_card() -> None:
    state, fired = check(escaped(1, ["contamination", "contamination-infected", "rest"]))
    assert state.character(1).insanity == 3 and state.character(1).status == "escaped"
    assert "vs.end.contamination-check.raise" in fired
    assert "vs.end.contamination-check.final-draw" not in fired


def test_vs_end_contamination_check_raise_stops_at_5_without_death() -> None:
    cards = ["contamination"] * 4 + ["rest", "search", "search", "demolition"]
    state, fired = check(escaped(3, cards))
    assert state.character(1).insanity == 5 and state.character(1).status == "escaped"
    assert "vs.insanity.death-above-5" not in fired
    # at 5 now: everything shuffled into one deck and 4 cards drawn
    assert "vs.end.contamination-check.final-draw" in fired
    assert state.pending[-1].chance == "action-card"  # type: ignore[attr-defined]


def test_vs_end_contamination_check_final_draw_any_contamination_kills() -> None:
    state, _ = check(escaped(5, ["contamination", "rest", "search", "search", "demolition"]))
    state, _ = run(state, [Outcome("action-card", "rest"), Outcome("action-card", "contamination")])
    assert state.character(1).status == "dead"


def test_vs_end_contamination_check_final_draw_four_clean_cards_survive() -> None:
    state, _ = check(escaped(5, ["contamination", "rest", "search", "search", "demolition"]))
    draws = [Outcome("action-card", c) for c in ("rest", "search", "search", "demolition")]
    state, _ = run(state, draws)
    assert state.character(1).status == "escaped" and not state.pending


def test_vs_end_contamination_check_skip_raise_at_5() -> None:
    _, fired = check(escaped(5, ["rest"]))
    assert "vs.end.contamination-check.skip-raise" in fired and "vs.end.contamination-check.raise" not in fired


def test_vs_ambiguity_contamination_check_infected_insanity_only_no_draw_below_5() -> None:
    state, _ = check(escaped(1, ["contamination-infected", "rest", "search"]))
    assert not state.pending and state.character(1).insanity == 2


def test_vs_ambiguity_contamination_check_infected_both_adds_the_base_draw() -> None:
    rulings = {"vs.ambiguity.contamination-check-infected": "both"}
    state, fired = check(escaped(1, ["contamination-infected", "rest", "search"], rulings))
    assert "base.end.contamination-check" in fired
    assert state.pending[-1].chance == "action-card"  # type: ignore[attr-defined]
