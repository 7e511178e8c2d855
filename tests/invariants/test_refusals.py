"""Refusals that must stay refusals (issue #19): the must-stay-illegal cases are refused by their
clauses, and a defect that makes an illegal action legal is caught by them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import nemesis_rules
from nemesis_rules.invariants.refusals import cases, replay_case, replay_cases
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules import movement


def test_every_must_stay_illegal_case_is_refused_by_its_clause() -> None:
    assert replay_cases() == []


def test_the_cases_cover_both_rulesets_and_many_refusing_clauses() -> None:
    by_ruleset = {c.ruleset for c in cases()}
    assert by_ruleset == {"base", "void-seeders"}
    clauses = {c.clause for c in cases()}
    for needed in (
        "base.move.closed-door",
        "base.combat.shoot",
        "base.careful-move.not-in-combat",
        "base.cost.contamination-cannot-pay",
        "base.round.turn-order",
        "base.combat.no-pvp",
    ):
        assert needed in clauses, needed


def test_base_move_closed_door_a_move_through_a_closed_door_made_legal_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    chosen = [c for c in cases() if c.clause == "base.move.closed-door"]
    assert chosen and all(replay_case(c) is None for c in chosen)

    def every_corridor(state: GameState, player: int) -> tuple[tuple[str, str], ...]:
        c = state.character(player)
        board = state.config.board
        return tuple((k, board.corridors[k].other_end(c.position)) for k in board.corridors_at[c.position])

    monkeypatch.setattr(movement, "_exits", every_corridor)
    failures = replay_cases(chosen)
    assert failures and {f.kind for f in failures} <= {"accepted", "other-clause"}


def _mutated_package(tmp: Path, file: str, original: str, replacement: str) -> Path:
    """A copy of the package with one defect planted in ``file`` (relative to the package)."""
    package = Path(nemesis_rules.__file__).parent
    shutil.copytree(package, tmp / "nemesis_rules", ignore=shutil.ignore_patterns("__pycache__"))
    target = tmp / "nemesis_rules" / file
    text = target.read_text(encoding="utf-8")
    assert text.count(original) == 1
    target.write_text(text.replace(original, replacement), encoding="utf-8")
    return tmp


def test_base_careful_move_not_in_combat_careful_movement_in_combat_made_legal_is_caught(tmp_path: Path) -> None:
    """The defect planted in the rule code itself (a copy of the package), the cases replayed as
    ``check`` and ``fuzz`` replay them: exit 1, the case named."""
    tree = _mutated_package(
        tmp_path,
        "model/rules/movement.py",
        "    if state.in_combat(player):\n        return []\n    c = state.character(player)\n"
        "    ways = payments(c.hand, queries.careful_move_cost(state, player))",
        "    c = state.character(player)\n    ways = payments(c.hand, queries.careful_move_cost(state, player))",
    )
    done = subprocess.run(
        [sys.executable, "-c", "from nemesis_rules.invariants.refusals import main; main()"],
        env={**os.environ, "PYTHONPATH": str(tree)},
        cwd=tree,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "base.careful-move.not-in-combat" in done.stdout
