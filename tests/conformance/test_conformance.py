"""The conformance suite: this engine passes it through ``conformance serve``; a deliberately wrong
engine fails exactly the cases its mistake touches; the suite fits its schema and covers the clauses
that can be posed; the command line's exit codes (0 all pass, 1 some fail, 2 bad input or no engine)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

from nemesis_rules.cli.app import app
from nemesis_rules.conformance import (
    KINDS,
    Server,
    conformance_schema,
    posable_clauses,
    read_manifest,
    read_suite,
    run_cases,
)
from nemesis_rules.conformance.cases import clause_test_entries
from nemesis_rules.rulebook import catalogue, rulings
from tests.conformance.conftest import LONG, SERVE, wrong

runner = CliRunner()


def test_conformance_this_engine_passes_its_own_suite_through_serve(suite: Path) -> None:
    cases = list(read_suite(suite))
    results = run_cases(SERVE, cases)
    assert len(results) == len(cases) > 0
    failed = [(r.id, r.differences[:2]) for r in results if not r.passed]
    assert failed == []


def _refuses_a_move(case: dict[str, Any]) -> bool:
    return any(s["action"].get("action") == "move" and not s["legal"] for s in case.get("steps", ()))


def _has_wounded(case: dict[str, Any]) -> bool:
    facts = case.get("facts") or {}
    return any(c["light_wounds"] > 0 for c in facts.get("characters", {}).values())


def _lists_pass(case: dict[str, Any]) -> bool:
    return any(a.get("action") == "pass" for a in case.get("legal", ()))


MISTAKES: dict[str, Callable[[dict[str, Any]], bool]] = {
    "illegal-move": _refuses_a_move,
    "wound-count": _has_wounded,
    "no-pass": _lists_pass,
}


@pytest.mark.parametrize("mistake", sorted(MISTAKES))
def test_conformance_a_wrong_engine_fails_exactly_the_cases_its_mistake_touches(suite: Path, mistake: str) -> None:
    touched = MISTAKES[mistake]
    cases = list(read_suite(suite))
    expected = {c["id"] for c in cases if touched(c)}
    chosen = [c for c in cases if c["id"] in expected] + [c for c in cases if c["id"] not in expected][::7]
    results = run_cases(wrong(mistake), chosen)
    failed = {r.id for r in results if not r.passed}
    assert expected, f"the suite has no case that {mistake} touches"
    assert failed == expected


def test_conformance_a_failure_names_the_difference(suite: Path) -> None:
    case = next(c for c in read_suite(suite, ("refusal",)) if _refuses_a_move(c))
    (result,) = run_cases(wrong("illegal-move"), [case])
    assert any("expected illegal [" in d and "the engine says legal" in d for d in result.differences)
    case = next(c for c in read_suite(suite) if _has_wounded(c))
    (result,) = run_cases(wrong("wound-count"), [case])
    assert any(".light_wounds: expected" in d for d in result.differences)


def test_conformance_suite_fits_its_versioned_schema(suite: Path) -> None:
    schema = conformance_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    manifest = read_manifest(suite)
    assert list(validator.iter_errors(manifest)) == []
    for kind in KINDS:
        sample = [c for i, c in enumerate(read_suite(suite, (kind,))) if i < 3]
        assert sample, kind
        for case in sample:
            assert [e.message[:200] for e in validator.iter_errors(case)] == [], case["id"]
    assert list(validator.iter_errors({"id": "clause-0001", "kind": "clause"}))


def test_conformance_suite_covers_clauses_refusals_rulings_and_legal_sets(suite: Path) -> None:
    manifest = read_manifest(suite)
    counts, coverage = manifest["counts"], manifest["coverage"]
    assert all(counts[k] > 0 for k in KINDS)
    assert coverage["posable"] == len(posable_clauses())
    assert coverage["covered"] >= (0.97 if LONG else 0.8) * coverage["posable"]
    if LONG:
        assert counts["legal-set"] >= 1000
    known = {**catalogue(), **rulings()}  # a ruling's id fires where the ruling decides
    for case in read_suite(suite, ("clause", "refusal")):
        assert case["clause"] in known and case["citation"]["file"], case["id"]
        step = case["steps"][0]
        assert (case["clause"] in step["fired"]) if step["legal"] else (step["clause"] == case["clause"])
    ruling_cases = list(read_suite(suite, ("ruling",)))
    from_tests = [c for c in read_suite(suite, ("clause", "refusal")) if "test" in c["source"]]
    assert len(from_tests) > 20  # the clause tests' situations fill what a few games miss
    assert manifest["stale_clause_tests"] <= len(clause_test_entries()) // 10, "rerun harvest_clause_tests.py"
    assert len({c["rulings"][0]["ruling"] for c in ruling_cases}) > 50


def test_conformance_serve_answers_bad_requests_without_stopping() -> None:
    server = Server()
    assert server.answer("not json")["ok"] is False
    assert "unknown op" in server.answer('{"op": "fly"}')["error"]
    assert "no situation loaded" in server.answer('{"op": "legal"}')["error"]
    assert server.answer('{"op": "load", "situation": {"format": "x"}}')["ok"] is False
    broken = {"format": "nemesis-rules-snapshot", "version": 1, "state": {"config": {"players": 2}, "rooms": 7}}
    assert server.answer(json.dumps({"op": "load", "situation": broken}))["ok"] is False
    hello = server.answer('{"op": "hello"}')
    assert hello["ok"] and hello["protocol"] == "nemesis-rules-conformance" and hello["version"] == 1


def test_conformance_run_exit_codes(suite: Path, tmp_path: Path) -> None:
    first = next(read_suite(suite, ("refusal",)))
    moving = next(c for c in read_suite(suite, ("refusal",)) if _refuses_a_move(c))
    ok = runner.invoke(app, ["conformance", "run", str(suite), "--engine", SERVE, "--case", first["id"]])
    assert ok.exit_code == 0, ok.output
    assert "1 of 1 case(s) passed" in ok.output
    bad = runner.invoke(
        app, ["conformance", "run", str(suite), "--engine", wrong("illegal-move"), "--case", moving["id"]]
    )
    assert bad.exit_code == 1 and f"FAIL {moving['id']}" in bad.output
    missing = runner.invoke(app, ["conformance", "run", str(suite), "--engine", "no-such-engine-xyz"])
    assert missing.exit_code == 2
    mute = runner.invoke(app, ["conformance", "run", str(suite), "--engine", f"{sys.executable} -c pass"])
    assert mute.exit_code == 2
    broken = tmp_path / "broken"
    (broken / "cases").mkdir(parents=True)
    manifest = read_manifest(suite)
    (broken / "manifest.json").write_text(json.dumps(manifest))
    for kind in KINDS:
        (broken / manifest["files"][kind]).write_text(
            '{"id": "clause-0001", "situation": {}, "steps": [{"legal": 1}]}\n'
        )
    malformed = runner.invoke(app, ["conformance", "run", str(broken), "--engine", SERVE])
    assert malformed.exit_code == 2 and "clause.jsonl:1" in malformed.output
    (tmp_path / "manifest.json").write_text(json.dumps({"format": "other"}))
    other = runner.invoke(app, ["conformance", "run", str(tmp_path), "--engine", SERVE])
    assert other.exit_code == 2


def test_conformance_schema_command_prints_the_suite_schema() -> None:
    result = runner.invoke(app, ["schema", "conformance"])
    assert result.exit_code == 0
    assert json.loads(result.output)["$id"].endswith("conformance-v1.json")


def test_conformance_export_command_writes_a_suite_and_refuses_bad_input(tmp_path: Path) -> None:
    out = tmp_path / "suite"
    args = ["conformance", "export", str(out), "--games", "1", "--legal-states", "5", "--ruleset", "base", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    manifest = json.loads(result.output)
    assert manifest == read_manifest(out)
    assert manifest["built_with"]["rulesets"] == ["base"] and manifest["counts"]["legal-set"] >= 5
    assert {c["ruleset"] for c in read_suite(out)} == {"base"}
    assert runner.invoke(app, ["conformance", "export", str(out), "--ruleset", "chess"]).exit_code == 2
    (tmp_path / "file").write_text("x")
    assert runner.invoke(app, ["conformance", "export", str(tmp_path / "file")]).exit_code == 2


def test_conformance_run_a_subset_by_kind_and_stride(suite: Path) -> None:
    total = sum(1 for _ in read_suite(suite, ("legal-set",)))
    result = runner.invoke(
        app, ["conformance", "run", str(suite), "--engine", SERVE, "--kind", "legal-set", "--every", "10"]
    )
    assert result.exit_code == 0, result.output
    assert f"{(total + 9) // 10} of {(total + 9) // 10} case(s) passed" in result.output
    assert runner.invoke(app, ["conformance", "run", str(suite), "--engine", SERVE, "--kind", "fly"]).exit_code == 2
