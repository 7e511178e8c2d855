"""Known-answer scenarios for an Interruption, named after its clauses and rulings: the cancelled
action's cost stays paid, an Interruption may be played after passing, and an interrupted one-use
item. The Interruption card's window is in test_base_action_card_shared.py."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.testing import after_setup, run

MOVE = Decision.make(1, "move", to="15", pay=("search",))


def scene(
    one: tuple[str, ...], two: tuple[str, ...], *, two_at: str = "11", rulings: dict[str, str] | None = None
) -> GameState:
    """Player 1 (Scout) and player 2 (Soldier) with the given hands; player 2 in ``two_at``."""
    state = after_setup(players=2, seed=3, rulings=rulings)
    state = state.with_character(replace(state.character(1), hand=Multiset.of(one)))
    return state.with_character(replace(state.character(2), hand=Multiset.of(two), position=two_at))


def test_base_interruption_cost_kept_for_an_action_card() -> None:
    state = scene(("demolition",), ("interruption",))
    play = Decision.make(1, "play-card", card="demolition", use="malfunction", pay=())
    state, fired = run(state, [play, Decision.make(2, "interrupt")])
    assert not state.room("11").malfunction
    assert "demolition" in state.character(1).discard and state.character(1).hand.total == 0
    assert "base.interruption.cost-kept" in fired


def test_base_interruption_after_pass() -> None:
    state = scene(("search",), ("interruption",))
    state = state.with_character(replace(state.character(2), passed=True))
    state, fired = run(state, [MOVE, Decision.make(2, "interrupt")])
    assert state.character(1).position == "11"
    assert "base.interruption.after-pass" in fired


def test_base_gap_interrupted_one_use_item_keeps_the_item_by_default() -> None:
    state = scene(("search",), ("interruption",))
    state = state.with_character(replace(state.character(1), inventory=Multiset.of(("synthetic-food",))))
    use = Decision.make(1, "use-item", item="synthetic-food", pay=("search",))
    state, fired = run(state, [use, Decision.make(2, "interrupt")])
    assert "synthetic-food" in state.character(1).inventory
    assert "base.gap.interrupted-one-use-item" in fired


def test_base_gap_interrupted_one_use_item_spent_reading() -> None:
    state = scene(("search",), ("interruption",), rulings={"base.gap.interrupted-one-use-item": "item-spent"})
    state = state.with_character(replace(state.character(1), inventory=Multiset.of(("synthetic-food",))))
    use = Decision.make(1, "use-item", item="synthetic-food", pay=("search",))
    state, _ = run(state, [use, Decision.make(2, "interrupt")])
    assert "synthetic-food" not in state.character(1).inventory
    assert state.deck("green").discard.count("synthetic-food") == 1
