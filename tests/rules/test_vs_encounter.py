"""Known-answer scenarios for Encounters, the Surprise Attack and placing Void Seeders
(void-seeders-rulebook.txt, Void Seeders Rules > Encounter, Surprise Attack, Entering a Room with a
Void Seeder; Rules Summary > Encounters, Surprise Attack). That every type makes the same Surprise
Attack is in test_vs_surprise_attack.py."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.board.layout import TECH
from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.encounter import Encounter
from nemesis_rules.model.rules.void_seeders.panic import ResolvePanic
from nemesis_rules.testing import after_setup, move_character, run, with_frames, with_hand


def game(rulings: dict[str, str] | None = None) -> GameState:
    state = after_setup(2, 0, ruleset="void-seeders", rulings=rulings)
    state = with_hand(with_hand(state, 1, "search", "demolition"), 2, "search", "demolition")
    # both players already kept an objective, so an Encounter asks nobody to choose
    for p in (1, 2):
        state = state.with_character(replace(state.character(p), objectives=state.character(p).objectives[:1]))
    return replace(state, first_encounter=True)


def at(state: GameState, player: int, level: int) -> GameState:
    return state.with_character(replace(state.character(player), insanity=level))


def encounter(state: GameState, token: str, position: str = "11", player: int = 1) -> tuple[GameState, list[str]]:
    state = replace(state, bag=state.bag.add(token) if token not in state.bag else state.bag)
    state = with_frames(state, Encounter(player, position))
    return run(state, [Outcome("intruder-token", token)])


@pytest.mark.parametrize(
    ("level", "kind"), [(1, "lurker"), (2, "whisperer"), (3, "whisperer"), (4, "stalker"), (5, "despoiler")]
)
def test_vs_encounter_place_by_insanity(level: int, kind: str) -> None:
    state, fired = encounter(at(game(), 1, level), "void-seeder-2")
    assert [i.kind for i in state.intruders_at("11")] == [kind]
    assert "vs.encounter.place-by-insanity" in fired and "vs.insanity.encounter-type" in fired


def test_vs_encounter_discard_noise_clears_every_corridor_and_the_technical_entrance() -> None:
    state = move_character(game(), 1, "02")
    assert state.config.ruling("vs.summary.encounter-tech-noise") == "include-tech"
    state = replace(state, noise=frozenset({"01-02", "02-06", TECH, "11-15"}))
    state, fired = encounter(state, "void-seeder-2", "02")
    assert state.noise == frozenset({"11-15"})
    assert "vs.encounter.discard-noise" in fired and "vs.encounter.draw-token" in fired


def test_vs_encounter_surprise_check_smaller_hand_than_the_token() -> None:
    state, fired = encounter(game(), "void-seeder-3")
    assert "vs.encounter.surprise-check" in fired and "vs.surprise-attack.effect" in fired
    # main text: 1 Contamination card first, then a Panic card; no attack card
    assert state.pending[-1].chance == "contamination-card"  # type: ignore[attr-defined]
    state, _ = run(state, [Outcome("contamination-card", "contamination")])
    assert state.pending[-1].chance == "panic-card"  # type: ignore[attr-defined]
    assert state.character(1).discard.count("contamination") == 1


def test_vs_encounter_surprise_check_equal_hand_means_no_surprise_attack() -> None:
    state, fired = encounter(game(), "void-seeder-2")
    assert "vs.encounter.surprise-check" not in fired
    assert state.pending[-1].__class__.__name__ == "Turn"


def test_vs_summary_surprise_attack_summary_reading_raises_insanity_and_contaminates() -> None:
    state, _ = encounter(game({"vs.summary.surprise-attack": "summary"}), "void-seeder-4")
    assert state.character(1).insanity == 2
    assert state.pending[-1].chance == "contamination-card"  # type: ignore[attr-defined]
    state, _ = run(state, [Outcome("contamination-card", "contamination")])
    assert not any(isinstance(f, ResolvePanic) for f in state.pending)


def test_vs_encounter_set_aside_token_joins_the_supply() -> None:
    state = game()
    pool = state.token_pool.count("void-seeder-2")
    state, fired = encounter(state, "void-seeder-2")
    assert state.token_pool.count("void-seeder-2") == pool + 1
    assert "vs.encounter.set-aside" in fired and "vs.gap.set-aside-token" in fired


def test_vs_gap_set_aside_token_out_of_game_reading() -> None:
    state = game({"vs.gap.set-aside-token": "out-of-game"})
    pool = state.token_pool.count("void-seeder-2")
    state, _ = encounter(state, "void-seeder-2")
    assert state.token_pool.count("void-seeder-2") == pool and "token:void-seeder-2" in state.removed


def test_vs_encounter_lower_type_when_the_stalker_is_in_use() -> None:
    state = replace(at(game(), 1, 4), intruders=(Intruder(1, "stalker", "15"),), next_intruder=2)
    state, fired = encounter(state, "void-seeder-2")
    assert [i.kind for i in state.intruders_at("11")] == ["whisperer"]
    assert "vs.encounter.lower-type" in fired


def _lurkers(count: int, position: str) -> tuple[Intruder, ...]:
    return tuple(Intruder(n, "lurker", position) for n in range(1, count + 1))


def test_vs_gap_no_lower_miniature_none_placed() -> None:
    state = replace(game(), intruders=_lurkers(6, "15"), next_intruder=7)
    state, fired = encounter(state, "void-seeder-4")
    assert not state.intruders_at("11") and "vs.gap.no-lower-miniature" in fired
    assert "vs.encounter.surprise-check" not in fired


def test_vs_gap_no_lower_miniature_lurk_and_place() -> None:
    state = game({"vs.gap.no-lower-miniature": "lurk-and-place"})
    state = replace(state, intruders=_lurkers(6, "15"), next_intruder=7)
    state, _ = encounter(state, "void-seeder-2")
    assert [i.kind for i in state.intruders] == ["lurker"] and state.intruders[0].position == "11"
    assert state.pending[-1].chance == "void-seeder-token"  # type: ignore[attr-defined]


def test_vs_summary_despoiler_no_return_never_places_the_next_lower_type() -> None:
    state = replace(at(game(), 1, 5), flags=frozenset({"despoiler-killed"}))
    state, fired = encounter(state, "void-seeder-2")
    assert [i.kind for i in state.intruders_at("11")] == ["stalker"]
    assert "vs.summary.despoiler-no-return" in fired


def test_vs_summary_despoiler_no_return_may_return_reading() -> None:
    state = game({"vs.summary.despoiler-no-return": "may-return"})
    state = replace(at(state, 1, 5), flags=frozenset({"despoiler-killed"}))
    state, _ = encounter(state, "void-seeder-2")
    assert [i.kind for i in state.intruders_at("11")] == ["despoiler"]


def test_vs_encounter_insanity_token_noise_panic_and_return() -> None:
    state = replace(game(), noise=frozenset())
    state, fired = encounter(state, "insanity-red")
    assert set(state.config.board.spaces_at["11"]) <= state.noise
    assert state.bag.count("insanity-red") == 1 and not state.intruders
    assert state.pending[-1].chance == "panic-card" and state.pending[-1].player == 1  # type: ignore[attr-defined]
    assert {"vs.encounter.insanity-noise", "vs.encounter.insanity-panic", "vs.encounter.insanity-return"} <= set(fired)


def test_vs_encounter_blank_noise_and_return() -> None:
    state, fired = encounter(replace(game(), noise=frozenset()), "blank")
    assert set(state.config.board.spaces_at["11"]) <= state.noise and state.bag.count("blank") == 1
    assert "vs.encounter.blank-noise" in fired and "vs.encounter.blank-return" in fired


def test_vs_gap_encounter_blank_last_token_no_refill() -> None:
    state = replace(game(), bag=Multiset.of(["blank"]))
    state, fired = encounter(state, "blank")
    assert state.bag == Multiset.of(["blank"]) and "vs.gap.encounter-blank-last-token" in fired


def test_vs_gap_encounter_blank_last_token_add_void_seeder() -> None:
    state = replace(game({"vs.gap.encounter-blank-last-token": "add-void-seeder"}), bag=Multiset.of(["blank"]))
    state, _ = encounter(state, "blank")
    state, _ = run(state, [Outcome("void-seeder-token", "void-seeder-1")])
    assert state.bag == Multiset.of(["blank", "void-seeder-1"])


def test_vs_encounter_enter_occupied_no_encounter_and_combat() -> None:
    state = replace(game(), intruders=(Intruder(1, "whisperer", "15"),), next_intruder=2, noise=frozenset())
    state = state.with_room("15", replace(state.room("15"), explored=True, token=None))
    state, fired = run(state, [Decision.make(1, "move", to="15", pay=("search",))])
    assert "vs.encounter.enter-occupied" in fired and "base.noise.occupied-room-no-roll" in fired
    assert state.in_combat(1) and not any(getattr(f, "chance", "") == "noise-roll" for f in state.pending)


def test_vs_encounter_first_encounter_asks_for_objectives() -> None:
    state = after_setup(2, 0, ruleset="void-seeders")
    state = replace(state, bag=Multiset.of(["void-seeder-1"]))
    state = with_frames(state, Encounter(1, "11"))
    state, fired = run(state, [Outcome("intruder-token", "void-seeder-1")])
    assert "base.encounter.first-encounter" in fired
    assert state.pending[-1].__class__.__name__ == "KeepObjective"
