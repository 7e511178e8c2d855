"""Known-answer scenarios for the crafted (blue) items' actions, named after their clauses
(facts.md §6). Player 1 is the Scout in the Hibernatorium (11), next to 06, 08, 14 and 15."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.engine import IllegalActionError, apply
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.testing import (
    after_setup,
    equip,
    move_character,
    run,
    top_frame,
    turn_of,
    with_intruders,
    with_ruleset,
    with_ruling,
)
from nemesis_rules.testing import item_uses as uses
from nemesis_rules.testing import use_item as use

PAY = ("search",)


@pytest.fixture
def game() -> GameState:
    return equip(equip(after_setup(players=2, seed=3), 2), 1)


# -- Antidote --------------------------------------------------------------------------------------------


def test_base_item_antidote_cures_then_contaminates_reshuffles_and_passes(game: GameState) -> None:
    state = equip(
        game,
        1,
        "antidote",
        hand=("search", "contamination-infected", "contamination"),
        deck=Multiset.of(("rest", "contamination-infected")),
        discard=Multiset.of(("contamination-infected",)),
        larva=True,
    )
    state, fired = run(state, [use("antidote")])
    c = state.character(1)
    assert not c.larva and "contamination-infected" not in c.hand.union(c.deck).union(c.discard)
    assert state.removed.count("card:contamination-infected") == 3
    assert type(top_frame(state)).__name__ == "ContaminationDraw"
    state, _ = run(state, [Outcome("contamination-card", "contamination-infected")])
    c = state.character(1)
    assert c.hand.total == 0 and c.discard.total == 0 and c.passed
    assert c.deck == Multiset.of(("search", "contamination", "rest", "contamination-infected"))
    assert "base.item.antidote" in fired and turn_of(state) == 2


def test_base_item_antidote_larva_removal_is_the_rulesets_to_replace(game: GameState) -> None:
    state = equip(game, 1, "antidote", larva=True)
    seen: list[int] = []

    def cure(s: GameState, player: int, ctx: object) -> GameState:
        seen.append(player)
        return s

    ruleset = state.config.ruleset
    state = with_ruleset(state, replace(ruleset, hooks=replace(ruleset.hooks, larva_cure=cure)))
    state, _ = run(state, [use("antidote")])
    assert seen == [1] and state.character(1).larva


def test_base_item_antidote_not_in_combat(game: GameState) -> None:
    state = with_intruders(equip(game, 1, "antidote"), Intruder(1, "adult", "11"))
    assert uses(state, "antidote") == []


# -- Taser ----------------------------------------------------------------------------------------------------


def test_base_item_taser_injures_and_drives_off_an_intruder(game: GameState) -> None:
    state = with_intruders(equip(game, 1, "taser"), Intruder(1, "adult", "11"))
    state, fired = run(state, [use("taser", target="1")])
    assert state.intruders[0].injuries == 1
    state, _ = run(state, [Outcome("attack-card", "scratch-4")])  # blood 6: it lives and must flee
    assert type(top_frame(state)).__name__ == "RetreatDirection"
    state, _ = run(state, [Outcome("event-card", "hunt-1")])  # number 2 in the Hibernatorium: 06
    assert state.intruders[0].position == "06" and "base.item.taser" in fired


def test_base_item_taser_retreats_only_once_after_an_endurance_retreat(game: GameState) -> None:
    state = with_intruders(equip(game, 1, "taser"), Intruder(1, "adult", "11"))
    state, _ = run(state, [use("taser", target="1"), Outcome("attack-card", "bite-4")])  # Retreat icon
    state, fired = run(state, [Outcome("event-card", "hunt-1")])
    assert state.intruders[0].position == "06"
    assert "base.gap.item-retreat-after-retreat" in fired and turn_of(state) == 1


def test_base_item_taser_makes_a_character_discard_their_hand(game: GameState) -> None:
    state = equip(equip(game, 1, "taser"), 2)
    state, _ = run(state, [use("taser", character="2")])
    c = state.character(2)
    assert c.hand.total == 0 and Multiset.of(("search", "rest", "demolition")) == c.discard


def test_base_item_taser_needs_a_target_in_your_room(game: GameState) -> None:
    state = move_character(equip(game, 1, "taser"), 2, "06")
    assert uses(state, "taser") == []
    with pytest.raises(IllegalActionError):
        apply(state, use("taser", character="2"))


# -- Molotov --------------------------------------------------------------------------------------------------


def test_base_item_molotov_sets_fire_and_hurts_everyone_there(game: GameState) -> None:
    state = with_intruders(equip(game, 1, "molotov"), Intruder(1, "larva", "15"), Intruder(2, "adult", "15"))
    state = move_character(state, 2, "15")
    state, fired = run(state, [use("molotov", at="15")])
    assert state.room("15").fire and "base.item.molotov" in fired
    assert [(i.id, i.injuries) for i in state.intruders] == [(2, 1)]  # the Larva died
    state, _ = run(state, [Outcome("attack-card", "scratch-4"), Outcome("serious-wound", "hand")])
    assert state.character(2).serious_wounds == ("hand",) and state.character(1).serious_wounds == ()


def test_base_item_molotov_needs_an_intruder_and_no_closed_door(game: GameState) -> None:
    state = with_intruders(equip(game, 1, "molotov"), Intruder(1, "adult", "15"))
    assert {d.get("at") for d in uses(state, "molotov")} == {"15"}
    closed = state.with_door("11-15", "closed")
    assert uses(closed, "molotov") == []
    with pytest.raises(IllegalActionError):
        apply(closed, use("molotov", at="06"))
    lenient = with_ruling(closed, "base.ambiguity.molotov-closed-door", "not-blocked")
    after, fired = run(lenient, [use("molotov", at="15")])
    assert after.room("15").fire and "base.ambiguity.molotov-closed-door" in fired


def test_base_item_molotov_destroys_one_egg_in_the_nest(game: GameState) -> None:
    state = move_character(equip(game, 1, "molotov"), 1, "08")
    state = state.with_room("09", replace(state.room("09"), explored=True, token=None))
    state, fired = run(state, [use("molotov", at="09")])
    assert state.eggs == 4 and state.room("09").fire and "base.nest.item-eggs" in fired
    assert type(top_frame(state)).__name__ == "NoiseRoll"
