"""``rules search TEXT``: the clauses whose id or statement holds every word, and (with the rule texts)
the passages that do, each with the clauses it is aligned to; ``rules show`` with an unknown id names
the nearest ids."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from nemesis_rules.cli.app import app
from nemesis_rules.rulebook import catalogue

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()
NO_TEXTS = {"NEMESIS_RULES_DIR": str(ROOT / "no-rule-texts-here")}
"""An environment without the rule texts (an empty value would fall back to ../shared/rules)."""


def texts() -> Path:
    given = os.environ.get("NEMESIS_RULES_DIR")
    folder = Path(given) if given else ROOT.parent / "shared" / "rules"
    if not folder.is_dir():
        pytest.skip(f"the rule texts are not here ({folder}; set NEMESIS_RULES_DIR)")
    return folder


def search(*args: str, env: dict[str, str] | None = None) -> dict[str, Any]:
    result = runner.invoke(app, ["rules", "search", *args, "--json"], env=env)
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_every_clause_whose_id_or_statement_holds_all_the_words_is_found() -> None:
    found = search("Lair Noise", env=NO_TEXTS)
    words = ("lair", "noise")
    expected = [
        c.id
        for c in catalogue().values()
        if all(w in c.id.lower() for w in words) or all(w in c.statement.lower() for w in words)
    ]
    assert expected and [c["id"] for c in found["clauses"]] == expected
    assert found["passages"] == [] and found["texts"] is False


def test_an_id_part_finds_its_clauses_first_as_ids() -> None:
    found = search("vs.panic")
    assert found["clauses"] and all(c["matched"] == "id" and "vs.panic" in c["id"] for c in found["clauses"])


def test_with_the_rule_texts_passages_are_searched_with_their_clauses() -> None:
    found = search("technical corridor", "--rules-dir", str(texts()))
    assert found["texts"] is True and found["passages"]
    for passage in found["passages"]:
        assert "technical corridor" in passage["text"].lower()
    assert any(p["clauses"] for p in found["passages"])


def test_without_the_texts_the_text_output_says_passages_were_not_searched() -> None:
    result = runner.invoke(app, ["rules", "search", "noise"], env=NO_TEXTS)
    assert result.exit_code == 0 and "passages: not searched" in result.stdout


def test_rules_show_with_an_unknown_id_suggests_the_nearest_ids() -> None:
    result = runner.invoke(app, ["rules", "show", "panic"])
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert "unknown clause 'panic' (did you mean 'vs.panic." in result.stderr
    assert "`rules search panic`" in result.stderr
