"""Refusal probes: illegal decisions re-issued at decision nodes count the clause ``check`` cites,
and never change the game."""

from __future__ import annotations

import random

from nemesis_rules.invariants.fuzzing import GameSpec, Setup, play_spec
from nemesis_rules.invariants.probes import Prober
from nemesis_rules.model.core.actions import Action, Decision
from nemesis_rules.model.core.engine import legal_actions
from nemesis_rules.model.core.state import GameState
from nemesis_rules.players.play import play_game
from nemesis_rules.players.strategies import goal_seeking as choose
from nemesis_rules.testing import after_setup, with_hand


def _probing_chooser(prober: Prober):  # type: ignore[no-untyped-def]
    def chooser(state: GameState, rng: random.Random) -> Action:
        action = choose(state, rng)
        prober.probe(state, action)
        return action

    return chooser


def test_probing_does_not_change_the_game() -> None:
    for seed, ruleset in ((3, "base"), (4, "void-seeders")):
        plain_state, plain = play_game(seed, 3, ruleset)
        prober = Prober(seed)
        probed_state, probed = play_game(seed, 3, ruleset, chooser=_probing_chooser(prober))
        assert probed.actions == plain.actions and probed.clauses == plain.clauses
        assert probed_state == plain_state
        assert prober.probes > 0 and prober.refused and not prober.errors


def test_play_spec_counts_refusals_and_plays_the_same_game_without_them() -> None:
    spec = GameSpec(0, "base", 2, 7)
    probed = play_spec(spec, Setup(probes=2))
    plain = play_spec(spec, Setup(probes=0))
    assert (probed.steps, probed.clauses, probed.end_reason) == (plain.steps, plain.clauses, plain.end_reason)
    assert plain.probes == 0 and not plain.refused
    assert probed.probes > 0 and "base.round.turn-order" in probed.refused


def test_a_remembered_move_through_a_door_closed_since_is_refused_by_base_move_closed_door() -> None:
    state = with_hand(after_setup(players=2, seed=3), 1, "search", "search", "rest")
    move = next(a for a in legal_actions(state) if isinstance(a, Decision) and a.kind == "move")
    prober = Prober(0, per_step=1)
    prober.remember(move, "Turn")
    corridor = state.config.board.corridor_between[(state.character(1).position, move.text("to"))]
    closed = state.with_door(corridor, "closed")
    pass_now = Decision.make(1, "pass")
    for _ in range(8):  # the out-of-turn pick has no other player to choose: every probe is the move
        prober.probe(closed, pass_now)
    assert prober.refused["base.move.closed-door"] >= 1


def test_a_player_out_of_turn_is_refused_by_the_turn_order() -> None:
    state = after_setup(players=2, seed=3)
    prober = Prober(1, per_step=4)
    prober.remember(Decision.make(2, "pass"), "Turn")
    for _ in range(20):
        prober.probe(state, Decision.make(1, "pass"))
    assert set(prober.refused) == {"base.round.turn-order"}


def test_no_probe_at_a_chance_node_or_with_probing_off() -> None:
    state = after_setup(players=2, seed=3)
    off = Prober(1, per_step=0)
    off.remember(Decision.make(2, "pass"), "Turn")
    off.probe(state, Decision.make(1, "pass"))
    assert off.probes == 0
    from nemesis_rules.model.game import start

    chance = start("base", 2)
    on = Prober(1)
    on.probe(chance, legal_actions(chance)[0])
    assert on.probes == 0


def test_base_combat_no_pvp_an_attack_mutated_onto_a_character_is_refused() -> None:
    from nemesis_rules.invariants.probes import _mutated
    from nemesis_rules.model.core.engine import IllegalActionError, check

    state = with_hand(after_setup(players=2, seed=3), 1, "search", "search", "rest")
    mutated = _mutated(state, Decision.make(1, "melee", target="i1", pay=("search",)))
    assert mutated.get("target") == state.character(2).name
    try:
        check(state, mutated)
    except IllegalActionError as refusal:
        assert refusal.clause == "base.combat.no-pvp"
    else:  # pragma: no cover - the assertion below reports it
        raise AssertionError("an attack on a Character was accepted")


def test_base_trade_not_empty_a_trade_mutated_to_nothing_is_refused() -> None:
    from nemesis_rules.invariants.probes import _mutated
    from nemesis_rules.model.core.engine import IllegalActionError, check

    state = with_hand(after_setup(players=2, seed=3), 1, "search", "search", "rest")
    trade = Decision.make(1, "trade", partner="2", give="medkit", take="", pay=("search",))
    mutated = _mutated(state, trade)
    assert (mutated.get("give"), mutated.get("take")) == ("", "")
    try:
        check(state, mutated)
    except IllegalActionError as refusal:
        assert refusal.clause == "base.trade.not-empty"
    else:  # pragma: no cover
        raise AssertionError("an empty trade was accepted")


def test_base_end_check_needed_every_decision_after_the_end_is_refused() -> None:
    final, log = play_game(5, 2, "base")
    assert final.end is not None
    prober = Prober(5)
    taken = [a for a in log.actions if isinstance(a, Decision)]
    prober.remember(taken[-1], "Turn")
    prober.probe_end(final)
    assert prober.refused == {"base.end.check-needed": 1}


def test_fuzzing_exercises_the_mutated_and_final_probes() -> None:
    refused: set[str] = set()
    for g in range(6):
        refused |= set(play_spec(GameSpec(g, "base", 2 + g % 3, 11 + g), Setup()).refused)
    assert {"base.end.check-needed", "base.combat.no-pvp"} <= refused
