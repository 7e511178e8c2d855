"""The Interruption card's timing window (facts.md §2, §7; Key FAQ v2.2 rulings via SU).

Interruption: cancel an action of another player in your room (that player still pays for
it), or cancel an Interruption. It may be played after its owner has passed. So, once a player
has announced an action (decision taken, nothing resolved yet), each other Character in that
room holding an Interruption card may play it, in turn order; a played Interruption opens the
same window again (anyone else there holding one may cancel it, the acting player included).
When nobody plays one more, an odd number of Interruptions cancels the action, an even number
lets it resolve.

The window is only opened when somebody could play the card, so an action normally resolves
at once. :func:`open_interruption` is the general form: anything that can be interrupted is
given as the frame that resolves it and the frame that replaces it when cancelled (the Void
Seeders expansion cancels a Panic card effect this way; ``anywhere`` widens the window to
every Character for its ruling ``vs.summary.panic-interrupt``).
"""

from __future__ import annotations

from dataclasses import dataclass

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import Choice, Frame, Step
from nemesis_rules.model.core.ruleset import ActionRule
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.items import discard_item, pay_cards
from nemesis_rules.model.rules.queries import discard_from_hand, turn_order

INTERRUPTION = "interruption"
Committed = tuple[int, tuple[str, ...]] | None
ONE_USE_RULING = "base.gap.interrupted-one-use-item"


def holders(
    state: GameState, position: str, *, besides: int, anywhere: bool = False, committed: Committed = None
) -> tuple[int, ...]:
    """Players other than ``besides`` whose active Character is in ``position`` (or anywhere)
    and holds an Interruption card, in turn order. ``committed``: (player, cards) already
    promised as the cost of the announced action, which cannot be played as well."""

    out = []
    for player in turn_order(state):
        c = state.character(player)
        if player == besides or not c.active or not (anywhere or c.position == position):
            continue
        if may_play(state, player, committed):
            out.append(player)
    return tuple(out)


def may_play(state: GameState, player: int, committed: Committed = None) -> bool:
    """Whether ``player`` holds an Interruption card not promised as the cost of the action."""
    promised = committed[1].count(INTERRUPTION) if committed and committed[0] == player else 0
    return state.character(player).hand.count(INTERRUPTION) > promised


def open_interruption(
    state: GameState,
    actor: int,
    position: str,
    proceed: Frame,
    cancelled: Frame | None,
    *,
    anywhere: bool = False,
    cost: tuple[str, ...] = (),
) -> GameState:
    """Let the Characters in ``position`` (or, with ``anywhere``, all of them) interrupt what
    ``actor`` is about to do: ``proceed`` resolves it, ``cancelled`` (if any) replaces it when
    it is cancelled; ``cost``: the cards ``actor`` pays for it (not yet paid). With nobody able
    to interrupt, ``proceed`` is pushed at once."""
    window = Window(actor, position, proceed, cancelled, anywhere, (actor, cost))
    waiting = holders(state, position, besides=actor, anywhere=anywhere, committed=window.committed)
    if not waiting:
        return state.push(proceed)
    return state.push(InterruptionChoice(waiting[0], window, (), waiting[1:]))


@dataclass(frozen=True, slots=True)
class Window:
    """What can be interrupted: who does it, where, and the frames for either outcome."""

    actor: int
    position: str
    proceed: Frame
    cancelled: Frame | None
    anywhere: bool
    committed: Committed = None


@dataclass(frozen=True, slots=True)
class InterruptionChoice(Choice):
    """Play an Interruption card now, or not. ``played``: who played one so far, in order (the
    last one is what a further Interruption cancels); ``waiting``: who is asked after this
    player at the present level."""

    window: Window
    played: tuple[int, ...]
    waiting: tuple[int, ...]
    clause = "base.action-card.interruption"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        out = [Decision.make(self.player, "no-interruption")]
        if may_play(state, self.player, self.window.committed):
            out.append(Decision.make(self.player, "interrupt"))
        return tuple(sorted(out))

    def diagnose(self, state: GameState, decision: Decision) -> tuple[str, str]:
        target = "the Interruption" if self.played else f"player {self.window.actor}'s action"
        return f"player {self.player} may interrupt {target} with an Interruption card, or not", self.clause

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        w = self.window
        if decision.kind == "interrupt":
            ctx.fire(self.clause)
            if state.character(self.player).passed:
                ctx.fire("base.interruption.after-pass")
            state = discard_from_hand(state, self.player, INTERRUPTION)
            played = (*self.played, self.player)
            waiting = holders(state, w.position, besides=self.player, anywhere=w.anywhere, committed=w.committed)
        else:
            played = self.played
            waiting = self.waiting
        if waiting:
            return state.push(InterruptionChoice(waiting[0], w, played, waiting[1:]))
        if len(played) % 2 == 0:
            return state.push(w.proceed)
        return state.push(w.cancelled) if w.cancelled is not None else state


# -- actions of the turn ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PerformAction(Step):
    """An announced action resolves (paying included), as its rule says."""

    decision: Decision

    def run(self, state: GameState, ctx: Context) -> GameState:
        return state.config.ruleset.actions[self.decision.kind].perform(state, self.decision, ctx)


@dataclass(frozen=True, slots=True)
class PayOnly(Step):
    """An interrupted action: its cost is paid (the cards named in ``pay``, and the Action card
    played), nothing else happens. A one-use item stays unless ruling
    ``base.gap.interrupted-one-use-item`` says it is spent."""

    decision: Decision

    def run(self, state: GameState, ctx: Context) -> GameState:
        d = self.decision
        ctx.fire("base.interruption.cost-kept")
        state = pay_cards(state, d.player, cost_cards(d))
        item = d.get("item")
        if (
            d.kind == "use-item"
            and isinstance(item, str)
            and getattr(tables.item(state.config, item), "one_use", False)
        ):
            reading = ctx.gap(
                state,
                ONE_USE_RULING,
                "base.interruption.cost-kept",
                f"player {d.player}'s use of the one-use item {item} is interrupted",
            )
            if reading == "item-spent":
                state = spend_item(state, d.player, item)
        return state


def cost_cards(decision: Decision) -> tuple[str, ...]:
    """The cards an action costs: those named in ``pay``, and the Action card played."""
    card = decision.get("card")
    if decision.kind == "play-card" and isinstance(card, str):
        return (*decision.cards(), card)
    return decision.cards()


def spend_item(state: GameState, player: int, item: str) -> GameState:
    """A one-use item is discarded as if used."""
    c = state.character(player)
    if item in c.inventory:
        c = c.evolve(inventory=c.inventory.remove(item))
    elif item in c.hands:
        hands = list(c.hands)
        hands.remove(item)
        c = c.evolve(hands=tuple(hands))
    else:
        # base.interruption.cost-kept: an item no longer held is not spent again
        return state
    return discard_item(state.with_character(c), item)


def perform_or_interrupt(state: GameState, rule: ActionRule, decision: Decision, ctx: Context) -> GameState:
    """The turn's entry point for an announced action: at once, unless another Character in the
    actor's room holds an Interruption card (free actions, like dropping, are not interrupted)."""
    actor = decision.player
    position = state.character(actor).position
    if rule.free or not any(  # the fast path: nobody else in the room holds an Interruption card
        c.player != actor and c.active and c.position == position and "interruption" in c.hand for c in state.characters
    ):
        return rule.perform(state, decision, ctx)
    if not holders(state, position, besides=actor):
        return rule.perform(state, decision, ctx)
    return open_interruption(
        state, actor, position, PerformAction(decision), PayOnly(decision), cost=cost_cards(decision)
    )
