"""``nemesis-rules schema NAME``: print a published JSON Schema: the game record and snapshot formats,
the check's report, and what every command prints with ``--json``.

:data:`SCHEMAS` is the one table: a name, what it describes, and the function that builds it (a
``module:function`` path, imported when asked, so that listing the schemas loads nothing). A new
``--json`` output adds one row here, and one case and one entry of ``JSON_OUTPUTS`` (command to
schema; a test walks every command for a ``--json`` option) to ``tests/cli/test_json_schemas.py``.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from typing import Annotated, Any

import typer

from nemesis_rules.errors import BadInputError

_OUTPUTS = "nemesis_rules.cli.output_schemas"
SCHEMAS: dict[str, tuple[str, str]] = {
    "record": ("a game record line (JSON Lines)", "nemesis_rules.record.schema:record_schema"),
    "snapshot": ("a state snapshot (show --json)", "nemesis_rules.record.schema:snapshot_schema"),
    "report": ("the check's report.json and check --json", "nemesis_rules.findings.report_schema:report_schema"),
    "play": ("play --json", f"{_OUTPUTS}:play_schema"),
    "replay": ("replay --json", f"{_OUTPUTS}:replay_schema"),
    "fuzz": ("fuzz --json, fuzz merge --json, summary.json", f"{_OUTPUTS}:fuzz_schema"),
    "prove": ("prove --json", f"{_OUTPUTS}:prove_schema"),
    "board": ("board --json / --format json", f"{_OUTPUTS}:board_schema"),
    "clauses": ("rules list --json", f"{_OUTPUTS}:clauses_schema"),
    "clause": ("rules show ID --json", f"{_OUTPUTS}:clause_schema"),
    "conflicts": ("rules conflicts --json", f"{_OUTPUTS}:conflicts_schema"),
    "coverage": ("rules coverage --json", f"{_OUTPUTS}:coverage_schema"),
    "alignment": ("rules alignment --json", f"{_OUTPUTS}:alignment_schema"),
    "search": ("rules search TEXT --json", f"{_OUTPUTS}:search_schema"),
    "legal": ("legal GAME|SITUATION --json", f"{_OUTPUTS}:legal_schema"),
    "ask": ("ask GAME|SITUATION ACTION --json", f"{_OUTPUTS}:ask_schema"),
    "situation-check": ("situation check SITUATION --json", f"{_OUTPUTS}:situation_check_schema"),
    "conformance": (
        "a conformance suite (conformance export: manifest.json and cases; conformance export --json)",
        "nemesis_rules.conformance.schema:conformance_schema",
    ),
    "conformance-run": ("conformance run DIR --engine COMMAND --json", f"{_OUTPUTS}:conformance_run_schema"),
}


def build_schema(name: str) -> dict[str, Any]:
    """The schema called ``name``; an unknown name is bad input listing the known ones."""
    row = SCHEMAS.get(name)
    if row is None:
        raise BadInputError(f"unknown schema {name!r} (choose from {', '.join(SCHEMAS)})", "schema")
    module, _, function = row[1].partition(":")
    build: Callable[[], dict[str, Any]] = getattr(importlib.import_module(module), function)
    return build()


def schema_command(
    name: Annotated[
        str | None,
        typer.Argument(metavar="NAME", help="Which schema to print (without a name: the list).", show_default=False),
    ] = None,
) -> None:
    """Print the JSON Schema of a record line, a snapshot, the check's report, or a command's --json output."""
    if name is None:
        width = max(len(n) for n in SCHEMAS)
        for key, (what, _) in SCHEMAS.items():
            typer.echo(f"{key:<{width}}  {what}")
        return
    typer.echo(json.dumps(build_schema(name), indent=2, ensure_ascii=False))


def register(app: typer.Typer) -> None:
    app.command("schema")(schema_command)
