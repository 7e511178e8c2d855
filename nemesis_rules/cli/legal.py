"""``nemesis-rules legal GAME.jsonl|SITUATION.toml [--at N]``: every legal decision at that point.

Grouped by kind, each decision in record-line form with its ways to pay, and for the mistakes
players make (a move to a room that is not a neighbour, an attack on a Character, an item not
held, a decision out of turn) the engine's refusal with its clause and citation. Exit 0; 1 when a
line before N is illegal (the problem is printed); 2 for bad input.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Protocol

import typer

from nemesis_rules.record.lines import Record
from nemesis_rules.situation.files import Point, point_of, read_game
from nemesis_rules.situation.legal import legal_answer


class Printable(Protocol):
    """What ``legal`` and ``ask`` answer: JSON, or text under a heading."""

    def to_json(self) -> dict[str, Any]: ...

    def text(self, heading: str) -> str: ...


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
    record, point = point_here(game_file, at)
    print_answer(record, point, legal_answer(point.state), as_json)


def point_here(game_file: Path, at: int | None) -> tuple[Record, Point]:
    """The record or situation file read, and the point ``--at`` names in it; a line before it
    that is illegal is printed and ends the command (exit 1). Shared with ``ask``."""
    record = read_game(game_file)
    point = point_of(record, at)
    if point.problems:
        for problem in point.problems:
            typer.echo(problem.message(record.source))
        raise typer.Exit(1)
    return record, point


def print_answer(record: Record, point: Point, answer: Printable, as_json: bool) -> None:
    """An answer of ``legal`` or ``ask`` as JSON (with the file and the point) or as text."""
    if as_json:
        where = {"file": record.source, "point": point.heading, "note": point.note}
        typer.echo(json.dumps(where | answer.to_json(), indent=2))
        return
    if point.note:
        typer.echo(f"note: {point.note}")
    typer.echo(answer.text(point.heading), nl=False)


def register(app: typer.Typer) -> None:
    app.command("legal")(legal_command)
