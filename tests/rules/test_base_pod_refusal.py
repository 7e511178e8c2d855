"""Known-answer tests for a Malfunction in an Evacuation Section, which blocks entering its pods unless
a ruling says otherwise, named after their clause and ruling ids. It plays straight from setup (seed 3,
two players in the Hibernatorium, the hands as dealt), so they are kept apart from test_base_pod.py."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import legal_actions
from nemesis_rules.model.core.state import GameState
from nemesis_rules.testing import after_setup, explored, move_character, refused_clause, run, with_ruling


@pytest.fixture
def game() -> GameState:
    """Two players after setup (seed 3): player 1 to act, both in the Hibernatorium (11)."""
    return after_setup(players=2, seed=3)


def _position_of(state: GameState, tile: str) -> str:
    return next(p for p in state.config.board.neighbours if state.room(p).tile == tile)


def _in_section_a(game: GameState, malfunction: bool) -> tuple[GameState, Decision]:
    position = _position_of(game, "evacuation-section-a")
    state = move_character(explored(game, position), 1, position)
    state = state.with_room(position, replace(state.room(position), malfunction=malfunction))
    state = replace(state, pods=tuple(replace(p, locked=False) for p in state.pods))
    pod = next(p for p in state.pods if p.section == "A")
    return state, Decision.make(
        1, "room-action", room="evacuation-section-a", pay=("demolition", "search"), pod=str(pod.number)
    )


def test_base_pod_malfunction_blocks_entering_the_pods_of_a_malfunctioning_section(game: GameState) -> None:
    working, board = _in_section_a(game, malfunction=False)
    assert board in legal_actions(working)
    broken, board = _in_section_a(game, malfunction=True)
    assert refused_clause(broken, board) == "base.pod.malfunction-blocks"


def test_base_source_evac_malfunction_no_block_lets_characters_board_anyway(game: GameState) -> None:
    broken, board = _in_section_a(game, malfunction=True)
    lenient = with_ruling(broken, "base.source.evac-malfunction", "no-block")
    assert board in legal_actions(lenient)
    _, fired = run(lenient, [board])
    assert "base.source.evac-malfunction" in fired
