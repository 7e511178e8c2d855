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
    leaving one copy of ``reserve`` (the action card being played) untouched."""
    if cost == 0:
        return ((),)
    cards = [c for c in hand if not c.startswith("contamination")]
    if reserve is not None:
        cards.remove(reserve)
    if len(cards) < cost:
        return ()
    return tuple(sorted(set(combinations(sorted(cards), cost))))


def pay(hand: Multiset, discard: Multiset, cards: tuple[str, ...]) -> tuple[Multiset, Multiset]:
    """The hand and the action discard pile after ``cards`` go from one to the other (KeyError
    when the hand lacks one). A cost is one or two cards: they are moved one by one, with no
    multiset of them built."""
    for card in cards:
        hand = hand.remove(card)
        discard = discard.add(card)
    return hand, discard
