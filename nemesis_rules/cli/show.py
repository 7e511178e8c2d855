"""``nemesis-rules show GAME.jsonl --at N``: the state after line N of a record.

As text (rooms with who and what is in them, markers, noise, doors, tracks, cards by count,
the bag), as a snapshot (``--json``), as a picture of the ship (``--png FILE``, ``--svg FILE``),
as stills of a range of lines (``--at N..M --png-dir DIR``), or as a page that steps through the
record (``--html FILE``). Line 1 is the header: ``--at 1`` shows the state before the first action.
Exit 1 if a line up to N is illegal (the problem is printed), 2 for bad input.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from nemesis_rules.cli.common import start_check
from nemesis_rules.cli.options import OUTPUT_PANEL
from nemesis_rules.errors import BadInputError


def parse_lines(text: str | None, last: int) -> tuple[int, int]:
    """``N``, ``N..M``, ``N..`` or ``..M`` as a range of record lines within 1..``last``."""
    if text is None:
        return last, last
    start, sep, end = text.partition("..")
    try:
        first = int(start) if start.strip() else 1
        final = (int(end) if end.strip() else last) if sep else first
    except ValueError:
        raise BadInputError(f"expected a line N or a range N..M, got {text!r}", "--at") from None
    if not (1 <= first <= last and 1 <= final <= last) or final < first:
        raise BadInputError(f"--at must be a line from 1 to {last} (or a range N..M, N <= M), got {text!r}", "--at")
    return first, final


def show_command(
    record_file: Annotated[Path, typer.Argument(metavar="GAME.jsonl", help="The record to read.")],
    at: Annotated[
        str | None,
        typer.Option(
            "--at",
            metavar="N|N..M",
            help="The line to show (default: the last line); a range N..M for --png-dir and --html "
            "(--html without a range steps through the whole record, opening at N).",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the state as a snapshot (JSON).")] = False,
    png: Annotated[
        Path | None,
        typer.Option("--png", metavar="FILE", help="Draw the ship in this state as PNG.", rich_help_panel=OUTPUT_PANEL),
    ] = None,
    svg: Annotated[
        Path | None,
        typer.Option("--svg", metavar="FILE", help="Draw the ship in this state as SVG.", rich_help_panel=OUTPUT_PANEL),
    ] = None,
    png_dir: Annotated[
        Path | None,
        typer.Option(
            "--png-dir",
            metavar="DIR",
            help="Write a still (line-NNNN.png) of every line of the --at range into this folder.",
            rich_help_panel=OUTPUT_PANEL,
        ),
    ] = None,
    html: Annotated[
        Path | None,
        typer.Option(
            "--html",
            metavar="FILE",
            help="Write a self-contained page that steps through the record (the --at range, default all).",
            rich_help_panel=OUTPUT_PANEL,
        ),
    ] = None,
) -> None:
    """Show the state after one line of a record: text, snapshot JSON, a picture, stills, or a viewer."""
    from nemesis_rules.atomic import write_atomic
    from nemesis_rules.board.picture_file import picture_bytes
    from nemesis_rules.findings.ship_picture import ship_picture
    from nemesis_rules.findings.viewer import record_steps, viewer_page
    from nemesis_rules.record import replay_record, to_snapshot
    from nemesis_rules.record.describe import text_view, whose_move
    from nemesis_rules.situation.files import read_game

    record = read_game(record_file)  # a situation file (.toml) reads as the record it stands for
    first, line = parse_lines(at, record.last_line)
    ranged = at is not None and ".." in at
    if png_dir is not None and png_dir.exists() and not png_dir.is_dir():
        raise BadInputError(f"{str(png_dir)!r} exists and is not a folder", "--png-dir")
    if html is not None or png_dir is not None:
        if ranged:
            steps = record_steps(record, first, line)
        else:  # the page steps through the whole record, opening at --at; the still is of line --at
            steps = record_steps(record, 1 if html is not None else line, record.last_line if html else line)
        if html is not None:
            write_atomic(html, viewer_page(record, steps, None if ranged or at is None else line))
            typer.echo(f"wrote {html} ({len(steps)} step(s))", err=True)
        if png_dir is not None:
            png_dir.mkdir(parents=True, exist_ok=True)
            stills = steps if ranged else [found for found in steps if found.line == line and not found.problem]
            for still in stills:
                title = [f"{record.source}, after line {still.line}: {still.text}"]
                picture = picture_bytes(ship_picture(still.state, title), "png")
                write_atomic(png_dir / f"line-{still.line:04d}.png", picture)
            typer.echo(f"wrote {len(stills)} still(s) into {png_dir}", err=True)
        problem = next((s for s in steps if s.problem), None)
        if problem is not None:
            typer.echo(f"{record.source}:{problem.line}: {problem.problem}")
            raise typer.Exit(1)
        if png is None and svg is None and not as_json:
            return
    result = replay_record(record, until_line=line, start_check=start_check())  # an impossible start: exit 2
    if not result.legal:
        for found in result.problems:
            typer.echo(found.message(record.source))
        raise typer.Exit(1)
    state = result.final_state
    applied = [i for i in range(len(record.actions)) if record.line_number(i) <= line]
    last = f": {record.actions[applied[-1]]}" if applied else " (before the first action)"
    heading = f"{record.source}, after line {line}{last}"
    for path, fmt in ((png, "png"), (svg, "svg")):
        if path is not None:
            title = [heading, f"next: {whose_move(state)}"]
            write_atomic(path, picture_bytes(ship_picture(state, title), fmt))
    if as_json:
        typer.echo(json.dumps(to_snapshot(state), indent=1, ensure_ascii=False))
    else:
        typer.echo(text_view(state, heading), nl=False)


def register(app: typer.Typer) -> None:
    app.command("show")(show_command)
