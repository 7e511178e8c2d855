"""``nemesis-rules show GAME.jsonl --at N``: the state after line N of a record.

As text (rooms with who and what is in them, markers, noise, doors, tracks, cards by count,
the bag), as a snapshot (``--json``), and as a picture of the ship (``--png FILE``). Line 1
is the header: ``--at 1`` shows the state before the first action. Exit 1 if a line up to N
is illegal (the problem is printed), 2 for bad input.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from nemesis_rules.atomic import write_atomic
from nemesis_rules.board.draw import render
from nemesis_rules.errors import BadInputError
from nemesis_rules.record import replay_record, to_snapshot
from nemesis_rules.record.describe import picture_notes, text_view, whose_move
from nemesis_rules.situation.files import read_game


def show_command(
    record_file: Annotated[Path, typer.Argument(metavar="GAME.jsonl", help="The record to read.")],
    at: Annotated[
        int | None, typer.Option("--at", metavar="N", help="Show the state after line N (default: the last line).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the state as a snapshot (JSON).")] = False,
    png: Annotated[
        Path | None,
        typer.Option("--png", metavar="FILE", help="Also draw the ship in this state (written atomically)."),
    ] = None,
) -> None:
    """Show the state after one line of a record: text, snapshot JSON or a picture."""
    record = read_game(record_file)  # a situation file (.toml) reads as the record it stands for
    line = record.last_line if at is None else at
    if not 1 <= line <= record.last_line:
        raise BadInputError(f"--at must be a line from 1 to {record.last_line}, got {line}", "--at")
    result = replay_record(record, until_line=line)
    if not result.legal:
        for problem in result.problems:
            typer.echo(problem.message(record.source))
        raise typer.Exit(1)
    state = result.final_state
    applied = [i for i in range(len(record.actions)) if record.line_number(i) <= line]
    last = f": {record.actions[applied[-1]]}" if applied else " (before the first action)"
    heading = f"{record.source}, after line {line}{last}"
    if png is not None:
        names, notes, highlight = picture_notes(state)
        noise = ", ".join(sorted(state.noise)) or "none"
        title = (
            f"{heading}\nround {state.round}, {state.phase} phase; next: {whose_move(state)}; noise: {noise}"
            "\n(blue edge: characters, red: intruders, orange: fire or malfunction; * = one injury)"
        )
        picture = render(state.config.board, "png", room_names=names, notes=notes, highlight=highlight, title=title)
        write_atomic(png, picture)
    if as_json:
        typer.echo(json.dumps(to_snapshot(state), indent=1, ensure_ascii=False))
    else:
        typer.echo(text_view(state, heading), nl=False)


def register(app: typer.Typer) -> None:
    app.command("show")(show_command)
