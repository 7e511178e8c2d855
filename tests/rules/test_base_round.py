"""Known-answer tests for the round structure: its phases, the first player, drawing up and
discarding when passing (facts.md §2), named after their clause ids. The turn cycle and the round's
end are in test_base_round_cycles_and_end.py (they play from empty hands), a turn's actions in
test_base_round_turn.py and turn order and drawing five in test_base_round_order_and_draw.py (other
hands again). A Void Seeders game does not name the base Event Phase order."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.hands import PassDiscard
from nemesis_rules.model.rules.round import DrawUp, StartRound
from nemesis_rules.testing import after_setup, run, with_hand


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11: the Scout (player 1, Rifle, two cards) and the Soldier
    (no cards, so no Interruption window opens)."""
    return with_hand(with_hand(after_setup(players=2, seed=3), 1, "search", "rest"), 2)


def test_base_round_phases_a_new_round_opens_with_the_player_phase(game: GameState) -> None:
    state = game.evolve(phase="event")
    ctx = Context()
    after = StartRound().run(state, ctx)
    assert after.phase == "player" and after.round == game.round + 1
    assert "base.round.phases" in ctx.fired


def test_base_round_first_player_passes_to_the_left_after_round_one(game: GameState) -> None:
    ctx = Context()
    after = StartRound().run(game, ctx)  # round 1 -> 2
    assert after.first_player == game.first_player % 2 + 1
    assert "base.round.first-player-passes" in ctx.fired


def test_base_round_draw_every_active_player_draws_up(game: GameState) -> None:
    ctx = Context()
    after = StartRound().run(game, ctx)
    draws = [f for f in after.pending if isinstance(f, DrawUp)]
    assert sorted(f.player for f in draws) == [1, 2] and "base.round.draw" in ctx.fired


def test_base_round_pass_discard_a_passing_player_may_discard_cards(game: GameState) -> None:
    state = game.push(PassDiscard(1, ""))
    after, fired = run(state, [Decision.make(1, "discard", card="rest")])
    c = after.character(1)
    assert "rest" not in c.hand and c.discard.count("rest") == game.character(1).discard.count("rest") + 1
    assert "base.round.pass-discard" in fired


def test_base_round_pass_discard_keeping_the_hand(game: GameState) -> None:
    state = game.push(PassDiscard(1, ""))
    after, fired = run(state, [Decision.make(1, "keep-hand")])
    assert after.character(1).hand == game.character(1).hand and "base.round.pass-discard" not in fired


def test_base_round_event_phase_order_is_not_named_in_void_seeders_games() -> None:
    from nemesis_rules.players.play import play_game

    _, log = play_game(2, 2, "void-seeders")
    assert log.clauses["vs.event.step-order"] > 0 and "base.round.event-phase-order" not in log.clauses
