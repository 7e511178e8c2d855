"""``nemesis-rules board``: the ship graph: summary, checks, exports and a picture."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from nemesis_rules.board.checks import layout_problems
from nemesis_rules.board.export import export
from nemesis_rules.board.graph import Board, build_board
from nemesis_rules.board.layout import Layout, basic_layout, layout_from_mapping
from nemesis_rules.board.placement import tile_pools
from nemesis_rules.board.rooms import COMPUTER_VARIANTS, room_catalogue
from nemesis_rules.cli.common import emit, parse_assignments
from nemesis_rules.cli.options import BoardFormat, RulesetName
from nemesis_rules.errors import BadInputError
from nemesis_rules.model.rulesets import ruleset as find_ruleset

BOARD_VARIANTS = {"computers": COMPUTER_VARIANTS}


def _load_layout(path: Path | None) -> Layout:
    if path is None:
        return basic_layout()
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise BadInputError(f"cannot read layout: {exc.strerror or exc}", str(path)) from None
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BadInputError(f"not valid TOML: {exc}", str(path)) from None
    try:
        return layout_from_mapping(raw)
    except BadInputError as exc:
        raise BadInputError(exc.message, str(path)) from None


def _summary(board: Board, ruleset_name: str, computers: str) -> None:
    console = Console()
    rooms = room_catalogue(computers)
    pools = tile_pools(find_ruleset(ruleset_name).removed_room_tiles)
    table = Table(title=f"Ship board, {board.layout.name} side ({ruleset_name})")
    for column in ("pos", "kind", "room", "corridors (to: numbers)", "technical"):
        table.add_column(column)
    tech = {t.position: t.numbers for t in board.layout.technical_entrances}
    for pid in board.positions:
        room = board.printed_rooms.get(pid)
        kind = board.kinds[pid]
        corridors = ", ".join(
            f"{board.corridors[c].other_end(pid)}: {','.join(map(str, board.corridors[c].numbers))}"
            for c in board.corridors_at[pid]
        )
        table.add_row(
            pid,
            kind,
            rooms[room].name if room else f"one of {len(pools.pool(kind))} tiles",
            corridors,
            ",".join(map(str, tech.get(pid, ()))),
        )
    console.print(table)
    console.print(
        f"{len(board.positions)} positions, {len(board.corridors)} corridors, "
        f"{len(board.technical_positions)} technical entrances; "
        f'"1" pool {len(pools.pool("slot-1"))} tiles for {len(board.slots("slot-1"))} slots, '
        f'"2" pool {len(pools.pool("slot-2"))} tiles for {len(board.slots("slot-2"))} slots'
    )


def board_command(
    fmt_choice: Annotated[BoardFormat | None, typer.Option("--format", "-f", help="The export's format.")] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", metavar="FILE", help="Write the export to this file (atomically).")
    ] = None,
    png: Annotated[Path | None, typer.Option("--png", metavar="FILE", help="Draw the ship to this PNG file.")] = None,
    svg: Annotated[Path | None, typer.Option("--svg", metavar="FILE", help="Draw the ship to this SVG file.")] = None,
    check: Annotated[
        bool, typer.Option("--check", help="Run the layout checks; exit 1 listing every problem.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Same as --format json.")] = False,
    layout_file: Annotated[
        Path | None, typer.Option("--layout", help="Check or export this layout TOML instead.")
    ] = None,
    ruleset_choice: Annotated[
        RulesetName, typer.Option("--ruleset", help="The ruleset (its tile pools).")
    ] = RulesetName.base,
    variant: Annotated[
        list[str] | None, typer.Option("--variant", help="Data variant FAMILY=OPTION (computers=printed|reference).")
    ] = None,
) -> None:
    """The ship graph: a summary table, --check, --format json|dot|graphml, --png/--svg pictures."""
    from nemesis_rules.board.draw import board_picture
    from nemesis_rules.board.picture_file import picture_bytes

    ruleset = ruleset_choice.value
    fmt = fmt_choice.value if fmt_choice is not None else None
    find_ruleset(ruleset)
    variants = parse_assignments(variant or (), "--variant")
    for family, option in variants.items():
        if family not in BOARD_VARIANTS:
            raise BadInputError(f"unknown data variant family {family!r} (choose from computers)", "--variant")
        if option not in BOARD_VARIANTS[family]:
            raise BadInputError(
                f"unknown option {option!r} for {family} (choose from {', '.join(BOARD_VARIANTS[family])})",
                "--variant",
            )
    computers = variants.get("computers", "printed")
    if as_json:
        fmt = fmt or "json"
    layout = _load_layout(layout_file)
    if check:
        problems = layout_problems(layout)
        if problems:
            typer.echo(f"board check failed: {len(problems)} problem(s) in layout {layout.name!r}")
            for problem in problems:
                typer.echo(f"- {problem}")
            raise typer.Exit(1)
        typer.echo(
            f"board check passed: layout {layout.name!r}, {len(layout.positions)} positions, "
            f"{len(layout.corridors)} corridors, {len(layout.technical_entrances)} technical entrances"
        )
        if fmt is None and png is None and svg is None:
            return
    problems = layout_problems(layout)
    if problems:
        raise BadInputError(f"layout {layout.name!r} has {len(problems)} problem(s); run with --check to list them")
    board = build_board(layout)
    for path, kind in ((png, "png"), (svg, "svg")):
        if path is not None:
            emit(picture_bytes(board_picture(board), kind), path)
            typer.echo(f"wrote {path}", err=True)
    if fmt is not None:
        emit(export(board, fmt, computers), output)
    elif output is not None:
        raise BadInputError("--output needs --format (json, dot or graphml)", "--output")
    elif png is None and svg is None and not check:
        _summary(board, ruleset, computers)


def register(app: typer.Typer) -> None:
    app.command("board")(board_command)
