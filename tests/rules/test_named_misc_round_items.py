"""Known-answer tests for the round structure, fire at the end of a turn, Malfunctions, dropping,
picking up and trading (issue #8): each sets up the situation and checks the state after."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import Context, IllegalActionError, check
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.hands import DrawUp, PassDiscard
from nemesis_rules.model.rules.markers import place_malfunction
from nemesis_rules.model.rules.round import EndTurn, StartRound
from nemesis_rules.testing import after_setup, run, top_frame, with_frames, with_hand


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11: the Scout (player 1, Rifle, two cards) and the Soldier
    (no cards, so no Interruption window opens)."""
    return with_hand(with_hand(after_setup(players=2, seed=3), 1, "search", "rest"), 2)


# -- the round ---------------------------------------------------------------------------------


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


def test_base_fire_end_of_turn_a_character_in_a_burning_room_is_wounded(game: GameState) -> None:
    state = game.with_room("11", replace(game.room("11"), fire=True))
    ctx = Context()
    EndTurn(1).run(state, ctx)
    assert "base.fire.end-of-turn" in ctx.fired
    after = with_frames(state.evolve(pending=state.pending[:-1]), EndTurn(1))
    assert after.character(1).light_wounds == 1


def test_base_fire_end_of_turn_no_wound_without_fire(game: GameState) -> None:
    ctx = Context()
    EndTurn(1).run(game, ctx)
    assert "base.fire.end-of-turn" not in ctx.fired


# -- Malfunctions ------------------------------------------------------------------------------


def test_base_malfunction_limit_one_marker_per_room(game: GameState) -> None:
    ctx = Context()
    once = place_malfunction(game, "11", ctx)
    assert once.room("11").malfunction and "base.malfunction.limit" in ctx.fired
    assert place_malfunction(once, "11", Context()) == once


@pytest.mark.parametrize("position", ["09", "14"])  # the Nest, the Room Covered with Slime
def test_base_malfunction_immune_rooms_never_take_a_marker(game: GameState, position: str) -> None:
    ctx = Context()
    after = place_malfunction(game, position, ctx)
    assert not after.room(position).malfunction and "base.malfunction.immune-rooms" in ctx.fired


def test_base_malfunction_exhaustion_a_marker_beyond_the_supply_breaches_the_hull(game: GameState) -> None:
    # all eight Malfunction markers are on the board
    state = game
    for p in ("01", "02", "03", "04", "05", "06", "07", "08"):
        state = state.with_room(p, replace(state.room(p), malfunction=True))
    ctx = Context()
    after = with_frames(place_malfunction(state, "11", ctx))
    assert after.end is not None and "base.malfunction.exhaustion" in ctx.fired
    assert not any(c.alive for c in after.characters)


# -- items in hand -----------------------------------------------------------------------------


def test_base_item_drop_is_free_and_discards_an_item(game: GameState) -> None:
    after, fired = run(game, [Decision.make(1, "drop", item="rifle")])
    c = after.character(1)
    assert "rifle" not in c.hands and c.hand == game.character(1).hand
    assert "base.item.drop" in fired
    assert top_frame(after) == top_frame(game)  # still the same turn, no action spent


def test_base_item_drop_a_heavy_object_stays_in_the_room(game: GameState) -> None:
    state = game.with_character(game.character(1).evolve(hands=("rifle", "corpse-red")))
    after, fired = run(state, [Decision.make(1, "drop", item="corpse-red")])
    assert after.room("11").objects.count("corpse-red") == state.room("11").objects.count("corpse-red") + 1
    assert "base.item.drop" in fired


def test_base_heavy_object_pick_up_is_a_basic_action(game: GameState) -> None:
    room = game.room("11")
    state = game.with_room("11", replace(room, objects=room.objects.add("corpse-red")))
    after, fired = run(state, [Decision.make(1, "pick-up", object="corpse-red", pay=("search",))])
    c = after.character(1)
    assert c.hands == ("rifle", "corpse-red") and "search" not in c.hand
    assert "base.heavy-object.kinds" in fired
    assert after.room("11").objects.count("corpse-red") == room.objects.count("corpse-red")


def test_base_heavy_object_hand_slot_two_full_hands_cannot_pick_up(game: GameState) -> None:
    room = game.room("11")
    state = game.with_room("11", replace(room, objects=room.objects.add("corpse-red")))
    state = state.with_character(state.character(1).evolve(hands=("rifle", "carcass")))
    with pytest.raises(IllegalActionError) as err:
        check(state, Decision.make(1, "pick-up", object="corpse-red", pay=("search",)))
    assert err.value.clause == "base.heavy-object.hand-slot"


def trade(**params: str | tuple[str, ...]) -> Decision:
    return Decision.make(1, "trade", **{"give": "", "take": "", "partner": "2", "pay": ("search",), **params})


def test_base_trade_participants_the_partner_consents_only_the_initiator_pays(game: GameState) -> None:
    after, _ = run(game, [trade(take="assault-rifle")])
    after, _ = run(after, [Decision.make(2, "accept-trade")])
    assert "assault-rifle" in after.character(1).hands and "assault-rifle" not in after.character(2).hands
    assert after.character(1).hand.total == 1 and after.character(2).hand.total == 0


def test_base_trade_participants_the_partner_must_be_in_the_room(game: GameState) -> None:
    state = game.with_character(game.character(2).evolve(position="01"))
    with pytest.raises(IllegalActionError) as err:
        check(state, trade(take="assault-rifle"))
    assert err.value.clause == "base.trade.participants"


def test_base_trade_not_empty(game: GameState) -> None:
    with pytest.raises(IllegalActionError) as err:
        check(game, trade())
    assert err.value.clause == "base.trade.not-empty"


def test_base_trade_no_ammo(game: GameState) -> None:
    with pytest.raises(IllegalActionError) as err:
        check(game, trade(give="ammo"))
    assert err.value.clause == "base.trade.no-ammo"
