"""Throughput of the engine, measured against two yardsticks on the same machine in the same run.

Run ``python benchmarks/throughput.py`` (``--profile`` adds the engine's hot spots). It prints
first what users run: the games of ``fuzz``'s default campaign as ``fuzz`` plays them
(coverage-guided, with refusal probes, every catalogued invariant, in the campaign's blocks),
alternated game by game with random python-chess games in the same process, and the ratio of
their steps per second to python-chess's moves per second (target: :data:`TARGET_CAMPAIGN`);
``--default-campaign`` also times the whole default campaign on two processes (500 games, target
:data:`TARGET_DEFAULT_SECONDS` s) with the share of each ruleset's reachable clauses it
exercised. Then, beside them, the engine's own figures:

* the games ``fuzz`` plays (its default player, ``goal-seeking``, whose own time per decision
  counts) with every catalogued invariant checked after every transition: steps per second,
  mean microseconds per step, games per second; and the same without invariants, to show what
  checking costs (before round 3 of issue #7 these lines measured the uniform player, which
  ``nemesis_rules.players.play.choose`` is, not the games fuzz plays);
* python-chess playing random legal chess (moves per second), the ``bench`` extra;
* the same two lines for the uniform random player (one legal action drawn uniformly, the
  analogue of python-chess's ``random.choice(list(board.legal_moves))``), an extra: those are not
  the games fuzz plays (the default player seeks goals), so the headline stays on the default
  player, but its engine-alone line is random play like python-chess's, which checks no invariant;
* the CPython floor: ``dataclasses.replace`` on a small frozen slotted dataclass;
* where a step's time goes in those games: listing the legal actions, the player's own
  choosing, applying the action, checking the invariants, each in microseconds per step and
  as a share of what a step may take at 1.0x python-chess (what stands between the engine and
  that target, part by part);
* the speed-up of a two-process campaign (``fuzz --jobs 2``) over one process, and beside it
  the machine's own ceiling: the same split (a forked pool, one game at a time) of random
  python-chess games, pure-Python work with no shared state, so what it loses is what the
  machine loses (two virtual CPUs on a shared host rarely give 2x);

then the ratios against the targets: at least 1.0x python-chess, at most 10x the floor, at
least 1.8x on two jobs; with each, the same ratio for the yardstick itself where it tells what
the target asks (the engine alone against python-chess, and the most the invariants may cost
at 1.0x; python-chess's own multiple of the floor; the chess games' own two-process speed-up).
It is a measurement, not a test: nothing fails when a target is missed.
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import multiprocessing
import os
import pstats
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from nemesis_rules.invariants import Checker
from nemesis_rules.invariants.campaign import Campaign, play_all, run
from nemesis_rules.invariants.catalogue import catalogue
from nemesis_rules.invariants.fuzzing import Setup, block_games, playable_rulesets
from nemesis_rules.invariants.heap import settled_heap
from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import chance_outcomes, legal_actions, step
from nemesis_rules.model.game import start
from nemesis_rules.players.strategies import DEFAULT_PLAYER, PLAYERS, Player, uniform

TARGET_CAMPAIGN = 0.5
"""The default campaign's play, steps per second per core, against python-chess's moves per second."""
TARGET_DEFAULT_SECONDS = 12.0
"""The default campaign (500 games, both rulesets) on two processes."""
TARGET_REACHABLE = 95.0
"""The share of each ruleset's reachable clauses the default campaign exercises."""
DEFAULT_GAMES = 500
TARGET_CHESS = 1.0
TARGET_FLOOR = 10.0
TARGET_JOBS = 1.8


@dataclasses.dataclass(frozen=True, slots=True)
class Small:
    """The smallest meaningful immutable update: three fields, one changes."""

    a: int
    b: int
    c: int


def games_for(seconds: float, play_one: Callable[[int], int]) -> tuple[int, int, float]:
    """Play games (seed 0, 1, ...) until ``seconds`` have passed: (games, steps, seconds)."""
    started = time.perf_counter()
    games = steps = 0
    while time.perf_counter() - started < seconds:
        steps += play_one(games)
        games += 1
    return games, steps, time.perf_counter() - started


def paired(
    seconds: float, rulesets: tuple[str, ...], player: Player | None = None
) -> tuple[tuple[int, int, float], tuple[int, int, float]]:
    """The same games with and without invariants, alternately (so a load spike on a shared
    machine hits both alike): (games, steps, seconds) with invariants, then without. ``player``:
    fuzz's own (None) or another."""
    chosen = DEFAULT if player is None else player
    checked = nemesis_game(rulesets, invariants=True, player=chosen)
    bare = nemesis_game(rulesets, invariants=False, player=chosen)
    for seed in range(2 * len(rulesets)):  # warm up: tables loaded, caches filled
        checked(seed)
        bare(seed)
    games = steps = 0
    with_time = without_time = 0.0
    with settled_heap():  # as fuzz plays its campaign
        while with_time + without_time < 2 * seconds:
            started = time.perf_counter()
            steps += checked(games)
            middle = time.perf_counter()
            bare(games)
            with_time += middle - started
            without_time += time.perf_counter() - middle
            games += 1
    return (games, steps, with_time), (games, steps, without_time)


DEFAULT: Player = PLAYERS[DEFAULT_PLAYER]
"""The player fuzz plays with (``Setup.player``): the headline measures its games."""


def nemesis_game(rulesets: tuple[str, ...], *, invariants: bool, player: Player = DEFAULT) -> Callable[[int], int]:
    def play(seed: int) -> int:
        ruleset = rulesets[seed % len(rulesets)]
        rng = random.Random(seed)
        state = start(ruleset, 1 + seed % 5)
        checker = Checker(ruleset) if invariants else None
        if checker is not None:
            checker.first(state)
        steps = 0
        while state.end is None:
            action = player(state, rng)
            transition = step(state, action)
            if checker is not None:
                checker.after(state, action, transition.state, transition.fired)
            state = transition.state
            steps += 1
        return steps

    return play


PARTS = ("listing the legal actions", "the player's own choosing", "applying the action", "checking every invariant")


def breakdown(seconds: float, rulesets: tuple[str, ...]) -> tuple[dict[str, float], int, int, int]:
    """Where a step's time goes in the games fuzz plays, each part timed on its own around
    every step: (seconds per part of :data:`PARTS`, steps, decision steps, decisions listed).
    The player lists the actions itself, but a second listing of the same state is a lookup
    (``fast.LastAsked``), so its call right after the listing is its own choosing. (Subtracting a
    listing from it, as this did before the lookup, printed a negative share.)"""
    clock = time.perf_counter
    spent = dict.fromkeys(PARTS, 0.0)
    steps = decisions = listed = 0
    with settled_heap():
        started = clock()
        seed = 0
        while clock() - started < seconds:
            ruleset = rulesets[seed % len(rulesets)]
            rng = random.Random(seed)
            state = start(ruleset, 1 + seed % 5)
            checker = Checker(ruleset)
            checker.first(state)
            while state.end is None:
                t0 = clock()
                if not chance_outcomes(state):
                    options = legal_actions(state)
                    decisions += 1
                    listed += sum(isinstance(a, Decision) for a in options)
                t1 = clock()
                action = DEFAULT(state, rng)
                t2 = clock()
                transition = step(state, action)
                t3 = clock()
                checker.after(state, action, transition.state, transition.fired)
                t4 = clock()
                spent[PARTS[0]] += t1 - t0
                spent[PARTS[1]] += t2 - t1
                spent[PARTS[2]] += t3 - t2
                spent[PARTS[3]] += t4 - t3
                state = transition.state
                steps += 1
            seed += 1
    return spent, steps, decisions, listed


def default_campaign(rulesets: tuple[str, ...], games: int = DEFAULT_GAMES, out: Path = Path(os.devnull)) -> Campaign:
    """``nemesis-rules fuzz``'s default campaign: coverage-guided, probes, every catalogued invariant."""
    setup = Setup(invariant_ids=tuple(i.id for i in catalogue()), coverage=True)
    return Campaign(games, 1, (1, 2, 3, 4, 5), rulesets, setup, out=out)


def campaign_vs_chess(
    seconds: float, rulesets: tuple[str, ...]
) -> tuple[tuple[int, int, float], tuple[int, int, float]]:
    """The default campaign's games, in campaign order and as ``fuzz`` plays them (a block's
    coverage memory carried from game to game), alternated game by game with random chess games,
    so that a load spike on a shared machine hits both alike: (games, steps, seconds) of each."""
    campaign = default_campaign(rulesets)
    for ruleset in rulesets:  # warm up: tables loaded, caches filled (as fuzz does before playing)
        start(ruleset, 2)
    chess_game(10_000)
    blocks = iter(campaign.blocks())
    games = steps = chess_games_played = moves = 0
    ours = theirs = 0.0
    playing = block_games(next(blocks), campaign.setup)
    with settled_heap():
        while ours + theirs < 2 * seconds:
            started = time.perf_counter()
            result = next(playing, None)
            if result is None:
                playing = block_games(next(blocks), campaign.setup)
                result = next(playing)
            middle = time.perf_counter()
            moves += chess_game(chess_games_played)
            ours += middle - started
            theirs += time.perf_counter() - middle
            games += 1
            chess_games_played += 1
            steps += result.steps
    return (games, steps, ours), (chess_games_played, moves, theirs)


def time_default_campaign(rulesets: tuple[str, ...]) -> tuple[float, int, dict[str, tuple[int, int, float]]]:
    """The whole default campaign on two processes: seconds, steps, and per ruleset (exercised
    reachable clauses, reachable clauses, percent)."""
    with tempfile.TemporaryDirectory() as scratch, settled_heap():
        summary = run(default_campaign(rulesets, out=Path(scratch)), jobs=2)
    shares = {}
    for ruleset, cov in summary["clause_coverage"].items():
        reachable = cov["clauses"] - len(cov["unreachable"])
        left = len(cov["never_exercised_reachable"])
        shares[ruleset] = (reachable - left, reachable, 100.0 * (reachable - left) / reachable)
    return summary["seconds"], summary["steps"], shares


def chess_game(seed: int) -> int:
    import chess

    rng = random.Random(seed)
    board = chess.Board()
    moves = 0
    while not board.is_game_over(claim_draw=False):
        board.push(rng.choice(list(board.legal_moves)))
        moves += 1
    return moves


def chess_games(seeds: range) -> int:
    """Moves of the random chess games ``seeds`` (the unit of :func:`chess_speedup`'s work)."""
    return sum(chess_game(seed) for seed in seeds)


def chess_speedup(games: int) -> tuple[float, float]:
    """Seconds of ``games`` random chess games on one process and on two, split as
    ``fuzz --jobs`` splits a campaign (a forked pool, one game at a time)."""
    work = [range(seed, seed + 1) for seed in range(games)]
    started = time.perf_counter()
    for seeds in work:
        chess_games(seeds)
    one = time.perf_counter() - started
    started = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(2) as pool:
        for _moves in pool.imap(chess_games, work, chunksize=1):
            pass
    return one, time.perf_counter() - started


def floor_updates(seconds: float) -> float:
    """``dataclasses.replace`` calls per second on :class:`Small`."""
    value = Small(1, 2, 3)
    n = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        for _ in range(10_000):
            value = dataclasses.replace(value, b=value.b + 1)
        n += 10_000
    return n / (time.perf_counter() - started)


def jobs_speedup(games: int, rulesets: tuple[str, ...]) -> tuple[float, float]:
    """Seconds of the same fuzz campaign (the default one's first ``games`` games' setup) on one
    process and on two."""
    campaign = default_campaign(rulesets, games)
    seconds = []
    with settled_heap():  # as fuzz plays its campaign
        for jobs in (1, 2):
            started = time.perf_counter()
            play_all(campaign, jobs)
            seconds.append(time.perf_counter() - started)
    return seconds[0], seconds[1]


def two_process_speedups(
    games: int, rulesets: tuple[str, ...], chess: int | None, repeats: int = 3
) -> tuple[tuple[float, float], tuple[float, float] | None]:
    """The campaign's seconds on one and two processes, and the chess games' (None without
    python-chess), each the best of ``repeats``, measured in turn so that a load spike on a
    shared host falls on both alike rather than on one."""
    campaign = [float("inf"), float("inf")]
    ceiling = [float("inf"), float("inf")]
    for _ in range(repeats):
        one, two = jobs_speedup(games, rulesets)
        campaign = [min(campaign[0], one), min(campaign[1], two)]
        if chess is not None:
            one, two = chess_speedup(chess)
            ceiling = [min(ceiling[0], one), min(ceiling[1], two)]
    return (campaign[0], campaign[1]), ((ceiling[0], ceiling[1]) if chess is not None else None)


def profile(rulesets: tuple[str, ...], games: int, top: int) -> str:
    """The engine's hot spots over ``games`` games with invariants on, by own time: for each,
    calls per step and microseconds per call (both under the profiler, which slows every call
    alike, so compare them between runs rather than with the figures above)."""
    play = nemesis_game(rulesets, invariants=True)
    for seed in range(2 * len(rulesets)):  # warm up: tables loaded, caches filled
        play(seed)
    profiler = cProfile.Profile()
    profiler.enable()
    steps = sum(play(seed) for seed in range(games))
    profiler.disable()
    stats = pstats.Stats(profiler)
    rows = sorted(stats.stats.items(), key=lambda item: -item[1][2])[:top]  # type: ignore[attr-defined]
    lines = [f"{steps} steps; own time, calls per step, microseconds per call (own / with callees):"]
    for (filename, line, name), (_, calls, own, cumulative, _) in rows:
        where = f"{Path(filename).name}:{line}({name})" if filename.startswith(("/", ".")) else f"{filename}({name})"
        lines.append(
            f"  {100 * own / stats.total_tt:5.1f}%  {calls / steps:7.2f}/step  "  # type: ignore[attr-defined]
            f"{1e6 * own / calls:6.2f} / {1e6 * cumulative / calls:7.2f} us  {where}"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="time per measurement (default 6)")
    parser.add_argument("--jobs-games", type=int, default=60, help="games of the --jobs campaign (default 60)")
    parser.add_argument(
        "--chess-games", type=int, default=160, help="random chess games of the two-process ceiling (default 160)"
    )
    parser.add_argument("--profile", action="store_true", help="also print the engine's hot spots")
    parser.add_argument(
        "--default-campaign", action="store_true", help="also time the whole default campaign on two processes"
    )
    args = parser.parse_args()
    rulesets = playable_rulesets()

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    try:
        (fg, fs, ft), (cg0, cm, ct0) = campaign_vs_chess(args.seconds, rulesets)
        ratio = (fs / ft) / (cm / ct0)
        verdict = "met" if ratio >= TARGET_CAMPAIGN else "missed"
        print(
            f"fuzz's default campaign as fuzz plays it (coverage-guided, probes, every invariant; {fg} games, "
            f"{fs} steps), alternated game by game with python-chess random play ({cg0} games) in one process:"
        )
        print(
            f"  {fs / ft:9.0f} steps/s against {cm / ct0:9.0f} moves/s per core: {ratio:.2f}x python-chess "
            f"(at least {TARGET_CAMPAIGN}x: {verdict})"
        )
    except ImportError:
        print("python-chess: not installed (pip install -e '.[bench]'); no campaign ratio")
    if args.default_campaign:
        seconds, steps, shares = time_default_campaign(rulesets)
        verdict = "met" if seconds < TARGET_DEFAULT_SECONDS else "missed"
        print(
            f"  the default campaign ({DEFAULT_GAMES} games) on two processes: {seconds:.1f} s, {steps} steps, "
            f"{steps / seconds:.0f} steps/s (under {TARGET_DEFAULT_SECONDS:.0f} s: {verdict})"
        )
        for ruleset, (done, reachable, percent) in shares.items():
            verdict = "met" if percent >= TARGET_REACHABLE else "missed"
            print(
                f"    {ruleset}: {done}/{reachable} reachable clauses exercised ({percent:.1f}%; "
                f"at least {TARGET_REACHABLE:.0f}%: {verdict})"
            )
    print(
        f"nemesis-rules throughput ({', '.join(rulesets)}; players 1-5; {DEFAULT_PLAYER} player as fuzz plays; "
        f"{os.cpu_count()} CPU(s), "
        f"load average {load:.2f} at the start)"
    )
    (g, s, t), (g0, s0, t0) = paired(args.seconds, rulesets)
    checked = s / t
    print(f"  with every invariant: {checked:9.0f} steps/s  {1e6 * t / s:7.1f} us/step  {g / t:6.2f} games/s")
    bare = s0 / t0
    print(f"  engine alone:         {bare:9.0f} steps/s  {1e6 * t0 / s0:7.1f} us/step  {g0 / t0:6.2f} games/s")
    cost = 1e6 * (t / s - t0 / s0)
    print(f"  invariants cost {cost:.1f} us/step ({100 * (bare / checked - 1):.0f}% on top of the engine)")

    try:
        cg, cs, ct = games_for(args.seconds, chess_game)
        chess_rate: float | None = cs / ct
        print(f"python-chess random play: {cs / ct:9.0f} moves/s  {1e6 * ct / cs:7.1f} us/move  {cg / ct:6.2f} games/s")
    except ImportError:
        chess_rate = None
        print("python-chess: not installed (pip install -e '.[bench]')")

    spent, b_steps, b_decisions, b_listed = breakdown(args.seconds, rulesets)
    budget = 1e6 / chess_rate if chess_rate is not None else None
    print(
        f"  where a step's time goes ({b_steps} steps, {100 * b_decisions / b_steps:.0f}% of them decisions, "
        f"{b_listed / b_decisions:.0f} decisions listed at each on average)"
        + (f"; at 1.0x python-chess a step may take {budget:.1f} us:" if budget is not None else ":")
    )
    for part in PARTS:
        share = f"  {100 * 1e6 * spent[part] / b_steps / budget:3.0f}% of that" if budget is not None else ""
        print(f"    {part + ':':30s} {1e6 * spent[part] / b_steps:6.1f} us/step{share}")

    (ug, us, ut), (_, _, ut0) = paired(args.seconds, rulesets, uniform)
    uniform_rate, uniform_bare = us / ut, us / ut0
    print("  extra, uniform random player (not the games fuzz plays; like for like with python-chess's random play):")
    for label, rate, seconds in (("with every invariant:", uniform_rate, ut), ("engine alone:", uniform_bare, ut0)):
        print(f"    {label:21s} {rate:9.0f} steps/s  {1e6 * seconds / us:7.1f} us/step  {ug / seconds:6.2f} games/s")

    floor = floor_updates(min(args.seconds, 2.0))
    print(f"CPython floor (dataclasses.replace, 3-field frozen slotted): {floor:,.0f} updates/s, {1e6 / floor:.2f} us")

    (one, two), chess_seconds = two_process_speedups(
        args.jobs_games, rulesets, args.chess_games if chess_rate is not None else None
    )
    speedup = one / two
    print(
        f"the default campaign's setup over {args.jobs_games} games (best of 3): {one:.1f} s on 1 job, "
        f"{two:.1f} s on 2 jobs"
    )
    ceiling: float | None = None
    if chess_seconds is not None:
        c_one, c_two = chess_seconds
        ceiling = c_one / c_two
        print(
            f"two-process ceiling, {args.chess_games} random chess games split the same way (best of 3, "
            f"measured in turn with the campaign): {c_one:.1f} s on 1 process, {c_two:.1f} s on 2"
        )

    print("ratios (target):")
    if chess_rate is not None:
        ratio = checked / chess_rate
        verdict = "met" if ratio >= TARGET_CHESS else "missed"
        print(f"  vs python-chess: {ratio:.2f}x (at least {TARGET_CHESS}x: {verdict})")
        allowed = 1e6 / chess_rate
        room = (
            f"at {TARGET_CHESS}x the invariants may cost {allowed - 1e6 / bare:.1f} us/step; they cost {cost:.1f}"
            if 1e6 / bare < allowed
            else f"alone it takes {1e6 / bare:.1f} of the {allowed:.1f} us a step may take at {TARGET_CHESS}x, "
            f"before the invariants' {cost:.1f}"
        )
        print(f"    the engine alone: {bare / chess_rate:.2f}x ({room})")
        print(
            f"  extra, uniform random player vs python-chess (like-for-like random play, not "
            f"the games fuzz plays): {uniform_rate / chess_rate:.2f}x with every invariant, "
            f"{uniform_bare / chess_rate:.2f}x for the engine alone (python-chess checks no invariant)"
        )
    per_step = 1e6 / checked
    floor_ratio = per_step / (1e6 / floor)
    verdict = "met" if floor_ratio <= TARGET_FLOOR else "missed"
    print(f"  vs the CPython floor: {floor_ratio:.0f}x its time per update (at most {TARGET_FLOOR:.0f}x: {verdict})")
    if chess_rate is not None:
        chess_floor = (1e6 / chess_rate) / (1e6 / floor)
        print(
            f"    python-chess itself: {chess_floor:.0f}x the floor per move "
            f"(at {TARGET_CHESS}x python-chess a step would be {chess_floor / TARGET_CHESS:.0f}x the floor)"
        )
    verdict = "met" if speedup >= TARGET_JOBS else "missed"
    print(f"  --jobs 2 speed-up: {speedup:.2f}x (at least {TARGET_JOBS}x: {verdict})")
    if ceiling is not None:
        print(
            f"    this machine's ceiling (random chess games, two processes): {ceiling:.2f}x; "
            f"the campaign reaches {100 * speedup / ceiling:.0f}% of it"
        )

    if args.profile:
        print("\nhot spots (own time, 20 games with invariants):")
        print(profile(rulesets, 20, 30))


if __name__ == "__main__":
    main()
