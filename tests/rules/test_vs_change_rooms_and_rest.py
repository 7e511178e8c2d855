"""The expansion's changes to Rest, the Shower Room, the Canteen, Surgery, the Laboratory and
the Antidote (void-seeders-rulebook.txt, Gameplay Changes), through the base action tables."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import Context, legal_actions
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.void_seeders.insanity import infected_result
from nemesis_rules.testing import after_setup, run


def vs_game(tile: str, insanity: int = 2, hand: tuple[str, ...] = ("search", "search", "demolition")) -> GameState:
    """Player 1 alone in an explored ``tile`` in room 03, at ``insanity``; player 2 far away."""
    state = after_setup(players=2, seed=5, ruleset="void-seeders")
    state = state.with_room("03", replace(state.room("03"), tile=tile, explored=True, token=None, malfunction=False))
    one = replace(state.character(1), position="03", insanity=insanity, hand=Multiset.of(hand))
    two = replace(state.character(2), position="01", hand=Multiset.of(("search",)))
    return replace(state.with_character(one).with_character(two), intruders=())


def room_actions(state: GameState) -> list[Decision]:
    return [a for a in legal_actions(state) if isinstance(a, Decision) and a.kind == "room-action"]


def game(rulings: dict[str, str] | None = None) -> GameState:
    return after_setup(2, 0, ruleset="void-seeders", rulings=rulings)


def at(state: GameState, player: int, level: int) -> GameState:
    return state.with_character(replace(state.character(player), insanity=level))


def test_vs_change_shower_lowers_insanity_instead_of_washing_slime() -> None:
    state = vs_game("shower-room", insanity=2)
    choice = next(a for a in room_actions(state) if a.get("insanity") == "lower")
    state, fired = run(state, [choice])
    assert state.character(1).insanity == 1
    assert "vs.change.shower" in fired and "base.room.shower-room" not in fired  # replaced in the expansion


def test_vs_change_shower_cannot_lower_below_3_so_is_not_offered_without_a_scan() -> None:
    assert room_actions(vs_game("shower-room", insanity=3)) == []


def test_vs_change_canteen_heals_and_may_lower() -> None:
    state = vs_game("canteen", insanity=4)
    state = state.with_character(replace(state.character(1), light_wounds=1))
    choice = next(a for a in room_actions(state) if a.get("insanity") == "lower")
    state, fired = run(state, [choice])
    assert state.character(1).light_wounds == 0 and state.character(1).insanity == 3
    assert "vs.change.canteen" in fired


def test_vs_change_rest_infected_scan_puts_insanity_on_5() -> None:
    state = vs_game("shower-room", insanity=2, hand=("contamination-infected", "search", "demolition"))
    choice = next(a for a in room_actions(state) if a.get("scan") == "yes" and a.get("insanity") == "lower")
    state, fired = run(state, [choice])
    assert state.character(1).insanity == 5
    assert "vs.change.rest-infected" in fired


def test_vs_change_surgery_sets_insanity_to_3_instead_of_removing_a_larva() -> None:
    state = vs_game("surgery", insanity=5)
    state, fired = run(state, [room_actions(state)[0]])
    c = state.character(1)
    assert c.insanity == 3 and c.passed and c.light_wounds == 1 and c.hand.total == 0
    assert "vs.change.surgery" in fired


def test_vs_change_laboratory_analyses_a_characters_insanity() -> None:
    state = vs_game("laboratory", insanity=3)
    variants = room_actions(state)
    assert {a.get("object") for a in variants} == {"character-insanity"}
    state, fired = run(state, [variants[0]])
    assert state.weaknesses[0] in state.discovered
    assert "vs.change.laboratory" in fired


def test_vs_change_weakness_deck_the_weakness_found_is_a_void_seeder_weakness() -> None:
    state = vs_game("laboratory", insanity=3)
    found, fired = run(state, [room_actions(state)[0]])
    (revealed,) = found.discovered - state.discovered
    assert revealed in tables.weakness_cards(state.config)
    assert "vs.change.weakness-deck" in fired


def test_vs_change_laboratory_needs_insanity_3_or_more() -> None:
    assert room_actions(vs_game("laboratory", insanity=2)) == []


def test_vs_change_rest_card_lowers_insanity() -> None:
    state = vs_game("storage", insanity=2, hand=("rest", "search"))
    plays = [
        a
        for a in legal_actions(state)
        if isinstance(a, Decision)
        and a.kind == "play-card"
        and a.get("card") == "rest"
        and a.get("insanity") == "lower"
    ]
    state, fired = run(state, [plays[0]])
    assert state.character(1).insanity == 1 and "vs.change.rest" in fired


def test_vs_change_contamination_infected_result_puts_insanity_on_5() -> None:
    ctx = Context()
    state = infected_result(at(game(), 1, 2), 1, ctx)
    assert state.character(1).insanity == 5 and state.character(1).active
    assert "vs.change.rest-infected" in ctx.fired


def test_vs_change_rest_infected_at_5_changes_nothing() -> None:
    ctx = Context()
    state = infected_result(at(game(), 1, 5), 1, ctx)
    assert state.character(1).active and state.character(1).insanity == 5
    assert "vs.change.rest-infected-at-5" in ctx.fired
