"""The readers under mutation (issue 21): records, their headers and header snapshots,
standalone snapshots, board layouts and situation files (once their reader is there), each
made from a real input by a few random edits (:mod:`mutators`). Whatever the edits, a reader
answers with a verdict or typed bad input in one line, never another exception: a quick run
here, a long one with NEMESIS_LONG=1 (``run_mutations.py`` is the 100,000-record campaign).
"""

from __future__ import annotations

import json
import os
import random
import tempfile
from pathlib import Path

import mutators
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from nemesis_rules.cli.app import app
from nemesis_rules.record import from_snapshot, parse_record

try:  # situation files arrive with their own reader (nemesis_rules.situation)
    from nemesis_rules.situation import build_state, parse_situation_text

    def read_situation(text: str) -> object:
        return build_state(parse_situation_text(text, "<situation>"), "<situation>")
except ImportError:
    read_situation = None  # type: ignore[assignment]

LONG = os.environ.get("NEMESIS_LONG") == "1"
FUZZ = settings(
    max_examples=20_000 if LONG else 80,
    deadline=None,
    derandomize=not LONG,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
runner = CliRunner()
numbers = st.integers(0, 2**32 - 1)
"""A mutant is made from ``random.Random(number)``: a failure names the number that repeats it."""


@FUZZ
@given(numbers)
def test_mutated_records_answer_a_verdict_or_bad_input(number: int) -> None:
    outcome = mutators.replay_outcome(mutators.mutant(random.Random(number)))
    assert outcome.kind in ("legal", "illegal", "bad-input", "gap"), (number, outcome.error)
    assert outcome.message_lines == 1, number


@FUZZ
@given(numbers)
def test_mutated_headers_answer_a_header_or_bad_input(number: int) -> None:
    rng = random.Random(number)
    text = rng.choice(mutators.seeds())
    first, _, rest = text.partition("\n")
    header = json.loads(first)
    header.pop("snapshot", None)
    for _ in range(rng.randint(1, 3)):
        header = mutators.mutate_json(header, rng)
    mutated = json.dumps(header) + "\n" + rest
    assert mutators.guarded(lambda: parse_record(mutated, "<header>")) in ("ok", "bad-input"), number


@FUZZ
@given(numbers)
def test_mutated_snapshots_answer_a_state_or_bad_input(number: int) -> None:
    data = mutators.snapshot_mutant(random.Random(number))
    answer = mutators.guarded(lambda: mutators.start_check(from_snapshot(data, where="<snapshot>")))
    assert answer in ("ok", "bad-input"), (number, answer)


@settings(FUZZ, max_examples=2_000 if LONG else 15)
@given(numbers)
def test_mutated_layouts_answer_a_check_or_bad_input(number: int) -> None:
    text = mutators.layout_mutant(random.Random(number))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "layout.toml"
        path.write_text(text, encoding="utf-8")
        result = runner.invoke(app, ["board", "--check", "--layout", str(path)])
    assert result.exit_code in (0, 1, 2), (number, result.exit_code, result.stderr)
    assert "Traceback" not in result.stdout + result.stderr
    if result.exit_code == 2:
        assert len(result.stderr.strip().splitlines()) == 1, (number, result.stderr)


@pytest.mark.skipif(read_situation is None or not mutators.situation_files(), reason="no situation reader yet")
@settings(FUZZ, max_examples=2_000 if LONG else 30)
@given(numbers)
def test_mutated_situations_answer_a_state_or_bad_input(number: int) -> None:
    assert read_situation is not None
    text = mutators.situation_mutant(random.Random(number))
    answer = mutators.guarded(lambda: read_situation(text))
    assert answer in ("ok", "bad-input"), (number, answer)


def test_the_mutants_reach_every_answer() -> None:
    """The fuzzer is not all bad input: over 400 mutants, some replay legal, some are illegal."""
    kinds = {mutators.replay_outcome(mutators.mutant(random.Random(n))).kind for n in range(400)}
    assert {"legal", "illegal", "bad-input"} <= kinds
