"""Paying costs with action cards (RU-RB p.12-13; base-rules-reference.txt, What things cost).

A basic action costs 1 card, Careful Movement and a room action 2, an action card itself plus
its printed cost, an item its printed cost. Contamination cards never pay. Which cards pay is
part of the decision, so the options enumerate each distinct multiset of paying cards.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from nemesis_rules.model.core.multiset import Multiset


@lru_cache(maxsize=4096)
def payments(hand: Multiset, cost: int, reserve: str | None = None) -> tuple[tuple[str, ...], ...]:
    """Every distinct way to pay ``cost`` cards from ``hand`` (Contamination excluded),
    leaving one copy of ``reserve`` (the action card being played) untouched.

    No payment uses more than ``cost`` copies of one card, so each card is counted at most
    ``cost`` times: the work is bounded by the distinct cards a hand can hold, not by how many
    copies a (hand-written) state claims (the plain version expands the whole hand,
    ``combinations(sorted(hand), cost)``; the answers are the same)."""
    if cost == 0:
        return ((),)
    counts = {card: count for card, count in hand.items() if not card.startswith("contamination")}
    if reserve is not None:
        if not counts.get(reserve):
            raise ValueError(f"{reserve!r} is not in the hand")
        counts[reserve] -= 1
    cards = sorted(card for card, count in counts.items() for _ in range(min(count, cost)))
    if len(cards) < cost:
        return ()
    return tuple(sorted(set(combinations(cards, cost))))


def pay(hand: Multiset, discard: Multiset, cards: tuple[str, ...]) -> tuple[Multiset, Multiset]:
    """The hand and the action discard pile after ``cards`` go from one to the other (KeyError
    when the hand lacks one). A cost is one or two cards: they are moved one by one, with no
    multiset of them built."""
    for card in cards:
        hand = hand.remove(card)
        discard = discard.add(card)
    return hand, discard
