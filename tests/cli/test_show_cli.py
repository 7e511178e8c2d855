"""``nemesis-rules show GAME.jsonl --at N``: the state after a line as text, snapshot JSON and a
picture; a line out of range is bad input, an illegal line before N is named (exit 1)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from nemesis_rules.cli.app import app
from nemesis_rules.model.core.engine import apply
from nemesis_rules.model.game import start
from nemesis_rules.record import from_snapshot, read_record

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GAME = EXAMPLES / "game-base-seed1-2p.jsonl"


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def state_after(line: int):  # type: ignore[no-untyped-def]
    record = read_record(GAME)
    state = start("base", 2)
    for action in record.actions[: line - 1]:
        state = apply(state, action)
    return state


def test_the_text_view_shows_rooms_people_markers_cards_and_the_bag() -> None:
    line = 120
    state = state_after(line)
    code, out, _ = run("show", str(GAME), "--at", str(line))
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith(f"{GAME}, after line {line}: ")
    assert f"round {state.round}, {state.phase} phase" in lines[1]
    for character in state.characters:
        pile = f"hand {character.hand.total}, deck {character.deck.total}, discard {character.discard.total}"
        assert (
            f"  {character.player} {character.name} in {character.position} ({character.status}): cards {pile}" in out
        )
    rooms = [line for line in lines if line.startswith("  ") and line[2:4].isdigit()]
    assert len(rooms) == 21
    for intruder in state.intruders:
        assert f"{intruder.kind} #{intruder.id}" in out
    assert f"bag ({state.bag.total}): " in out and "noise: " in out and "doors not open: " in out


def test_at_1_is_the_state_before_the_first_action() -> None:
    code, out, _ = run("show", str(GAME), "--at", "1")
    assert code == 0 and "after line 1 (before the first action)" in out and "next: chance node 'room-tile'" in out


def test_json_is_a_snapshot_of_that_state() -> None:
    code, out, _ = run("show", str(GAME), "--at", "80", "--json")
    assert code == 0
    assert from_snapshot(json.loads(out)) == state_after(80)


def test_png_draws_the_ship(tmp_path: Path) -> None:
    picture = tmp_path / "ship.png"
    code, out, _ = run("show", str(GAME), "--at", "150", "--png", str(picture))
    assert code == 0 and "rooms:" in out
    data = picture.read_bytes()
    assert data.startswith(b"\x89PNG") and len(data) > 50_000


def test_lines_out_of_range_are_bad_input() -> None:
    total = len(GAME.read_text().splitlines())
    for at in ("0", str(total + 1)):
        code, _, err = run("show", str(GAME), "--at", at)
        assert code == 2 and f"--at must be a line from 1 to {total}" in err


def test_an_illegal_line_before_n_is_reported() -> None:
    code, out, _ = run("show", str(EXAMPLES / "scenario-card-not-in-hand.jsonl"))
    assert code == 1 and ":2: illegal action 'player 1 move pay=reload to=08'" in out
