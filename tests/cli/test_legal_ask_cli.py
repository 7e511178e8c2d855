"""``nemesis-rules legal``, ``ask`` and ``situation new|check|snapshot`` (issue #20): they answer on every
example, a record at a line and a situation file; exit 0 legal, 1 illegal, 2 bad input in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nemesis_rules.cli.app import app
from nemesis_rules.model.rules.round import Turn
from nemesis_rules.record import read_record, replay_record

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ANSWERABLE = sorted(
    [*EXAMPLES.glob("game-*.jsonl"), *EXAMPLES.glob("situation-*.toml"), *EXAMPLES.glob("scenario-*.jsonl")]
)
CLOSED_DOOR = str(EXAMPLES / "situation-closed-door.toml")
REST_AT_THREE = str(EXAMPLES / "situation-rest-at-insanity-3.toml")


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def _turn_line(path: Path) -> int:
    """The first line of a record after which a player's turn begins (past the setup)."""
    record = read_record(path)
    for index in range(len(record.actions)):
        line = record.line_number(index)
        state = replay_record(record, until_line=line).final_state
        if state.round >= 2 and len(state.pending) == 1 and isinstance(state.pending[0], Turn):
            return line
    raise AssertionError("no turn in the record")


@pytest.mark.parametrize("path", ANSWERABLE, ids=lambda p: p.name)
def test_legal_answers_on_every_example(path: Path) -> None:
    code, out, err = run("legal", str(path), "--json")
    assert code == 0, err
    answer = json.loads(out)
    assert answer["decisions"] > 0 or answer["outcomes"] or "game over" in answer["next"]
    for group in answer["groups"]:
        assert group["clause"], group["kind"]
        for entry in group["entries"]:
            assert entry["line"]["action"] == group["kind"] and "pay" not in entry["line"]


def test_legal_at_a_turn_groups_by_kind_with_ways_to_pay_and_explains_the_mistakes() -> None:
    code, out, _ = run("legal", CLOSED_DOOR, "--json")
    assert code == 0
    answer = json.loads(out)
    kinds = {g["kind"]: g for g in answer["groups"]}
    moves = {e["line"]["to"]: e["pay"] for e in kinds["move"]["entries"]}
    assert "08" not in moves and moves["14"] == [["order"], ["rest"], ["search"]]
    why = {(m["line"]["action"], m["line"].get("to")): m["clause"] for m in answer["mistakes"]}
    assert why[("move", "01")] == "base.move.adjacent"
    assert "base.item.inventory" in {m["clause"] for m in answer["mistakes"]}
    assert all(m["citation"] and m["statement"] for m in answer["mistakes"])
    other = json.loads(run("legal", REST_AT_THREE, "--json")[1])
    attacks = {(m["line"]["action"], m["line"].get("target")): m["clause"] for m in other["mistakes"]}
    assert attacks[("melee", "soldier")] == "base.combat.no-pvp"
    code, text, _ = run("legal", CLOSED_DOOR)
    assert "move (9) [base.move.adjacent]:" in text and "pay one of: [order] [rest] [search]" in text
    assert "no corridor from 11 to 01 [base.move.adjacent] (facts.md, §2 Turn structure)" in text


def test_ask_an_illegal_move_names_the_clause_and_exits_1() -> None:
    code, out, _ = run("ask", CLOSED_DOOR, "move 08")
    assert code == 1
    assert "illegal: " in out and "why not: the door between 11 and 08 is closed" in out
    assert "rule: base.move.closed-door: " in out


def test_ask_a_legal_move_lists_the_clauses_that_fire_and_what_changed() -> None:
    code, out, _ = run("ask", CLOSED_DOOR, "move 14 pay=rest", "--json")
    assert code == 0
    answer = json.loads(out)
    assert answer["legal"] and answer["clause"] == "base.move.adjacent" and answer["line"]["pay"] == ["rest"]
    assert "base.move.adjacent" in answer["fired"] and "base.explore.reveal" in answer["fired"]
    assert "player 1 (captain): room 11 -> 14" in answer["changed"]
    assert "player 1 (captain): hand -rest" in answer["changed"]


def test_ask_reads_a_record_line_and_the_short_form_alike() -> None:
    line = '{"player": 1, "action": "play-card", "card": "rest", "insanity": "lower", "scan": "no", "pay": []}'
    by_line = run("ask", REST_AT_THREE, line, "--json")
    by_word = run("ask", REST_AT_THREE, "play-card rest insanity=lower scan=no", "--json")
    assert by_line[0] == by_word[0] == 1
    assert json.loads(by_line[1])["clause"] == json.loads(by_word[1])["clause"] == "vs.insanity.no-return-below-3"


def test_a_scenario_with_an_illegal_line_is_answered_in_the_state_that_line_was_played_in() -> None:
    scenario = str(EXAMPLES / "scenario-move-without-corridor.jsonl")
    code, out, _ = run("ask", scenario, "move 08 pay=search")
    assert code == 0 and out.startswith("note: line 2 is illegal (no corridor from 11 to 01) [base.move.adjacent]")
    code, out, _ = run("legal", scenario, "--at", "2")
    assert code == 1 and "scenario-move-without-corridor.jsonl:2: illegal action" in out


def test_ask_at_a_line_of_a_recorded_game_finds_the_recorded_decision_legal() -> None:
    game = EXAMPLES / "game-base-seed1-2p.jsonl"
    record = read_record(game)
    index = next(i for i, a in enumerate(record.actions) if getattr(a, "kind", "") == "move")
    line = record.line_number(index)
    code, out, _ = run("ask", str(game), "--at", str(line - 1), record.line_text(index))
    assert code == 0 and out.splitlines()[1].startswith("legal: ")


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("ask", CLOSED_DOOR, "fly 08"), "unknown action 'fly'"),
        (("ask", CLOSED_DOOR, "move 08 09"), "write it as NAME=VALUE"),
        (("ask", CLOSED_DOOR, "player=7 move 08"), "player=7"),
        (("legal", CLOSED_DOOR, "--at", "5"), "--at must be a line from 1 to 1"),
        (("legal", str(EXAMPLES / "bad-truncated-line.jsonl")), "bad-truncated-line.jsonl:6"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: tuple[str, ...], says: str) -> None:
    code, out, err = run(*args)
    assert code == 2 and says in err and len(err.strip().splitlines()) == 1, (out, err)


def test_replay_and_show_read_a_situation_file() -> None:
    code, out, _ = run("replay", CLOSED_DOOR)
    assert code == 0 and "legal, 0 action(s)" in out
    code, out, _ = run("show", CLOSED_DOOR)
    assert code == 0 and "round 1, player phase" in out


def test_situation_new_check_and_snapshot_convert_both_ways(tmp_path: Path) -> None:
    new = tmp_path / "new.toml"
    code, _, err = run("situation", "new", "--seed", "3", "--players", "3", "--out", str(new))
    assert code == 0, err
    code, out, _ = run("situation", "check", str(new))
    assert code == 0 and "a possible table" in out
    record = tmp_path / "new.jsonl"
    code, _, _ = run("situation", "snapshot", str(new), "--out", str(record))
    assert code == 0 and run("replay", str(record))[0] == 0
    back = tmp_path / "back.toml"
    assert run("situation", "snapshot", str(record), "--out", str(back))[0] == 0
    assert back.read_text() == new.read_text()  # the state back as the same situation


def test_situation_snapshot_of_a_game_at_a_turn_and_refused_at_a_chance_node(tmp_path: Path) -> None:
    game = EXAMPLES / "game-base-seed7-4p.jsonl"
    line = _turn_line(game)
    code, out, err = run("situation", "snapshot", str(game), "--at", str(line))
    assert code == 0, err
    situation = tmp_path / "at-turn.toml"
    situation.write_text(out)
    assert run("situation", "check", str(situation))[0] == 0
    code, _, err = run("situation", "snapshot", str(EXAMPLES / "scenario-impossible-die-face.jsonl"), "--at", "1")
    assert code == 2 and "a situation is set at a player's turn" in err


def test_situation_check_refuses_an_impossible_table_naming_the_invariant(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("players = 2\n[[character]]\nplayer = 1\nlight_wounds = 3\n")
    code, _, err = run("situation", "check", str(bad))
    assert code == 2 and "impossible table: invariant characters.wounds" in err
