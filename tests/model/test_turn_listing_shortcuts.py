"""The shortcuts of the turn's listings and of the goal-seeking player mean what their plain
versions mean, on states of seeded games: every decision a rule builds with its parameters
already in order is the one :meth:`Decision.make` makes of them; the player's grouping by kind,
its remembered traits and its test for a held Hibernatorium give what the plain code gives,
drawing the same random numbers."""

from __future__ import annotations

import random
import zlib

import pytest

from nemesis_rules.model.core.actions import Action, Decision
from nemesis_rules.model.core.engine import acting_player, legal_actions
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules import effect_actions
from nemesis_rules.model.rules.round import Turn
from nemesis_rules.players import strategies
from nemesis_rules.players.play import play_game
from nemesis_rules.players.strategies import HUNTED, by_kind, goal_seeking


def states_of(seed: int, players: int, ruleset: str) -> list[GameState]:
    """Every state of a goal-seeking game where a player decides."""
    found: list[GameState] = []

    def watching(state: GameState, rng: random.Random) -> Action:
        if acting_player(state) is not None:
            found.append(state)
        return goal_seeking(state, rng)

    play_game(seed, players, ruleset, chooser=watching)
    return found


@pytest.fixture(scope="module")
def states() -> list[GameState]:
    games = ((3, 4, "base"), (4, 5, "void-seeders"), (5, 2, "base"))
    return [state for seed, players, ruleset in games for state in states_of(seed, players, ruleset)]


def test_every_listed_decision_has_its_parameters_as_decision_make_orders_them(states: list[GameState]) -> None:
    """Rules build decisions with their parameters already sorted (``presorted``, ``paid_each``,
    the payment-only variants): each must be what :meth:`Decision.make` makes of them."""
    turns = 0
    for state in states:
        if not isinstance(state.pending[-1], Turn):
            continue
        turns += 1
        for d in legal_actions(state):
            assert isinstance(d, Decision)
            assert d == Decision.make(d.player, d.kind, **dict(d.params)), d
    assert turns > 50


def plain_by_kind(options: tuple[Action, ...], rng: random.Random) -> Action:
    groups: dict[str, list[Action]] = {}
    for action in options:
        groups.setdefault(strategies._group(action), []).append(action)
    group = groups[sorted(groups)[rng.randrange(len(groups))]]
    return group[rng.randrange(len(group))]


def test_by_kind_groups_runs_of_a_kind_as_the_plain_grouping_does(states: list[GameState]) -> None:
    for i, state in enumerate(states):
        options = legal_actions(state)
        fast, plain = random.Random(i), random.Random(i)
        assert by_kind(options, fast) is plain_by_kind(options, plain)
        assert fast.getstate() == plain.getstate()


def test_a_remembered_trait_is_the_trait_worked_out(states: list[GameState]) -> None:
    for state in states[::7]:
        for c in state.characters:
            key = f"{c.player}:{c.name}:{state.coordinates}:{'/'.join(state.weaknesses)}"
            assert strategies._trait(state, c.player) == zlib.crc32(key.encode()) / 2**32


def test_the_hibernatorium_is_held_as_the_plain_test_says(states: list[GameState]) -> None:
    for state in states:
        hibernatorium = strategies._printed(state.config.board, "hibernatorium")
        held = "hibernation" in tables.time_flags(state) and any(
            i.kind not in HUNTED for i in state.intruders_at(hibernatorium)
        )
        assert strategies._held_hibernatorium(state) == (hibernatorium if held else None)


def test_kept_decisions_of_unchosen_variants_are_the_ones_built_afresh(
    states: list[GameState], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cards, items and rooms with nothing to choose are offered from kept decisions
    (``effect_actions._unchosen``): the listings are those built without keeping any."""
    turns = [(state, state.pending[-1]) for state in states if isinstance(state.pending[-1], Turn)]
    kept = [turn.options(state) for state, turn in turns]
    monkeypatch.setattr(effect_actions, "_unchosen", effect_actions._unchosen_options)
    assert [turn.options(state) for state, turn in turns] == kept
    assert any(d.kind == "play-card" for listing in kept for d in listing)
