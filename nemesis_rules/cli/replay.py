"""``nemesis-rules replay GAME.jsonl``: is this recorded game legal, line by line?

Exit 0 when every line is legal (with a short summary: rounds, how it ended, winners); exit 1
at the first illegal line (or, with ``--lenient``, after reporting every problem) with the line
number, the line, the reason, the clause and its citation, and the state it was played in;
exit 2 for a file that cannot be read as a record, a starting snapshot that breaks a state
invariant (unless ``--trust-start``), a record past a limit, or a plug-in that fails; exit 3
when the engine fails on a line it accepted.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from nemesis_rules.cli.common import start_check
from nemesis_rules.record import replay_record
from nemesis_rules.record.invariant_files import load_invariant
from nemesis_rules.record.limits import LINE_BYTES, RECORD_BYTES, STEPS, Limits
from nemesis_rules.situation.files import read_game


def replay_command(
    record_file: Annotated[Path, typer.Argument(metavar="GAME.jsonl", help="The record to check.")],
    lenient: Annotated[
        bool, typer.Option("--lenient", help="Go on from the last legal state and report every problem.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    invariant: Annotated[
        list[str] | None,
        typer.Option(
            "--invariant",
            metavar="FILE.py:NAME",
            help="Also check f(state) or f(before, action, after) -> str | None after every step (repeatable).",
        ),
    ] = None,
    trust_start: Annotated[
        bool,
        typer.Option(
            "--trust-start",
            help="Replay a starting snapshot even if it breaks a state invariant (the verdict says so).",
        ),
    ] = False,
    max_line_bytes: Annotated[
        int, typer.Option("--max-line-bytes", min=1, help="Refuse a line longer than this.")
    ] = LINE_BYTES,
    max_record_bytes: Annotated[
        int, typer.Option("--max-record-bytes", min=1, help="Refuse a record larger than this.")
    ] = RECORD_BYTES,
    max_steps: Annotated[int, typer.Option("--max-steps", min=1, help="Refuse more action lines than this.")] = STEPS,
) -> None:
    """Check a recorded game line by line; name the first illegal line and the rule it breaks."""
    invariants = [load_invariant(spec) for spec in invariant or ()]
    limits = Limits(max_line_bytes, max_record_bytes, max_steps)
    record = read_game(record_file, limits)  # a situation file (.toml) reads as the record it stands for
    result = replay_record(
        record,
        lenient=lenient,
        invariants=invariants,
        start_check=start_check(),
        trust_start=trust_start,
        limits=limits,
    )
    if as_json:
        typer.echo(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
    elif result.legal:
        typer.echo(
            f"{record.source}: legal, {result.steps} action(s) over {result.final_state.round} round(s); "
            f"{result.outcome()}"
        )
    else:
        for problem in result.problems:
            typer.echo(problem.message(record.source))
        if lenient:
            typer.echo(
                f"{record.source}: {len(result.problems)} problem(s) in {len(record.actions)} actions; "
                f"{result.outcome()}"
            )
    if not result.legal:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command("replay")(replay_command)
