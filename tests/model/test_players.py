"""The random players: legal, deterministic, and the goal-seeking one pursues the ways off the ship."""

from __future__ import annotations

import random

import pytest

from nemesis_rules.model.actions import Action, Decision
from nemesis_rules.model.engine import legal_actions
from nemesis_rules.model.play import play_game
from nemesis_rules.model.players import PLAYERS, by_kind, goal_seeking
from nemesis_rules.model.state import GameState


@pytest.mark.parametrize("name", sorted(PLAYERS))
@pytest.mark.parametrize("ruleset", ["base", "void-seeders"])
def test_a_player_picks_only_legal_actions_and_replays_the_same_game_from_its_seed(name: str, ruleset: str) -> None:
    picked: list[tuple[GameState, Action]] = []

    def watching(state: GameState, rng: random.Random) -> Action:
        action = PLAYERS[name](state, rng)
        picked.append((state, action))
        return action

    final, log = play_game(11, 3, ruleset, chooser=watching)
    assert final.end is not None and final.end.reason
    assert all(action in legal_actions(state) for state, action in picked[:: max(1, len(picked) // 200)])
    _, log_again = play_game(11, 3, ruleset, chooser=PLAYERS[name])
    assert log_again.actions == log.actions


def test_goal_seeking_always_launches_a_pod_once_seated_and_sets_course_for_earth() -> None:
    offered = taken = 0
    for seed in range(40):

        def watching(state: GameState, rng: random.Random) -> Action:
            nonlocal offered, taken
            action = goal_seeking(state, rng)
            if any(isinstance(a, Decision) and a.kind == "launch-pod" for a in legal_actions(state)):
                offered += 1
                taken += isinstance(action, Decision) and action.kind == "launch-pod"
            return action

        play_game(seed, seed % 5 + 1, chooser=watching)
    assert offered > 0 and taken == offered


def test_by_kind_gives_each_kind_of_decision_an_equal_chance() -> None:
    options: tuple[Action, ...] = (
        *(Decision.make(1, "move", to=f"{n:02d}") for n in range(1, 10)),
        Decision.make(1, "pass"),
    )
    rng = random.Random(5)
    passes = sum(by_kind(options, rng) == Decision.make(1, "pass") for _ in range(2000))
    assert 850 < passes < 1150  # uniform play would pass about 200 times in 2000


def test_goal_seeking_games_end_by_the_rules_and_some_have_winners() -> None:
    ends = set()
    winners = 0
    for seed in range(60):
        final, _ = play_game(seed, seed % 5 + 1, chooser=goal_seeking)
        assert final.end is not None
        ends.add(final.end.reason)
        winners += bool(final.end.winners)
    assert winners > 0
    assert len(ends) >= 3, ends
