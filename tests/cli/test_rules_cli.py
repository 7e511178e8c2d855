"""``nemesis-rules rules``: list, show, conflicts and coverage; bad input is one line and exit code 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nemesis_rules.cli.app import app
from nemesis_rules.rulebook import catalogue, clauses_for, rulings
from nemesis_rules.rulebook.passages import rules_dir

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_list_filters_by_ruleset_and_family() -> None:
    code, out, _ = run("rules", "list", "--ruleset", "void-seeders", "--family", "lurking")
    assert code == 0
    lines = out.splitlines()
    expected = [c.id for c in clauses_for("void-seeders") if c.family == "lurking"]
    assert expected and lines[-1] == f"{len(expected)} clause(s)"
    assert [line.split()[0] for line in lines[:-1]] == expected


def test_list_json_gives_every_clause_of_a_ruleset_with_its_citation() -> None:
    code, out, _ = run("rules", "list", "--ruleset", "base", "--json")
    data = json.loads(out)
    assert code == 0 and [c["id"] for c in data] == [c.id for c in clauses_for("base")]
    assert set(data[0]) == {"id", "family", "rulesets", "statement", "citation", "trigger", "card"}


def test_list_family_with_prefix() -> None:
    code, out, _ = run("rules", "list", "--family", "base.noise", "--json")
    assert code == 0 and {c["id"].rsplit(".", 1)[0] for c in json.loads(out)} == {"base.noise"}


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("rules", "list", "--family", "nois"), "unknown family 'nois' (did you mean 'noise'?)"),
        (("rules", "list", "--ruleset", "basic"), "unknown ruleset 'basic'"),
        (("rules", "show", "base.noise.dangr"), "unknown clause 'base.noise.dangr' (did you mean 'base.noise.danger'"),
        (("rules", "conflicts", "--kind", "oops"), "unknown kind 'oops'"),
        (("rules", "conflicts", "--games", "0", "--ruleset", "both"), "unknown ruleset 'both'"),
        (("rules", "coverage", "--games", "0"), "at least 1"),
        (("rules", "coverage", "--games", "1", "--players", "7"), "player count must be 1 to 5"),
        (("rules", "coverage", "--games", "1", "--ruling", "base.gap.egg-supply=maybe"), "unknown reading 'maybe'"),
        (("rules", "coverage", "--games", "1", "--ruling", "nonsense"), "expected NAME=VALUE"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: tuple[str, ...], fragment: str) -> None:
    code, out, err = run(*args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and fragment in err and "Traceback" not in err


def test_show_gives_statement_citation_passage_code_and_rulings() -> None:
    code, out, _ = run("rules", "show", "base.noise.danger")
    assert code == 0
    assert catalogue()["base.noise.danger"].statement in out
    assert "base-rules-reference.txt, Noise" in out
    if rules_dir() is not None:  # the passage is quoted when the rule texts are beside the repo
        assert "neighbouring room walks in" in out
    assert "implemented in:\n  nemesis_rules/model/" in out
    assert "rulings: base.data.noise-die, base.ref.danger-in-combat" in out


def test_show_json_names_the_tests_of_a_tested_clause() -> None:
    code, out, _ = run("rules", "show", "base.noise.danger", "--json")
    data = json.loads(out)
    assert code == 0 and data["id"] == "base.noise.danger"
    assert any(t["test"] and "base_noise_danger" in t["test"] for t in data["tests"])
    if rules_dir() is not None:
        assert all(c["passage"] for c in data["citations"])


def test_show_a_ruling() -> None:
    code, out, _ = run("rules", "show", "vs.summary.surprise-attack")
    assert code == 0 and "reading main (default)" in out and "Rules Summary > Surprise Attack" in out
    code, out, _ = run("rules", "show", "vs.summary.surprise-attack", "--json")
    assert code == 0 and json.loads(out)["default"] == "main"


def test_conflicts_json_has_the_documented_shape_and_every_ruling() -> None:
    code, out, _ = run("rules", "conflicts", "--json", "--games", "0")
    data = json.loads(out)
    assert code == 0 and {e["id"] for e in data} >= set(rulings())
    for entry in data:
        assert {"id", "kind", "question", "sources", "readings", "default", "situation"} <= set(entry)
        assert entry["kind"] in {"contradiction", "ambiguity", "gap", "data", "settled"}
        assert all(set(s) == {"file", "section"} for s in entry["sources"])
        assert all({"id", "summary"} <= set(r) <= {"id", "summary", "unplayable"} for r in entry["readings"])


def test_conflicts_kind_filter_and_text_summary() -> None:
    code, out, _ = run("rules", "conflicts", "--json", "--games", "0", "--kind", "gap")
    assert code == 0 and {e["kind"] for e in json.loads(out)} == {"gap"}
    code, out, _ = run("rules", "conflicts", "--games", "0")
    assert code == 0 and "numeric cross-check: " in out and "same-trigger check: " in out
    assert "random play" not in out


def test_conflicts_with_random_play_counts_gaps_under_rulings() -> None:
    code, out, _ = run("rules", "conflicts", "--json", "--games", "3", "--ruleset", "base", "--players", "1")
    data = json.loads(out)
    solo = next(e for e in data if e["id"] == "base.gap.solo-objectives")
    assert code == 0 and solo["reached"]["games"] == 3 and solo["reached"]["first"]["players"] == 1
    code, out, _ = run("rules", "conflicts", "--games", "3", "--ruleset", "base")
    assert code == 0 and "random play: 3 games" in out


def test_coverage_json_reports_rulesets_families_and_never_fired() -> None:
    code, out, _ = run("rules", "coverage", "--games", "3", "--ruleset", "base", "--seed", "4", "--json")
    data = json.loads(out)
    assert code == 0 and data["games"] == 3 and data["seed"] == 4
    (base,) = data["rulesets"]
    assert base["ruleset"] == "base" and base["clauses"] == len(clauses_for("base"))
    assert base["fired"] + len(base["never_fired"]) == base["clauses"]
    assert sum(f["total"] for f in base["families"]) == base["clauses"]
    assert data["overall"]["fired"] == base["fired"] and data["overall"]["percent"] == base["percent"]


def test_coverage_text_is_deterministic_for_a_seed() -> None:
    first = run("rules", "coverage", "--games", "3", "--ruleset", "base", "--players", "2")
    second = run("rules", "coverage", "--games", "3", "--ruleset", "base", "--players", "2")
    assert first[0] == 0 and first[1] == second[1]
    assert "base: " in first[1] and "never exercised" in first[1] and "overall: " in first[1]


def test_conflicts_write_each_reading_of_a_situation(tmp_path: Path) -> None:
    folder = tmp_path / "situations"
    args = ("rules", "conflicts", "--json", "--games", "1", "--ruleset", "base", "--players", "1")
    code, out, _ = run(*args, "--situations", str(folder))
    solo = next(e for e in json.loads(out) if e["id"] == "base.gap.solo-objectives")
    assert code == 0 and set(solo["situation"]["records"]) == {"survival-only", "strict"}
    for reading, path in solo["situation"]["records"].items():
        assert Path(path) == folder / f"base.gap.solo-objectives.{reading}.jsonl" and Path(path).is_file()
    # replay opens both; under 'strict' the engine stops at the gap, so the record is refused (exit 1)
    assert run("replay", solo["situation"]["records"]["survival-only"])[0] == 0
    code, out, _ = run("replay", solo["situation"]["records"]["strict"])
    assert code == 1 and "rule gap" in out


def test_conflicts_without_games_write_the_records_of_hand_built_scenarios(tmp_path: Path) -> None:
    code, out, _ = run("rules", "conflicts", "--json", "--games", "0", "--situations", str(tmp_path))
    decoy = next(e for e in json.loads(out) if e["id"] == "base.ambiguity.decoy-doors")
    situation = decoy["situation"]
    assert code == 0 and situation["from"]["scenario"] == "base.ambiguity.decoy-doors"
    assert situation["lines"] and situation["line"] == situation["lines"][-1]
    assert decoy["situation_note"].startswith("hand-built scenario") and "intruders" in situation["differing_fields"]
    shown = []
    for reading, path in situation["records"].items():
        assert Path(path) == tmp_path / f"base.ambiguity.decoy-doors.{reading}.jsonl"
        assert run("replay", path)[0] == 0
        code, out, _ = run("show", path)
        assert code == 0
        shown.append(out)
    assert shown[0] != shown[1]  # the Adult ends in 15 under one reading, in 14 under the other
    code, out, _ = run("rules", "conflicts", "--games", "0")
    assert "situation: hand-built scenario" in out


def test_conflicts_refuse_a_file_as_situations_folder(tmp_path: Path) -> None:
    target = tmp_path / "file.txt"
    target.write_text("x")
    code, _, err = run("rules", "conflicts", "--games", "0", "--situations", str(target))
    assert code == 2 and "is not a folder" in err


def test_coverage_of_a_record(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    assert run("play", "--seed", "3", "--output", str(record))[0] == 0
    code, out, _ = run("rules", "coverage", "--record", str(record), "--json")
    data = json.loads(out)
    assert code == 0 and data["games"] == 1 and data["records"] == [str(record)] and data["seed"] is None
    assert data["rulesets"][0]["ruleset"] == "base" and data["rulesets"][0]["fired"] > 0
    code, _, err = run("rules", "coverage", "--record", str(tmp_path / "missing.jsonl"))
    assert code == 2 and "cannot read" in err


def test_coverage_of_both_rulesets_reports_gaps_with_seed_and_step() -> None:
    code, out, _ = run("rules", "coverage", "--games", "1", "--json")
    data = json.loads(out)
    assert code == 0 and [r["ruleset"] for r in data["rulesets"]] == ["base", "void-seeders"]
    both = {c.id for c in clauses_for("base")} | {c.id for c in clauses_for("void-seeders")}
    assert data["overall"]["total"] == len(both)
    for gap in data["gaps"]:
        assert gap["seed"] == 1 and gap["step"] >= 1 and gap["ruleset"] in ("base", "void-seeders")


def test_conflicts_carry_the_z3_witness_of_encoded_contradictions() -> None:
    code, out, _ = run("rules", "conflicts", "--json", "--games", "0")
    assert code == 0
    entries = {e["id"]: e for e in json.loads(out)}
    surprise = entries["vs.summary.surprise-attack"]["witness"]
    assert surprise["status"] == "witness"
    assert surprise["insanity_after"]["main"] != surprise["insanity_after"]["summary"]
    assert entries["base.data.noise-die"]["witness"] is None
