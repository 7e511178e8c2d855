"""The table being arranged: the state so far, and the file its messages name (:mod:`.build`)."""

from __future__ import annotations

from nemesis_rules.errors import BadInputError
from nemesis_rules.model.core.state import GameState

__all__ = ["Table", "take_from_deck"]


class Table:
    """The state being arranged, and the source the messages name."""

    def __init__(self, state: GameState, source: str) -> None:
        self.state = state
        self.source = source

    def fail(self, field: str, message: str) -> BadInputError:
        return BadInputError(f"{field}: {message}", self.source)


def take_from_deck(table: Table, deck_name: str, card: str, field: str) -> None:
    """``card`` taken from the deck ``deck_name`` (its unknown part, its known top or its discard pile)."""
    state = table.state
    deck = state.deck(deck_name)
    if card in deck.unknown:
        table.state = state.with_deck(deck_name, deck.evolve(unknown=deck.unknown.remove(card)))
    elif card in deck.top:
        top = list(deck.top)
        top.remove(card)
        table.state = state.with_deck(deck_name, deck.evolve(top=tuple(top)))
    elif card in deck.discard:
        table.state = state.with_deck(deck_name, deck.evolve(discard=deck.discard.remove(card)))
    else:
        raise table.fail(field, f"no {card!r} is left in the {deck_name} deck")
