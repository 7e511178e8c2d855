"""Refusals name the rule that forbids the action, and the readings and clauses wired in round.py,
effect_actions.py and engine.py act as catalogued; named after their clause and ruling ids."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import IllegalActionError, apply, check, legal_actions
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.hands import DrawUp
from nemesis_rules.testing import (
    after_setup,
    explored,
    move_character,
    run,
    with_frames,
    with_hand,
    with_intruders,
    with_ruling,
)


@pytest.fixture
def game() -> GameState:
    """Two players after setup (seed 3): player 1 to act, both in the Hibernatorium (11)."""
    return after_setup(players=2, seed=3)


def _refusal(state: GameState, decision: Decision) -> str:
    with pytest.raises(IllegalActionError) as error:
        check(state, decision)
    return error.value.clause


def _position_of(state: GameState, tile: str) -> str:
    return next(p for p in state.config.board.neighbours if state.room(p).tile == tile)


def test_base_round_passed_no_actions_a_player_who_passed_is_refused_with_the_rule(game: GameState) -> None:
    state = apply(game, Decision.make(1, "pass"))
    while not isinstance(state.pending[-1], type(game.pending[-1])) or state.pending[-1].player != 2:
        state = apply(state, next(a for a in legal_actions(state) if isinstance(a, Decision)))
    assert _refusal(state, Decision.make(1, "pass")) == "base.round.passed-no-actions"


def test_base_round_turn_order_a_player_who_has_not_passed_waits_for_their_turn(game: GameState) -> None:
    assert _refusal(game, Decision.make(2, "pass")) == "base.round.turn-order"


def test_base_combat_no_room_action_in_combat(game: GameState) -> None:
    state = with_intruders(game, Intruder(1, "adult", "11"))
    action = Decision.make(1, "room-action", room="hibernatorium", pay=("demolition", "search"))
    assert _refusal(state, action) == "base.combat.no-room-action"


def test_base_search_no_search_rooms_the_hibernatorium_cannot_be_searched(game: GameState) -> None:
    action = Decision.make(1, "play-card", card="search", pay=())
    assert _refusal(game, action) == "base.search.no-search-rooms"


def test_base_hibernation_blue_the_chambers_are_closed_before_the_blue_spaces(game: GameState) -> None:
    action = Decision.make(1, "room-action", room="hibernatorium", pay=("demolition", "search"))
    assert game.time == 0
    assert _refusal(game, action) == "base.hibernation.blue"


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
    assert _refusal(broken, board) == "base.pod.malfunction-blocks"


def test_base_source_evac_malfunction_no_block_lets_characters_board_anyway(game: GameState) -> None:
    broken, board = _in_section_a(game, malfunction=True)
    lenient = with_ruling(broken, "base.source.evac-malfunction", "no-block")
    assert board in legal_actions(lenient)
    _, fired = run(lenient, [board])
    assert "base.source.evac-malfunction" in fired


def test_base_cost_basic_actions_a_move_is_a_basic_action(game: GameState) -> None:
    move = next(a for a in legal_actions(game) if isinstance(a, Decision) and a.kind == "move")
    _, fired = run(game, [move])
    assert "base.cost.basic-actions" in fired
    card = next(a for a in legal_actions(game) if isinstance(a, Decision) and a.kind == "play-card")
    _, fired = run(game, [card])
    assert "base.cost.basic-actions" not in fired


def _drawn(state: GameState) -> int:
    state = with_frames(with_hand(state, 1, "search", "rest", "demolition"), DrawUp(1))
    while state.pending and type(state.pending[-1]).__name__ == "ActionCardDraw":
        state = apply(state, legal_actions(state)[0])
    return state.character(1).hand.total


def test_base_de_draw_five_draws_five_cards_whatever_is_held(game: GameState) -> None:
    assert _drawn(game) == 5
    assert _drawn(with_ruling(game, "base.de.draw-five", "draw-five")) == 8


def test_base_round_event_phase_order_is_not_named_in_void_seeders_games() -> None:
    from nemesis_rules.players.play import play_game

    _, log = play_game(2, 2, "void-seeders")
    assert log.clauses["vs.event.step-order"] > 0 and "base.round.event-phase-order" not in log.clauses


def test_base_malfunction_blocks_room_action_of_any_other_room(game: GameState) -> None:
    position = _position_of(game, "surgery")
    state = move_character(explored(game, position), 1, position)
    state = state.with_room(position, replace(state.room(position), malfunction=True))
    action = Decision.make(1, "room-action", room="surgery", pay=("demolition", "search"))
    assert _refusal(state, action) == "base.malfunction.blocks-room-action"
