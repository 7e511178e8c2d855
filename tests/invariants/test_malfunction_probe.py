"""The malfunction probe: on a turn in a room with a Malfunction, the prober asks for the room's
action anyway, and ``check`` refuses it (RU-RB p.24)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.invariants.probes import Prober, _room_action_despite_malfunction
from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import IllegalActionError, acting_player, check
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.pods import SECTION_TILES, section_position
from nemesis_rules.testing import after_setup, move_character, with_hand


def _standing_in(state: GameState, position: str, *, malfunction: bool) -> tuple[GameState, int]:
    """The acting player moved to ``position``, explored, with or without a Malfunction."""
    player = acting_player(state)
    assert player is not None
    state = with_hand(state, player, "search", "search", "rest")
    state = move_character(state, player, position)
    room = state.room(position)
    return state.with_room(position, replace(room, explored=True, token=None, malfunction=malfunction)), player


def _evacuation_section(state: GameState) -> str:
    position = section_position(state, "A")
    assert position is not None
    return position


def _ordinary_room(state: GameState) -> str:
    rooms = tables.rooms(state.config)
    return next(
        p
        for p in state.config.board.positions
        if (tile := state.room(p).tile) is not None
        and tile not in SECTION_TILES.values()
        and tile in rooms
        and rooms[tile].action
        and tile != "hibernatorium"
    )


def _refusal(state: GameState, decision: Decision) -> str:
    with pytest.raises(IllegalActionError) as refused:
        check(state, decision)
    return refused.value.clause


def test_base_pod_malfunction_blocks_boarding_asked_in_a_malfunctioning_section_is_refused() -> None:
    start = after_setup(players=2, seed=3)
    state, player = _standing_in(start, _evacuation_section(start), malfunction=True)
    mistake = _room_action_despite_malfunction(state, player, {})
    assert mistake is not None and mistake.kind == "room-action" and mistake.get("room") == "evacuation-section-a"
    assert _refusal(state, mistake) == "base.pod.malfunction-blocks"


def test_base_malfunction_blocks_room_action_asked_in_a_malfunctioning_room_is_refused() -> None:
    start = after_setup(players=2, seed=3)
    state, player = _standing_in(start, _ordinary_room(start), malfunction=True)
    mistake = _room_action_despite_malfunction(state, player, {})
    assert mistake is not None
    assert _refusal(state, mistake) == "base.malfunction.blocks-room-action"


def test_no_malfunction_mistake_in_a_room_without_a_malfunction() -> None:
    start = after_setup(players=2, seed=3)
    state, player = _standing_in(start, _evacuation_section(start), malfunction=False)
    assert _room_action_despite_malfunction(state, player, {}) is None


def test_the_prober_counts_base_pod_malfunction_blocks_on_a_turn_in_a_malfunctioning_section() -> None:
    start = after_setup(players=2, seed=3)
    state, player = _standing_in(start, _evacuation_section(start), malfunction=True)
    prober = Prober(0, per_step=2)
    prober.remember(Decision.make(player, "pass"), "Turn")
    for _ in range(30):
        prober.probe(state, Decision.make(player, "move", to="00"))
    assert prober.refused["base.pod.malfunction-blocks"] >= 1
    assert not prober.errors
