"""Known-answer scenarios for the expansion's gameplay changes that the base actions call
(void-seeders-rulebook.txt, Gameplay Changes; Rules Summary > Rest, Canteen and Shower Room)."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.void_seeders.changes import (
    can_analyse_insanity,
    give_slime,
    rest_resolve,
    rest_variants,
    vs_antidote_insanity,
    vs_rest_effect,
    vs_surgery_insanity,
)
from nemesis_rules.testing import after_setup, equip, item_uses, move_character, run, with_hand


def game(level: int = 1, rulings: dict[str, str] | None = None) -> GameState:
    state = after_setup(2, 0, ruleset="void-seeders", rulings=rulings)
    return state.with_character(replace(state.character(1), insanity=level))


def with_contamination(state: GameState) -> GameState:
    c = state.character(1)
    return state.with_character(replace(c, hand=c.hand.add("contamination")))


def test_vs_change_rest_may_lower_and_or_scan() -> None:
    variants = rest_variants(with_contamination(game(2)), 1)
    assert {(v["insanity"], v["scan"]) for v in variants} == {
        ("lower", "yes"),
        ("lower", "no"),
        ("keep", "yes"),
        ("keep", "no"),
    }


def test_vs_change_reduction_limited_at_3_only_keep_is_offered() -> None:
    assert {v["insanity"] for v in rest_variants(game(3), 1)} == {"keep"}


def test_vs_summary_rest_insanity_mandatory_always_lowers() -> None:
    variants = rest_variants(game(4, {"vs.summary.rest-insanity": "mandatory"}), 1)
    assert {v["insanity"] for v in variants} == {"lower"}


def test_vs_summary_rest_scan_no_scan_reading() -> None:
    state = with_contamination(game(2, {"vs.summary.rest-scan": "no-scan"}))
    assert {v["scan"] for v in rest_variants(state, 1)} == {"no"}


def test_vs_change_rest_scan_is_offered_only_with_contamination_in_hand() -> None:
    assert {v["scan"] for v in rest_variants(game(2), 1)} == {"no"}


def test_vs_change_rest_infected_after_lowering_ends_on_5() -> None:
    state = game(4)
    state = state.with_character(
        replace(state.character(1), hand=Multiset.of(["contamination", "contamination-infected", "search"]))
    )
    ctx = Context()
    state = vs_rest_effect(state, 1, ctx, lower=True, scan=True)
    c = state.character(1)
    assert c.insanity == 5 and "contamination" not in c.hand and "contamination-infected" in c.hand
    assert "vs.change.rest" in ctx.fired and "vs.change.rest-infected" in ctx.fired


def test_vs_change_shower_lowers_insanity() -> None:
    ctx = Context()
    state = rest_resolve(game(2), 1, {"insanity": "lower", "scan": "no", "action": "shower-room"}, ctx)
    assert state.character(1).insanity == 1 and "vs.change.shower" in ctx.fired


def test_vs_change_canteen_lowers_insanity() -> None:
    ctx = Context()
    state = vs_rest_effect(game(5), 1, ctx, lower=True, scan=False, action="canteen")
    assert state.character(1).insanity == 4 and "vs.change.canteen" in ctx.fired


def test_vs_change_surgery_brings_insanity_down_to_3() -> None:
    ctx = Context()
    assert vs_surgery_insanity(game(5), 1, ctx).character(1).insanity == 3
    assert "vs.change.surgery" in ctx.fired


def test_vs_ambiguity_surgery_below_3_only_lowers() -> None:
    assert vs_surgery_insanity(game(2), 1, Context()).character(1).insanity == 2


def test_vs_ambiguity_surgery_below_3_set_to_3() -> None:
    state = game(1, {"vs.ambiguity.surgery-below-3": "set-to-3"})
    assert vs_antidote_insanity(state, 1, Context()).character(1).insanity == 3


def test_vs_change_antidote_brings_insanity_down_to_3() -> None:
    ctx = Context()
    assert vs_antidote_insanity(game(4), 1, ctx).character(1).insanity == 3
    assert "vs.change.antidote" in ctx.fired


def test_vs_change_laboratory_needs_a_living_character_at_3_or_more() -> None:
    state = move_character(game(2), 1, "03")
    assert not can_analyse_insanity(state, "03")
    state = state.with_character(replace(state.character(1), insanity=3))
    assert can_analyse_insanity(state, "03")
    state = state.with_character(replace(state.character(1), status="dead"))
    assert not can_analyse_insanity(state, "03")


def test_vs_change_slime_nobody_is_ever_slimed() -> None:
    ctx = Context()
    state = give_slime(game(), 1, ctx)
    assert not state.character(1).slime and "vs.change.slime" in ctx.fired


def clothed() -> GameState:
    """Void Seeders, seed 3: player 1 holds Clothes, has an undressed Arm wound and (set by hand)
    a Slime marker; player 2 holds no cards."""
    state = with_hand(after_setup(players=2, seed=3, ruleset="void-seeders"), 2)
    return equip(state, 1, "clothes", slime=True, serious_wounds=("arm",))


def test_vs_change_clothes_can_still_dress_a_serious_wound() -> None:
    state = clothed()
    after, fired = run(state, [Decision.make(1, "use-item", item="clothes", pay=("rest",), wound="arm")])
    assert "arm" in after.character(1).dressed and after.character(1).inventory.count("clothes") == 0
    assert "vs.change.clothes" in fired


def test_vs_change_clothes_lose_their_slime_use() -> None:
    assert all(d.get("remove") != "slime" for d in item_uses(clothed(), "clothes"))
