"""The Hypothesis machine reports what it finds (issue #19): with a defect planted in the rules,
the quick profile stops at the first failure, saves the game as a record and prints the
``replay`` command, and that command shows the violation again."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nemesis_rules

ROOT = Path(__file__).resolve().parent.parent.parent


def _planted(tmp: Path) -> Path:
    """A copy of the package whose Time track skips its step in round 2 (base.event.time)."""
    shutil.copytree(
        Path(nemesis_rules.__file__).parent, tmp / "nemesis_rules", ignore=shutil.ignore_patterns("__pycache__")
    )
    target = tmp / "nemesis_rules" / "model" / "rules" / "events.py"
    text = target.read_text(encoding="utf-8")
    original = "        state = state.evolve(time=state.time + 1)\n"
    assert text.count(original) == 1
    target.write_text(
        text.replace(original, "        state = state.evolve(time=state.time + (0 if state.round == 2 else 1))\n"),
        encoding="utf-8",
    )
    return tmp


def test_base_event_time_hypothesis_saves_the_failing_game_and_prints_its_replay(tmp_path: Path) -> None:
    tree = _planted(tmp_path / "tree")
    out = tmp_path / "failures"
    env = {**os.environ, "PYTHONPATH": str(tree), "NEMESIS_HYPOTHESIS_OUT": str(out), "HYPOTHESIS_PROFILE": "ci"}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-x",
            "-p",
            "no:randomly",
            "-p",
            "no:cacheprovider",
            str(ROOT / "tests" / "test_stateful.py"),
            "-k",
            "TestGame",
        ],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    text = done.stdout + done.stderr
    assert done.returncode == 1, text
    assert "effects.time-steps" in text
    command = re.search(r"replay: nemesis-rules replay (\S+)((?: --invariant \S+)*)", text)
    assert command is not None, text
    record = Path(command.group(1))
    assert record.is_file() and record.parent == out
    replay = subprocess.run(
        [
            sys.executable,
            "-c",
            "from nemesis_rules.cli.app import main; main()",
            "replay",
            str(record),
            *command.group(2).split(),
        ],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert replay.returncode == 1, replay.stdout + replay.stderr
    assert "Time" in replay.stdout and "round" in replay.stdout
