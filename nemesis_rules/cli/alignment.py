"""``nemesis-rules rules alignment``: every sentence, list item and table row of the rule texts with
the clauses that implement it, or why it holds no rule.

The rule texts are read from ``--rules-dir DIR``, else from ``$NEMESIS_RULES_DIR``; without them the
command is bad input (exit 2). ``--unaligned`` lists only the units not accounted for (no entry, an
entry whose words no longer match the text, or a rule the catalogue lacks) and exits 1 when there
is any, so that a revised draft of the texts shows at once what needs reading.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Annotated

import typer

from nemesis_rules.cli.rules import rules_app
from nemesis_rules.cli.texts import read_texts
from nemesis_rules.errors import BadInputError
from nemesis_rules.rulebook.alignment import OPEN, STATUSES, AlignmentRow, align
from nemesis_rules.rulebook.errors import RulebookError


def _line(row: AlignmentRow) -> str:
    said = ", ".join(row.clauses) if row.status == "aligned" else row.reason
    if row.relation:
        said = f"{row.relation}{' ' + row.ruling if row.ruling else ''}: {said}"
    text = row.text if len(row.text) <= 100 else row.text[:99] + "…"
    return f"{row.id}  {row.status:<15}  {said}\n    {text}"


def alignment_command(
    file: Annotated[str | None, typer.Option("--file", help="One rule text (e.g. facts.md).")] = None,
    unaligned: Annotated[
        bool, typer.Option("--unaligned", help="Only the units not accounted for; exit 1 when there is any.")
    ] = False,
    rules_dir_option: Annotated[
        Path | None, typer.Option("--rules-dir", help="The folder of the rule texts (default: $NEMESIS_RULES_DIR).")
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="JSON rows: file, line, index, text, clauses, status.")
    ] = False,
) -> None:
    """Every sentence of the rule texts with the clauses that implement it, or why it holds none."""
    texts = read_texts(rules_dir_option, file)
    try:
        rows = align(texts)
    except RulebookError as error:
        raise BadInputError(str(error), "alignment data") from None
    if unaligned:
        rows = [r for r in rows if r.status in OPEN]
    if as_json:
        typer.echo(json.dumps([r.to_json() for r in rows], indent=2, ensure_ascii=False))
    elif rows or not unaligned:  # --unaligned with nothing open prints nothing
        for row in rows:
            typer.echo(_line(row))
        counts = Counter(r.status for r in rows)
        typer.echo(f"{len(rows)} unit(s): " + ", ".join(f"{counts[s]} {s}" for s in STATUSES if counts[s]))
    if unaligned and rows:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    rules_app.command("alignment")(alignment_command)
