"""``nemesis-rules check``: the main job. Checks the rules (the board, the proofs, the conflict report,
the alignment of the rule texts, a fuzz campaign sized to the budget, clause coverage) and writes one
report, atomically, into ``--out``: ``index.html`` (a self-contained page), ``errata.md`` (a document
for a publisher), ``report.json`` (``nemesis-rules schema report``) and ``conflicts.csv``.

Exit 0 when no invariant is violated, no proof fails and the board is sound; 1 when something is; 2 on
bad input. The rule texts are read from ``--rules-dir DIR`` (else ``$NEMESIS_RULES_DIR``); without them
the report cites file and section and gives the project's own statement of each clause.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Any

import typer

from nemesis_rules.cli.common import parse_assignments
from nemesis_rules.cli.options import RulesetsName
from nemesis_rules.errors import BadInputError

RULESET_CHOICES = ("base", "void-seeders", "all")


def _texts(folder: Path | None) -> dict[str, str] | None:
    from nemesis_rules.cli.texts import read_texts
    from nemesis_rules.rulebook.passages import rules_dir

    if folder is None and rules_dir() is None:
        return None
    if folder is not None:
        os.environ["NEMESIS_RULES_DIR"] = str(folder)  # the passages quoted come from the same folder
    return read_texts(folder, None)


def check_command(
    ruleset_choice: Annotated[RulesetsName, typer.Option("--ruleset", help="One ruleset, or all.")] = RulesetsName.all,
    rules_dir_option: Annotated[
        Path | None, typer.Option("--rules-dir", help="The folder of the rule texts (default: $NEMESIS_RULES_DIR).")
    ] = None,
    out: Annotated[Path, typer.Option("--out", help="The folder the report is written into.")] = Path("report"),
    budget: Annotated[
        float, typer.Option("--budget", min=10.0, help="Seconds the check may take (the fuzz campaign fits the rest).")
    ] = 60.0,
    ruling: Annotated[list[str] | None, typer.Option("--ruling", help="Ruling reading ID=READING.")] = None,
    jobs: Annotated[int, typer.Option("--jobs", min=1, help="Processes for the fuzz campaign.")] = 2,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report's summary as JSON.")] = False,
) -> None:
    """Check the rules and write the report (index.html, errata.md, report.json, conflicts.csv)."""
    ruleset = ruleset_choice.value
    from nemesis_rules.atomic import write_atomic
    from nemesis_rules.findings.check import SUMMARY_FORMAT, CheckOptions
    from nemesis_rules.findings.errata import render_csv, render_errata
    from nemesis_rules.findings.page import render_page
    from nemesis_rules.model.game import make_config
    from nemesis_rules.model.rulesets import RULESETS

    if ruleset not in RULESET_CHOICES:
        raise BadInputError(f"unknown ruleset {ruleset!r} (choose from {', '.join(RULESET_CHOICES)})", "--ruleset")
    rulesets = tuple(RULESETS) if ruleset == "all" else (ruleset,)
    rulings = parse_assignments(ruling or (), "--ruling")
    for name in rulesets:
        make_config(name, 2, rulings)  # an unknown ruling or reading is bad input before anything runs
    if out.exists() and not out.is_dir():
        raise BadInputError(f"{str(out)!r} is a file, not a folder", "--out")
    texts = _texts(rules_dir_option)
    options = CheckOptions(rulesets=rulesets, budget=budget, rulings=rulings, texts=texts, jobs=jobs, out=out)
    report, pictures = _run(options, quiet=as_json)
    written = {
        "index.html": render_page(report, pictures),
        "errata.md": render_errata(report),
        "report.json": json.dumps(report, indent=1, ensure_ascii=False) + "\n",
        "conflicts.csv": render_csv(report),
    }
    for name, text in written.items():
        write_atomic(out / name, text)
    verdict = report["verdict"]
    if as_json:
        summary = {
            "format": SUMMARY_FORMAT,
            "version": report["version"],
            "verdict": verdict,
            "written": {name: str(out / name) for name in written},
            "seconds": report["seconds"],
        }
        typer.echo(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        typer.echo(("OK: " if verdict["ok"] else "FAILED: ") + verdict["summary"])
        typer.echo(f"open {out / 'index.html'} (the report), {out / 'errata.md'} (for a publisher)")
    if not verdict["ok"]:
        raise typer.Exit(1)


def _run(options: Any, *, quiet: bool) -> tuple[dict[str, Any], dict[str, dict[str, str]]]:
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from nemesis_rules.findings.check import run_check

    if quiet:
        return run_check(options)
    columns = (TextColumn("check: {task.fields[phase]:<10}"), BarColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("check", total=1.0, phase="starting")

        def progress(phase: str, done: float) -> None:
            bar.update(task, completed=done, phase=phase)

        return run_check(options, progress)


def register(app: typer.Typer) -> None:
    app.command("check")(check_command)
