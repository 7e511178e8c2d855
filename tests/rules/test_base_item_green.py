"""Known-answer scenarios for the green (medical) items' actions and the Contamination items,
named after their clauses (facts.md §5, §6, §15). Player 1 is the Scout in the Hibernatorium (11);
its action deck holds adrenaline, basic-repairs, reconnaissance, rest and search."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import IllegalActionError, apply
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.testing import after_setup, equip, run, top_frame, turn_of
from nemesis_rules.testing import item_uses as uses
from nemesis_rules.testing import use_item as use

PAY = ("search",)


@pytest.fixture
def game() -> GameState:
    return equip(equip(after_setup(players=2, seed=3), 2), 1)


# -- Bandages and Medkit -----------------------------------------------------------------------------


def test_base_item_bandages_dress_one_serious_wound(game: GameState) -> None:
    state = equip(game, 1, "bandages", serious_wounds=("arm",))
    state, fired = run(state, [use("bandages", wound="arm")])
    assert state.character(1).dressed == ("arm",) and "base.item.bandages" in fired


def test_base_item_bandages_heal_all_light_wounds(game: GameState) -> None:
    state = equip(game, 1, "bandages", light_wounds=2)
    state, fired = run(state, [use("bandages", heal="light")])
    assert state.character(1).light_wounds == 0 and "base.wound.heal" in fired


def test_base_item_bandages_need_a_wound(game: GameState) -> None:
    assert uses(equip(game, 1, "bandages"), "bandages") == []


def test_base_item_medkit_heals_a_dressed_serious_wound(game: GameState) -> None:
    state = equip(game, 1, "medkit", serious_wounds=("hand", "leg"), dressed=("hand",))
    assert {(d.get("wound"), d.get("heal")) for d in uses(state, "medkit")} == {("leg", None), (None, "hand")}
    state, _ = run(state, [use("medkit", heal="hand")])
    c = state.character(1)
    assert c.serious_wounds == ("leg",) and c.dressed == ()
    assert state.deck("serious-wound").discard.count("hand") == 1


def test_base_item_medkit_dresses_a_serious_wound(game: GameState) -> None:
    state = equip(game, 1, "medkit", serious_wounds=("leg",))
    state, _ = run(state, [use("medkit", wound="leg")])
    assert state.character(1).dressed == ("leg",)


# -- drawing --------------------------------------------------------------------------------------------


def test_base_item_synthetic_food_draws_two_cards(game: GameState) -> None:
    state = equip(game, 1, "synthetic-food")
    state, fired = run(state, [use("synthetic-food")])
    state, _ = run(state, [Outcome("action-card", "rest"), Outcome("action-card", "adrenaline")])
    c = state.character(1)
    assert c.hand == Multiset.of(("rest", "demolition", "rest", "adrenaline"))
    assert "base.item.synthetic-food" in fired and turn_of(state) == 1


def test_base_item_synthetic_food_reshuffles_an_empty_deck(game: GameState) -> None:
    state = equip(game, 1, "synthetic-food", deck=Multiset(), discard=Multiset.of(("rest",)))
    state, fired = run(state, [use("synthetic-food")])
    # the paid Search card went to the discard pile first, so both come back as the new deck
    state, _ = run(state, [Outcome("action-card", "rest"), Outcome("action-card", "search")])
    assert state.character(1).hand.count("rest") == 2 and "base.round.reshuffle-discard" in fired


def test_base_item_adrenaline_injection_draws_one_and_lifts_the_action_limit(game: GameState) -> None:
    state = equip(game, 1, "adrenaline-injection", "tools", "tools")
    state, fired = run(state, [use("adrenaline-injection"), Outcome("action-card", "reconnaissance")])
    assert "reconnaissance" in state.character(1).hand and "base.item.adrenaline-injection" in fired
    door = {"pay": ("rest",), "corridor": "08-11", "door": "closed"}
    state, _ = run(state, [use("tools", **door)])
    state, _ = run(state, [use("tools", pay=("demolition",), corridor="06-11", door="closed")])
    assert turn_of(state) == 1 and state.pending[-1].done == 3  # type: ignore[attr-defined]
    state, _ = run(state, [Decision.make(1, "pass"), Decision.make(1, "keep-hand")])
    assert state.character(1).passed and turn_of(state) == 2


def test_base_item_adrenaline_injection_lasts_only_its_round(game: GameState) -> None:
    state = equip(game, 1, "tools", "tools", mods=frozenset({f"adrenaline:{game.round - 1}"}))
    state, _ = run(state, [use("tools", corridor="08-11", door="closed")])
    assert state.character(1).mods == frozenset()  # the old tag is cleared
    state, _ = run(state, [use("tools", pay=("rest",), corridor="06-11", door="closed")])
    assert turn_of(state) == 2


# -- Contamination items: Alcohol and Military Drugs -------------------------------------------------------


def test_base_item_alcohol_removes_a_clean_card(game: GameState) -> None:
    state = equip(game, 1, "alcohol", hand=("search", "contamination", "contamination-infected"))
    state, fired = run(state, [use("alcohol")])
    assert dict(top_frame(state).outcomes(state)) == {"contamination": 1, "contamination-infected": 1}  # type: ignore[attr-defined]
    state, more = run(state, [Outcome("contamination-scan", "contamination")])
    c = state.character(1)
    assert c.hand == Multiset.of(("contamination-infected",)) and not c.larva
    assert state.removed.count("card:contamination") == 1 and "base.contamination.remove" in more
    assert "base.contamination.hidden" in more  # which card comes up is chance: it is face down
    assert "base.item.alcohol" in fired


def test_base_item_alcohol_infected_card_costs_a_new_contamination(game: GameState) -> None:
    state = equip(game, 1, "alcohol", hand=("search", "contamination-infected"))
    state, _ = run(state, [use("alcohol"), Outcome("contamination-scan", "contamination-infected")])
    c = state.character(1)
    assert "contamination-infected" not in c.hand and not c.larva
    assert type(top_frame(state)).__name__ == "ContaminationDraw"
    state, _ = run(state, [Outcome("contamination-card", "contamination")])
    assert state.character(1).discard.count("contamination") == 1


def test_base_item_alcohol_needs_a_contamination_card_in_hand(game: GameState) -> None:
    state = equip(game, 1, "alcohol")
    assert uses(state, "alcohol") == []
    with pytest.raises(IllegalActionError):
        apply(state, use("alcohol"))


def test_base_item_military_drugs_discard_any_then_draw_one_more(game: GameState) -> None:
    state = equip(game, 1, "military-drugs", hand=("search", "contamination", "rest", "demolition"))
    state, fired = run(
        state,
        [
            use("military-drugs"),
            Decision.make(1, "discard", card="contamination"),
            Decision.make(1, "discard", card="rest"),
            Decision.make(1, "keep-hand"),
        ],
    )
    assert "base.item.military-drugs" in fired
    draws = [Outcome("action-card", c) for c in ("adrenaline", "basic-repairs", "reconnaissance")]
    state, _ = run(state, draws)
    c = state.character(1)
    assert c.hand == Multiset.of(("demolition", "adrenaline", "basic-repairs", "reconnaissance"))
    assert {"contamination", "rest", "search"} <= set(c.discard) and turn_of(state) == 1


def test_base_item_military_drugs_discards_in_card_order(game: GameState) -> None:
    state = equip(game, 1, "military-drugs", hand=("search", "rest", "demolition"))
    state, _ = run(state, [use("military-drugs"), Decision.make(1, "discard", card="rest")])
    with pytest.raises(IllegalActionError) as info:
        apply(state, Decision.make(1, "discard", card="demolition"))
    assert info.value.clause == "base.item.military-drugs"
