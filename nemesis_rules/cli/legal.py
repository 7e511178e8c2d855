"""``nemesis-rules legal GAME.jsonl|SITUATION.toml [--at N]``: every legal decision at that point.

Grouped by kind, each decision in record-line form with its ways to pay, and for the mistakes
players make (a move to a room that is not a neighbour, an attack on a Character, an item not
held, a decision out of turn) the engine's refusal with its clause and citation. Exit 0; 1 when a
line before N is illegal (the problem is printed); 2 for bad input.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from nemesis_rules.situation.files import point_of, read_game
from nemesis_rules.situation.legal import legal_answer


def legal_command(
    game_file: Annotated[
        Path, typer.Argument(metavar="GAME.jsonl|SITUATION.toml", help="A record, or a situation file.")
    ],
    at: Annotated[
        int | None, typer.Option("--at", metavar="N", help="After line N of a record (default: the last line).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the answer as JSON.")] = False,
) -> None:
    """List every legal decision here, grouped by kind, and why the natural mistakes are not."""
    record = read_game(game_file)
    point = point_of(record, at)
    if point.problems:
        for problem in point.problems:
            typer.echo(problem.message(record.source))
        raise typer.Exit(1)
    answer = legal_answer(point.state)
    if as_json:
        where = {"file": record.source, "point": point.heading, "note": point.note}
        typer.echo(json.dumps(where | answer.to_json(), indent=2))
    else:
        if point.note:
            typer.echo(f"note: {point.note}")
        typer.echo(answer.text(point.heading), nl=False)


def register(app: typer.Typer) -> None:
    app.command("legal")(legal_command)
