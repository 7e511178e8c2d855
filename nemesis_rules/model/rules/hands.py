"""The hand of Action cards: drawing up to the hand size at the start of a round (a Back wound
makes it 4, the Cabins 6), the draw itself as a chance node, and the discard a player may make on
passing (RU-RB p.10, p.12; facts.md §2, §5)."""

from __future__ import annotations

from dataclasses import dataclass

from nemesis_rules.model.core.actions import Decision, presorted
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
    on_top = True

    def run(self, state: GameState, ctx: Context) -> GameState:
        return self._draw(state, ctx, False)

    def run_on_top(self, state: GameState, ctx: Context) -> GameState:
        return self._draw(state, ctx, True)

    def _draw(self, state: GameState, ctx: Context, top: bool) -> GameState:
        """:meth:`run`, on ``state`` without this step or, with ``top``, with it still on top."""
        character = state.character(self.player)
        if not character.active:
            # base.hibernation.out-of-play: a Character out of play (dead, hibernating, escaped) takes no further part
            return state.pop() if top else state
        size = queries.hand_size(state, character, ctx)
        to_draw = self.to_draw
        if to_draw is None and character.hand.total > 0 and _draws_five(state, ctx):
            to_draw = size
        if to_draw is not None and to_draw <= 0:
            # base.round.draw: the draw is complete
            return state.pop() if top else state
        if to_draw is None and character.hand.total >= size:
            # base.round.draw: a hand at its size draws nothing
            return state.pop() if top else state
        refilled = refill_deck(state, self.player, ctx)
        if refilled is None:
            # base.gap.action-cards-exhausted: refill_deck asked the ruling; the draw takes what there is
            return state.pop() if top else state
        state = refilled
        follow = DrawUp(self.player) if to_draw is None else DrawUp(self.player, to_draw - 1)
        draw = ActionCardDraw(self.player)
        return state.replace_top(draw, follow) if top else state.push(draw, follow)


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

    on_top = True

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        c = state.character(self.player)
        return state.with_character(c.evolve(deck=c.deck.remove(outcome), hand=c.hand.add(outcome)))

    def resolve_on_top(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        """:meth:`resolve` on ``state`` with this frame still on top: popped and changed in one copy."""
        c = state.character(self.player)
        return state.popped_with_character(c.evolve(deck=c.deck.remove(outcome), hand=c.hand.add(outcome)))


@dataclass(frozen=True, slots=True)
class OfferPassDiscard(Step):
    """A player who passed may discard cards, unless passing has just killed them (Bleeding)."""

    player: int
    on_top = True

    def run(self, state: GameState, ctx: Context) -> GameState:
        if not state.character(self.player).active:
            # base.hibernation.out-of-play: a Character out of play (dead, hibernating, escaped) takes no further part
            return state
        return state.push(PassDiscard(self.player, ""))

    def run_on_top(self, state: GameState, ctx: Context) -> GameState:
        if not state.character(self.player).active:
            return state.pop()  # as run(): a Character out of play takes no further part
        return state.replace_top(PassDiscard(self.player, ""))


@dataclass(frozen=True, slots=True)
class PassDiscard(Choice):
    """On passing, a player may discard any cards, Contamination included (RU-RB p.10).
    One card per decision, in card order so each set of discards has one spelling."""

    floor: str
    clause = "base.round.pass-discard"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        """Each card of the hand from ``floor`` on, then keeping the hand: the sorted order without
        sorting (one player; "discard" sorts before "keep-hand"; the hand's cards come sorted),
        each decision built with its one parameter in place. ``options_plain`` is the plain version."""
        player, floor = self.player, self.floor
        cards = state.character(player).hand.distinct()
        out = [presorted(player, "discard", (("card", card),)) for card in cards if card >= floor]
        out.append(presorted(player, "keep-hand", ()))
        return tuple(out)

    def options_plain(self, state: GameState) -> tuple[Decision, ...]:
        """:meth:`options` as the rule reads: keep the hand, or discard any card from ``floor`` on, sorted."""
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

    on_top = True

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        return self._take(state, decision, ctx, False)

    def resolve_on_top(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        return self._take(state, decision, ctx, True)

    def _take(self, state: GameState, decision: Decision, ctx: Context, top: bool) -> GameState:
        """:meth:`resolve`, on ``state`` without this frame or, with ``top``, with it still on top."""
        if decision.kind == "keep-hand":
            # base.round.pass-discard: discarding on a pass is the player's choice
            return state.pop() if top else state
        card = decision.text("card")
        ctx.fire("base.round.pass-discard")
        c = state.character(self.player)
        state = state.with_character(c.evolve(hand=c.hand.remove(card), discard=c.discard.add(card)))
        follow = PassDiscard(self.player, card)
        return state.replace_top(follow) if top else state.push(follow)
