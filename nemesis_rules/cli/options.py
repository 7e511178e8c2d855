"""What every command's options share: the choices they take (as enums, so that the help lists them
and the shell completes them), the help panel each option is shown in, and one message for a choice
not offered. docs/cli.md states what each option name means; it means that on every command.
"""

from __future__ import annotations

from enum import Enum, StrEnum
from typing import Any

GAME_PANEL = "Game"
"""Which game is played: ruleset, player count, rulings, data variants, seed, who decides."""
OUTPUT_PANEL = "Output"
"""What is printed or written, and where."""
RULES_PANEL = "Rule texts"

PANELS: dict[str, str] = {
    "--ruleset": GAME_PANEL,
    "--players": GAME_PANEL,
    "--ruling": GAME_PANEL,
    "--variant": GAME_PANEL,
    "--seed": GAME_PANEL,
    "--player": GAME_PANEL,
    "--games": GAME_PANEL,
    "--json": OUTPUT_PANEL,
    "--format": OUTPUT_PANEL,
    "--out": OUTPUT_PANEL,
    "--output": OUTPUT_PANEL,
    "--png": OUTPUT_PANEL,
    "--svg": OUTPUT_PANEL,
    "--png-dir": OUTPUT_PANEL,
    "--html": OUTPUT_PANEL,
    "--gaps": OUTPUT_PANEL,
    "--situations": OUTPUT_PANEL,
    "--rules-dir": RULES_PANEL,
}
"""The panel of each shared option name; an option not named here stays under "Options"."""


class RulesetName(StrEnum):
    """One ruleset."""

    base = "base"
    void_seeders = "void-seeders"


class RulesetsName(StrEnum):
    """One ruleset, or every ruleset (commands that play or check several)."""

    base = "base"
    void_seeders = "void-seeders"
    all = "all"


class PlayerName(StrEnum):
    """How a player's decisions are picked (``nemesis_rules.players.strategies.PLAYERS``)."""

    goal_seeking = "goal-seeking"
    uniform = "uniform"


class BoardFormat(StrEnum):
    """The exports of the ship graph."""

    json = "json"
    dot = "dot"
    graphml = "graphml"


class ReportFormat(StrEnum):
    """The formats of the conflict report."""

    text = "text"
    json = "json"
    markdown = "markdown"
    html = "html"
    csv = "csv"


def value_of(choice: Any) -> Any:
    """The string behind an enum choice (a plain string stays as it is)."""
    return choice.value if isinstance(choice, Enum) else choice


def conventions(command: Any) -> None:
    """Give every option of ``command`` and its subcommands the shared conventions: its help panel
    (:data:`PANELS`, unless the command chose one)."""
    for param in getattr(command, "params", ()):
        long_names = [o for o in getattr(param, "opts", ()) if o.startswith("--")]
        if long_names and getattr(param, "rich_help_panel", "missing") is None:
            panel = PANELS.get(long_names[0])
            if panel is not None:
                param.rich_help_panel = panel
    for sub in getattr(command, "commands", {}).values():
        conventions(sub)
