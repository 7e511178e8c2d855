"""Refusals name the rule that forbids (issue #20): a refusal cites the most specific clause, never a
catch-all where a specific clause exists.

The catch-alls are declared here: the cost clauses of the turn's actions and the turn itself. A
refusal may cite a cost clause only when the cost is what is wrong (paid otherwise from the hand,
the same decision is legal), and the turn's clause only for an action the turn does not offer at
all. The walk asks, at every turn of seeded games of both rulesets, the natural mistakes
(:func:`nemesis_rules.situation.legal.natural_mistakes`) and decisions seen legal earlier in the
game (the refusal probes fuzzing asks), and fails on a catch-all citation that is not about what
the catch-all states. The two refusals the issue names are pinned as situation files.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import IllegalActionError, acting_player, check, legal_actions, step
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.game import start
from nemesis_rules.model.rules.round import Turn
from nemesis_rules.players.play import choose
from nemesis_rules.situation import build_state, parse_situation_text
from nemesis_rules.situation.legal import natural_mistakes
from nemesis_rules.testing import refused_clause

COST_CATCH_ALLS = frozenset(
    {"base.cost.room-action", "base.cost.item-action", "base.item.action-cost", "base.cost.action-card"}
)
"""Clauses that state what an action costs: a refusal under one is right only when the cost is what is
wrong: with every one of the player's Action cards in hand, some payment makes the decision legal."""
TURN_CATCH_ALL = "base.round.turn"
"""The turn's clause: right only for an action the turn does not offer at all."""
GAMES = (("base", 1), ("base", 2), ("void-seeders", 1), ("void-seeders", 2))
PLAYERS = 3
MAX_STEPS = 900
ASKED_PER_TURN = 6


def _unpaid(decision: Decision) -> tuple[int, str, tuple[tuple[str, object], ...]]:
    return decision.player, decision.kind, tuple(p for p in decision.params if p[0] != "pay")


def catch_all_misuse(state: GameState, decision: Decision, clause: str) -> str | None:
    """Why citing ``clause`` for ``decision`` in ``state`` is a catch-all where a specific clause
    exists, or None when the citation is right (or not a catch-all)."""
    if clause in COST_CATCH_ALLS:
        c = state.character(decision.player)
        own = c.hand.union(c.deck).union(c.discard).union(Multiset.of(decision.cards()))
        rich = state.with_character(c.evolve(hand=Multiset((k, n) for k, n in own.items() if "contamination" not in k)))
        legal = {_unpaid(d) for d in legal_actions(rich) if isinstance(d, Decision)}
        if _unpaid(decision) in legal:
            return None  # with cards enough it is legal: the cost is what forbids it
        return f"{decision} refused under the cost clause {clause}, yet no payment makes it legal"
    if clause == TURN_CATCH_ALL and decision.kind in state.config.ruleset.actions:
        return f"{decision} refused under {clause} although the turn offers '{decision.kind}' actions"
    return None


def _games() -> Iterator[tuple[str, int, GameState, list[Decision]]]:
    """Each turn of the seeded games, with the decisions its player was seen to take legally before."""
    for ruleset, seed in GAMES:
        rng = random.Random(seed)
        state = start(ruleset, PLAYERS)
        seen: dict[int, list[Decision]] = {}
        for _ in range(MAX_STEPS):
            if state.end is not None:
                break
            player = acting_player(state)
            if player is not None and isinstance(state.pending[-1], Turn):
                yield ruleset, seed, state, seen.get(player, [])
            action = choose(state, rng)
            if isinstance(action, Decision):
                kept = seen.setdefault(action.player, [])
                if action not in kept:
                    kept.append(action)
            state = step(state, action).state


def _asked(state: GameState, remembered: list[Decision], rng: random.Random) -> Iterator[Decision]:
    for mistake in natural_mistakes(state):
        yield mistake.action
    legal = set(legal_actions(state))
    stale = [d for d in remembered if d not in legal]
    rng.shuffle(stale)
    yield from stale[:ASKED_PER_TURN]


def test_refusals_walked_cite_no_catch_all_where_a_specific_clause_exists() -> None:
    rng = random.Random(20)
    misuses: list[str] = []
    refusals = 0
    clauses: set[str] = set()
    for ruleset, seed, state, remembered in _games():
        for decision in _asked(state, remembered, rng):
            try:
                check(state, decision)
            except IllegalActionError as refusal:
                refusals += 1
                clauses.add(refusal.clause)
                found = catch_all_misuse(state, decision, refusal.clause)
                if found is not None:
                    misuses.append(f"{ruleset} seed {seed} round {state.round}: {found} ({refusal.reason})")
    assert refusals > 500, refusals  # the walk asks enough to mean something
    assert "base.move.adjacent" in clauses and "base.combat.no-pvp" in clauses and "base.item.inventory" in clauses
    assert not misuses, "\n".join(misuses[:20])


def test_catch_all_misuse_is_caught_when_a_cost_clause_is_cited_for_a_rule() -> None:
    """The checker itself can fail: a move to a room that is not a neighbour cited under a cost clause."""
    state = build_state(parse_situation_text("players = 2\n"))
    wrong = Decision.make(1, "move", to="01", pay=("search",))
    assert catch_all_misuse(state, wrong, "base.cost.room-action") is not None
    assert catch_all_misuse(state, wrong, "base.move.adjacent") is None


GENERATOR_WHILE_HIBERNATING = """
question = "May the Captain start the Self-Destruct while the Pilot hibernates?"
players = 2
[[character]]
player = 1
character = "captain"
room = "04"
hand = ["search", "rest", "order"]
[[character]]
player = 2
character = "pilot"
status = "hibernating"
"""


def test_base_room_generator_start_refused_while_somebody_hibernates() -> None:
    state = build_state(parse_situation_text(GENERATOR_WHILE_HIBERNATING))
    assert state.room("04").tile == "generator"
    start_it = Decision.make(1, "room-action", room="generator", sequence="start", pay=("order", "rest"))
    assert refused_clause(state, start_it) == "base.room.generator"


REST_AT_THREE = """
question = "May the Scout lower Insanity 3 with Rest?"
ruleset = "void-seeders"
players = 2
[[character]]
player = 1
character = "scout"
hand = ["rest", "search", "adrenaline"]
insanity = 3
"""


@pytest.mark.parametrize(
    ("level", "clause"), [(3, "vs.insanity.no-return-below-3"), (1, "vs.change.reduction-limited")]
)
def test_vs_insanity_no_return_below_3_refuses_lowering_with_rest(level: int, clause: str) -> None:
    state = build_state(parse_situation_text(REST_AT_THREE.replace("insanity = 3", f"insanity = {level}")))
    lower = Decision.make(1, "play-card", card="rest", insanity="lower", scan="no", pay=())
    assert refused_clause(state, lower) == clause
    keep = Decision.make(1, "play-card", card="rest", insanity="keep", scan="no", pay=())
    assert keep in legal_actions(state)
