"""A campaign of seeded random games, recording what the rulebook needs from them.

Each game is :func:`nemesis_rules.players.play.play_game` with one seed. The campaign keeps, per game, the
clause and ruling ids that fired, every gap the game reached (design principle 9) with the seed and the
step where it was reached, and an engine failure if the game could not be played to its end:

* a gap a ruling decides (``GapReached``) is noted and the game goes on;
* a :class:`~nemesis_rules.model.game.RuleGap` (no ruling decides it) stops that game; it is an undecided gap;
* any other exception stops that game too and is kept as an :class:`EngineFailure`, so one engine bug does
  not hide what the other games found.

At every decision node a refusal prober (:mod:`nemesis_rules.invariants.probes`) re-issues a few decisions
that were legal earlier and are not now; ``check`` refuses each citing a clause, kept as *refused*, so
restrictions count as exercised too. Probing does not change the game (same seed, same game).

Steps are counted from 1 over every action of the game, setup included: step ``n`` is the ``n``-th line
after the header of the game's record, and replaying the seed reproduces it.

This module imports the engine, so :mod:`nemesis_rules.rulebook` does not import it by itself.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nemesis_rules.invariants.probes import PROBES_PER_STEP, Prober
from nemesis_rules.model.core.actions import Action
from nemesis_rules.model.core.engine import RuleGap, Transition
from nemesis_rules.model.core.state import GameState
from nemesis_rules.players.play import play_game
from nemesis_rules.players.strategies import DEFAULT_PLAYER, PLAYERS
from nemesis_rules.record import read_record, replay_record
from nemesis_rules.rulebook.catalogue import RULESETS, check_ruleset

__all__ = [
    "Campaign",
    "EngineFailure",
    "GameRun",
    "GameSpec",
    "GapHit",
    "campaign_specs",
    "run_campaign",
    "run_game",
    "run_record",
]

PLAYER_COUNTS: tuple[int, ...] = (1, 2, 3, 4, 5)


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Which game to play: ruleset, player count and seed (or the record file it was replayed from)."""

    ruleset: str
    players: int
    seed: int
    record: str | None = None

    def describe(self) -> str:
        if self.record is not None:
            return f"record {self.record} ({self.ruleset}, {self.players} player(s))"
        return f"{self.ruleset}, {self.players} player(s), seed {self.seed}"


@dataclass(frozen=True, slots=True)
class GapHit:
    """A gap a game reached: the clause and situation, the ruling and reading that decided it (``None``
    when no ruling did and the engine raised ``RuleGap``), and where: the game and the step, with the state
    before that step and its action (kept to write the situation as a record)."""

    clause: str
    situation: str
    ruling: str | None
    reading: str | None
    game: GameSpec
    step: int
    before: GameState | None = field(default=None, compare=False, repr=False)
    action: Action | None = field(default=None, compare=False, repr=False)

    @property
    def decided(self) -> bool:
        return self.ruling is not None

    def to_json(self) -> dict[str, Any]:
        return {
            "clause": self.clause,
            "situation": self.situation,
            "ruling": self.ruling,
            "reading": self.reading,
            "ruleset": self.game.ruleset,
            "players": self.game.players,
            "seed": self.game.seed,
            "record": self.game.record,
            "step": self.step,
        }


@dataclass(frozen=True, slots=True)
class EngineFailure:
    """A game that stopped with an error other than a rule gap: where, and the error."""

    game: GameSpec
    step: int
    error: str

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.game.ruleset,
            "players": self.game.players,
            "seed": self.game.seed,
            "record": self.game.record,
            "step": self.step,
            "error": self.error,
        }


@dataclass(slots=True)
class GameRun:
    """What one game did: its steps, how often each id fired and at which step first, how often a probe's
    refusal cited each clause, its gaps, and how it ended (``end`` is the end reason; ``None`` when a gap or
    a failure stopped it)."""

    game: GameSpec
    steps: int = 0
    fired: Counter[str] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)
    first_fired: dict[str, int] = field(default_factory=dict)
    gaps: list[GapHit] = field(default_factory=list)
    failure: EngineFailure | None = None
    end: str | None = None


@dataclass(frozen=True, slots=True)
class Campaign:
    """The games of a campaign, in the order they were played."""

    runs: tuple[GameRun, ...]

    @property
    def rulesets(self) -> tuple[str, ...]:
        return tuple(r for r in RULESETS if any(run.game.ruleset == r for run in self.runs))

    def fired(self, ruleset: str | None = None) -> Counter[str]:
        """How often each id fired over the campaign (or over the games of one ruleset)."""
        total: Counter[str] = Counter()
        for run in self.runs:
            if ruleset is None or run.game.ruleset == ruleset:
                total.update(run.fired)
        return total

    def refused(self, ruleset: str | None = None) -> Counter[str]:
        """How often a probe's refusal cited each clause over the campaign (or the games of one ruleset)."""
        total: Counter[str] = Counter()
        for run in self.runs:
            if ruleset is None or run.game.ruleset == ruleset:
                total.update(run.refused)
        return total

    @property
    def gaps(self) -> tuple[GapHit, ...]:
        return tuple(g for run in self.runs for g in run.gaps)

    @property
    def failures(self) -> tuple[EngineFailure, ...]:
        return tuple(run.failure for run in self.runs if run.failure is not None)


def run_game(
    game: GameSpec,
    rulings: Mapping[str, str] | None = None,
    variants: Mapping[str, str] | None = None,
    probes: int = PROBES_PER_STEP,
) -> GameRun:
    """Play one seeded random game to its end (or to the gap or error that stops it), probing ``probes``
    refusals per decision node."""
    prober = Prober(game.seed, probes)
    run = GameRun(game, refused=prober.refused)
    chosen: list[tuple[GameState, Action]] = []

    choose = PLAYERS[DEFAULT_PLAYER]  # the games `play` and `fuzz` play by default

    def chooser(state: GameState, rng: random.Random) -> Action:
        action = choose(state, rng)
        chosen[:] = [(state, action)]
        prober.probe(state, action)
        return action

    def note(before: GameState, action: Action, transition: Transition) -> None:
        run.steps += 1
        run.fired.update(transition.fired)
        for fired_id in transition.fired:
            run.first_fired.setdefault(fired_id, run.steps)
        run.gaps.extend(
            GapHit(g.clause, g.situation, g.ruling, g.reading, game, run.steps, before, action) for g in transition.gaps
        )

    try:
        final, _ = play_game(game.seed, game.players, game.ruleset, rulings, variants, chooser=chooser, on_step=note)
    except RuleGap as gap:
        before, action = chosen[0] if chosen else (None, None)
        run.gaps.append(GapHit(gap.clause, gap.situation, None, None, game, run.steps + 1, before, action))
        return run
    except Exception as error:  # a campaign reports an engine bug and goes on with the next game
        run.failure = EngineFailure(game, run.steps + 1, f"{type(error).__name__}: {error}")
        return run
    prober.probe_end(final)
    run.end = final.end.reason if final.end is not None else None
    return run


def campaign_specs(games: int, seed: int, rulesets: Iterable[str], players: int | None = None) -> list[GameSpec]:
    """``games`` games per ruleset with seeds ``seed``, ``seed + 1``, ...; the player count is ``players``,
    or cycles through 1 to 5 so that every count is played."""
    chosen = [check_ruleset(r) for r in rulesets]
    return [
        GameSpec(ruleset, players if players is not None else PLAYER_COUNTS[index % len(PLAYER_COUNTS)], seed + index)
        for ruleset in chosen
        for index in range(games)
    ]


def run_campaign(
    specs: Iterable[GameSpec],
    rulings: Mapping[str, str] | None = None,
    variants: Mapping[str, str] | None = None,
    probes: int = PROBES_PER_STEP,
) -> Campaign:
    """Play every game of ``specs`` in order (``probes`` refusals probed per decision node)."""
    return Campaign(tuple(run_game(spec, rulings, variants, probes) for spec in specs))


def run_record(path: str | Path) -> GameRun:
    """Replay a game record (:mod:`nemesis_rules.record`) and keep what it fired, like a played game.

    An unreadable or malformed record is bad input (``BadInputError``). A rule gap the replay stops at is
    an undecided gap; an illegal line, an engine failure or a violated invariant is kept as the failure.
    The seed is the header's (0 when it has none).
    """

    record = read_record(path)
    header = record.header
    game = GameSpec(header.ruleset, header.players, header.seed or 0, str(path))
    result = replay_record(record)
    run = GameRun(game, steps=result.steps, fired=Counter(result.fired))
    for problem in result.problems:
        if problem.kind == "rule-gap":
            run.gaps.append(
                GapHit(
                    problem.clause, problem.reason, None, None, game, result.steps + 1, problem.state, problem.action
                )
            )
        elif run.failure is None:
            run.failure = EngineFailure(
                game, result.steps + 1, f"line {problem.line}: {problem.kind}: {problem.reason}"
            )
    end = result.final_state.end
    run.end = end.reason if end is not None and not result.problems else None
    return run
