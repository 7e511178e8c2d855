"""A user's value is quoted ``repr``-style in every message, so that a line break or a control
character in it never splits the message (issue 21: a value with a newline printed over two
lines). Checked on the messages themselves, and on the source of the messages this package's
record reading and replay write: no value between hand-written quotes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nemesis_rules.cli.app import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
HEADER = {"format": "nemesis-rules-record", "version": 1, "ruleset": "base", "players": 2}
SCENARIO = ROOT / "examples" / "scenario-move-without-corridor.jsonl"
MESSAGE_SOURCES = [
    *sorted((ROOT / "nemesis_rules" / "record").glob("*.py")),
    ROOT / "nemesis_rules" / "errors.py",
    ROOT / "nemesis_rules" / "atomic.py",
    ROOT / "nemesis_rules" / "cli" / "replay.py",
    ROOT / "nemesis_rules" / "cli" / "common.py",
    ROOT / "nemesis_rules" / "invariants" / "user.py",
]
HAND_QUOTED = re.compile(r"""f["'][^"'\n]*?(?:'\{[^}]*\}'|"\{[^}]*\}"|\\"\{[^}]*\}\\")""")
"""An f-string that puts a value between quotes of its own (``'{value}'``) instead of ``{value!r}``."""


def _write(tmp_path: Path, *lines: str) -> Path:
    path = tmp_path / "g.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("lines", "shown"),
    [
        ((json.dumps({**HEADER, "a\nb": 1}),), "unknown header field 'a\\nb'"),
        ((json.dumps({**HEADER, "ruleset": "base\nextra"}),), "base\\nextra"),
        ((json.dumps(HEADER), json.dumps({"chance": "noise-roll", "outcome": "3", "x\ny": "1"})), "'x\\ny'"),
        ((json.dumps(HEADER), json.dumps({"player": 1, "action": "move", "t\no": 1})), "'t\\no'"),
        ((json.dumps({**HEADER, "version": "1\n2"}),), "unsupported record version '1\\n2'"),
    ],
)
def test_bad_input_quotes_a_value_with_a_line_break_on_one_line(
    tmp_path: Path, lines: tuple[str, ...], shown: str
) -> None:
    result = runner.invoke(app, ["replay", str(_write(tmp_path, *lines))])
    assert result.exit_code == 2
    errors = result.stderr.strip().splitlines()
    assert len(errors) == 1 and shown in errors[0], errors


def test_an_illegal_line_with_a_line_break_keeps_its_message_shape(tmp_path: Path) -> None:
    header = SCENARIO.read_text().split("\n")[0]
    line = json.dumps({"player": 1, "action": "move", "to": "0\n1", "pay": ["search"]})
    result = runner.invoke(app, ["replay", str(_write(tmp_path, header, line))])
    assert result.exit_code == 1, result.stdout
    shown = result.stdout.strip().splitlines()
    assert len(shown) == 4, shown  # headline, line, rule, state
    assert shown[0].startswith(f"{tmp_path / 'g.jsonl'}:2: illegal action ") and "0\\n1" in shown[0]


def test_a_plugin_path_with_a_line_break_is_quoted(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(SCENARIO), "--invariant", "no\nsuch.py:f"])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == ["nemesis-rules: error: --invariant: no such file 'no\\nsuch.py'"]


@pytest.mark.parametrize("path", MESSAGE_SOURCES, ids=lambda p: p.name)
def test_no_message_puts_a_value_between_quotes_of_its_own(path: Path) -> None:
    found = [m.group(0) for m in HAND_QUOTED.finditer(path.read_text(encoding="utf-8"))]
    assert found == [], found


def test_the_source_check_tells_a_hand_quoted_value_from_a_repr() -> None:
    assert HAND_QUOTED.search("""raise BadInputError(f"no such file '{path}'", where)""")
    assert HAND_QUOTED.search("""return f"chance node '{frame.chance}' (pending)\"""")
    assert not HAND_QUOTED.search("""raise BadInputError(f"no such file {quote(str(path))}", where)""")
