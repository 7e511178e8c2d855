"""An engine fault is never a rule verdict (issue 21; design.md, exit codes).

Every exception type the engine's source raises (read from it, not listed here), and the
ones Python raises by itself (a missing key, an index out of range, ...), is injected into the
step that replays a legal line: the answer is exit 3, one line, "internal error at line N:
...; please report" with the line, never exit 1. The command line's entry turns any other
exception into the same one line.
"""

from __future__ import annotations

import ast
import builtins
import importlib
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import nemesis_rules.model
from nemesis_rules.cli.app import app
from nemesis_rules.errors import BadInputError, InternalError, NemesisRulesError
from nemesis_rules.model.core.engine import IllegalActionError, RuleGap
from nemesis_rules.record import parse_record, replay_record
from nemesis_rules.record import replay as replay_module

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
VERDICTS = (IllegalActionError, RuleGap, BadInputError)
"""What the engine raises on purpose as an answer: not faults."""
IMPLICIT = ("KeyError", "IndexError", "ValueError", "TypeError", "AttributeError", "ZeroDivisionError")
IMPLICIT += ("RecursionError", "AssertionError", "StopIteration", "OverflowError", "RuntimeError", "MemoryError")
"""Exceptions Python raises without a ``raise`` in the source (a lookup, a division ...)."""


def engine_exception_types() -> list[type[BaseException]]:
    """The exception classes named in the engine's raise statements (each resolved in the
    module that raises it), plus :data:`IMPLICIT`; verdicts left out."""
    found: dict[str, type[BaseException]] = {name: getattr(builtins, name) for name in IMPLICIT}
    package = Path(nemesis_rules.model.__file__).parent
    for path in sorted(package.rglob("*.py")):
        dotted = ".".join(("nemesis_rules", "model", *path.relative_to(package).with_suffix("").parts))
        module = importlib.import_module(dotted.removesuffix(".__init__"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Raise) and node.exc is not None:
                target = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
                name = target.id if isinstance(target, ast.Name) else None
                cls = getattr(module, name, getattr(builtins, name, None)) if name else None
                if isinstance(cls, type) and issubclass(cls, Exception) and not issubclass(cls, VERDICTS):
                    found[cls.__name__] = cls
    return [found[name] for name in sorted(found)]


def _instance(cls: type[BaseException]) -> BaseException:
    try:
        return cls("boom\nsecond line")
    except TypeError:
        pytest.skip(f"{cls.__name__} needs arguments of its own")


def test_the_walk_finds_the_engine_exception_types() -> None:
    names = {cls.__name__ for cls in engine_exception_types()}
    assert {"KeyError", "IndexError", "ValueError", "ComponentTableError"} <= names
    assert not names & {"IllegalActionError", "RuleGap"}


@pytest.mark.parametrize("cls", engine_exception_types(), ids=lambda c: c.__name__)
def test_an_engine_fault_on_a_legal_line_is_exit_3_never_a_verdict(
    cls: type[BaseException], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fault = _instance(cls)

    def failing(state: Any, action: Any, *args: Any, **kwargs: Any) -> Any:
        raise fault

    monkeypatch.setattr(replay_module, "step", failing)
    record = EXAMPLES / "scenario-legal-move.jsonl"
    with pytest.raises(InternalError, match=r"at line 2: .*please report"):
        replay_record(parse_record(record.read_text(encoding="utf-8"), str(record)))
    result = runner.invoke(app, ["replay", str(record)])
    assert result.exit_code == 3, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("nemesis-rules: internal error at line 2: ")
    assert cls.__name__ in lines[0] and lines[0].endswith("; please report")
    assert '"action": "move"' in lines[0]  # the record's line, quoted
    assert result.stdout == ""


def test_a_fault_on_an_illegal_line_is_still_illegal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine failing on a line that is not among the legal actions anyway: exit 1, the
    line is illegal (the fault does not hide the verdict)."""

    def failing(state: Any, action: Any, *args: Any, **kwargs: Any) -> Any:
        raise KeyError("x")

    monkeypatch.setattr(replay_module, "step", failing)
    record = EXAMPLES / "scenario-move-without-corridor.jsonl"
    result = replay_record(parse_record(record.read_text(encoding="utf-8"), str(record)))
    assert [p.kind for p in result.problems] == ["illegal"]
    assert "not one of the" in result.problems[0].reason


@pytest.mark.parametrize("fault", [RuntimeError("a\nb"), KeyError("k"), NemesisRulesError("n")])
def test_the_command_line_turns_any_other_exception_into_exit_3(
    fault: Exception, monkeypatch: pytest.MonkeyPatch
) -> None:
    def failing(*args: Any, **kwargs: Any) -> Any:
        raise fault

    monkeypatch.setattr("nemesis_rules.cli.replay.read_game", failing)
    result = runner.invoke(app, ["replay", str(EXAMPLES / "scenario-legal-move.jsonl")])
    assert result.exit_code == 3
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("nemesis-rules: internal error ")
    assert lines[0].endswith("; please report") and type(fault).__name__ in lines[0]


def test_an_os_error_in_a_command_is_bad_input(monkeypatch: pytest.MonkeyPatch) -> None:
    def failing(*args: Any, **kwargs: Any) -> Any:
        raise PermissionError(13, "Permission denied", "/some/where\nelse")

    monkeypatch.setattr("nemesis_rules.cli.replay.read_game", failing)
    result = runner.invoke(app, ["replay", str(EXAMPLES / "scenario-legal-move.jsonl")])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "nemesis-rules: error: cannot use '/some/where\\nelse': Permission denied"
    ]


def test_a_fault_after_an_unchecked_start_says_the_start_was_not_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    def failing(state: Any, action: Any, *args: Any, **kwargs: Any) -> Any:
        raise IndexError("tuple index out of range")

    monkeypatch.setattr(replay_module, "step", failing)
    record = parse_record((EXAMPLES / "scenario-legal-move.jsonl").read_text(encoding="utf-8"), "legal-move.jsonl")
    with pytest.raises(InternalError, match=r"the starting state was not checked \(--trust-start\); please report$"):
        replay_record(record, trust_start=True)
