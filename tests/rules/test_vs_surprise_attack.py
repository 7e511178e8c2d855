"""Known-answer test that every Void Seeder type makes the same Surprise Attack, named after its clause
id. It plays from the game of test_vs_encounter.py (first Encounter, one objective each)."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.encounter import Encounter
from nemesis_rules.testing import after_setup, run, with_frames, with_hand


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


def test_vs_surprise_attack_same_for_all_types() -> None:
    for level in (1, 4, 5):
        state, fired = encounter(at(game(), 1, level), "void-seeder-4")
        assert "vs.surprise-attack.same-for-all" in fired
        assert state.pending[-1].chance == "contamination-card"  # type: ignore[attr-defined]
