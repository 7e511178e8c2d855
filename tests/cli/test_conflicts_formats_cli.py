"""``rules conflicts --format text|json|markdown|html|csv`` with its filters (``--ruleset``: the entries
that concern it; ``--kind``, ``--severity``, ``--source``), and the text footer counting what is shown
and what is filtered."""

from __future__ import annotations

import csv
import json

import pytest
from typer.testing import CliRunner

from nemesis_rules.cli.app import app

runner = CliRunner()


def conflicts(*args: str) -> tuple[int, str]:
    done = runner.invoke(app, ["rules", "conflicts", "--games", "0", *args])
    return done.exit_code, done.output


@pytest.fixture(scope="module")
def everything() -> list[dict[str, object]]:
    code, out = conflicts("--format", "json")
    assert code == 0
    entries: list[dict[str, object]] = json.loads(out)
    return entries


def test_every_entry_has_kind_severity_finder_family_and_its_passages(everything: list[dict[str, object]]) -> None:
    assert len(everything) > 50
    for entry in everything:
        assert {"kind", "severity", "finder", "family", "concerns", "passages"} <= set(entry)
        assert all({"file", "section", "line", "text"} <= set(p) for p in entry["passages"])  # type: ignore[attr-defined]


def test_ruleset_lists_only_what_concerns_it(everything: list[dict[str, object]]) -> None:
    code, out = conflicts("--format", "json", "--ruleset", "void-seeders")
    shown = json.loads(out)
    assert code == 0 and 0 < len(shown) < len(everything)
    assert all("void-seeders" in e["concerns"] for e in shown)
    base_only = [e["id"] for e in everything if e["concerns"] == ["base"]]  # type: ignore[index]
    assert base_only and not set(base_only) & {e["id"] for e in shown}


def test_kind_and_source_filter_and_the_footer_counts_them(everything: list[dict[str, object]]) -> None:
    code, out = conflicts("--kind", "contradiction", "--source", "base-overview-de.txt")
    assert code == 0
    ids = [line.split()[0] for line in out.splitlines() if line and not line.startswith(" ") and "[" in line]
    wanted = [
        e["id"]
        for e in everything
        if e["kind"] == "contradiction" and any(s["file"] == "base-overview-de.txt" for s in e["sources"])  # type: ignore[attr-defined]
    ]
    assert ids == wanted and wanted
    assert f"{len(wanted)} of {len(everything)} entries shown (kind contradiction; source base-overview-de.txt" in out


def test_markdown_csv_and_html_hold_the_same_entries(everything: list[dict[str, object]]) -> None:
    _, markdown = conflicts("--format", "markdown", "--kind", "gap")
    gaps = [e["id"] for e in everything if e["kind"] == "gap"]
    assert all(f"### {i} (gap" in markdown for i in gaps)
    _, table = conflicts("--format", "csv")
    assert [r["id"] for r in csv.DictReader(table.splitlines())] == [e["id"] for e in everything]
    _, page = conflicts("--format", "html", "--ruleset", "base")
    assert page.startswith("<!DOCTYPE html>") and 'id="conflicts-base"' in page and "<script>" in page


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--format", "yaml"), "unknown format 'yaml'"),
        (("--severity", "grave"), "unknown severity 'grave'"),
        (("--source", "fact.md"), "did you mean 'facts.md'"),
    ],
)
def test_bad_filters_are_bad_input(args: tuple[str, ...], words: str) -> None:
    code, out = conflicts(*args)
    assert code == 2 and words in out and len(out.strip().splitlines()) == 1
