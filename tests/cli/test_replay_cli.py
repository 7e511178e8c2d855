"""``nemesis-rules play --output``, ``replay`` and ``schema``: exit 0 for a legal record, 1 naming
the first illegal line with its clause, 2 for a file that is not a record (one line, no traceback)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nemesis_rules.cli.app import app

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (4, 5)])
def test_a_played_game_replays(tmp_path: Path, seed: int, players: int) -> None:
    target = tmp_path / "g.jsonl"
    code, _, _ = run("play", "--seed", str(seed), "--players", str(players), "--output", str(target))
    assert code == 0
    lines = target.read_text().splitlines()
    assert json.loads(lines[0])["seed"] == seed
    code, out, _ = run("replay", str(target))
    assert code == 0
    assert f"legal, {len(lines) - 1} action(s) over " in out and "ended by " in out


def test_an_illegal_line_is_named_with_its_clause_and_citation(tmp_path: Path) -> None:
    code, out, _ = run("replay", str(EXAMPLES / "scenario-move-without-corridor.jsonl"))
    assert code == 1
    headline, line, rule, state = out.splitlines()
    assert headline.endswith(
        ":2: illegal action 'player 1 move pay=search to=01' (no corridor from 11 to 01) [base.move.adjacent]"
    )
    assert line == '  line 2: {"player": 1, "action": "move", "pay": ["search"], "to": "01"}'
    assert rule.startswith("  rule: base.move.adjacent: ") and "facts.md" in rule
    assert state.startswith("  state: round 1, player phase, player 1 to decide (Turn); characters: 1 captain in 11")


def test_json_output_and_lenient_replay(tmp_path: Path) -> None:
    game = (EXAMPLES / "game-base-seed1-2p.jsonl").read_text().splitlines()
    edited = [*game[:40], '{"chance": "room-tile", "outcome": "no-such-room"}', *game[40:]]
    target = tmp_path / "edited.jsonl"
    target.write_text("\n".join(edited) + "\n")
    code, out, _ = run("replay", str(target), "--json")
    data = json.loads(out)
    assert code == 1 and not data["legal"] and data["steps"] == 39
    assert [p["line"] for p in data["problems"]] == [41] and data["problems"][0]["kind"] == "illegal"
    code, out, _ = run("replay", str(target), "--json", "--lenient")
    data = json.loads(out)
    assert code == 1 and data["steps"] == len(game) - 1 and data["ended"]
    code, out, _ = run("replay", str(target), "--lenient")
    assert code == 1 and out.splitlines()[-1].startswith(f"{target}: 1 problem(s) in {len(game)} actions; ended by ")


def test_a_user_invariant_is_checked_after_every_step(tmp_path: Path) -> None:
    checks = tmp_path / "checks.py"
    checks.write_text(
        "def few_intruders(state):\n"
        "    return f'{len(state.intruders)} intruders on board' if len(state.intruders) > 1 else None\n"
        "def rounds_advance(before, action, after):\n"
        "    return None if after.round >= before.round else 'round went back'\n"
    )
    game = str(EXAMPLES / "game-base-seed1-2p.jsonl")
    code, out, _ = run("replay", game, "--invariant", f"{checks}:rounds_advance")
    assert code == 0
    code, out, _ = run(
        "replay", game, "--invariant", f"{checks}:rounds_advance", "--invariant", f"{checks}:few_intruders"
    )
    assert code == 1 and "invariant violated (2 intruders on board) [checks.py:few_intruders]" in out


def test_the_example_invariants_hold_on_the_example_games() -> None:
    options = [
        f"--invariant={EXAMPLES / 'invariants.py'}:{name}"
        for name in ("characters_stand_in_placed_rooms", "rounds_only_advance")
    ]
    for game in sorted(EXAMPLES.glob("game-*.jsonl")):
        code, out, err = run("replay", str(game), *options)
        assert code == 0, out + err


@pytest.mark.parametrize(
    ("content", "spec", "message"),
    [
        ("def f(state):\n    return None\n", "{path}", "expected FILE.py:NAME"),
        ("def f(state):\n    return None\n", "{path}:g", "defines no 'g'"),
        ("def f(a, b):\n    return None\n", "{path}:f", "must take (state) or (before, action, after)"),
        ("f = 3\n", "{path}:f", "not a plain function"),
        ("def f(:\n", "{path}:f", "cannot load"),
        ("raise SystemError('no')\n", "{path}:f", "cannot load"),
        ("", "{missing}:f", "no such file"),
    ],
)
def test_bad_invariant_options_are_bad_input(tmp_path: Path, content: str, spec: str, message: str) -> None:
    path = tmp_path / "inv.py"
    path.write_text(content)
    option = spec.format(path=path, missing=tmp_path / "absent.py")
    code, out, err = run("replay", str(EXAMPLES / "scenario-legal-move.jsonl"), "--invariant", option)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err + out


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("bad-truncated-line.jsonl", "bad-truncated-line.jsonl:6: not JSON: Unterminated string"),
        ("bad-unknown-version.jsonl", "bad-unknown-version.jsonl:1: unsupported record version 99"),
        ("absent.jsonl", "cannot read"),
    ],
)
def test_malformed_files_exit_2_with_one_line(name: str, message: str) -> None:
    code, out, err = run("replay", str(EXAMPLES / name))
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1 and not out


def test_an_unknown_action_word_exits_2(tmp_path: Path) -> None:
    scenario = (EXAMPLES / "scenario-legal-move.jsonl").read_text().splitlines()
    target = tmp_path / "fly.jsonl"
    target.write_text(scenario[0] + '\n{"player": 1, "action": "fly", "to": "01"}\n')
    code, _, err = run("replay", str(target))
    assert code == 2 and f"{target}:2: unknown action 'fly'" in err


@pytest.mark.parametrize("name", ["record", "snapshot"])
def test_schemas_are_printed(name: str) -> None:
    code, out, _ = run("schema", name)
    schema = json.loads(out)
    assert code == 0 and schema["$schema"].endswith("2020-12/schema") and "GameState" in schema["$defs"]


def test_an_unknown_schema_is_bad_input() -> None:
    code, _, err = run("schema", "chessboard")
    assert code == 2 and "unknown schema 'chessboard'" in err
