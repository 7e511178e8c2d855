"""``nemesis-rules fuzz``: the JSON summary, determinism, shards and their merge, bad input, and
a user's invariant found, shrunk to a minimal record that ``replay --invariant`` reproduces."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from nemesis_rules.cli.app import app

TIMINGS = ("seconds", "steps_per_second")
USER_INVARIANT = '''
def no_two_light_wounds(state):
    """No character ever holds two Light Wounds."""
    for c in state.characters:
        if c.light_wounds >= 2:
            return f"player {c.player} holds {c.light_wounds} Light Wounds"
    return None
'''


def fuzz(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["fuzz", *args])
    return result.exit_code, result.stdout, result.stderr


def summary_of(out: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(out)
    return data


def untimed(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in TIMINGS}


def test_the_json_summary_has_the_documented_shape(tmp_path: Path) -> None:
    code, out, _ = fuzz(
        "--games", "3", "--players", "2", "--ruleset", "base", "--no-catalogue", "--json", "--out", str(tmp_path)
    )
    assert code == 0
    summary = summary_of(out)
    for key in (
        "games",
        "steps",
        "seconds",
        "steps_per_second",
        "violations",
        "gaps",
        "end_reasons",
        "clauses",
        "clause_coverage",
    ):
        assert key in summary
    assert summary["games"] == 3 and summary["steps"] > 100
    assert summary["violations"] == []
    assert sum(summary["end_reasons"].values()) == 3
    assert all(n > 0 for n in summary["clauses"].values())
    coverage = summary["clause_coverage"]["base"]
    assert 0 < coverage["fired"] <= coverage["clauses"] and coverage["never_fired"]
    for gap in summary["gaps"]:
        assert {"clause", "situation", "record"} <= set(gap)
        assert Path(gap["record"]).is_file()
    assert json.loads((tmp_path / "summary.json").read_text()) == summary


def test_the_same_arguments_give_the_same_summary_on_any_number_of_processes(tmp_path: Path) -> None:
    args = (
        "--games",
        "4",
        "--players",
        "1,2",
        "--ruleset",
        "all",
        "--shrink-budget",
        "4",
        "--json",
        "--out",
        str(tmp_path),
    )
    code1, out1, _ = fuzz(*args)
    code2, out2, _ = fuzz(*args, "--jobs", "2")
    assert code1 == code2 == (1 if summary_of(out1)["violations"] else 0)
    assert untimed(summary_of(out1)) == untimed(summary_of(out2))
    assert summary_of(out1)["campaign"]["rulesets"] == ["base", "void-seeders"]


def test_every_violation_is_saved_with_its_replay_command(tmp_path: Path) -> None:
    code, out, _ = fuzz(
        "--games", "4", "--players", "3", "--ruleset", "base", "--shrink-budget", "0", "--json", "--out", str(tmp_path)
    )
    summary = summary_of(out)
    assert code == (1 if summary["violations"] else 0)
    for violation in summary["violations"]:
        assert {"invariant", "seed", "record"} <= set(violation)
        record = Path(violation["record"])
        assert record.is_file()
        header = json.loads(record.read_text().splitlines()[0])
        assert header["seed"] == violation["seed"] and header["players"] == 3
        assert len(record.read_text().splitlines()) == violation["step"] + 1
        assert violation["replay"].startswith(f"nemesis-rules replay {record} --invariant ")


def test_shards_merge_into_the_whole_campaign(tmp_path: Path) -> None:
    common = ("--games", "6", "--players", "1,2,3", "--ruleset", "base", "--shrink-budget", "4", "--out", str(tmp_path))
    _, whole, _ = fuzz(*common, "--json")
    for shard in ("1/2", "2/2"):
        _, out, _ = fuzz(*common, "--shard", shard, "--json")
        assert summary_of(out)["shard"] == [int(shard[0]), 2]
        assert summary_of(out)["games"] == 3
    parts = [str(tmp_path / "summary-1-of-2.json"), str(tmp_path / "summary-2-of-2.json")]
    result = CliRunner().invoke(app, ["fuzz", "merge", *parts, "--json"])
    assert result.exit_code == (1 if summary_of(whole)["violations"] else 0)
    assert untimed(summary_of(result.stdout)) == untimed(summary_of(whole))


def test_merging_needs_every_shard_of_one_campaign(tmp_path: Path) -> None:
    fuzz(
        "--games",
        "2",
        "--players",
        "1",
        "--ruleset",
        "base",
        "--no-catalogue",
        "--shard",
        "1/2",
        "--out",
        str(tmp_path),
        "--json",
    )
    first = str(tmp_path / "summary-1-of-2.json")
    result = CliRunner().invoke(app, ["fuzz", "merge", first])
    assert result.exit_code == 2
    assert "1/2 to 2/2" in result.stderr and "Traceback" not in result.stderr
    other = tmp_path / "other"
    fuzz(
        "--games",
        "3",
        "--players",
        "1",
        "--ruleset",
        "base",
        "--no-catalogue",
        "--shard",
        "2/2",
        "--out",
        str(other),
        "--json",
    )
    result = CliRunner().invoke(app, ["fuzz", "merge", first, str(other / "summary-2-of-2.json")])
    assert result.exit_code == 2 and "a different campaign" in result.stderr


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--players", "0"), "player count"),
        (("--ruleset", "chess"), "unknown ruleset"),
        (("--shard", "3/2"), "I/N"),
        (("--ruling", "nonsense"), "NAME=VALUE"),
        (("--skip-invariant", "no.such"), "unknown invariant"),
        (("--invariant", "missing.py:f"), "no such file"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: tuple[str, ...], words: str) -> None:
    code, _, err = fuzz("--games", "1", *args)
    assert code == 2
    assert words in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_user_invariant_is_found_shrunk_to_a_minimal_record_and_replayed(tmp_path: Path) -> None:
    spec_file = tmp_path / "mine.py"
    spec_file.write_text(USER_INVARIANT)
    spec = f"{spec_file}:no_two_light_wounds"
    code, out, _ = fuzz(
        "--games", "6", "--players", "1", "--ruleset", "base", "--no-catalogue", "--invariant", spec,
        "--shrink-budget", "3000", "--json", "--out", str(tmp_path / "out"),
    )  # fmt: skip
    assert code == 1
    found = summary_of(out)["violations"]
    assert found and all(v["invariant"] == "user:mine.py:no_two_light_wounds" for v in found)
    first = found[0]
    assert first["shrunk"]["minimal"] is True
    minimal = Path(first["record"])
    original = Path(first["original_record"])
    lines = minimal.read_text().splitlines()
    assert len(lines) - 1 == first["shrunk"]["steps"] <= len(original.read_text().splitlines()) - 1
    assert first["replay"] == f"nemesis-rules replay {minimal} --invariant {spec}"

    replayed = CliRunner().invoke(app, ["replay", str(minimal), "--invariant", spec])
    assert replayed.exit_code == 1
    assert "invariant violated" in replayed.stdout and "Light Wounds" in replayed.stdout
    assert f":{len(lines)}:" in replayed.stdout  # the record's last line is the violating one

    shorter = tmp_path / "shorter.jsonl"
    shorter.write_text("\n".join(lines[:-1]) + "\n")
    assert CliRunner().invoke(app, ["replay", str(shorter), "--invariant", spec]).exit_code == 0


def test_the_human_report_names_the_replay_command(tmp_path: Path) -> None:
    spec_file = tmp_path / "mine.py"
    spec_file.write_text(USER_INVARIANT)
    code, out, _ = fuzz(
        "--games", "6", "--players", "1", "--ruleset", "base", "--no-catalogue",
        "--invariant", f"{spec_file}:no_two_light_wounds", "--shrink-budget", "0", "--out", str(tmp_path / "o"),
    )  # fmt: skip
    assert code == 1
    assert "violations:" in out and "replay: nemesis-rules replay " in out and "clause coverage (base)" in out


def test_coverage_play_is_the_default_fires_more_clauses_and_stays_deterministic(tmp_path: Path) -> None:
    common = ("--games", "12", "--players", "2", "--ruleset", "base", "--no-catalogue", "--json")
    _, plain, _ = fuzz(*common, "--no-coverage", "--out", str(tmp_path / "plain"))
    _, guided, _ = fuzz(*common, "--coverage", "--out", str(tmp_path / "guided"))
    _, guided2, _ = fuzz(*common, "--coverage", "--jobs", "2", "--out", str(tmp_path / "guided"))
    fired = summary_of(plain)["clause_coverage"]["base"]["fired"]
    assert summary_of(guided)["clause_coverage"]["base"]["fired"] > fired
    assert untimed(summary_of(guided)) == untimed(summary_of(guided2))
    _, default, _ = fuzz(*common, "--out", str(tmp_path / "guided"))
    assert untimed(summary_of(default)) == untimed(summary_of(guided))


def test_the_report_sets_apart_clauses_no_game_of_the_ruleset_can_meet(tmp_path: Path) -> None:
    code, out, _ = fuzz("--games", "1", "--players", "1", "--ruleset", "void-seeders", "--json", "--out", str(tmp_path))
    assert code == 0
    coverage = summary_of(out)["clause_coverage"]["void-seeders"]
    assert set(coverage["unreachable"]) == {"vs.setup.help-cards", "base.supply.components"}
    assert "vs.setup.help-cards" in coverage["never_exercised"]
    assert "vs.setup.help-cards" not in coverage["never_exercised_reachable"]
    code, out, _ = fuzz("--games", "1", "--players", "1", "--ruleset", "void-seeders", "--out", str(tmp_path / "t"))
    assert "of which 2 cannot happen under it" in out
    assert "\n  never exercised: " not in out  # one game leaves far too many to list: --json has them
