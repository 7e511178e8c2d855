"""The Turn's options built the fast way (rules visited in kind order, decisions kept and
reused, shortcuts that skip impossible actions) are exactly the plain list: every rule's
options, the pass included, sorted by (player, kind, params) with repeats dropped."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import legal_actions, step
from nemesis_rules.model.core.ruleset import ActionRule
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.game import start
from nemesis_rules.model.rules import movement
from nemesis_rules.model.rules.payment import payments
from nemesis_rules.model.rules.registry import turn_options
from nemesis_rules.model.rules.round import Turn, sorted_unique


def plain_options(state: GameState, player: int) -> tuple[Decision, ...]:
    out = [Decision.make(player, "pass")]
    fighting = state.in_combat(player)
    for rule in state.config.ruleset.actions.values():
        if rule.in_combat or not fighting:
            out.extend(rule.options(state, player))
    return sorted_unique(out)


def turns(ruleset: str, players: int, seed: int, limit: int = 1500) -> list[tuple[GameState, Turn]]:
    rng = random.Random(seed)
    state = start(ruleset=ruleset, players=players)
    found = []
    for _ in range(limit):
        if state.end is not None:
            break
        top = state.pending[-1]
        if isinstance(top, Turn):
            found.append((state, top))
        state = step(state, rng.choice(legal_actions(state))).state
    return found


@pytest.mark.parametrize(("ruleset", "players", "seed"), [("base", 3, 1), ("void-seeders", 4, 2), ("base", 5, 3)])
def test_turn_options_are_the_plain_sorted_list(ruleset: str, players: int, seed: int) -> None:
    found = turns(ruleset, players, seed)
    assert found
    for state, turn in found:
        assert turn.options(state) == plain_options(state, turn.player)


@pytest.mark.parametrize(("ruleset", "players", "seed"), [("base", 4, 7), ("void-seeders", 5, 8)])
def test_a_rule_declared_ordered_lists_its_options_sorted_and_once(ruleset: str, players: int, seed: int) -> None:
    """The turn takes the options of a rule declared ``ordered`` as they come: each must list
    them sorted by parameters, with no repeat, wherever the game is."""
    ordered = [rule for rule in start(ruleset).config.ruleset.actions.values() if rule.ordered]
    assert {rule.kind for rule in ordered} >= {"move", "careful-move"}
    listed = 0
    for state, turn in turns(ruleset, players, seed):
        for rule in ordered:
            options = rule.options(state, turn.player)
            params = [d.params for d in options]
            assert params == sorted(set(params)), (rule.kind, state.round)
            assert all(d.kind == rule.kind and d.player == turn.player for d in options)
            listed += len(options) > 1
    assert listed > 20


def test_move_options_offer_every_open_exit_with_every_way_to_pay() -> None:
    state, turn = turns("base", 2, 4)[0]
    hand = state.character(turn.player).hand
    exits = movement._exits(state, turn.player)
    ways = payments(hand, movement.move_cost(state, turn.player))
    options = movement.move_options(state, turn.player)
    assert exits and ways
    assert {(d.get("to"), d.get("pay")) for d in options} == {(to, cards) for _, to in exits for cards in ways}
    assert len(options) == len(exits) * len(ways)


def with_action(state: GameState, rule: ActionRule) -> GameState:
    """``state`` in a game whose ruleset is its own with ``rule`` added or replaced (a ruleset is
    a value: the game's config carries it)."""
    ruleset = state.config.ruleset
    changed = replace(ruleset, actions={**ruleset.actions, rule.kind: rule})
    return replace(state, config=replace(state.config, ruleset=changed))


def test_a_rule_listing_another_kind_still_gets_one_sorted_unique_list() -> None:
    state, turn = turns("base", 2, 5)[0]
    stray = [Decision.make(turn.player, "pass"), Decision.make(turn.player, "zzz-odd", x="1")]
    rule = replace(state.config.ruleset.actions["drop"], options=lambda s, p: list(stray), ordered=False)
    state = with_action(state, rule)
    options = turn_options(state, turn.player, Decision.make(turn.player, "pass"))
    assert options == plain_options(state, turn.player)
    assert options.count(Decision.make(turn.player, "pass")) == 1 and options[-1].kind == "zzz-odd"


def test_a_new_kind_in_the_ruleset_takes_its_place_in_the_order() -> None:
    state, turn = turns("void-seeders", 3, 6)[0]
    drop = state.config.ruleset.actions["drop"]
    extra = ActionRule(
        "aaa-first", "base.round.turn", lambda s, p: [Decision.make(p, "aaa-first")], drop.perform, drop.diagnose, True
    )
    state = with_action(state, extra)
    options = turn.options(state)
    assert options[0] == Decision.make(turn.player, "aaa-first")
    assert options == plain_options(state, turn.player)
