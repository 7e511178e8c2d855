"""The random players: legal, deterministic, and the goal-seeking one pursues the ways off the ship."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Action, Decision
from nemesis_rules.model.core.engine import legal_actions, step
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.players.play import play_game
from nemesis_rules.players.strategies import PLAYERS, _towards, by_kind, goal_seeking
from nemesis_rules.testing import after_setup, explored, move_character, with_hand, with_intruders


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


def test_goal_seeking_launches_a_pod_once_seated_or_waits_for_a_companion() -> None:
    offered = taken = 0
    for seed in range(40):

        def watching(state: GameState, rng: random.Random) -> Action:
            nonlocal offered, taken
            action = goal_seeking(state, rng)
            if any(isinstance(a, Decision) and a.kind == "launch-pod" for a in legal_actions(state)):
                offered += 1
                assert isinstance(action, Decision) and action.kind in ("launch-pod", "wait-in-pod", "leave-pod")
                taken += action.kind == "launch-pod"
            return action

        play_game(seed, seed % 5 + 1, chooser=watching)
    assert offered > 0 and taken >= offered * 0.6


def test_base_action_card_covering_fire_goal_seeking_leaves_combat_under_cover_when_it_can() -> None:
    offered = taken = 0
    for seed in range(1, 25):

        def watching(state: GameState, rng: random.Random) -> Action:
            nonlocal offered, taken
            action = goal_seeking(state, rng)
            danger = {i.position for i in state.intruders}
            cover = [
                a
                for a in legal_actions(state)
                if isinstance(a, Decision)
                and a.get("card") in ("covering-fire", "suppressive-fire")
                and isinstance(a.get("to"), str)
                and a.get("to") not in danger
                and not state.room(str(a.get("to"))).fire
            ]
            if cover and not any(i.kind in ("lair", "despoiler") for i in state.intruders):
                offered += 1
                taken += action in cover
            return action

        play_game(seed, 3, "base", chooser=watching)
    assert offered > 5 and taken >= offered * 0.5


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


def test_goal_seeking_characters_survive_and_some_stay_awake_to_the_jump() -> None:
    fates: Counter[str] = Counter()
    jumps = 0
    for seed in range(1, 25):
        final, log = play_game(seed, 2 + seed % 4, "base", chooser=goal_seeking)
        fates.update(c.status for c in final.characters)
        jumps += log.clauses["base.end.jump"]
    survivors = fates["hibernating"] + fates["escaped"]
    assert survivors >= 0.06 * fates.total(), fates  # the uniform player: about 1 in 40
    assert jumps > 0


def test_goal_seeking_never_melees_while_it_can_shoot_or_walk_out() -> None:
    for seed in range(6):

        def watching(state: GameState, rng: random.Random) -> Action:
            action = goal_seeking(state, rng)
            if isinstance(action, Decision) and action.kind == "melee":
                options = legal_actions(state)
                assert not any(isinstance(a, Decision) and a.kind in ("shoot", "move") for a in options) or any(
                    i.kind in ("lair", "despoiler") for i in state.intruders
                )
            return action

        play_game(seed, 3, "base", chooser=watching)


class _Sure(random.Random):
    """A generator whose every probability check passes (``random()`` is 0)."""

    def random(self) -> float:
        return 0.0


NEXT_TO_HIBERNATORIUM = "08"
"""A room next to the Hibernatorium (11) in :func:`_vs_game`."""


def _vs_game() -> GameState:
    """Seed 0 of a two-player Void Seeders game at player 1's first turn (the Surgery lies at 12)."""
    state = after_setup(2, 0, ruleset="void-seeders")
    return with_hand(state, 1, "search", "demolition", "rest")


def test_vs_change_surgery_goal_seeking_lowers_an_insanity_near_the_top_in_the_surgery() -> None:
    state = explored(move_character(_vs_game(), 1, "12"), "12")
    mad = state.with_character(replace(state.character(1), insanity=5))
    chosen = goal_seeking(mad, _Sure(0))
    assert isinstance(chosen, Decision) and chosen.get("room") == "surgery"


def test_vs_change_rest_goal_seeking_lowers_an_insanity_of_2_with_a_rest() -> None:
    state = _vs_game()
    uneasy = state.with_character(replace(state.character(1), insanity=2))
    chosen = goal_seeking(uneasy, _Sure(0))
    assert isinstance(chosen, Decision) and chosen.get("insanity") == "lower"


@pytest.mark.parametrize("wounded", [False, True])
def test_base_combat_melee_miss_wound_goal_seeking_melees_a_lair_only_without_a_serious_wound(wounded: bool) -> None:
    state = with_intruders(_vs_game(), Intruder(1, "lair", "11"))
    if wounded:
        state = state.with_character(replace(state.character(1), serious_wounds=("arm",)))
    kinds = {
        a.kind for a in (goal_seeking(state, random.Random(seed)) for seed in range(30)) if isinstance(a, Decision)
    }
    assert ("melee" in kinds) is not wounded, kinds


@pytest.mark.parametrize("held", [False, True])
def test_base_room_hibernatorium_goal_seeking_waits_outside_while_an_intruder_holds_it(held: bool) -> None:
    state = explored(move_character(_vs_game(), 1, NEXT_TO_HIBERNATORIUM), NEXT_TO_HIBERNATORIUM)
    if held:  # no hibernation with an Intruder in the room: walking in would only mean combat
        state = with_intruders(state, Intruder(1, "adult", "11"))
    walks = {str(a.get("to")) for a in _towards(state, 1, "11", legal_actions(state))}
    assert ("11" in walks) is not held, walks


def test_base_room_fire_control_system_goal_seeking_drives_an_intruder_out_of_the_open_hibernatorium() -> None:
    control = "18"  # the Fire Control System in :func:`_vs_game`
    state = explored(move_character(_vs_game(), 1, control), control)
    state = with_intruders(replace(state, time=7), Intruder(1, "adult", "11"))  # the chambers are open
    chosen = goal_seeking(state, _Sure(0))
    assert isinstance(chosen, Decision) and chosen.get("room") == "fire-control-system"
    state = step(state, chosen).state
    aimed = goal_seeking(state, _Sure(0))
    assert isinstance(aimed, Decision) and aimed.kind == "fire-control" and aimed.get("target") == "11"
