"""The hand of Action cards: drawing up to the hand size at the start of a round (a Back wound
makes it 4, the Cabins 6), the draw itself as a chance node, and the discard a player may make on
passing (RU-RB p.10, p.12; facts.md §2, §5)."""

from __future__ import annotations

from dataclasses import dataclass

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import ChanceNode, Choice, Step
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules import queries


@dataclass(frozen=True, slots=True)
class DrawUp(Step):
    """Draw up to the hand size; an empty deck is rebuilt from the discard pile (RU-RB p.10)."""

    player: int
    to_draw: int | None = None
    """Cards still to draw under ``base.de.draw-five=draw-five`` (``None``: draw up to the hand size)."""

    def run(self, state: GameState, ctx: Context) -> GameState:
        character = state.character(self.player)
        if not character.active:
            # base.hibernation.out-of-play: a Character out of play (dead, hibernating, escaped) takes no further part
            return state
        size = queries.hand_size(state, character, ctx)
        to_draw = self.to_draw
        if to_draw is None and character.hand.total > 0 and _draws_five(state, ctx):
            to_draw = size
        if to_draw is not None and to_draw <= 0:
            # base.round.draw: the draw is complete
            return state
        if to_draw is None and character.hand.total >= size:
            # base.round.draw: a hand at its size draws nothing
            return state
        refilled = refill_deck(state, self.player, ctx)
        if refilled is None:
            # base.gap.action-cards-exhausted: refill_deck asked the ruling; the draw takes what there is
            return state
        state = refilled
        follow = DrawUp(self.player) if to_draw is None else DrawUp(self.player, to_draw - 1)
        return state.push(ActionCardDraw(self.player), follow)


def refill_deck(state: GameState, player: int, ctx: Context) -> GameState | None:
    """Before a draw: the state with the Action deck to draw from (an empty deck is refilled by
    shuffling the discard pile, base.round.reshuffle-discard), or ``None`` when the draw ends there:
    deck and discard pile are both empty (every card is in hand or out of the game), which no text
    covers; ruling base.gap.action-cards-exhausted decides (``draw-nothing``: the draw takes what
    there is, here nothing)."""
    c = state.character(player)
    if c.deck:
        # base.round.draw: the deck has cards to draw; nothing to refill
        return state
    if not c.discard:
        ctx.gap(
            state,
            "base.gap.action-cards-exhausted",
            "base.round.reshuffle-discard",
            f"player {player} must draw an Action card but their deck and discard pile are both empty",
        )
        return None
    ctx.fire("base.round.reshuffle-discard")
    return state.with_character(c.evolve(deck=c.discard, discard=c.deck))


def _draws_five(state: GameState, ctx: Context) -> bool:
    """Whether a player holding cards draws a full hand's worth anyway: the German overview's
    "draw five" (ruling ``base.de.draw-five``) rather than "draw up to five" (RU-RB p.10). With an
    empty hand both readings draw the same."""
    reading = ctx.gap(state, "base.de.draw-five", "base.round.draw", "a player draws with cards still in hand")
    return reading == "draw-five"


@dataclass(frozen=True, slots=True)
class ActionCardDraw(ChanceNode):
    """One card from the top of a player's shuffled action deck."""

    player: int
    chance = "action-card"
    clause = "base.round.draw"

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        return state.character(self.player).deck.items()

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        c = state.character(self.player)
        return state.with_character(c.evolve(deck=c.deck.remove(outcome), hand=c.hand.add(outcome)))


@dataclass(frozen=True, slots=True)
class OfferPassDiscard(Step):
    """A player who passed may discard cards, unless passing has just killed them (Bleeding)."""

    player: int

    def run(self, state: GameState, ctx: Context) -> GameState:
        if not state.character(self.player).active:
            # base.hibernation.out-of-play: a Character out of play (dead, hibernating, escaped) takes no further part
            return state
        return state.push(PassDiscard(self.player, ""))


@dataclass(frozen=True, slots=True)
class PassDiscard(Choice):
    """On passing, a player may discard any cards, Contamination included (RU-RB p.10).
    One card per decision, in card order so each set of discards has one spelling."""

    floor: str
    clause = "base.round.pass-discard"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        c = state.character(self.player)
        out = [Decision.make(self.player, "keep-hand")]
        out.extend(Decision.make(self.player, "discard", card=card) for card in c.hand.distinct() if card >= self.floor)
        return tuple(sorted(out))

    def diagnose(self, state: GameState, decision: Decision) -> tuple[str, str]:
        card = decision.get("card")
        if decision.kind == "discard" and isinstance(card, str) and card not in state.character(self.player).hand:
            return f"card '{card}' is not in player {self.player}'s hand", "base.cost.paid-from-hand"
        if decision.kind == "discard" and isinstance(card, str) and card < self.floor:
            return f"discards are listed in card order; '{card}' comes before '{self.floor}'", self.clause
        return "after passing, only 'discard' or 'keep-hand' is possible", self.clause

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        if decision.kind == "keep-hand":
            # base.round.pass-discard: discarding on a pass is the player's choice
            return state
        card = decision.text("card")
        ctx.fire("base.round.pass-discard")
        c = state.character(self.player)
        state = state.with_character(c.evolve(hand=c.hand.remove(card), discard=c.discard.add(card)))
        return state.push(PassDiscard(self.player, card))
