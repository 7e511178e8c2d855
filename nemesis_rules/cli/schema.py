"""``nemesis-rules schema record|snapshot|report``: print a published JSON Schema."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from nemesis_rules.conformance.schema import conformance_schema
from nemesis_rules.errors import BadInputError
from nemesis_rules.findings.report_schema import report_schema
from nemesis_rules.record.schema import record_schema, snapshot_schema

SCHEMAS = {"record": record_schema, "snapshot": snapshot_schema, "report": report_schema}
SCHEMAS["conformance"] = conformance_schema


def schema_command(
    name: Annotated[str, typer.Argument(metavar="record|snapshot|report|conformance", help="Which schema to print.")],
) -> None:
    """Print the JSON Schema of a game record line, a state snapshot, the check's report (report.json
    and ``check --json``), or a conformance suite (its manifest and cases)."""
    build = SCHEMAS.get(name)
    if build is None:
        raise BadInputError(f"unknown schema {name!r} (choose from {', '.join(SCHEMAS)})", "schema")
    typer.echo(json.dumps(build(), indent=2, ensure_ascii=False))


def register(app: typer.Typer) -> None:
    app.command("schema")(schema_command)
