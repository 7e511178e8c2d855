"""Every ``--json`` output validates against the schema ``nemesis-rules schema NAME`` publishes for
it: each case runs the real command (small games, few steps) and checks what it printed with
jsonschema (draft 2020-12). A schema that accepts anything would pass; so each one is also shown to
refuse an output of another command."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from nemesis_rules.cli.app import app
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
}


def validate(name: str, value: Any) -> None:
    schema = build_schema(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(value)


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_json_output_validates_against_its_schema(name: str, tmp_path: Path) -> None:
    validate(name, CASES[name](tmp_path))


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


@pytest.mark.parametrize(("name", "other"), [("play", "board"), ("fuzz", "replay"), ("coverage", "play")])
def test_a_schema_refuses_another_commands_output(name: str, other: str, tmp_path: Path) -> None:
    with pytest.raises(jsonschema.ValidationError):
        validate(name, CASES[other](tmp_path))


def test_the_schema_command_lists_and_prints_them() -> None:
    listing = runner.invoke(app, ["schema"])
    assert listing.exit_code == 0 and all(name in listing.stdout for name in SCHEMAS)
    unknown = runner.invoke(app, ["schema", "nope"])
    assert unknown.exit_code == 2 and "unknown schema 'nope'" in unknown.stderr
