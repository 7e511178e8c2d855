"""Turn an abstract Insanity counterexample into a concrete game: a snapshot in which the
breaking step is the next thing that can happen, and the record line that takes it.

The abstract witness gives the level before and after. A Void Seeders game is set up (with
the witness's rulings), the acting character is put at the level before with a hand that can
pay for a Rest or a room action, and a bounded search over the engine's own legal actions
(decisions and chance outcomes) finds steps that move that character's Insanity from the
level before to the level after. ``show`` opens the snapshot; ``replay`` with the Insanity
invariant rejects the record's last line.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from nemesis_rules.model.core.actions import Action
from nemesis_rules.model.core.engine import legal_actions, step
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import Character, GameState
from nemesis_rules.record import RecordHeader, write_record
from nemesis_rules.testing import after_setup

MAX_NODES = 3000
MAX_DEPTH = 3


def floor_violation(before: GameState, action: Action, after: GameState) -> str | None:
    """The step invariant the Insanity proofs state: once at 3, never below 3 again."""
    for old, new in zip(before.characters, after.characters, strict=True):
        if new.alive and old.insanity >= 3 > new.insanity:
            fell = f"from {old.insanity} to {new.insanity}"
            return f"player {new.player}'s Insanity fell {fell} (vs.insanity.no-return-below-3)"
    return None


def situation(witness: Mapping[str, Any], rulings: Mapping[str, str]) -> GameState:
    """A Void Seeders state in which player 1, to act, is at the witness's level before."""
    state = after_setup(players=2, seed=0, ruleset="void-seeders", rulings=dict(rulings))
    level = int(witness["before"]["level"])
    return state.with_character(replace(_paying_hand(state.character(1)), insanity=level))


PAYING = ("rest", "search", "demolition")
"""The cards put in the acting Character's hand first: Rest itself, and cards to pay for it or
for a room action."""


def _paying_hand(character: Character) -> Character:
    """``character`` with its own cards rearranged (none added or lost, so the snapshot passes
    ``conservation.cards``): the :data:`PAYING` cards it owns in hand, the hand filled up to its
    size from the rest, the others in its deck, the discard pile empty."""
    pool = character.hand.union(character.deck).union(character.discard)
    size = len(character.hand)
    chosen = [card for card in PAYING if card in pool][:size]
    rest = pool.difference(Multiset.of(chosen))
    chosen += sorted(rest)[: size - len(chosen)]
    hand = Multiset.of(chosen)
    return replace(character, hand=hand, deck=pool.difference(hand), discard=Multiset())


def find_steps(start: GameState, player: int, before: int, after: int) -> list[Action] | None:
    """The shortest list of legal actions from ``start`` after which ``player``'s Insanity went
    from ``before`` to ``after`` in the last step (bounded breadth-first search)."""
    queue: deque[tuple[GameState, list[Action]]] = deque([(start, [])])
    seen = 0
    while queue and seen < MAX_NODES:
        state, path = queue.popleft()
        for action in legal_actions(state):
            seen += 1
            nxt = step(state, action).state
            old, new = state.character(player), nxt.character(player)
            if old.insanity == before and new.insanity == after and new.alive:
                return [*path, action]
            if len(path) + 1 < MAX_DEPTH and nxt.end is None:
                queue.append((nxt, [*path, action]))
    return None


def write_counterexample(witness: Mapping[str, Any], rulings: Mapping[str, str], path: Path) -> Path | None:
    """Write the concrete counterexample record to ``path``; None if the search found no steps."""

    start = situation(witness, rulings)
    actions = find_steps(start, 1, int(witness["before"]["level"]), int(witness["after"]["level"]))
    if actions is None:
        return None
    header = RecordHeader.for_config(start.config, snapshot=start)
    write_record(path, header, actions)
    return path
