"""``nemesis-rules situation new|check|snapshot``: situation files a person writes (docs/situations.md).

* ``new`` writes a starting situation: the first turn of a game set up from ``--seed``, every field
  written out, ready to edit down to what the table shows;
* ``check`` reads one, fills the rest from the rules' setup and checks every invariant: exit 0 with a
  summary, 2 naming the field or the invariant an impossible table breaks;
* ``snapshot`` converts both ways: a situation (``.toml``) into a record that starts from its state
  (JSON Lines, the header's snapshot), and a record at line N (``.jsonl``) or a snapshot (``.json``,
  what ``show --json`` prints) into a situation.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from nemesis_rules.cli.common import emit, parse_assignments
from nemesis_rules.errors import BadInputError
from nemesis_rules.record import from_snapshot, read_record, record_text
from nemesis_rules.record.describe import short_summary
from nemesis_rules.record.lines import parse_json
from nemesis_rules.situation.build import build_state
from nemesis_rules.situation.fields import Situation
from nemesis_rules.situation.files import is_situation_file, load_situation, situation_record, state_at
from nemesis_rules.situation.write import situation_toml

situation_app = typer.Typer(
    name="situation",
    help="Situation files: a short TOML of what the table shows (new, check, snapshot).",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)

OutOption = Annotated[
    Path | None, typer.Option("--out", metavar="FILE", help="Write here (atomically), not to stdout.")
]


def new_command(
    seed: Annotated[int, typer.Option("--seed", help="The setup the situation is filled from.")] = 1,
    ruleset: Annotated[str, typer.Option("--ruleset", help="base or void-seeders.")] = "base",
    players: Annotated[int, typer.Option("--players", help="1 to 5.")] = 2,
    ruling: Annotated[
        list[str] | None, typer.Option("--ruling", metavar="ID=READING", help="A ruling's reading (repeatable).")
    ] = None,
    question: Annotated[str | None, typer.Option("--question", help="The question, kept in the file.")] = None,
    out: OutOption = None,
) -> None:
    """Write a starting situation: the first turn of a seeded setup, every field written out."""
    rulings = parse_assignments(ruling or (), "--ruling")
    state = build_state(Situation(ruleset=ruleset, players=players, seed=seed, rulings=rulings), "--seed")
    emit(situation_toml(state, seed=seed, question=question), out)


def check_command(
    situation_file: Annotated[Path, typer.Argument(metavar="SITUATION.toml", help="The situation to check.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Check a situation: every field read, the rest filled by the setup, every invariant checked."""
    situation, state = load_situation(situation_file)
    if as_json:
        data = {"file": str(situation_file), "possible": True, "question": situation.question}
        typer.echo(json.dumps(data | {"state": short_summary(state)}, indent=2))
    else:
        asked = f"\n  question: {situation.question}" if situation.question else ""
        typer.echo(f"{situation_file}: a possible table; {short_summary(state)}{asked}")


def snapshot_command(
    game_file: Annotated[
        Path,
        typer.Argument(
            metavar="SITUATION.toml|GAME.jsonl|SNAPSHOT.json",
            help="A situation (becomes a record), or a record or snapshot (becomes a situation).",
        ),
    ],
    at: Annotated[
        int | None, typer.Option("--at", metavar="N", help="A record's state after line N (default: the last line).")
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="The seed written into a new situation.")] = 1,
    out: OutOption = None,
) -> None:
    """Convert: a situation into a record starting from its state, or a record's state into a situation."""
    if is_situation_file(game_file):
        if at is not None:
            raise BadInputError("--at applies to a record, not a situation", "--at")
        situation, state = load_situation(game_file)
        emit(record_text(situation_record(situation, state).header, ()), out)
        return
    if game_file.suffix.lower() == ".json":
        try:
            text = game_file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise BadInputError(f"cannot read {str(game_file)!r}: {exc}") from None
        state = from_snapshot(parse_json(text, str(game_file)), where=str(game_file))
    else:
        record = read_record(game_file)
        result = state_at(record, at)
        if not result.legal:
            for problem in result.problems:
                typer.echo(problem.message(record.source))
            raise typer.Exit(1)
        state = result.final_state
        seed = record.header.seed if record.header.seed is not None else seed
    try:
        text = situation_toml(state, seed=seed)
    except BadInputError as exc:
        raise BadInputError(exc.message, f"{game_file}" + (f":{at}" if at is not None else "")) from None
    emit(text, out)


def register(app: typer.Typer) -> None:
    situation_app.command("new")(new_command)
    situation_app.command("check")(check_command)
    situation_app.command("snapshot")(snapshot_command)
    app.add_typer(situation_app, name="situation")
