"""Known-answer scenarios for the Interruption card's window, named after its clauses: another
Character in the room may cancel an announced action (its cost stays paid), an Interruption
can be cancelled by another, and it may be played after passing."""

from __future__ import annotations

from dataclasses import dataclass, replace

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import Context, settle
from nemesis_rules.model.core.frames import Step
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.interruption import InterruptionChoice, open_interruption
from nemesis_rules.testing import after_setup, run, top_frame, turn_of

MOVE = Decision.make(1, "move", to="15", pay=("search",))


def scene(
    one: tuple[str, ...], two: tuple[str, ...], *, two_at: str = "11", rulings: dict[str, str] | None = None
) -> GameState:
    """Player 1 (Scout) and player 2 (Soldier) with the given hands; player 2 in ``two_at``."""
    state = after_setup(players=2, seed=3, rulings=rulings)
    state = state.with_character(replace(state.character(1), hand=Multiset.of(one)))
    return state.with_character(replace(state.character(2), hand=Multiset.of(two), position=two_at))


def test_base_action_card_interruption_no_window_without_a_holder_in_the_room() -> None:
    state = scene(("search",), ("interruption",), two_at="01")
    state, fired = run(state, [MOVE])
    assert state.character(1).position == "15"
    assert "base.action-card.interruption" not in fired


def test_base_action_card_interruption_cancels_the_action_which_stays_paid() -> None:
    state = scene(("search", "rest"), ("interruption", "search"))
    state, _ = run(state, [MOVE])
    frame = top_frame(state)
    assert isinstance(frame, InterruptionChoice) and frame.player == 2
    assert state.character(1).position == "11"
    state, fired = run(state, [Decision.make(2, "interrupt")])
    one, two = state.character(1), state.character(2)
    assert one.position == "11" and one.hand == Multiset.of(("rest",)) and "search" in one.discard
    assert "interruption" in two.discard and "interruption" not in two.hand
    assert "base.action-card.interruption" in fired and "base.interruption.cost-kept" in fired
    # the cancelled action was the first of the turn: player 1 acts again
    assert turn_of(state) == 1 and state.pending[-1].done == 1  # type: ignore[attr-defined]


def test_base_action_card_interruption_declined_lets_the_action_resolve() -> None:
    state = scene(("search",), ("interruption",))
    state, fired = run(state, [MOVE, Decision.make(2, "no-interruption")])
    assert state.character(1).position == "15"
    assert "interruption" in state.character(2).hand
    assert "base.interruption.cost-kept" not in fired


def test_base_action_card_interruption_can_cancel_an_interruption() -> None:
    state = scene(("search", "interruption"), ("interruption",))
    state, _ = run(state, [MOVE, Decision.make(2, "interrupt")])
    frame = top_frame(state)
    assert isinstance(frame, InterruptionChoice) and frame.player == 1 and frame.played == (2,)
    state, fired = run(state, [Decision.make(1, "interrupt")])
    assert state.character(1).position == "15"
    assert "interruption" in state.character(1).discard
    assert "base.interruption.cost-kept" not in fired


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


@dataclass(frozen=True, slots=True)
class Mark(Step):
    """A stand-in for whatever can be interrupted: records that it resolved."""

    flag: str

    def run(self, state: GameState, ctx: Context) -> GameState:
        return replace(state, flags=state.flags | {self.flag})


def test_base_action_card_interruption_window_for_other_effects_anywhere() -> None:
    state = scene(("search",), ("interruption",), two_at="01")
    ctx = Context()
    near = settle(open_interruption(state, 1, "11", Mark("resolved"), Mark("cancelled")), ctx)
    assert "resolved" in near.flags
    far = settle(open_interruption(state, 1, "11", Mark("resolved"), Mark("cancelled"), anywhere=True), ctx)
    assert isinstance(top_frame(far), InterruptionChoice)
    far, _ = run(far, [Decision.make(2, "interrupt")])
    assert "cancelled" in far.flags and "resolved" not in far.flags


def test_base_action_card_interruption_paid_as_cost_cannot_also_cancel() -> None:
    state = scene(("interruption",), ("interruption",))
    move = Decision.make(1, "move", to="15", pay=("interruption",))
    state, _ = run(state, [move, Decision.make(2, "interrupt")])
    # player 1's only Interruption card pays for the move: nobody is left to cancel player 2's
    assert state.character(1).position == "11"
    assert state.character(1).discard.count("interruption") == 1
