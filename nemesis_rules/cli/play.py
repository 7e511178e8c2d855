"""``nemesis-rules play``: one seeded random legal game, and its summary."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from nemesis_rules.cli.common import parse_assignments
from nemesis_rules.cli.options import PlayerName, RulesetName
from nemesis_rules.errors import BadInputError
from nemesis_rules.players.play import play_game, summary
from nemesis_rules.players.strategies import PLAYERS
from nemesis_rules.record import record_from_log, write_record


def play_command(
    seed: Annotated[int, typer.Option("--seed", help="The seed every decision and chance outcome comes from.")] = 1,
    players: Annotated[int, typer.Option("--players", help="1 to 5.")] = 2,
    ruleset_choice: Annotated[RulesetName, typer.Option("--ruleset", help="The ruleset.")] = RulesetName.base,
    ruling: Annotated[list[str] | None, typer.Option("--ruling", help="Ruling reading ID=READING.")] = None,
    variant: Annotated[list[str] | None, typer.Option("--variant", help="Data variant FAMILY=OPTION.")] = None,
    player_choice: Annotated[
        PlayerName,
        typer.Option("--player", help="How decisions are picked (chance is always weighted)."),
    ] = PlayerName.goal_seeking,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", metavar="GAME.jsonl", help="Also write the game's record (written atomically)."),
    ] = None,
) -> None:
    """Play one seeded random legal game and print its summary."""
    ruleset, player = ruleset_choice.value, player_choice.value
    if not 1 <= players <= 5:
        raise BadInputError(f"player count must be 1 to 5, got {players}", "--players")
    rulings = parse_assignments(ruling or (), "--ruling")
    variants = parse_assignments(variant or (), "--variant")
    if player not in PLAYERS:
        raise BadInputError(f"unknown player {player!r} (choose from {', '.join(PLAYERS)})", "--player")
    state, log = play_game(seed, players, ruleset, rulings, variants, chooser=PLAYERS[player])
    if output is not None:
        record = record_from_log(state.config, log)
        write_record(output, record.header, record.actions)
    data = {**summary(state, log), "player": player}
    if as_json:
        typer.echo(json.dumps(data, indent=2))
        return
    console = Console()
    end = data["end"]
    console.print(
        f"[bold]Nemesis ({data['ruleset']}), {players} player(s), seed {seed}, {player} player[/bold]: "
        f"{data['rounds']} round(s), {data['steps']} steps; ended by [bold]{end['reason']}[/bold]"
    )
    table = Table("player", "character", "fate", "won")
    for player, info in data["characters"].items():
        table.add_row(player, info["character"], info["status"], "yes" if int(player) in end["winners"] else "")
    console.print(table)
    kinds = ", ".join(f"{k} {v}" for k, v in data["actions"].items())
    console.print(f"decisions: {kinds}")
    console.print(f"clauses fired: {len(data['clauses'])} distinct, {sum(data['clauses'].values())} in all")
    for gap in data["gaps"]:
        console.print(f"rule gap {gap['clause']}: {gap['situation']} (ruling {gap['ruling']}={gap['reading']})")


def register(app: typer.Typer) -> None:
    app.command("play")(play_command)
