"""``nemesis-rules conformance``: a DATC-style suite for other engines.

* ``conformance export DIR`` — build the numbered cases by playing this engine and write the suite;
* ``conformance run DIR --engine 'COMMAND'`` — drive an engine that speaks the JSON Lines protocol
  of ``docs/conformance.md`` through the suite: every case pass or fail with the difference
  (exit 0 all pass, 1 some fail, 2 bad input or an engine that cannot be started);
* ``conformance serve`` — this project's engine behind the protocol, on stdin and stdout.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Annotated

import typer

from nemesis_rules.errors import BadInputError

conformance_app = typer.Typer(
    name="conformance",
    help="A DATC-style conformance suite: export the cases, run an engine through them, serve this engine.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)


def export_command(
    folder: Annotated[Path, typer.Argument(metavar="DIR", help="Folder to write the suite to (created).")],
    games: Annotated[int, typer.Option(min=1, help="Seeded games per ruleset the cases are taken from.")] = 200,
    seed: Annotated[int, typer.Option(help="Game g plays with seed S+g.")] = 1,
    per_clause: Annotated[int, typer.Option(min=1, help="Cases per clause fired and per refusing clause.")] = 2,
    legal_states: Annotated[int, typer.Option(min=0, help="At least this many legal-action sets.")] = 1000,
    ruleset: Annotated[str, typer.Option(help="base, void-seeders or all.")] = "all",
    as_json: Annotated[bool, typer.Option("--json", help="Print the manifest as JSON.")] = False,
) -> None:
    """Write the suite: DIR/manifest.json and DIR/cases/<kind>.jsonl (schema: nemesis-rules schema conformance)."""
    from nemesis_rules.conformance.cases import SuiteOptions, build_cases
    from nemesis_rules.conformance.suite import write_suite
    from nemesis_rules.model.rulesets import RULESETS

    if ruleset != "all" and ruleset not in RULESETS:
        raise BadInputError(f"unknown ruleset {ruleset!r} (choose from {', '.join(RULESETS)}, all)", "--ruleset")
    rulesets = tuple(RULESETS) if ruleset == "all" else (ruleset,)
    options = SuiteOptions(games, seed, per_clause, legal_states, rulesets)
    if folder.exists() and not folder.is_dir():
        raise BadInputError("exists and is not a folder", str(folder))
    began = time.monotonic()
    manifest = write_suite(folder, build_cases(options))
    if as_json:
        typer.echo(json.dumps(manifest, indent=2))
        return
    counts = ", ".join(f"{n} {kind}" for kind, n in manifest["counts"].items())
    cover = manifest["coverage"]
    typer.echo(
        f"wrote {sum(manifest['counts'].values())} cases to {folder} ({counts}) in {time.monotonic() - began:.0f} s"
    )
    typer.echo(f"clauses covered: {cover['covered']} of {cover['posable']} that can be posed")
    if cover["uncovered"]:
        typer.echo("not covered: " + ", ".join(cover["uncovered"]))


def run_command(
    folder: Annotated[Path, typer.Argument(metavar="DIR", help="A suite written by 'conformance export'.")],
    engine: Annotated[str, typer.Option("--engine", metavar="COMMAND", help="The engine to start (a command line).")],
    kind: Annotated[list[str] | None, typer.Option(help="Only cases of this kind (repeatable).")] = None,
    case: Annotated[list[str] | None, typer.Option(help="Only the case with this id (repeatable).")] = None,
    every: Annotated[int, typer.Option(min=1, help="Only every N-th case of each kind (a quick subset).")] = 1,
    timeout: Annotated[float, typer.Option(min=0.1, help="Seconds the engine may take per request.")] = 60.0,
    as_json: Annotated[bool, typer.Option("--json", help="Every case's result as JSON.")] = False,
    quiet: Annotated[bool, typer.Option(help="Print only the failures and the summary.")] = True,
) -> None:
    """Run an engine through the suite; every case pass or fail with the difference."""
    from nemesis_rules.conformance.cases import KINDS
    from nemesis_rules.conformance.runner import CaseResult, EngineError, run_cases
    from nemesis_rules.conformance.suite import read_manifest, read_suite

    read_manifest(folder)
    kinds = tuple(kind) if kind else KINDS
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:
        raise BadInputError(f"unknown kind {unknown[0]!r} (choose from {', '.join(KINDS)})", "--kind")
    wanted = set(case or ())
    counters: dict[str, int] = {}

    def chosen() -> object:
        for item in read_suite(folder, kinds):
            if wanted and item["id"] not in wanted:
                continue
            seen = counters[item["kind"]] = counters.get(item["kind"], 0) + 1
            if (seen - 1) % every == 0:
                yield item

    def show(result: CaseResult) -> None:
        if as_json:
            return
        if not result.passed:
            typer.echo(f"FAIL {result.id} [{result.clause or '-'}] {result.title}")
            for line in result.differences[:20]:
                typer.echo(f"    {line}")
        elif not quiet:
            typer.echo(f"pass {result.id}")

    began = time.monotonic()
    try:
        results = run_cases(engine, chosen(), timeout=timeout, on_result=show)  # type: ignore[arg-type]
    except EngineError as exc:
        raise BadInputError(str(exc), "--engine") from None
    seconds = time.monotonic() - began
    failed = [r for r in results if not r.passed]
    if as_json:
        summary = {
            "cases": len(results),
            "passed": len(results) - len(failed),
            "failed": len(failed),
            "seconds": seconds,
        }
        typer.echo(json.dumps({"summary": summary, "results": [r.to_json() for r in results]}, indent=2))
    else:
        by_kind: dict[str, list[int]] = {}
        for r in results:
            tally = by_kind.setdefault(r.kind, [0, 0])
            tally[0 if r.passed else 1] += 1
        parts = ", ".join(f"{k}: {p} passed, {f} failed" for k, (p, f) in by_kind.items())
        typer.echo(f"{len(results) - len(failed)} of {len(results)} case(s) passed in {seconds:.0f} s ({parts})")
    if wanted and not results:
        raise BadInputError(f"no case with id {sorted(wanted)[0]!r}", "--case")
    raise typer.Exit(1 if failed else 0)


def serve_command() -> None:
    """This project's engine behind the conformance protocol: JSON Lines requests on stdin, replies on stdout."""
    from nemesis_rules.conformance.protocol import serve

    raise typer.Exit(serve(sys.stdin, sys.stdout))


def register(app: typer.Typer) -> None:
    conformance_app.command("export")(export_command)
    conformance_app.command("run")(run_command)
    conformance_app.command("serve")(serve_command)
    app.add_typer(conformance_app, name="conformance")
