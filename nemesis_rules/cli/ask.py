"""``nemesis-rules ask GAME.jsonl|SITUATION.toml [--at N] ACTION``: is this action legal here?

ACTION is a record line or the short form (``"move 07 pay=search"``; docs/situations.md). The
answer names the clause and its citation; for a legal action, the clauses that fire and what
changed on the table. Exit 0 legal, 1 illegal (or a line before N is), 2 bad input.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from nemesis_rules.cli.legal import point_here, print_answer
from nemesis_rules.situation.asking import ask, parse_asked


def ask_command(
    game_file: Annotated[
        Path, typer.Argument(metavar="GAME.jsonl|SITUATION.toml", help="A record, or a situation file.")
    ],
    action: Annotated[
        str, typer.Argument(metavar="ACTION", help='A record line, or the short form: "move 07 pay=search".')
    ],
    at: Annotated[
        int | None, typer.Option("--at", metavar="N", help="After line N of a record (default: the last line).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the answer as JSON.")] = False,
) -> None:
    """Say whether ACTION is legal here, under which rule, and what it changes."""
    record, point = point_here(game_file, at)
    answer = ask(point.state, parse_asked(action, point.state), "ACTION")
    print_answer(record, point, answer, as_json)
    if not answer.legal:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command("ask")(ask_command)
