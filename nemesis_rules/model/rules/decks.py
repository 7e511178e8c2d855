"""The shared decks beside the board (RU-RB p.6, p.16): a deck that runs out is rebuilt from its
discard pile where the rules say so."""

from __future__ import annotations

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState


def ensure_event_deck(state: GameState, ctx: Context) -> GameState:
    """An empty Event deck is rebuilt from its discard pile."""
    deck = state.deck("event")
    if not deck.draw_outcomes() and deck.discard:
        ctx.fire("base.event.card")
        return state.with_deck("event", deck.reshuffled())
    return state
