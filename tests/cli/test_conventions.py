"""The command line follows its ecosystem's conventions: help panels, the choices of ``--ruleset``,
``--player`` and ``--format`` listed in the help and refused in one line, one documented meaning per
option name, ``--version``, ``python -m nemesis_rules``, shell completion, a LICENSE that matches
``pyproject.toml`` and a CHANGELOG."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer.testing import CliRunner

from nemesis_rules.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


def commands() -> dict[str, Any]:
    """Every leaf command by its path (``rules show``), as Click sees it."""
    out: dict[str, Any] = {}

    def walk(command: Any, path: str) -> None:
        subs = getattr(command, "commands", {})
        if path and (not subs or command.params):
            out[path] = command
        for name, sub in subs.items():
            walk(sub, f"{path} {name}".strip())

    walk(typer.main.get_command(app), "")
    return out


def long_options(command: Any) -> set[str]:
    return {
        o
        for p in command.params
        for o in [*getattr(p, "opts", ()), *getattr(p, "secondary_opts", ())]
        if o.startswith("--") and o != "--help"
    }


def test_every_option_name_is_documented_with_its_one_meaning() -> None:
    documented = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    for path, command in commands().items():
        for option in long_options(command):
            assert f"`{option}" in documented, f"{path} {option} is not in docs/cli.md"


def test_out_is_a_folder_and_output_a_file_on_every_command() -> None:
    for path, command in commands().items():
        for param in command.params:
            if "--out" in param.opts:
                assert "folder" in (param.help or "").lower(), path
            if "--output" in param.opts:
                assert "file" in (param.help or "").lower() or param.metavar, path


@pytest.mark.parametrize(
    ("args", "choices"),
    [
        (["play", "--help"], ("base", "void-seeders", "goal-seeking", "uniform")),
        (["fuzz", "--help"], ("base|void-seeders|all", "goal-seeking|uniform")),
        (["board", "--help"], ("json|dot|graphml",)),
        (["rules", "conflicts", "--help"], ("text|json|markdown|html|csv",)),
    ],
)
def test_the_help_lists_the_choices_in_panels(args: list[str], choices: tuple[str, ...]) -> None:
    result = runner.invoke(app, args, env={"COLUMNS": "200", "TERMINAL_WIDTH": "200"})
    assert result.exit_code == 0
    for choice in choices:
        assert choice in result.stdout, choice
    assert "Game" in result.stdout and "Output" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "--ruleset", "chess"], "--ruleset: unknown ruleset 'chess' (choose from base, void-seeders)"),
        (["play", "--player", "greedy"], "--player: unknown player 'greedy' (choose from goal-seeking, uniform)"),
        (["board", "--format", "xml"], "--format: unknown format 'xml' (choose from json, dot, graphml)"),
    ],
)
def test_a_choice_not_offered_is_one_line_of_bad_input(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and result.stderr == f"nemesis-rules: error: {message}\n"


def test_version_and_python_m() -> None:
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.stdout.strip() == f"nemesis-rules {version}"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "nemesis_rules", "--version"], capture_output=True, text=True, env=env)
    assert done.returncode == 0 and done.stdout.strip() == f"nemesis-rules {version}"


def test_shell_completion_is_offered_and_completes_the_choices() -> None:
    result = runner.invoke(app, ["--help"])
    assert "--install-completion" in result.stdout and "--show-completion" in result.stdout
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "_NEMESIS_RULES_COMPLETE": "complete_bash",
        "COMP_WORDS": "nemesis-rules play --ruleset ",
        "COMP_CWORD": "3",
    }
    done = subprocess.run([sys.executable, "-m", "nemesis_rules"], capture_output=True, text=True, env=env)
    assert done.returncode == 0 and done.stdout.split() == ["base", "void-seeders"]


def test_the_license_file_matches_pyproject() -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["license"]["text"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert declared == "MIT" and text.startswith("MIT License") and "WITHOUT WARRANTY OF ANY KIND" in text


def test_the_changelog_has_an_unreleased_section_and_the_current_version() -> None:
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "## [Unreleased]" in text and f"## [{version}]" in text


def test_an_internal_fault_is_exit_3_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    import nemesis_rules.cli.schema as schema

    def broken(name: str) -> dict[str, Any]:
        raise RuntimeError("the schema table is broken")

    monkeypatch.setattr(schema, "build_schema", broken)
    result = runner.invoke(app, ["schema", "play"])
    assert result.exit_code == 3 and result.stdout == ""
    assert result.stderr.startswith("nemesis-rules: internal error")
    assert "RuntimeError: the schema table is broken" in result.stderr
    assert result.stderr.count("\n") == 1 and "please report" in result.stderr and "Traceback" not in result.stderr


def test_the_choices_are_the_packages_own_names() -> None:
    """The enums the help lists are the players, rulesets and formats the package knows, no more."""
    from nemesis_rules.board.export import FORMATS
    from nemesis_rules.cli.options import BoardFormat, PlayerName, ReportFormat, RulesetName, RulesetsName
    from nemesis_rules.cli.rules import FORMATS as REPORT_FORMATS
    from nemesis_rules.model.rulesets import RULESETS
    from nemesis_rules.players.strategies import DEFAULT_PLAYER, PLAYERS

    assert [p.value for p in PlayerName] == list(PLAYERS) and PlayerName(DEFAULT_PLAYER) is PlayerName.goal_seeking
    assert [r.value for r in RulesetName] == list(RULESETS)
    assert [r.value for r in RulesetsName] == [*RULESETS, "all"]
    assert [f.value for f in BoardFormat] == list(FORMATS)
    assert [f.value for f in ReportFormat] == list(REPORT_FORMATS)
