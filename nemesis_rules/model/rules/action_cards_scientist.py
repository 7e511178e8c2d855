"""The Scientist's own Action cards (facts.md §7): Risk Assessment, Blocking Access, Intranet
(Repairs and Computer Skills are shared: :mod:`action_cards_everyone`, :mod:`action_cards_pilot`).

"A Computer room" is a working one: explored, with a Computer, no Malfunction (a Malfunction
blocks the Computer, RU-RB p.17). With the Holo Computer active and held, Intranet and Risk
Assessment work from any room (facts.md §7).
"""

from __future__ import annotations

from dataclasses import dataclass

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import ChanceNode, Choice
from nemesis_rules.model.core.state import Deck, GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.action_cards_common import (
    AT,
    ROOM_ACTION,
    USE,
    Variants,
    card_table,
    free_room_action,
    here,
    room_action_variants,
)
from nemesis_rules.model.rules.decks import ensure_event_deck
from nemesis_rules.model.rules.effects import Params
from nemesis_rules.model.rules.markers import place_malfunction
from nemesis_rules.model.rules.queries import active_quest
from nemesis_rules.model.rules.ship import in_computer_room, working_computer_rooms

HOLO_COMPUTER = "holo-computer"
EVENT_DECK = "event"


def computer_access(state: GameState, player: int, ctx: Context | None = None) -> bool:
    """In a working Computer room, or anywhere with the Holo Computer (which then fires)."""
    if in_computer_room(state, player):
        if ctx is not None:
            ctx.fire("base.ship.computers")  # a room whose tile shows a Computer
        return True
    if active_quest(state, state.character(player), HOLO_COMPUTER):
        if ctx is not None:
            ctx.fire("base.quest-item.holo-computer")
        return True
    return False


# -- Risk Assessment ------------------------------------------------------------------------------


def risk_assessment_variants(state: GameState, player: int) -> Variants:
    """From a Computer room, with an Event card to look at."""
    deck = state.deck(EVENT_DECK)
    if not computer_access(state, player) or not (deck.draw_outcomes() or deck.discard):
        return []
    return [{}]


def risk_assessment(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Look at the top Event card (unknown until now: a chance node), then keep it on top or
    put it at the bottom."""
    computer_access(state, player, ctx)
    state = ensure_event_deck(state, ctx)
    deck = state.deck(EVENT_DECK)
    if deck.unknown and not deck.top:
        return state.push(EventPeek(player))
    outcomes = deck.draw_outcomes()
    if not outcomes:
        return state
    return state.push(TopEventChoice(player, outcomes[0][0]))


@dataclass(frozen=True, slots=True)
class EventPeek(ChanceNode):
    """Which card lies on top of the shuffled Event deck; from now on its place is known."""

    player: int
    chance = "event-card"
    clause = "base.action-card.risk-assessment"

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        return state.deck(EVENT_DECK).unknown.items()

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        deck = state.deck(EVENT_DECK)
        state = state.with_deck(EVENT_DECK, deck.evolve(unknown=deck.unknown.remove(outcome), top=(outcome,)))
        return state.push(TopEventChoice(self.player, outcome))


def without_top(deck: Deck, card: str) -> Deck:
    """The deck with its top card (known to be ``card``) taken off."""
    if deck.top:
        return deck.evolve(top=deck.top[1:])
    if deck.unknown:
        return deck.evolve(unknown=deck.unknown.remove(card))
    return deck.evolve(bottom=deck.bottom[1:])


@dataclass(frozen=True, slots=True)
class TopEventChoice(Choice):
    """Leave the Event card seen on top, or put it at the bottom of the deck."""

    card: str
    clause = "base.action-card.risk-assessment"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        return (
            Decision.make(self.player, "keep-event-on-top", card=self.card),
            Decision.make(self.player, "put-event-at-bottom", card=self.card),
        )

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        if decision.kind == "keep-event-on-top":
            # base.action-card.risk-assessment: leaving the card on top is one of the card's two choices
            return state
        deck = without_top(state.deck(EVENT_DECK), self.card)
        return state.with_deck(EVENT_DECK, deck.evolve(bottom=(*deck.bottom, self.card)))


# -- Blocking Access ----------------------------------------------------------------------------------


def blocking_access_variants(state: GameState, player: int) -> Variants:
    """In a Computer room: its Room action for free, or a Malfunction in any Computer room
    (explored, with a Computer, without a Malfunction yet)."""
    if not in_computer_room(state, player):
        return []
    out: Variants = [{USE: ROOM_ACTION, **v} for v in room_action_variants(state, player, here(state, player))]
    for position in state.config.board.positions:
        room = state.room(position)
        if room.explored and room.tile and tables.room_has_computer(state.config, room.tile) and not room.malfunction:
            out.append({USE: "malfunction", AT: position})
    return out


def blocking_access(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    if params.get(USE) == "malfunction":
        return place_malfunction(state, str(params[AT]), ctx)
    return free_room_action(state, player, here(state, player), params, ctx)


# -- Intranet --------------------------------------------------------------------------------------------


def intranet_variants(state: GameState, player: int) -> Variants:
    """From a Computer room (or with the Holo Computer), the Room action of any working
    Computer room, with that action's own conditions."""
    if not computer_access(state, player):
        return []
    out: Variants = []
    for position in working_computer_rooms(state):
        out.extend({AT: position, **v} for v in room_action_variants(state, player, position))
    return out


def intranet(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    computer_access(state, player, ctx)
    return free_room_action(state, player, str(params[AT]), params, ctx)


ACTION_CARDS = card_table(
    {
        "risk-assessment": (risk_assessment_variants, risk_assessment),
        "blocking-access": (blocking_access_variants, blocking_access),
        "intranet": (intranet_variants, intranet),
    }
)
