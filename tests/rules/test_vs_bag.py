"""Known-answer scenarios for Intruder bag development with Void Seeders (void-seeders-rulebook.txt,
Event Phase Rules > 9: Intruder Bag Development; Rules Summary > Intruder Bag Development). That step 9
draws one token is in test_vs_event_bag_development.py."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.multiset import EMPTY, Multiset
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.void_seeders.bag import BagDevelopmentStep
from nemesis_rules.testing import after_setup, move_character, run, with_frames


def game(rulings: dict[str, str] | None = None) -> GameState:
    return after_setup(2, 0, ruleset="void-seeders", rulings=rulings)


def develop(state: GameState, token: str) -> tuple[GameState, list[str]]:
    state = with_frames(state, BagDevelopmentStep())
    return run(state, [Outcome("intruder-token", token)])


def chance(state: GameState) -> str:
    return str(getattr(state.pending[-1], "chance", ""))


def test_vs_bag_void_seeder_return_and_noise_for_everyone_not_in_combat() -> None:
    state = move_character(game(), 2, "15")
    state = replace(state, intruders=(Intruder(1, "lair", "15"),), next_intruder=2)
    bag = state.bag
    state, fired = develop(state, "void-seeder-2")
    assert state.bag == bag and "vs.bag.void-seeder-return" in fired and "vs.bag.void-seeder-noise" in fired
    assert chance(state) == "noise-roll" and state.pending[-1].player == 1  # type: ignore[attr-defined]
    state, _ = run(state, [Outcome("noise-roll", "silence")])
    assert chance(state) != "noise-roll"  # player 2 fights the Lair and does not roll


def test_vs_bag_insanity_panic_for_the_tokens_owner() -> None:
    state, fired = develop(game(), "insanity-red")
    assert chance(state) == "panic-card" and state.pending[-1].player == 2  # type: ignore[attr-defined]
    assert state.bag.count("insanity-red") == 1 and "vs.bag.insanity-panic" in fired


def test_vs_bag_insanity_absent_removes_the_token_and_draws_again() -> None:
    state = game()
    state = state.with_character(replace(state.character(2), status="dead"))
    state, fired = develop(state, "insanity-red")
    assert "insanity-red" not in state.bag and "token:insanity-red" in state.removed
    assert chance(state) == "intruder-token" and "vs.bag.insanity-absent" in fired


def test_vs_summary_bag_insanity_absent_return_no_effect_reading() -> None:
    state = game({"vs.summary.bag-insanity-absent": "return-no-effect"})
    state = state.with_character(replace(state.character(2), status="hibernating"))
    state, _ = develop(state, "insanity-red")
    assert state.bag.count("insanity-red") == 1 and chance(state) != "intruder-token"


def test_vs_bag_insanity_absent_a_character_waiting_in_an_escape_pod() -> None:
    state = game()
    pod = replace(state.pods[0], occupants=(2,))
    state = replace(state, pods=(pod, *state.pods[1:]))
    state, fired = develop(state, "insanity-red")
    assert "vs.bag.insanity-absent" in fired


def test_vs_bag_blank_adds_a_random_void_seeder_token() -> None:
    state = game()
    bag = state.bag
    state, fired = develop(state, "blank")
    assert chance(state) == "void-seeder-token" and "vs.bag.blank" in fired
    state, _ = run(state, [Outcome("void-seeder-token", "void-seeder-4")])
    assert state.bag == bag.add("void-seeder-4")


def test_vs_bag_blank_with_no_token_left_nothing_happens() -> None:
    state = replace(game(), token_pool=EMPTY)
    bag = state.bag
    state, _ = develop(state, "blank")
    assert state.bag == bag and chance(state) != "void-seeder-token"


def test_vs_gap_empty_bag_no_intruder() -> None:
    state = with_frames(replace(game(), bag=EMPTY), BagDevelopmentStep())
    assert chance(state) != "intruder-token" and not state.bag


def test_vs_gap_empty_bag_add_void_seeder() -> None:
    state = with_frames(replace(game({"vs.gap.empty-bag": "add-void-seeder"}), bag=EMPTY), BagDevelopmentStep())
    state, _ = run(state, [Outcome("void-seeder-token", "void-seeder-1")])
    assert state.bag == Multiset.of(["void-seeder-1"]) and chance(state) == "intruder-token"
