"""The prober's speed tricks mean what their plain versions mean (see :mod:`nemesis_rules.invariants.probes`):
``below`` draws what ``randrange`` draws, ``_paid_from_hand`` tells a payment the hand holds as
``Multiset.contains_all`` does, and a :class:`Prober` remembers, draws, asks and finds what the
prober as first written does (:class:`_PlainProber`: ``decision in kept``, the kinds and players
sorted at each draw, ``candidate == chosen``, ``check`` asked and its error caught), run beside
it over seeded games, with and without an ``on_refusal`` hook (which sees the same refusals)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import pytest

from nemesis_rules.invariants.probes import (
    CONTAMINATED_EVERY,
    ERRORS_KEPT,
    KEPT_PER_KIND,
    MALFUNCTION_EVERY,
    MUTATED_EVERY,
    OUT_OF_TURN_EVERY,
    PROBES_PER_STEP,
    REPAID_EVERY,
    SAMPLE_EVERY,
    SEED_SALT,
    TURN,
    Prober,
    _idle,
    _mutated,
    _paid_from_hand,
    _paid_with_contamination,
    _room_action_despite_malfunction,
    below,
)
from nemesis_rules.model.core.actions import Action, Decision
from nemesis_rules.model.core.engine import (
    IllegalActionError,
    Transition,
    acting_player,
    check,
    is_chance,
    legal_actions,
)
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.players.play import play_game

GAMES = (("base", 3, 2), ("void-seeders", 5, 4), ("base", 8, 5), ("void-seeders", 9, 3))
"""(ruleset, seed, players) of the games probed."""

Refusal = tuple[int, Decision, str, str, str]
"""What an ``on_refusal`` hook is shown: the state (by id), the decision, and the error's reason, clause and message."""


@dataclass(slots=True)
class _PlainProber:
    """The prober as first written: ``randrange``, ``decision in kept``, the kinds and the other
    players sorted at each draw, ``candidate == chosen``, and ``check`` asked, its error caught."""

    seed: int
    per_step: int = PROBES_PER_STEP
    refused: Counter[str] = field(default_factory=Counter)
    probes: int = 0
    errors: list[str] = field(default_factory=list)
    on_refusal: Callable[[GameState, Decision, IllegalActionError], None] | None = None
    _seen: dict[tuple[int, str], dict[str, list[Decision]]] = field(default_factory=dict)
    _rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed ^ SEED_SALT)

    def _below(self, n: int) -> int:
        return self._rng.randrange(n)

    def remember_each(self, options: Iterable[Action], node: str) -> None:
        for decision in options:
            if not isinstance(decision, Decision):
                continue
            kept = self._seen.setdefault((decision.player, node), {}).setdefault(decision.kind, [])
            if decision in kept:
                continue
            if len(kept) < KEPT_PER_KIND:
                kept.append(decision)
            else:
                kept[self._below(KEPT_PER_KIND)] = decision

    def probe(self, state: GameState, chosen: Action) -> None:
        if self.per_step <= 0 or state.end is not None or is_chance(state) or not isinstance(chosen, Decision):
            return
        player = acting_player(state)
        if player is None:
            return
        node = type(state.pending[-1]).__name__
        self.remember_each((chosen,), node)
        if self._below(SAMPLE_EVERY) == 0:
            self.remember_each(legal_actions(state), node)
        for _ in range(self.per_step):
            candidate = self._candidate(state, player, node, chosen)
            if candidate is not None:
                self._ask(state, candidate)

    def _candidate(self, state: GameState, player: int, node: str, chosen: Decision) -> Decision | None:
        who = player
        if self._below(OUT_OF_TURN_EVERY) == 0:
            others = sorted(p for p, n in self._seen if p != player and n == node)
            idle = [p for p in others if _idle(state, p)]
            pool = idle or others
            if pool:
                who = pool[self._below(len(pool))]
        kinds = self._seen.get((who, node))
        if not kinds:
            return None
        candidate = self._any_of(kinds)
        if who == player:
            if self._below(REPAID_EVERY) != 0:
                candidate = _paid_from_hand(state, candidate)
            if self._below(CONTAMINATED_EVERY) == 0:
                candidate = _paid_with_contamination(state, candidate)
            if self._below(MUTATED_EVERY) == 0:
                candidate = _mutated(state, candidate)
            mistake = _room_action_despite_malfunction(state, player, kinds) if node == TURN else None
            if mistake is not None and self._below(MALFUNCTION_EVERY) == 0:
                candidate = mistake
        return None if candidate == chosen else candidate

    def probe_end(self, state: GameState) -> None:
        if self.per_step <= 0 or state.end is None or not self._seen:
            return
        keys = sorted(self._seen)
        self._ask(state, self._any_of(self._seen[keys[self._below(len(keys))]]))

    def _any_of(self, kinds: dict[str, list[Decision]]) -> Decision:
        names = sorted(kinds)
        kept = kinds[names[self._below(len(names))]]
        return kept[self._below(len(kept))]

    def _ask(self, state: GameState, decision: Decision) -> None:
        self.probes += 1
        try:
            check(state, decision)
        except IllegalActionError as refusal:
            if refusal.clause:
                self.refused[refusal.clause] += 1
            if self.on_refusal is not None:
                self.on_refusal(state, decision, refusal)
        except Exception as exc:
            if len(self.errors) < ERRORS_KEPT:
                self.errors.append(f"{decision}: {type(exc).__name__}: {exc}")


def _hook(shown: list[Refusal]) -> Callable[[GameState, Decision, IllegalActionError], None]:
    def on_refusal(state: GameState, decision: Decision, error: IllegalActionError) -> None:
        assert error.action is decision and error.state is state
        shown.append((id(state), decision, error.reason, error.clause, str(error)))

    return on_refusal


def test_below_draws_what_randrange_draws() -> None:
    for seed in range(5):
        fast, plain = random.Random(seed), random.Random(seed)
        draw = below(fast)
        bounds = [1 + (i * 7919) % 97 for i in range(500)] + [2**40, 3, 1, 8]
        assert [draw(n) for n in bounds] == [plain.randrange(n) for n in bounds]
        assert fast.random() == plain.random()


def test_a_draw_written_out_is_randrange() -> None:
    """What ``below(n)`` draws (``Random._randbelow``): ``getrandbits(n.bit_length())`` until below ``n``."""
    assert random.Random._randbelow is random.Random._randbelow_with_getrandbits  # type: ignore[attr-defined]
    for seed in range(5):
        fast, plain = random.Random(seed), random.Random(seed)
        bits = fast.getrandbits
        for n in [1 + (i * 7919) % 97 for i in range(500)] + [SAMPLE_EVERY, KEPT_PER_KIND, MUTATED_EVERY, 1]:
            k = n.bit_length()
            drawn = bits(k)
            while drawn >= n:
                drawn = bits(k)
            assert drawn == plain.randrange(n)
        assert fast.getstate() == plain.getstate()


def test_below_falls_back_on_randrange() -> None:
    class Own(random.Random):
        __slots__ = ()

    rng = Own(1)
    assert below(rng)(10) == Own(1).randrange(10)


@pytest.mark.parametrize("hooked", [False, True], ids=["no-hook", "on-refusal"])
@pytest.mark.parametrize(("ruleset", "seed", "players"), GAMES)
def test_a_prober_asks_and_finds_what_the_plain_prober_does(
    ruleset: str, seed: int, players: int, hooked: bool
) -> None:
    fast, plain = Prober(seed), _PlainProber(seed)
    shown_fast: list[Refusal] = []
    shown_plain: list[Refusal] = []
    if hooked:
        fast.on_refusal, plain.on_refusal = _hook(shown_fast), _hook(shown_plain)

    def probe(state: GameState, action: Action, transition: Transition) -> None:
        fast.probe(state, action)
        plain.probe(state, action)
        assert fast.probes == plain.probes

    end, _ = play_game(seed, players, ruleset, on_step=probe)
    fast.probe_end(end)
    plain.probe_end(end)
    assert fast.probes == plain.probes > 0
    assert fast.refused == plain.refused
    assert fast.errors == plain.errors
    assert fast._seen == plain._seen
    assert shown_fast == shown_plain
    assert (len(shown_fast) == sum(fast.refused.values()) > 0) if hooked else not shown_fast
    assert fast._rng.getstate() == plain._rng.getstate()
    for (player, node), kinds in fast._seen.items():
        assert fast._kinds[(player, node)] == sorted(kinds)
        for kind, kept in kinds.items():
            lists = fast._signatures[(player, node, kind)]
            assert lists[0] is kept and lists[1] == [(type(d), d.params) for d in kept]
    assert len(fast._signatures) == sum(len(kinds) for kinds in fast._seen.values())
    for node, players_there in fast._players.items():
        assert players_there == sorted(p for p, n in fast._seen if n == node)
    assert set(fast._players) == {n for _, n in fast._seen}


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
