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
from difflib import get_close_matches
from pathlib import Path
from typing import Annotated

import typer

from nemesis_rules.cli.rules import rules_app
from nemesis_rules.errors import BadInputError
from nemesis_rules.rulebook.alignment import OPEN, STATUSES, AlignmentRow, align
from nemesis_rules.rulebook.errors import RulebookError
from nemesis_rules.rulebook.passages import rules_dir
from nemesis_rules.rulebook.sources import RULE_FILES


def read_texts(folder: Path | None, only: str | None) -> dict[str, str]:
    """The rule texts (file name -> text) from ``folder`` (else the configured rules folder);
    ``only`` picks one of them. A missing folder or file is bad input naming it."""
    if only is not None and only not in RULE_FILES:
        close = get_close_matches(only, list(RULE_FILES), n=1, cutoff=0.5)
        hint = f" (did you mean {close[0]!r}?)" if close else f" (choose from {', '.join(RULE_FILES)})"
        raise BadInputError(f"unknown rule text {only!r}{hint}", "--file")
    chosen = folder if folder is not None else rules_dir()
    if chosen is None:
        raise BadInputError("the rule texts are needed: give --rules-dir DIR or set NEMESIS_RULES_DIR", "--rules-dir")
    texts = {}
    for name in RULE_FILES if only is None else (only,):
        path = chosen / name
        try:
            texts[name] = path.read_text(encoding="utf-8")
        except OSError as error:
            raise BadInputError(f"cannot read {str(path)!r}: {error.strerror or error}", "--rules-dir") from None
    return texts


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
