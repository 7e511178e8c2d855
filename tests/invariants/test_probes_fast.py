"""The prober's speed tricks mean what their plain versions mean (see :mod:`nemesis_rules.invariants.probes`):
``below`` draws what ``randrange`` draws, and :meth:`Prober.remember`'s parallel signatures keep
exactly the decisions the plain ``decision in kept`` test keeps, and ``_paid_from_hand`` tells a
payment the hand holds as ``Multiset.contains_all`` does. A prober with both plain
versions, run beside the real one over seeded games, remembers, asks and finds the same."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest

from nemesis_rules.invariants.probes import KEPT_PER_KIND, Prober, _paid_from_hand, below
from nemesis_rules.model.core.actions import Action, Decision
from nemesis_rules.model.core.engine import Transition
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.players.play import play_game

GAMES = (("base", 3, 2), ("void-seeders", 5, 4), ("base", 8, 5))
"""(ruleset, seed, players) of the games probed."""


class _PlainProber(Prober):
    """A prober with the plain versions: ``randrange`` and the list membership test."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self._below = self._rng.randrange

    def remember_each(self, options: Iterable[Action], node: str) -> None:
        for decision in options:
            if isinstance(decision, Decision):
                self._remember(decision, node)

    def _remember(self, decision: Decision, node: str) -> None:
        kinds = self._seen.setdefault((decision.player, node), {})
        kept = kinds.setdefault(decision.kind, [])
        if decision in kept:
            return
        if len(kept) < KEPT_PER_KIND:
            kept.append(decision)
        else:
            kept[self._below(KEPT_PER_KIND)] = decision


def test_below_draws_what_randrange_draws() -> None:
    for seed in range(5):
        fast, plain = random.Random(seed), random.Random(seed)
        draw = below(fast)
        bounds = [1 + (i * 7919) % 97 for i in range(500)] + [2**40, 3, 1, 8]
        assert [draw(n) for n in bounds] == [plain.randrange(n) for n in bounds]
        assert fast.random() == plain.random()


def test_below_falls_back_on_randrange() -> None:
    class Own(random.Random):
        __slots__ = ()

    rng = Own(1)
    assert below(rng)(10) == Own(1).randrange(10)


@pytest.mark.parametrize(("ruleset", "seed", "players"), GAMES)
def test_a_prober_asks_and_finds_what_the_plain_prober_does(ruleset: str, seed: int, players: int) -> None:
    fast, plain = Prober(seed), _PlainProber(seed)

    def probe(state: GameState, action: Action, transition: Transition) -> None:
        fast.probe(state, action)
        plain.probe(state, action)

    end, _ = play_game(seed, players, ruleset, on_step=probe)
    fast.probe_end(end)
    plain.probe_end(end)
    assert fast.probes == plain.probes > 0
    assert fast.refused == plain.refused
    assert fast.errors == plain.errors
    assert fast._seen == plain._seen
    assert plain._signatures == {}
    for (player, node), kinds in fast._seen.items():
        for kind, kept in kinds.items():
            assert fast._signatures[(player, node, kind)] == [(type(d), d.params) for d in kept]


def _plain_paid_from_hand(state: GameState, decision: Decision) -> Decision:
    """``probes._paid_from_hand`` as first written (``contains_all`` on a multiset of the payment)."""
    paid = decision.cards()
    if not paid:
        return decision
    hand = state.character(decision.player).hand
    if hand.contains_all(Multiset.of(paid)):
        return decision
    reserved = decision.get("card")
    cards = [
        card
        for card, count in hand.items()
        if not card.startswith("contamination")
        for _ in range(count - (1 if card == reserved else 0))
    ]
    if len(cards) < len(paid):
        return decision
    params = dict(decision.params)
    params["pay"] = tuple(sorted(cards[: len(paid)]))
    return Decision.make(decision.player, decision.kind, **params)


def test_paid_from_hand_is_the_plain_version() -> None:
    """Payments seen earlier in a game, paid again from each later hand (what a probe does)."""
    paying: list[Decision] = []
    checked = 0

    def look(state: GameState, action: Action, transition: Transition) -> None:
        nonlocal checked
        if isinstance(action, Decision) and action.cards():
            paying.append(action)
        for decision in paying[-12:]:
            assert _paid_from_hand(state, decision) == _plain_paid_from_hand(state, decision), decision
            checked += 1

    play_game(4, 3, "base", on_step=look)
    assert checked > 100
