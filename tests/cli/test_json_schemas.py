"""Every ``--json`` output validates against the schema ``nemesis-rules schema NAME`` publishes for
it: each case runs the real command (small games, few steps) and checks what it printed with
jsonschema (draft 2020-12). A schema that accepts anything would pass; so each one is also shown to
refuse an output of another command."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from nemesis_rules.cli.app import COMMANDS, _load, app
from nemesis_rules.cli.schema import SCHEMAS, build_schema

jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is not installed (the test extra has it)")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
runner = CliRunner()


def printed(*args: str, env: dict[str, str] | None = None) -> Any:
    result = runner.invoke(app, list(args), env=env)
    assert result.exit_code in (0, 1), (args, result.output)
    return json.loads(result.stdout)


def texts_env() -> dict[str, str]:
    """The rule texts: $NEMESIS_RULES_DIR, else ../shared/rules beside the clone (as the rulebook tests)."""
    given = os.environ.get("NEMESIS_RULES_DIR")
    folder = Path(given) if given else EXAMPLES.parents[1] / "shared" / "rules"
    if not folder.is_dir():
        pytest.skip(f"the rule texts are not here ({folder}; set NEMESIS_RULES_DIR)")
    return {"NEMESIS_RULES_DIR": str(folder)}


SERVE = f"{sys.executable} -c 'from nemesis_rules.cli.app import main; main()' conformance serve"
"""This engine behind the conformance protocol (``nemesis-rules conformance serve``, this interpreter)."""
CLOSED_DOOR = str(EXAMPLES / "situation-closed-door.toml")
REST_AT_3 = str(EXAMPLES / "situation-rest-at-insanity-3.toml")
MOVE_TO_06 = '{"player": 1, "action": "move", "to": "06", "pay": ["order"]}'
ROOM_TILE = '{"chance": "room-tile", "outcome": "armory"}'


def exported(tmp: Path) -> Any:
    """A small conformance suite written to tmp/suite; its manifest as export --json prints it."""
    return printed(
        "conformance", "export", str(tmp / "suite"), "--games", "1", "--per-clause", "1",
        "--legal-states", "2", "--ruleset", "base", "--json",
    )  # fmt: skip


def conformance_run(tmp: Path) -> Any:
    exported(tmp)
    return printed("conformance", "run", str(tmp / "suite"), "--engine", SERVE, "--every", "40", "--json")


CASES: dict[str, Callable[[Path], Any]] = {
    "play": lambda tmp: printed("play", "--seed", "2", "--players", "3", "--ruleset", "void-seeders", "--json"),
    "replay": lambda tmp: printed("replay", str(EXAMPLES / "scenario-not-your-turn.jsonl"), "--json"),
    "fuzz": lambda tmp: printed(
        "fuzz",
        "--games",
        "2",
        "--players",
        "2",
        "--ruleset",
        "base",
        "--shrink-budget",
        "0",
        "--jobs",
        "1",
        "--json",
        "--out",
        str(tmp),
    ),
    "prove": lambda tmp: printed("prove", "--only", "insanity", "--json"),
    "board": lambda tmp: printed("board", "--json"),
    "snapshot": lambda tmp: printed("show", str(EXAMPLES / "game-base-seed1-2p.jsonl"), "--at", "50", "--json"),
    "clauses": lambda tmp: printed("rules", "list", "--ruleset", "void-seeders", "--json"),
    "clause": lambda tmp: printed("rules", "show", "base.move.adjacent", "--json"),
    "conflicts": lambda tmp: printed("rules", "conflicts", "--games", "0", "--json"),
    "coverage": lambda tmp: printed("rules", "coverage", "--games", "1", "--ruleset", "base", "--json"),
    "alignment": lambda tmp: printed("rules", "alignment", "--file", "facts.md", "--json", env=texts_env()),
    "search": lambda tmp: printed("rules", "search", "noise", "--json", env=texts_env()),
    "legal": lambda tmp: printed("legal", CLOSED_DOOR, "--json"),
    "ask": lambda tmp: printed("ask", CLOSED_DOOR, MOVE_TO_06, "--json"),
    "situation-check": lambda tmp: printed("situation", "check", CLOSED_DOOR, "--json"),
    "conformance": exported,
    "conformance-run": conformance_run,
}

JSON_OUTPUTS: dict[str, str] = {
    "board": "board",
    "check": "report",
    "play": "play",
    "prove": "prove",
    "replay": "replay",
    "show": "snapshot",
    "fuzz": "fuzz",
    "fuzz merge": "fuzz",
    "legal": "legal",
    "ask": "ask",
    "situation check": "situation-check",
    "conformance export": "conformance",
    "conformance run": "conformance-run",
    "rules alignment": "alignment",
    "rules conflicts": "conflicts",
    "rules coverage": "coverage",
    "rules list": "clauses",
    "rules search": "search",
    "rules show": "clause",
}
"""Every command or subcommand with a ``--json`` option, and the schema in SCHEMAS its output is held to."""


def validate(name: str, value: Any) -> None:
    schema = build_schema(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(value)


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_json_output_validates_against_its_schema(name: str, tmp_path: Path) -> None:
    validate(name, CASES[name](tmp_path))


@pytest.mark.parametrize(
    ("command", "args"),
    [
        ("legal", ("legal", str(EXAMPLES / "game-base-seed1-2p.jsonl"), "--at", "10")),
        ("legal", ("legal", str(EXAMPLES / "game-base-seed7-4p.jsonl"))),
        ("legal", ("legal", str(EXAMPLES / "game-void-seeders-seed2-3p.jsonl"), "--at", "120")),
        ("legal", ("legal", REST_AT_3)),
        ("ask", ("ask", CLOSED_DOOR, "move 08 pay=order")),
        ("ask", ("ask", REST_AT_3, "play-card rest")),
        ("ask", ("ask", str(EXAMPLES / "game-base-seed1-2p.jsonl"), "--at", "10", ROOM_TILE)),
        ("situation-check", ("situation", "check", REST_AT_3)),
    ],
)  # fmt: skip
def test_legal_ask_and_situation_check_validate_on_records_and_situations(command: str, args: tuple[str, ...]) -> None:
    validate(command, printed(*args, "--json"))


def test_an_illegal_ask_validates_only_without_what_a_legal_action_does() -> None:
    refused = printed("ask", CLOSED_DOOR, "move 08 pay=order", "--json")
    assert refused["legal"] is False
    validate("ask", refused)
    with pytest.raises(jsonschema.ValidationError):
        validate("ask", refused | {"fired": [], "changed": [], "next": None})
    allowed = printed("ask", CLOSED_DOOR, MOVE_TO_06, "--json")
    assert allowed["legal"] is True
    with pytest.raises(jsonschema.ValidationError):
        validate("ask", {k: v for k, v in allowed.items() if k != "fired"})


def test_a_legal_answer_holds_its_lines_to_the_declared_action_words() -> None:
    answer = printed("legal", CLOSED_DOOR, "--json")
    answer["groups"][0]["entries"][0]["line"]["action"] = "fly"
    with pytest.raises(jsonschema.ValidationError):
        validate("legal", answer)


def test_a_failed_conformance_case_must_name_its_difference(tmp_path: Path) -> None:
    report = conformance_run(tmp_path)
    assert report["summary"]["failed"] == 0 and report["results"]
    report["results"][0]["passed"] = False
    with pytest.raises(jsonschema.ValidationError):
        validate("conformance-run", report)


def _walk(path: str, command: Any) -> Iterator[tuple[str, Any]]:
    yield path, command
    for name, sub in sorted(getattr(command, "commands", {}).items()):
        yield from _walk(f"{path} {name}", sub)


def test_every_json_option_of_every_command_has_a_published_schema() -> None:
    """Walk every command and subcommand of the CLI: one with a ``--json`` option is in JSON_OUTPUTS,
    naming a schema of SCHEMAS; an entry of JSON_OUTPUTS names a command that has the option."""
    with_json = {
        path
        for name in COMMANDS
        for path, command in _walk(name, _load(name))
        if any("--json" in getattr(p, "opts", ()) for p in command.params)
    }
    assert sorted(with_json - set(JSON_OUTPUTS)) == [], "a --json output with no schema (add it to SCHEMAS)"
    assert sorted(set(JSON_OUTPUTS) - with_json) == [], "JSON_OUTPUTS names a command without --json"
    assert {schema for schema in JSON_OUTPUTS.values() if schema not in SCHEMAS} == set()


def test_a_ruling_shown_validates_as_a_conflict_entry() -> None:
    validate("clause", printed("rules", "show", "vs.summary.surprise-attack", "--json"))


def test_a_fuzz_merge_validates_as_a_fuzz_summary(tmp_path: Path) -> None:
    common = ("fuzz", "--games", "2", "--players", "1", "--ruleset", "base", "--shrink-budget", "0", "--jobs", "1")
    for shard in ("1/2", "2/2"):
        printed(*common, "--shard", shard, "--json", "--out", str(tmp_path))
    parts = sorted(str(p) for p in tmp_path.glob("summary-*-of-2.json"))
    validate("fuzz", printed("fuzz", "merge", *parts, "--json"))


def test_every_published_schema_is_tested_against_real_output() -> None:
    """A schema in cli/schema.py has a case here, or a test elsewhere that builds it by name
    (``record_schema``, ``report_schema``, ... in tests/record, tests/findings)."""
    here = Path(__file__).resolve()
    others = [p.read_text(encoding="utf-8") for p in (here.parents[1]).rglob("test_*.py") if p != here]
    for name, (_, builder) in SCHEMAS.items():
        function = builder.partition(":")[2]
        assert name in CASES or any(function in text for text in others), f"schema {name!r} is tested nowhere"


@pytest.mark.parametrize(
    ("name", "other"),
    [
        ("play", "board"),
        ("fuzz", "replay"),
        ("coverage", "play"),
        ("legal", "ask"),
        ("ask", "legal"),
        ("situation-check", "legal"),
        ("conformance-run", "play"),
    ],
)
def test_a_schema_refuses_another_commands_output(name: str, other: str, tmp_path: Path) -> None:
    with pytest.raises(jsonschema.ValidationError):
        validate(name, CASES[other](tmp_path))


def test_the_schema_command_lists_and_prints_them() -> None:
    listing = runner.invoke(app, ["schema"])
    assert listing.exit_code == 0 and all(name in listing.stdout for name in SCHEMAS)
    unknown = runner.invoke(app, ["schema", "nope"])
    assert unknown.exit_code == 2 and "unknown schema 'nope'" in unknown.stderr
