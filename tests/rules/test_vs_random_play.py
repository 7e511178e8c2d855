"""Seeded random Void Seeders games of 1-5 players: they end by the rules, every clause that fires is
catalogued, and no step breaks the Insanity rules (void-seeders-rulebook.txt, Void Seeders
Features > Insanity Level and Insanity Track Card): never above 5, never below 3 once 3 was
reached, and an increase at 5 kills.

``NEMESIS_LONG=1`` adds a campaign over a few hundred seeds that must reach every part of the
expansion (every Insanity level, Panic effects resolved and failed, Lairs revealed and destroyed,
the four Void Seeder types, the Despoiler killed, Lurking, every kind of bag development).
"""

from __future__ import annotations

import os
from collections import Counter

import pytest
from typer.testing import CliRunner

from nemesis_rules.cli.app import app
from nemesis_rules.model.core.actions import Action, Decision
from nemesis_rules.model.core.engine import Transition, legal_actions
from nemesis_rules.model.core.state import GameState
from nemesis_rules.players.play import MAX_STEPS, play_game
from nemesis_rules.rulebook import catalogue, rulings

KNOWN = set(catalogue()) | set(rulings())
FLOOR, TOP = 3, 5


class Watcher:
    """Checks every transition of a game and counts what it saw."""

    def __init__(self) -> None:
        self.steps = 0
        self.clauses: Counter[str] = Counter()
        self.levels: set[int] = set()
        self.kinds: set[str] = set()

    def __call__(self, state: GameState, action: Action, transition: Transition) -> None:
        self.steps += 1
        after = transition.state
        unknown = set(transition.fired) - KNOWN
        assert not unknown, f"uncatalogued ids fired: {unknown}"
        self.clauses.update(transition.fired)
        frame = state.pending[-1] if state.pending else None
        if isinstance(action, Decision) and type(frame).__module__.startswith("nemesis_rules.model.rules.void_seeders"):
            options = legal_actions(state)
            assert options == tuple(sorted(set(options)))
        for before, now in zip(state.characters, after.characters, strict=False):
            if now.alive and now.name:
                assert 1 <= now.insanity <= TOP, now
                self.levels.add(now.insanity)
            if before.insanity >= FLOOR:
                assert now.insanity >= FLOOR, (before, now)
        if "vs.insanity.death-above-5" in transition.fired:
            assert any(
                b.active and b.insanity == TOP and a.status == "dead"
                for b, a in zip(state.characters, after.characters, strict=False)
            )
        self.kinds.update(i.kind for i in after.intruders)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_vs_random_games_end_by_the_rules(players: int, seed: int) -> None:
    watch = Watcher()
    state, log = play_game(seed, players, "void-seeders", on_step=watch)
    assert state.end is not None and state.end.reason
    assert watch.steps == len(log.actions) < MAX_STEPS
    assert "vs.event.step-order" in watch.clauses or state.round == 1


def _other_readings() -> dict[str, str]:
    """For every Void Seeders ruling, a reading other than its default (never 'strict')."""
    out = {}
    for ruling in rulings().values():
        if ruling.applies_to("void-seeders") and ruling.id.startswith("vs."):
            playable = [r.id for r in ruling.readings if not r.unplayable]
            others = [r for r in playable if r not in (ruling.default, "strict")]
            if others:
                out[ruling.id] = others[0]
    return out


@pytest.mark.parametrize("players", [2, 4])
def test_vs_random_games_under_the_other_reading_of_every_ruling(players: int) -> None:
    watch = Watcher()
    state, _ = play_game(3, players, "void-seeders", _other_readings(), on_step=watch)
    assert state.end is not None


def test_vs_play_cli_runs_a_void_seeders_game_with_a_ruling() -> None:
    args = ["play", "--ruleset", "void-seeders", "--players", "3", "--seed", "2", "--json"]
    result = CliRunner().invoke(app, [*args, "--ruling", "vs.summary.surprise-attack=summary"])
    assert result.exit_code == 0, result.output
    assert '"ruleset": "void-seeders"' in result.output and '"reason"' in result.output


@pytest.mark.skipif(os.environ.get("NEMESIS_LONG") != "1", reason="long campaign: set NEMESIS_LONG=1")
def test_vs_campaign_reaches_every_part_of_the_expansion() -> None:
    watch = Watcher()
    for seed in range(int(os.environ.get("NEMESIS_VS_SEEDS", "120"))):
        for players in range(1, 6):
            play_game(seed, players, "void-seeders", on_step=watch)
    assert watch.levels == {1, 2, 3, 4, 5}
    assert {"lurker", "whisperer", "stalker", "despoiler", "lair"} <= watch.kinds
    wanted = [
        "vs.panic.resolve",
        "vs.panic.below-value",
        "vs.panic.unresolvable",
        "vs.lair.exploration-token",
        "vs.lair.destroyed-slot",
        "vs.lurking.remove",
        "vs.bag.void-seeder-return",
        "vs.bag.insanity-panic",
        "vs.bag.insanity-absent",
        "vs.bag.blank",
        "vs.insanity.death-above-5",
        "vs.lair.despoiler-killed",
    ]
    assert [w for w in wanted if not watch.clauses[w]] == []
