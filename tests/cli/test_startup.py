"""Fast start-up: ``nemesis-rules --help`` lists every command without importing it, and a command
imports only what it needs (matplotlib, z3 and the engine only where a command uses them). The list
in ``cli.app.COMMANDS`` is held to the commands' own help and to the command modules there are."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import pytest
from typer.core import TyperCommand
from typer.testing import CliRunner

import nemesis_rules.cli as cli_package
from nemesis_rules.cli.app import COMMANDS, SHARED, _load, app

HEAVY = ("matplotlib", "z3", "networkx", "nemesis_rules.model", "nemesis_rules.board")


def imported_by(*args: str) -> set[str]:
    """The heavy packages a fresh interpreter has imported after running ``nemesis-rules ARGS``."""
    code = (
        "import sys\n"
        "from nemesis_rules.cli.app import main\n"
        f"sys.argv = ['nemesis-rules', *{list(args)!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        f"print(' '.join(m for m in {HEAVY!r} if m in sys.modules), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(done.stderr.split())


def test_the_help_imports_no_command_matplotlib_z3_or_engine() -> None:
    assert imported_by("--help") == set()


def test_a_command_loads_only_its_own_modules() -> None:
    assert imported_by("rules", "list") == set()
    assert "matplotlib" not in imported_by("fuzz", "--help")


def test_every_command_module_is_listed_so_none_is_imported_at_start_up() -> None:
    listed = {module for modules, _ in COMMANDS.values() for module in modules}
    modules = {m.name for m in pkgutil.iter_modules(cli_package.__path__)} - set(SHARED)
    assert modules == listed


@pytest.mark.parametrize("name", list(COMMANDS))
def test_the_listed_line_is_the_commands_own_help(name: str) -> None:
    listed = TyperCommand(name, help=COMMANDS[name][1])
    for limit in (45, 300):
        assert listed.get_short_help_str(limit) == _load(name).get_short_help_str(limit)


def test_the_help_lists_every_command_and_a_misspelt_one_is_suggested() -> None:
    result = CliRunner().invoke(app, ["--help"])
    assert result.exit_code == 0
    for name in COMMANDS:
        assert f" {name} " in result.stdout
    wrong = CliRunner().invoke(app, ["fuz"])
    assert wrong.exit_code == 2 and "Did you mean 'fuzz'?" in wrong.stderr
