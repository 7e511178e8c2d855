"""``nemesis-rules board``: exports, checks, pictures and bad input (exit 2, one line)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from nemesis_rules.cli.app import app

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_summary_lists_every_position() -> None:
    code, out, _ = run("board")
    assert code == 0
    assert "Hibernatorium" in out and "21 positions, 28 corridors, 8 technical entrances" in out


def test_void_seeders_summary_has_the_smaller_two_pool() -> None:
    code, out, _ = run("board", "--ruleset", "void-seeders")
    assert code == 0 and '"2" pool 8 tiles' in out


def test_json_to_stdout_and_file(tmp_path: Path) -> None:
    code, out, _ = run("board", "--format", "json")
    assert code == 0 and len(json.loads(out)["positions"]) == 21
    target = tmp_path / "board.json"
    code, _, _ = run("board", "--json", "--output", str(target))
    assert code == 0 and json.loads(target.read_text())["corridors"]


def test_check_passes() -> None:
    code, out, _ = run("board", "--check")
    assert code == 0 and "board check passed" in out


def test_check_of_a_broken_layout_lists_every_problem(tmp_path: Path) -> None:
    layout = tmp_path / "broken.toml"
    layout.write_text(
        'name = "broken"\n[expected]\npositions = 3\ncorridors = 2\n'
        '[[position]]\nid = "01"\nkind = "printed"\nroom = "cockpit"\n'
        '[[position]]\nid = "02"\nkind = "slot-1"\n'
        '[[position]]\nid = "03"\nkind = "slot-1"\n'
        '[[corridor]]\nbetween = ["01", "02"]\nnumbers = [1, 5]\n'
    )
    code, out, _ = run("board", "--check", "--layout", str(layout))
    assert code == 1
    assert "number 5, outside 1-4" in out
    assert "not connected" in out
    assert "layout declares 2 corridors but has 1" in out


def test_pictures(tmp_path: Path) -> None:
    png, svg = tmp_path / "ship.png", tmp_path / "ship.svg"
    code, _, _ = run("board", "--png", str(png), "--svg", str(svg))
    assert code == 0
    assert png.read_bytes().startswith(b"\x89PNG") and b"<svg" in svg.read_bytes()[:500]


def test_unknown_format_is_one_line_exit_2() -> None:
    code, out, err = run("board", "--format", "xml")
    assert code == 2 and out == ""
    assert err.strip().splitlines() == [
        "nemesis-rules: error: --format: unknown format 'xml' (choose from json, dot, graphml)"
    ]


def test_unwritable_output_is_one_line_exit_2(tmp_path: Path) -> None:
    code, _, err = run("board", "--format", "json", "--output", str(tmp_path / "missing" / "b.json"))
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "cannot write" in err
    assert not (tmp_path / "missing").exists()


def test_unknown_option_and_variant_are_exit_2() -> None:
    code, _, err = run("board", "--bogus")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "--bogus" in err
    code, _, err = run("board", "--variant", "computers=nope")
    assert code == 2 and "choose from printed, reference" in err
    code, _, err = run("board", "--ruleset", "carnomorphs")
    assert code == 2 and "unknown ruleset 'carnomorphs'" in err


def test_unreadable_layout_is_exit_2(tmp_path: Path) -> None:
    code, _, err = run("board", "--check", "--layout", str(tmp_path / "none.toml"))
    assert code == 2 and "cannot read layout" in err and "Traceback" not in err
