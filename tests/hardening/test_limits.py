"""Bounded work (issue 21): bytes per line, bytes per record and steps per record have limits
with defaults and options; past one, replay is bad input naming the limit and its option.
Echoed lines are shortened with a marker, and listing the ways to pay a cost (base.cost.*,
RU-RB p.12-13) is bounded by the distinct cards of the hand, not by the copies a state claims.
"""

from __future__ import annotations

import json
from itertools import combinations
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from nemesis_rules.cli.app import app
from nemesis_rules.errors import SHORTENED, quote, shorten
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.rules.payment import payments
from nemesis_rules.record.limits import LINE_BYTES, RECORD_BYTES, STEPS

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GAME = EXAMPLES / "game-base-seed1-2p.jsonl"


def _one_error_line(result: object) -> str:
    lines = result.stderr.strip().splitlines()  # type: ignore[attr-defined]
    assert result.exit_code == 2 and len(lines) == 1, (result.exit_code, lines)  # type: ignore[attr-defined]
    return str(lines[0])


def test_the_defaults_read_every_example_game() -> None:
    longest_line = max(len(line.encode()) for path in EXAMPLES.glob("*.jsonl") for line in path.read_text().split("\n"))
    assert longest_line < LINE_BYTES
    assert max(path.stat().st_size for path in EXAMPLES.glob("*.jsonl")) < RECORD_BYTES
    assert runner.invoke(app, ["replay", str(GAME)]).exit_code == 0
    assert STEPS >= 100_000


def test_a_line_over_the_limit_is_refused_naming_the_option(tmp_path: Path) -> None:
    lines = GAME.read_text().split("\n")
    big = tmp_path / "long-line.jsonl"
    big.write_text("\n".join([lines[0], json.dumps({"player": 1, "action": "x" * 50_000}), *lines[1:]]))
    message = _one_error_line(runner.invoke(app, ["replay", str(big), "--max-line-bytes", "20000"]))
    assert "long-line.jsonl:2: the line is longer than 20000 bytes" in message and "--max-line-bytes" in message
    assert len(message) < 300  # the line itself is not echoed


def test_a_record_over_the_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    message = _one_error_line(runner.invoke(app, ["replay", str(GAME), "--max-record-bytes", "1000"]))
    assert "larger than 1000 bytes" in message and "--max-record-bytes" in message


def test_more_steps_than_the_limit_is_refused(tmp_path: Path) -> None:
    message = _one_error_line(runner.invoke(app, ["replay", str(GAME), "--max-steps", "50"]))
    assert "more than 50 action lines" in message and "--max-steps" in message and ":52:" in message
    assert runner.invoke(app, ["replay", str(GAME), "--max-steps", "208"]).exit_code == 0


def test_an_echoed_line_is_shortened_with_a_marker(tmp_path: Path) -> None:
    header = (EXAMPLES / "scenario-move-without-corridor.jsonl").read_text().split("\n")[0]
    long_value = "y" * 100_000
    path = tmp_path / "echo.jsonl"
    path.write_text(header + "\n" + json.dumps({"player": 1, "action": "move", "to": "01", "pay": [long_value]}) + "\n")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert len(result.stdout) < 5_000, len(result.stdout)
    assert "more characters]" in result.stdout


def test_shorten_and_quote_say_how_much_they_left_out() -> None:
    assert shorten("abc", 5) == "abc"
    assert shorten("abcdefgh", 3) == "abc" + SHORTENED.format(5)
    assert quote("a\nb") == "'a\\nb'"
    assert "\n" not in quote("x\n" * 1000) and quote("x\n" * 1000).endswith("more characters]")


def _plain_payments(hand: Multiset, cost: int, reserve: str | None) -> tuple[tuple[str, ...], ...]:
    """The enumeration before issue 21: every combination of the whole expanded hand."""
    if cost == 0:
        return ((),)
    cards = [c for c in hand if not c.startswith("contamination")]
    if reserve is not None:
        cards.remove(reserve)
    return tuple(sorted(set(combinations(sorted(cards), cost)))) if len(cards) >= cost else ()


hands = st.dictionaries(
    st.sampled_from(["search", "rest", "order", "demolition", "contamination", "contamination-infected"]),
    st.integers(1, 4),
    max_size=5,
)


@given(hands, st.integers(0, 4), st.sampled_from([None, "search", "rest"]))
def test_base_cost_payments_match_the_plain_enumeration(counts: dict[str, int], cost: int, reserve: str | None) -> None:
    hand = Multiset(counts)
    if reserve is not None and not counts.get(reserve):
        return
    assert payments(hand, cost, reserve) == _plain_payments(hand, cost, reserve)


def test_base_cost_payments_of_a_hand_claiming_a_million_copies_stay_small() -> None:
    hand = Multiset({"search": 1_000_000, "rest": 1_000_000, "contamination": 5})
    assert payments(hand, 2) == (("rest", "rest"), ("rest", "search"), ("search", "search"))
    assert payments(hand, 3, "rest")[0] == ("rest", "rest", "rest")
