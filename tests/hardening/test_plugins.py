"""A plug-in never decides the verdict (issue 21; design.md principle 7, user invariants).

An ``--invariant FILE.py:NAME`` function that raises, calls ``exit`` (even ``exit(0)`` on an
illegal record), is interrupted or answers something other than a message or None is a
plug-in error: exit 2, one line naming the plug-in, in ``replay`` and in ``fuzz`` alike.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from nemesis_rules.cli.app import app

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ILLEGAL = EXAMPLES / "scenario-move-without-corridor.jsonl"
LEGAL = EXAMPLES / "game-base-seed1-2p.jsonl"
PLUGINS = """
def exits_fine(state):
    raise SystemExit(0)

def interrupted(before, action, after):
    raise KeyboardInterrupt

def raises(state):
    return {}["missing"]

def answers_a_number(state):
    return 42

def generator_exit(state):
    raise GeneratorExit

def fine(state):
    return None
"""
CASES = [
    ("exits_fine", "it called exit(0)"),
    ("interrupted", "it was interrupted (KeyboardInterrupt)"),
    ("raises", "it raised KeyError: 'missing'"),
    ("answers_a_number", "it returned a int, not a message (str) or None"),
    ("generator_exit", "it raised GeneratorExit"),
]


@pytest.fixture
def plugins(tmp_path: Path) -> Path:
    path = tmp_path / "plugins.py"
    path.write_text(PLUGINS)
    return path


@pytest.mark.parametrize(("name", "said"), CASES)
def test_a_failing_plugin_is_a_plugin_error_in_replay(plugins: Path, name: str, said: str) -> None:
    record = LEGAL if name == "interrupted" else ILLEGAL  # a step plug-in runs only after a legal step
    result = runner.invoke(app, ["replay", str(record), "--invariant", f"{plugins}:{name}"])
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        f"nemesis-rules: error: --invariant: plug-in 'plugins.py:{name}' failed: {said}"
    ]


def test_a_plugin_that_holds_lets_the_verdict_stand(plugins: Path) -> None:
    result = runner.invoke(app, ["replay", str(ILLEGAL), "--invariant", f"{plugins}:fine"])
    assert result.exit_code == 1 and "illegal action" in result.stdout


@pytest.mark.parametrize(("name", "said"), CASES[:3])
def test_a_failing_plugin_is_a_plugin_error_in_fuzz(plugins: Path, tmp_path: Path, name: str, said: str) -> None:
    out = tmp_path / "fuzz"
    result = runner.invoke(app, ["fuzz", "--games", "1", "--out", str(out), "--invariant", f"{plugins}:{name}"])
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stderr.strip().splitlines() == [
        f"nemesis-rules: error: --invariant: plug-in 'plugins.py:{name}' failed: {said}"
    ]


def test_a_plugin_file_that_exits_while_loading_is_bad_input(tmp_path: Path) -> None:
    path = tmp_path / "leaves.py"
    path.write_text("raise SystemExit(0)\ndef f(state):\n    return None\n")
    result = runner.invoke(app, ["replay", str(ILLEGAL), "--invariant", f"{path}:f"])
    assert result.exit_code == 2
    assert "cannot load" in result.stderr and "SystemExit" in result.stderr
