"""Coverage-guided play (``fuzz --coverage``): what counts as a new kind of action, and that
games remember the kinds they took so later games of their block prefer others."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import nemesis_rules.invariants.fuzzing as fuzzing_module
from nemesis_rules.invariants.campaign import Campaign, play_all
from nemesis_rules.invariants.fuzzing import (
    COVERAGE_BLOCK,
    MIN_BLOCKS,
    GameResult,
    GameSpec,
    Setup,
    block_size,
    novelty_key,
    play_spec,
)
from nemesis_rules.model.core.actions import Action, Decision, Outcome
from nemesis_rules.model.core.engine import Transition, chance_outcomes, is_chance, legal_actions
from nemesis_rules.model.core.engine import step as engine_step
from nemesis_rules.model.core.state import GameState
from nemesis_rules.players.play import play_game


def test_a_kind_of_decision_is_its_kind_with_the_room_card_or_item_it_names() -> None:
    pistol = Decision.make(1, "use-item", item="pistol", pay=("search",))
    same = Decision.make(2, "use-item", item="pistol", pay=("rest", "search"))
    rifle = Decision.make(1, "use-item", item="rifle", pay=("search",))
    assert novelty_key(pistol) == novelty_key(same) == "decision:use-item:item=pistol"
    assert novelty_key(rifle) != novelty_key(pistol)
    assert novelty_key(Decision.make(1, "move", to="07")) == novelty_key(Decision.make(1, "move", to="08"))


def test_a_chance_outcome_is_its_own_kind() -> None:
    assert novelty_key(Outcome("item-card", "taser")) == "outcome:item-card:taser"
    assert novelty_key(Outcome("item-card", "taser")) != novelty_key(Outcome("item-card", "decoy"))


def test_coverage_games_record_their_kinds_and_plain_games_do_not() -> None:
    spec = GameSpec(0, "base", 2, 5)
    guided = play_spec(spec, Setup(coverage=True, probes=0))
    plain = play_spec(spec, Setup(probes=0))
    assert "decision:pass" in guided.novelties and any(k.startswith("outcome:") for k in guided.novelties)
    assert not plain.novelties
    # a later game that has seen every kind of this game still plays to a real end
    later = play_spec(GameSpec(1, "base", 2, 5), Setup(coverage=True, probes=0), frozenset(guided.novelties))
    assert later.end_reason not in ("step-limit", "engine-error", "rule-gap")


def test_each_ruleset_seeks_what_its_own_earlier_games_of_the_block_have_not_seen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Clause coverage is per ruleset, so a clause only Void Seeders games fired is still sought in
    base games: each game is told what the earlier games of its own block and ruleset saw, and
    nothing else (a block starts with an empty memory, so a game's result depends on its block alone)."""
    calls: list[tuple[GameSpec, frozenset[str]]] = []
    original = fuzzing_module.play_spec

    def spy(spec: GameSpec, setup: Setup, seen: frozenset[str] = frozenset()) -> GameResult:
        calls.append((spec, seen))
        return original(spec, setup, seen)

    monkeypatch.setattr(fuzzing_module, "play_spec", spy)
    games, size = 8, 3
    setup = Setup(coverage=True, probes=0)
    results = play_all(Campaign(games, 3, (2,), ("base", "void-seeders"), setup, out=Path(os.devnull), block=size))
    assert [r.spec.index for r in results] == list(range(games))
    assert len(calls) == games
    by_index = {r.spec.index: r for r in results}
    for spec, seen in calls:
        earlier = range(spec.index - spec.index % size, spec.index)
        own = [by_index[g] for g in earlier if by_index[g].spec.ruleset == spec.ruleset]
        assert seen == set().union(*(set(r.clauses) | r.novelties | r.dull for r in own))
    assert any(seen for _, seen in calls)  # the third game of a block has seen the first


def test_a_block_is_at_most_25_games_and_a_campaign_has_16_blocks_when_it_can() -> None:
    assert block_size(500) == COVERAGE_BLOCK == 25
    assert block_size(200) == 13 and MIN_BLOCKS <= -(-200 // 13)
    assert block_size(6) == 1 and block_size(1) == 1


def test_a_kind_whose_look_ahead_fired_nothing_unseen_is_dull_and_later_games_of_the_block_know_it() -> None:
    first = play_spec(GameSpec(0, "base", 2, 5), Setup(coverage=True, probes=0))
    assert first.dull and all(k.startswith(fuzzing_module.DULL) for k in first.dull)
    assert all(k.removeprefix(fuzzing_module.DULL).startswith(("decision:", "outcome:")) for k in first.dull)
    plain = play_spec(GameSpec(0, "base", 2, 5), Setup(probes=0))
    assert not plain.dull


def test_coverage_play_never_steps_a_dull_kind_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    """With every kind dull, coverage play steps each action once (the move itself): no look-ahead;
    without the marks it looks ahead, so the marks are what saves the steps."""
    stepped: list[int] = []
    original = engine_step

    def counting(state: GameState, action: Action) -> Transition:
        stepped.append(1)
        return original(state, action)

    monkeypatch.setattr(fuzzing_module, "step", counting)
    monkeypatch.setattr(fuzzing_module, "_dull", lambda action: fuzzing_module.DULL + "*")
    spec, setup = GameSpec(0, "base", 2, 5), Setup(coverage=True, probes=0)
    marked = play_spec(spec, setup, frozenset({fuzzing_module.DULL + "*"}))
    assert len(stepped) == marked.steps
    assert marked.end_reason not in ("step-limit", "engine-error", "rule-gap") and not marked.dull
    stepped.clear()
    unmarked = play_spec(spec, setup)
    assert len(stepped) > unmarked.steps


def test_the_fast_novelty_key_is_the_novelty_key_of_every_action_seeded_games_offer() -> None:
    """Coverage play's fast key (by word for words with no distinguishing parameter) against
    :func:`novelty_key` on every option of seeded games of both rulesets."""
    asked = 0

    def note(state: GameState, action: Action, transition: Transition) -> None:
        nonlocal asked
        options = [o for o, _ in chance_outcomes(state)] if is_chance(state) else list(legal_actions(state))
        for option in (*options, action):
            assert fuzzing_module._novelty(option) == novelty_key(option), option
            asked += 1

    for ruleset in ("base", "void-seeders"):
        for seed in range(3):
            play_game(seed, 2 + seed, ruleset, on_step=note)
    assert asked > 1000 and fuzzing_module._KIND_KEYS


@pytest.mark.parametrize(("ruleset", "seed"), [("base", 5), ("void-seeders", 11)])
def test_coverage_play_applies_the_chosen_candidates_look_ahead_which_a_fresh_step_repeats(
    monkeypatch: pytest.MonkeyPatch, ruleset: str, seed: int
) -> None:
    """A candidate the look-ahead stepped and coverage play chose is not stepped again: its
    transition is applied. Sound because a step is a function of the state and the action: every
    look-ahead's transition equals a fresh step's (state, clauses fired, gaps reached)."""
    calls: list[tuple[GameState, Action, Transition]] = []
    original = engine_step

    def recording(state: GameState, action: Action) -> Transition:
        transition = original(state, action)
        calls.append((state, action, transition))
        return transition

    monkeypatch.setattr(fuzzing_module, "step", recording)
    result = play_spec(GameSpec(0, ruleset, 3, seed), Setup(coverage=True, probes=0))
    assert result.end_reason not in ("step-limit", "engine-error", "rule-gap")
    pairs = [(id(state), action) for state, action, _ in calls]
    assert len(pairs) == len(set(pairs)), "a (state, action) stepped twice"
    stepped_from: dict[int, int] = {}
    for state, _, _ in calls:
        stepped_from[id(state)] = stepped_from.get(id(state), 0) + 1
    played = {id(state) for state, _, _ in calls}
    reused = [t for state, _, t in calls if stepped_from[id(state)] > 1 and id(t.state) in played]
    assert reused, "no chosen look-ahead in this game: pick another seed"
    for state, action, transition in calls:
        fresh = original(state, action)
        assert (fresh.state, fresh.fired, fresh.gaps) == (transition.state, transition.fired, transition.gaps)
