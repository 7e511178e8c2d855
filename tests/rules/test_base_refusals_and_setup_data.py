"""Refusals named after the restricting clause, and the static data setup puts into play (the
clauses a refusal probe or setup exercises; see nemesis_rules.invariants.probes)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.board.layout import TECH
from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import IllegalActionError, check, legal_actions
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.players.play import play_game
from nemesis_rules.testing import after_setup, move_character, with_hand


@pytest.fixture
def game() -> GameState:
    state = after_setup(players=2, seed=3)
    return with_hand(state, 1, "search", "search", "rest", "demolition", "interruption")


def _refusal(state: GameState, decision: Decision) -> str:
    with pytest.raises(IllegalActionError) as info:
        check(state, decision)
    return info.value.clause


def _first(state: GameState, kind: str) -> Decision:
    return next(a for a in legal_actions(state) if isinstance(a, Decision) and a.kind == kind)


def test_base_move_closed_door_refuses_a_move_that_was_legal_before_the_door_closed(game: GameState) -> None:
    move = _first(game, "move")
    corridor = game.config.board.corridor_between[(game.character(1).position, move.text("to"))]
    closed = game.with_door(corridor, "closed")
    assert _refusal(closed, move) == "base.move.closed-door"


def test_base_careful_move_all_noisy_refuses_when_every_corridor_of_the_room_is_noisy(game: GameState) -> None:
    careful = _first(game, "careful-move")
    spaces = game.config.board.spaces_at[careful.text("to")]
    noisy = replace(game, noise=game.noise | frozenset(spaces))
    assert _refusal(noisy, careful) == "base.careful-move.all-noisy"


def test_base_noise_limit_one_refuses_a_second_marker_in_a_corridor(game: GameState) -> None:
    careful = next(
        a
        for a in legal_actions(game)
        if isinstance(a, Decision) and a.kind == "careful-move" and len(game.config.board.spaces_at[a.text("to")]) > 1
    )
    noisy = replace(game, noise=game.noise | {careful.text("noise")})
    assert _refusal(noisy, careful) == "base.noise.limit-one"


@pytest.mark.parametrize("ruleset", ["base", "void-seeders"])
def test_setup_fires_the_static_clauses_it_puts_into_play(ruleset: str) -> None:
    _, log = play_game(5, players=2, ruleset=ruleset)
    for clause in (
        "base.ship.rooms",
        "base.item.decks",
        "base.contamination.deck",
        "base.character.roster",
        "base.time.track",
    ):
        assert log.clauses[clause] == 1, clause
    for clause in (
        "base.character.action-deck",
        "base.character.shared-cards",
        "base.character.starting-weapon",
        "base.quest-item.inactive",
    ):
        assert log.clauses[clause] == 2, clause  # once per drafted character


def test_base_ship_rooms_every_slot_of_the_21_rooms_holds_a_tile() -> None:
    state = after_setup(players=1, seed=2)
    kinds = state.config.board.kinds
    assert len(state.rooms) == 21 and all(r.tile for r in state.rooms)
    assert sorted(set(kinds.values())) == ["printed", "slot-1", "slot-2"]
    assert [sum(1 for k in kinds.values() if k == kind) for kind in ("printed", "slot-1", "slot-2")] == [5, 11, 5]


def test_base_character_roster_action_deck_shared_cards_starting_weapon_quest_item_inactive() -> None:
    state = after_setup(players=2, seed=4)
    config = state.config
    assert sorted(tables.character_names(config)) == ["captain", "mechanic", "pilot", "scientist", "scout", "soldier"]
    for c in state.characters:
        cards = c.deck.union(c.hand)
        assert cards.total == 10
        for shared in ("demolition", "interruption", "rest"):
            assert cards.count(shared) == 1
        assert cards.count("search") == 2
        assert c.hands == (tables.starting_weapon(config, c.name)[0],)
        assert len(c.quests) == 2 and all(status == "inactive" for _, status in c.quests)


def test_base_item_decks_and_contamination_deck_are_set_out_at_setup() -> None:
    state = after_setup(players=2, seed=4)
    decks = dict(state.decks)
    assert {"red", "yellow", "green", "blue", "contamination"} <= set(decks)
    assert all(decks[colour].unknown.total == 30 for colour in ("red", "yellow", "green"))
    assert decks["blue"].unknown.total == 12


def test_base_time_track_the_marker_starts_on_the_green_space() -> None:
    state = after_setup(players=2, seed=4)
    track = tables.time_track(state.config)
    assert state.time == track.start_index and len(track.spaces) == 16


def test_base_tech_corridor_characters_barred_a_move_through_the_technical_corridors_is_refused(
    game: GameState,
) -> None:
    board = game.config.board
    here = game.character(1).position
    entrances = [p for p in board.positions if TECH in board.spaces_at[p]]
    start = next(p for p in entrances if any((p, q) not in board.corridor_between for q in entrances if q != p))
    far = next(q for q in entrances if q != start and (start, q) not in board.corridor_between)
    state = move_character(game, 1, start) if start != here else game
    assert _refusal(state, Decision.make(1, "move", to=far, pay=("search",))) == "base.tech-corridor.characters-barred"
