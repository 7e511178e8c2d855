"""``nemesis-rules fuzz``: many seeded random games, every invariant checked after every
transition; each violation saved as a record, shrunk, and printed with the ``replay`` command
that shows it again. ``nemesis-rules fuzz merge`` combines the summaries of a campaign's shards;
``--cluster`` plays the campaign's blocks on a Dask cluster (:mod:`nemesis_rules.invariants.cluster`).

Exit codes: 0 no violation, 1 a violation (the rules, or the engine, say no), 2 bad input.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Annotated, Any

import typer

from nemesis_rules.cli.common import emit, parse_assignments
from nemesis_rules.cli.options import PlayerName, RulesetsName, value_of
from nemesis_rules.errors import BadInputError
from nemesis_rules.players.strategies import PLAYERS

PLAYER_COUNTS = (1, 2, 3, 4, 5)
DEFAULT_GAMES = 500
"""The default campaign: the one issue 7 names (500 games, 1-5 players, both rulesets); with
coverage-guided play it exercises at least 95% of each ruleset's clauses (100 games: about 90%)."""
DEFAULT_JOBS = max(1, os.cpu_count() or 1)
"""One process per CPU: the games are independent and the summary does not depend on it."""
SHRINK_BUDGET = 200
LISTED_CLAUSES = 20
"""The report names the clauses left to reach when there are at most this many."""
REPORT_SEEDS = 11
"""The human report names the first violation of each invariant and up to 10 more seeds."""
PROGRESS_FROM = 10
"""Campaigns of at least this many games show a progress bar (not with --json)."""

fuzz_app = typer.Typer(
    name="fuzz",
    help="Play many seeded random games and check every invariant after every transition.",
    invoke_without_command=True,
    add_completion=False,
    rich_markup_mode="rich",
)


def parse_players(text: str) -> tuple[int, ...]:
    """``all``, one count, or a comma-separated list of counts (1-5)."""
    if text.strip() == "all":
        return PLAYER_COUNTS
    counts = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit() or int(part) not in PLAYER_COUNTS:
            raise BadInputError(f"player count must be 1 to 5 or 'all', got {text!r}", "--players")
        counts.append(int(part))
    return tuple(sorted(set(counts)))


def parse_rulesets(text: str) -> tuple[str, ...]:
    """The rulesets to play: one by name, or ``all``; an unknown name is bad input."""
    from nemesis_rules.model.rulesets import RULESETS

    if text == "all":
        return tuple(RULESETS)
    if text not in RULESETS:
        raise BadInputError(f"unknown ruleset {text!r} (choose from {', '.join(RULESETS)}, all)", "--ruleset")
    return (text,)


def parse_shard(text: str | None) -> tuple[int, int] | None:
    if text is None:
        return None
    index, sep, total = text.partition("/")
    if not sep or not index.isdigit() or not total.isdigit() or not 1 <= int(index) <= int(total):
        raise BadInputError(f"expected I/N with 1 <= I <= N, got {text!r}", "--shard")
    return int(index), int(total)


def choose_invariants(rulesets: tuple[str, ...], skip: list[str], catalogue_on: bool) -> tuple[str, ...]:
    from nemesis_rules.invariants import catalogue

    known = {i.id for i in catalogue()}
    unknown = sorted(set(skip) - known)
    if unknown:
        raise BadInputError(f"unknown invariant {unknown[0]!r} (see the invariant catalogue)", "--skip-invariant")
    if not catalogue_on:
        return ()
    return tuple(i.id for i in catalogue() if i.id not in skip and any(i.applies_to(r) for r in rulesets))


@fuzz_app.callback()
def fuzz_command(
    ctx: typer.Context,
    games: Annotated[
        int,
        typer.Option(
            "--games",
            min=1,
            help="How many games (the default campaign: 500, about a minute on two cores, exercises "
            "at least 95% of each ruleset's clauses; 100 games about 90%).",
        ),
    ] = DEFAULT_GAMES,
    seed: Annotated[int, typer.Option("--seed", help="Game g of the campaign plays with seed S+g.")] = 1,
    players: Annotated[str, typer.Option("--players", help="1 to 5, a list (2,3) or all.")] = "all",
    ruleset: Annotated[RulesetsName, typer.Option("--ruleset", help="One ruleset, or all.")] = RulesetsName.all,
    ruling: Annotated[list[str] | None, typer.Option("--ruling", help="Ruling reading ID=OPTION.")] = None,
    variant: Annotated[list[str] | None, typer.Option("--variant", help="Data variant FAMILY=OPTION.")] = None,
    jobs: Annotated[
        int, typer.Option("--jobs", min=1, help="Processes to play on (default: one per CPU; the summary is the same).")
    ] = DEFAULT_JOBS,
    shard: Annotated[
        str | None,
        typer.Option(
            "--shard",
            metavar="I/N",
            help="Play only the I-th of N slices of the campaign (every N-th block of games; "
            "`fuzz merge` combines the slices' summaries into the whole campaign's).",
        ),
    ] = None,
    cluster: Annotated[
        str | None,
        typer.Option(
            "--cluster",
            metavar="ADDRESS",
            help="Play on a Dask cluster: tcp://HOST:PORT (a running scheduler) or local:N (N local "
            "worker processes); the summary is the same (needs the cluster extra: dask[distributed]).",
        ),
    ] = None,
    coverage: Annotated[
        bool,
        typer.Option(
            "--coverage/--no-coverage",
            help="Prefer kinds of action never taken and actions that fire clauses not fired yet "
            "(the default, as Pokemon Showdown's exhaustive runner does); --no-coverage plays exactly "
            "the games `play --seed S+g` plays.",
        ),
    ] = True,
    player: Annotated[
        PlayerName, typer.Option("--player", help="How decisions are picked (as in play).")
    ] = PlayerName.goal_seeking,
    probes: Annotated[
        int | None,
        typer.Option(
            "--probes",
            min=0,
            help="Illegal decisions re-issued per decision node to exercise refusing clauses (0: none; default 2).",
        ),
    ] = None,
    out: Annotated[Path, typer.Option("--out", help="Folder for records and the summary.")] = Path("fuzz-out"),
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    invariant: Annotated[
        list[str] | None,
        typer.Option("--invariant", metavar="FILE.py:NAME", help="Also check a function of yours (repeatable)."),
    ] = None,
    skip_invariant: Annotated[
        list[str] | None, typer.Option("--skip-invariant", metavar="ID", help="Leave a catalogued invariant out.")
    ] = None,
    catalogue_on: Annotated[
        bool, typer.Option("--catalogue/--no-catalogue", help="Check the invariant catalogue (default) or not.")
    ] = True,
    shrink_budget: Annotated[
        int, typer.Option("--shrink-budget", min=0, help="Candidate replays per shrink (0: no shrinking).")
    ] = SHRINK_BUDGET,
    list_gaps: Annotated[
        bool, typer.Option("--gaps", help="List every rule gap reached (by default they are counted by clause).")
    ] = False,
) -> None:
    """Play seeded random games and check every invariant after every transition."""
    if ctx.invoked_subcommand is not None:
        return
    from nemesis_rules.invariants.campaign import Campaign, run
    from nemesis_rules.invariants.fuzzing import Setup
    from nemesis_rules.invariants.heap import settled_heap
    from nemesis_rules.invariants.probes import PROBES_PER_STEP
    from nemesis_rules.invariants.user import load_user_invariant
    from nemesis_rules.model.game import make_config, start

    counts = parse_players(players)
    rulesets = parse_rulesets(value_of(ruleset))
    player = value_of(player)
    if not rulesets:
        raise BadInputError("no ruleset is playable yet", "--ruleset")
    rulings = parse_assignments(ruling or (), "--ruling")
    variants = parse_assignments(variant or (), "--variant")
    for name in rulesets:
        make_config(name, counts[0], rulings, variants)
    users = tuple(invariant or ())
    for spec in users:
        load_user_invariant(spec)
    ids = choose_invariants(rulesets, list(skip_invariant or ()), catalogue_on)
    if player not in PLAYERS:
        raise BadInputError(f"unknown player {player!r} (choose from {', '.join(PLAYERS)})", "--player")
    setup = Setup(
        rulings=tuple(sorted(rulings.items())),
        variants=tuple(sorted(variants.items())),
        invariant_ids=ids,
        user_invariants=users,
        coverage=coverage,
        player=player,
        probes=PROBES_PER_STEP if probes is None else probes,
    )
    sharding = parse_shard(shard)
    campaign = Campaign(games, seed, counts, rulesets, setup, sharding, out, shrink_budget)
    runner = _cluster_runner(cluster) if cluster is not None else partial(run, jobs=jobs)
    for name in rulesets:  # load each ruleset's tables now, so that settled_heap freezes them
        start(name, counts[0], rulings, variants)
    with settled_heap():
        if as_json or len(campaign.specs()) < PROGRESS_FROM:
            summary = runner(campaign)
        else:
            summary = _run_with_progress(campaign, runner)
    name = f"summary-{sharding[0]}-of-{sharding[1]}.json" if sharding else "summary.json"
    out.mkdir(parents=True, exist_ok=True)
    text = json.dumps(summary, indent=2, ensure_ascii=False) + "\n"
    emit(text, out / name)
    if as_json:
        typer.echo(text, nl=False)
    else:
        _report(summary, out / name, list_gaps)
    if summary["violations"] or summary.get("must_stay_illegal", {}).get("failed"):
        raise typer.Exit(1)


def _cluster_runner(address: str) -> Callable[..., dict[str, Any]]:
    """What plays the campaign on the Dask cluster at ``address`` (bad input when the address is
    malformed, dask.distributed is not installed or the scheduler cannot be reached)."""
    try:
        from nemesis_rules.invariants import cluster
    except ImportError as exc:
        raise BadInputError(
            f"--cluster needs dask.distributed ({exc}); install it with pip install 'nemesis-rules[cluster]'",
            "--cluster",
        ) from None
    try:
        where = cluster.parse_address(address)
    except ValueError as exc:
        raise BadInputError(str(exc), "--cluster") from None

    def runner(campaign: Any, progress: Callable[[Any], None] | None = None) -> dict[str, Any]:
        try:
            return cluster.run_on_cluster(campaign, where, progress)
        except cluster.ClusterError as exc:
            raise BadInputError(str(exc), "--cluster") from None

    return runner


def _run_with_progress(campaign: Any, runner: Callable[..., dict[str, Any]]) -> dict[str, Any]:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    total = len(campaign.specs())
    columns = (TextColumn("fuzz"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[found]}"))
    with Progress(*columns, TimeRemainingColumn(), console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("games", total=total, found="")
        violations = 0

        def advance(result: Any) -> None:
            nonlocal violations
            violations += len(result.found)
            bar.update(task, advance=1, found=f"{violations} violation(s)" if violations else "")

        return runner(campaign, progress=advance)


def _report(summary: dict[str, Any], written: Path, list_gaps: bool = False) -> None:
    """The summary for a person: totals, each violation with its replay command, the gaps counted by
    clause (``--gaps`` lists each), coverage, and the violations again last, where they are seen."""
    campaign = summary["campaign"]
    shard = f", shard {summary['shard'][0]}/{summary['shard'][1]}" if summary["shard"] else ""
    typer.echo(
        f"fuzz: {summary['games']} game(s) ({', '.join(campaign['rulesets'])}; "
        f"players {','.join(map(str, campaign['players']))}{shard}), {summary['steps']} steps in "
        f"{summary['seconds']:.1f} s ({summary['steps_per_second']:.0f} steps/s)"
    )
    violations = summary["violations"]
    typer.echo(f"violations: {len(violations)}")
    by_invariant: dict[str, list[dict[str, Any]]] = {}
    for v in violations:
        by_invariant.setdefault(v["invariant"], []).append(v)
    for invariant, found in by_invariant.items():
        v = found[0]
        typer.echo(
            f"  {invariant} ({len(found)} game(s)): {v['message']} "
            f"(seed {v['seed']}, {v['ruleset']}, {v['players']} player(s), step {v['step']})"
        )
        shrunk = v.get("shrunk")
        if shrunk:
            minimal = "minimal" if shrunk["minimal"] else f"shrink budget used up after {shrunk['tried']} tries"
            typer.echo(f"    record: {v['record']} (shrunk to {shrunk['steps']} steps, {minimal})")
        else:
            typer.echo(f"    record: {v['record']}")
        typer.echo(f"    replay: {v['replay']}")
        if len(found) > 1:
            seeds = ", ".join(str(other["seed"]) for other in found[1:REPORT_SEEDS])
            more = f" and {len(found) - REPORT_SEEDS} more" if len(found) > REPORT_SEEDS else ""
            typer.echo(f"    also seeds {seeds}{more} (records and replay commands in the summary)")
    near = ", ".join(f"{k} {n}" for k, n in summary.get("near_edge", {}).items()) or "none"
    typer.echo(f"edges: {summary.get('edge_games', 0)} game(s) started next to a limit; states at a limit: {near}")
    refusals = summary.get("must_stay_illegal", {"cases": 0, "failed": []})
    typer.echo(f"must-stay-illegal: {refusals['cases']} case(s) replayed, {len(refusals['failed'])} not refused")
    for failure in refusals["failed"]:
        typer.echo(f"  {failure['case']}: {failure['message']} [{failure['clause']}]")
    _report_gaps(summary["gaps"], list_gaps)
    reasons = ", ".join(f"{k} {n}" for k, n in summary["end_reasons"].items())
    typer.echo(f"end reasons: {reasons}")
    for ruleset, cov in summary["clause_coverage"].items():
        typer.echo(
            f"clause coverage ({ruleset}): {cov['exercised']}/{cov['clauses']} exercised ({cov['percent']}%): "
            f"{cov['fired']} fired, {cov['refused']} refused by a probe; "
            f"never exercised: {len(cov['never_exercised'])}"
            + (f", of which {out_of_reach} cannot happen under it" if (out_of_reach := _out_of_reach(cov)) else "")
        )
        left = cov.get("never_exercised_reachable", [])
        if len(left) <= LISTED_CLAUSES:  # a long list only drowns the report: --json has it whole
            for cid in left:
                typer.echo(f"  never exercised: {cid}")
    errors = summary["probe_errors"]
    if errors:
        typer.echo(f"probe errors (check failed on a well-formed decision): {len(errors)}")
        for error in errors[:REPORT_SEEDS]:
            typer.echo(f"  seed {error['seed']} ({error['ruleset']}, {error['players']} player(s)): {error['error']}")
    typer.echo(f"summary: {written}")
    verdict = f"{len(violations)} violation(s) of {len(by_invariant)} invariant(s)" if violations else "no violation"
    typer.echo(f"result: {verdict}")


def _report_gaps(gaps: list[dict[str, Any]], list_gaps: bool) -> None:
    """Gaps reached, folded: how many, how many a ruling decides, and one line per clause with no ruling
    (the rulebook's open holes); ``--gaps`` lists every gap with its first record."""
    undecided = [g for g in gaps if not g["ruling"]]
    clauses = {g["clause"] for g in gaps}
    typer.echo(
        f"rule gaps reached: {len(gaps)} at {len(clauses)} clause(s): {len(gaps) - len(undecided)} decided by "
        f"rulings, {len(undecided)} undecided" + ("" if list_gaps or not gaps else " (--gaps lists them)")
    )
    if list_gaps:
        for gap in gaps:
            decided = f"ruling {gap['ruling']}={gap['reading']}" if gap["ruling"] else "no ruling decides it"
            typer.echo(f"  {gap['clause']}: {gap['situation']} ({decided}); first record: {gap['record']}")
        return
    by_clause: dict[str, list[dict[str, Any]]] = {}
    for gap in undecided:
        by_clause.setdefault(gap["clause"], []).append(gap)
    for clause, found in by_clause.items():
        typer.echo(f"  undecided {clause} ({len(found)}): {found[0]['situation']}; first record: {found[0]['record']}")


@fuzz_app.command("merge")
def merge_command(
    summaries: Annotated[
        list[Path], typer.Argument(metavar="SUMMARY.json...", help="The summaries of every shard of one campaign.")
    ],
    output: Annotated[
        Path | None, typer.Option("--output", "-o", metavar="FILE", help="Write the merged summary to this file.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the merged summary as JSON.")] = False,
    list_gaps: Annotated[bool, typer.Option("--gaps", help="List every rule gap reached.")] = False,
) -> None:
    """Combine the summaries of a campaign's shards (fuzz --shard I/N) into one."""
    from nemesis_rules.invariants.shards import load_summary, merge

    try:
        loaded = [load_summary(path) for path in summaries]
        merged = merge(loaded, [str(p) for p in summaries])
    except (ValueError, KeyError, TypeError) as exc:
        raise BadInputError(str(exc).strip("'\"")) from None
    text = json.dumps(merged, indent=2, ensure_ascii=False) + "\n"
    if output is not None:
        emit(text, output)
    if as_json:
        typer.echo(text, nl=False)
    else:
        _report(merged, output if output is not None else Path("(not written)"), list_gaps)
    if merged["violations"]:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.add_typer(fuzz_app)


def _out_of_reach(cov: dict[str, Any]) -> int:
    """How many never-exercised clauses the catalogue says no game of the ruleset can meet."""
    unreachable = cov.get("unreachable", {})
    return sum(1 for cid in cov["never_exercised"] if cid in unreachable)
