"""``nemesis-rules prove``: Z3 proofs of the invariants, and witnesses for conflicting clauses."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from nemesis_rules.cli.common import parse_assignments
from nemesis_rules.errors import BadInputError
from nemesis_rules.prove.core import ProofResult


def prove_command(
    ruling: Annotated[list[str] | None, typer.Option("--ruling", help="Fix a ruling's reading ID=READING.")] = None,
    only: Annotated[str | None, typer.Option("--only", help="Run only obligations whose id starts with this.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = False,
    out: Annotated[
        Path | None, typer.Option("--out", help="Write each Insanity counterexample as a record into this folder.")
    ] = None,
) -> None:
    """Prove every encoded invariant for every ruling combination (exit 1 on a counterexample)."""
    from nemesis_rules.prove.core import run_suite
    from nemesis_rules.prove.suite import default_obligations
    from nemesis_rules.rulebook import resolve_rulings

    overrides = parse_assignments(ruling or (), "--ruling")
    if overrides:
        from nemesis_rules.model.data.tables import resolve_game_rulings

        resolve_game_rulings(overrides)  # bad ids or readings: one line, exit 2
    del resolve_rulings
    obligations = [o for o in default_obligations() if only is None or o.id.startswith(only)]
    start = time.perf_counter()
    results = run_suite(obligations, overrides)
    elapsed = time.perf_counter() - start
    failed = any(r.status == "counterexample" for r in results)
    if out is not None and failed:
        _write_counterexamples(results, out)
    if as_json:
        typer.echo(json.dumps([r.as_dict() for r in results], indent=2))
    else:
        console = Console(highlight=False)
        for r in results:
            shown = " ".join(f"{k}={v}" for k, v in r.rulings.items())
            colour = {"proved": "green", "counterexample": "red", "witness": "yellow"}.get(r.status, "white")
            console.print(f"[{colour}]{r.status:<14}[/{colour}] {r.id:<34} {r.seconds * 1000:7.1f} ms  {r.detail}")
            if shown:
                console.print(f"{'':15} under {shown}")
            if r.witness is not None:
                console.print(f"{'':15} witness: {json.dumps(r.witness)}")
            if r.core:
                console.print(f"{'':15} unsat core: {', '.join(r.core)}")
        typer.echo(
            f"{len(results)} result(s) in {elapsed:.2f} s; "
            f"{sum(r.status == 'proved' for r in results)} proved, "
            f"{sum(r.status == 'counterexample' for r in results)} counterexample(s)"
        )
    if failed:
        raise typer.Exit(1)


def _write_counterexamples(results: list[ProofResult], folder: Path) -> None:
    """Concrete records (a snapshot and the breaking line) for the Insanity counterexamples."""
    from nemesis_rules.prove.concrete import write_counterexample

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BadInputError(f"cannot create {str(folder)!r}: {exc.strerror or exc}", "--out") from None
    for index, result in enumerate(results):
        witness = result.witness
        if result.status != "counterexample" or witness is None or "before" not in witness:
            continue
        if not result.id.startswith("insanity."):
            continue
        path = write_counterexample(witness, result.rulings, folder / f"{result.id}-{index}.jsonl")
        if path is not None:
            typer.echo(f"counterexample record: {path}  (nemesis-rules show {path} --at 1)", err=True)


def register(app: typer.Typer) -> None:
    app.command("prove")(prove_command)
