"""Known-answer scenarios for the Action cards every Character has (Demolition, Rest, Search, and the
Interruption card's window) and the repair cards (Basic Repairs, Repairs, Fast Repairs), named after
their clauses. What an Interruption costs and when it may be played are in test_base_interruption.py."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import Context, IllegalActionError, apply, legal_actions, settle
from nemesis_rules.model.core.frames import Step
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.effects import Effect, Params
from nemesis_rules.model.rules.interruption import InterruptionChoice, open_interruption
from nemesis_rules.model.rules.items import SearchDraw
from nemesis_rules.model.rules.ship import EngineReorder
from nemesis_rules.testing import after_setup, run, top_frame, turn_of, with_ruleset


def prepared(name: str, *hand: str, position: str = "11") -> GameState:
    """Player 1 as ``name`` in ``position`` holding ``hand``; player 2 (the Soldier) elsewhere
    with nothing that could interrupt."""
    state = after_setup(players=2, seed=3)
    one = replace(state.character(1), name=name, hand=Multiset.of(hand), position=position)
    two = replace(state.character(2), hand=Multiset.of(("search",)), position="01")
    return state.with_character(one).with_character(two)


def card_plays(state: GameState, card: str) -> list[Decision]:
    return [
        a for a in legal_actions(state) if isinstance(a, Decision) and a.kind == "play-card" and a.get("card") == card
    ]


MOVE = Decision.make(1, "move", to="15", pay=("search",))


def scene(
    one: tuple[str, ...], two: tuple[str, ...], *, two_at: str = "11", rulings: dict[str, str] | None = None
) -> GameState:
    """Player 1 (Scout) and player 2 (Soldier) with the given hands; player 2 in ``two_at``."""
    state = after_setup(players=2, seed=3, rulings=rulings)
    state = state.with_character(replace(state.character(1), hand=Multiset.of(one)))
    return state.with_character(replace(state.character(2), hand=Multiset.of(two), position=two_at))


@dataclass(frozen=True, slots=True)
class Mark(Step):
    """A stand-in for whatever can be interrupted: records that it resolved."""

    flag: str

    def run(self, state: GameState, ctx: Context) -> GameState:
        return replace(state, flags=state.flags | {self.flag})


def test_base_action_card_demolition_destroys_a_closed_door() -> None:
    state = prepared("scout", "demolition")
    state = state.with_door("11-15", "closed")
    play = Decision.make(1, "play-card", card="demolition", use="door", corridor="11-15", pay=())
    assert play in card_plays(state, "demolition")
    state, fired = run(state, [play])
    assert state.door("11-15") == "destroyed"
    assert "base.action-card.demolition" in fired and "base.door.destroyed" in fired
    assert state.character(1).discard.count("demolition") == 1


def test_base_action_card_demolition_puts_a_malfunction_in_your_room() -> None:
    state = prepared("scout", "demolition")
    state, _ = run(state, [Decision.make(1, "play-card", card="demolition", use="malfunction", pay=())])
    assert state.room("11").malfunction


def test_base_action_card_demolition_needs_a_closed_door_or_room_for_a_malfunction() -> None:
    state = prepared("scout", "demolition")
    state = state.with_room("11", replace(state.room("11"), malfunction=True))
    assert card_plays(state, "demolition") == []
    with pytest.raises(IllegalActionError) as info:
        apply(state, Decision.make(1, "play-card", card="demolition", use="door", corridor="11-15", pay=()))
    assert info.value.clause == "base.action-card.demolition"


def test_base_action_card_rest_removes_clean_contamination_from_the_hand() -> None:
    state = prepared("scout", "rest", "contamination", "contamination", "search")
    state, fired = run(state, [Decision.make(1, "play-card", card="rest", pay=())])
    c = state.character(1)
    assert c.hand == Multiset.of(("search",))
    assert state.removed.count("card:contamination") == 2
    assert "base.action-card.rest" in fired and "base.contamination.remove" in fired


def test_base_action_card_rest_with_an_infected_card_gives_a_larva() -> None:
    state = prepared("scout", "rest", "contamination-infected")
    state, _ = run(state, [Decision.make(1, "play-card", card="rest", pay=())])
    assert state.character(1).larva
    assert "contamination-infected" in state.character(1).hand


def test_base_action_card_rest_is_not_offered_without_contamination() -> None:
    state = prepared("scout", "rest", "search")
    assert card_plays(state, "rest") == []


def searchable(state: GameState, position: str, items: int) -> GameState:
    room = state.room(position)
    return state.with_room(position, replace(room, tile="storage", explored=True, token=None, items=items))


def test_base_action_card_search_draws_from_the_room_colour_and_lowers_the_counter() -> None:
    state = searchable(prepared("scout", "search", position="03"), "03", 2)
    state, fired = run(state, [Decision.make(1, "play-card", card="search", pay=())])
    assert state.room("03").items == 1
    frame = top_frame(state)
    assert isinstance(frame, SearchDraw) and frame.colour == tables.room_colour(state.config, "storage")
    assert "base.action-card.search" in fired and "base.search.counter" in fired


def test_base_action_card_search_refused_at_counter_zero() -> None:
    state = searchable(prepared("scout", "search", position="03"), "03", 0)
    assert card_plays(state, "search") == []
    with pytest.raises(IllegalActionError) as info:
        apply(state, Decision.make(1, "play-card", card="search", pay=()))
    assert info.value.clause == "base.search.counter"


def test_base_action_card_basic_repairs_removes_the_malfunction_for_two_more_cards() -> None:
    state = prepared("captain", "basic-repairs", "search", "rest")
    state = state.with_room("11", replace(state.room("11"), malfunction=True))
    plays = card_plays(state, "basic-repairs")
    assert plays == [Decision.make(1, "play-card", card="basic-repairs", repair="malfunction", pay=("rest", "search"))]
    state, fired = run(state, plays)
    assert not state.room("11").malfunction
    assert state.character(1).hand.total == 0
    assert "base.action-card.basic-repairs" in fired


def test_base_action_card_repairs_repairs_or_breaks_the_engine_you_stand_in() -> None:
    state = prepared("pilot", "repairs", "search", position="21")
    engines = state.engines
    state, fired = run(state, [Decision.make(1, "play-card", card="repairs", repair="engine", pay=("search",))])
    frame = top_frame(state)
    assert isinstance(frame, EngineReorder) and frame.engine == 0
    assert "base.room.engine" in fired
    state, _ = run(state, [Decision.make(1, "swap-engine-tokens")])
    assert state.engines[0] == tuple(reversed(engines[0]))


def test_base_action_card_fast_repairs_needs_a_malfunction_or_an_engine() -> None:
    state = prepared("mechanic", "fast-repairs")
    assert card_plays(state, "fast-repairs") == []
    with pytest.raises(IllegalActionError) as info:
        apply(state, Decision.make(1, "play-card", card="fast-repairs", repair="malfunction", pay=()))
    assert info.value.clause == "base.action-card.fast-repairs"


def test_base_action_card_rest_replaceable_per_ruleset() -> None:
    """A ruleset replaces a card's effect in its own table; other rulesets keep the base one."""

    def marked(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
        return replace(state, flags=state.flags | {f"rested:{params['how']}"})

    replacement = Effect("base.action-card.rest", lambda state, player: [{"how": "calmly"}], marked)
    expansion = after_setup(players=2, seed=3, ruleset="void-seeders")
    ruleset = expansion.config.ruleset
    expansion = with_ruleset(expansion, replace(ruleset, action_cards={**ruleset.action_cards, "rest": replacement}))
    expansion = expansion.with_character(replace(expansion.character(1), hand=Multiset.of(("rest",))))
    expansion = expansion.with_character(replace(expansion.character(2), position="01"))
    state, _ = run(expansion, [Decision.make(1, "play-card", card="rest", how="calmly", pay=())])
    assert "rested:calmly" in state.flags
    assert card_plays(prepared("scout", "rest"), "rest") == []


# -- Interruption ---------------------------------------------------------------------------------


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
