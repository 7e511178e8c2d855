"""The round: the Player Phase (draw, first player token, turns, passing) and the hand-over
to the Event Phase (RU-RB p.10; base-rules-reference.txt, The turn).
"""

from __future__ import annotations

from dataclasses import dataclass

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import ChanceNode, Choice, Step
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules import queries, replaceable
from nemesis_rules.model.rules.registry import turn_options


def sorted_unique(decisions: list[Decision]) -> tuple[Decision, ...]:
    """The decisions sorted, each once: equal decisions have equal sort keys (player, kind,
    params), so keying a dict by them removes duplicates and sorting the keys sorts them."""
    by_key = {(d.player, d.kind, d.params): d for d in decisions}
    return tuple([by_key[k] for k in sorted(by_key)])


def turn_order(state: GameState) -> tuple[int, ...]:
    """Players clockwise from the First Player token holder (every "in order" procedure)."""
    n = state.config.players
    return tuple((state.first_player - 1 + i) % n + 1 for i in range(n))


@dataclass(frozen=True, slots=True)
class StartRound(Step):
    """Player Phase steps 1-2: everyone draws up to their hand size; the First Player token
    passes left, except in the first round."""

    def run(self, state: GameState, ctx: Context) -> GameState:
        state = state.evolve(round=state.round + 1, phase="player")
        ctx.fire("base.round.phases")
        if state.round > 1:
            state = state.evolve(first_player=_next_active(state, state.first_player))
            ctx.fire("base.round.first-player-passes")
        state = state.evolve(characters=tuple(c.evolve(passed=False) for c in state.characters))
        draws = [DrawUp(p) for p in turn_order(state) if state.character(p).active]
        ctx.fire("base.round.draw")
        return state.push(*draws, NextTurn(0))


def _next_active(state: GameState, after: int) -> int:
    n = state.config.players
    for i in range(1, n + 1):
        candidate = (after - 1 + i) % n + 1
        if state.character(candidate).active:
            return candidate
    return after


@dataclass(frozen=True, slots=True)
class DrawUp(Step):
    """Draw up to the hand size; an empty deck is rebuilt from the discard pile (RU-RB p.10)."""

    player: int
    to_draw: int | None = None
    """Cards still to draw under ``base.de.draw-five=draw-five`` (``None``: draw up to the hand size)."""

    def run(self, state: GameState, ctx: Context) -> GameState:
        character = state.character(self.player)
        if not character.active:
            return state
        size = queries.hand_size(state, character, ctx)
        to_draw = self.to_draw
        if to_draw is None and character.hand.total > 0 and _draws_five(state, ctx):
            to_draw = size
        if to_draw is not None and to_draw <= 0:
            return state
        if to_draw is None and character.hand.total >= size:
            return state
        if not character.deck:
            if not character.discard:
                return state
            ctx.fire("base.round.reshuffle-discard")
            state = state.with_character(character.evolve(deck=character.discard, discard=character.deck))
        follow = DrawUp(self.player) if to_draw is None else DrawUp(self.player, to_draw - 1)
        return state.push(ActionCardDraw(self.player), follow)


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
class NextTurn(Step):
    """Turns go clockwise from the first player, cycle after cycle, until everyone has passed;
    then the Event Phase begins (RU-RB p.10)."""

    after: int

    def run(self, state: GameState, ctx: Context) -> GameState:
        order = turn_order(state)
        start = order.index(self.after) + 1 if self.after in order else 0
        ctx.fire("base.round.turn-order")
        if self.after and start >= len(order):
            ctx.fire("base.round.cycles")  # past the last player: another cycle of turns
        for i in range(len(order)):
            player = order[(start + i) % len(order)]
            c = state.character(player)
            if c.active and not c.passed:
                return state.push(pods.BeginTurn(player))
        clause = state.config.ruleset.clause("round.event-phase-order")
        if clause:  # Void Seeders' own step order fires vs.event.step-order itself
            ctx.fire(clause)
        return state.push(events.EventPhase())


BASIC_ACTIONS = frozenset({"move", "careful-move", "shoot", "melee", "pick-up", "trade", "craft"})
"""The basic actions every Character may take, each for 1 card (RU-RB p.10: base.cost.basic-actions)."""


@dataclass(frozen=True, slots=True)
class Turn(Choice):
    """A turn: up to 2 actions, or 1 action and a pass, or a pass (RU-RB p.10)."""

    done: int
    clause = "base.round.turn"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        return turn_options(state, self.player, Decision.make(self.player, "pass"))

    def diagnose(self, state: GameState, decision: Decision) -> tuple[str, str]:
        rule = state.config.ruleset.actions.get(decision.kind)
        if rule is None:
            return f"there is no action '{decision.kind}' available now", self.clause
        if not rule.in_combat and state.in_combat(self.player):
            clause = "base.combat.no-room-action" if decision.kind == "room-action" else "base.combat.allowed-actions"
            return f"'{decision.kind}' cannot be taken in combat", clause
        return rule.diagnose(state, decision)

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        ctx.fire("base.round.turn")
        if decision.kind == "pass":
            ctx.fire("base.round.pass-voluntary")
            c = state.character(self.player)
            state = state.with_character(c.evolve(passed=True))
            state = state.push(OfferPassDiscard(self.player), EndTurn(self.player))
            # on top of the pass frames, so that a wound for passing resolves now
            return replaceable.on_pass(state, self.player, ctx)
        rule = state.config.ruleset.actions[decision.kind]
        ctx.fire(rule.clause)
        if decision.kind in BASIC_ACTIONS:
            ctx.fire("base.cost.basic-actions")
        state = state.push(AfterAction(self.player, self.done if rule.free else self.done + 1))
        # the action's own frames go above AfterAction so they resolve first; another
        # Character in the room holding an Interruption card may cancel it first
        return interruption.perform_or_interrupt(state, rule, decision, ctx)


@dataclass(frozen=True, slots=True)
class AfterAction(Step):
    """After an action: a second action may follow; after two the turn ends, unless an
    Adrenaline Injection this round lifted the limit (the turn then ends by passing)."""

    player: int
    done: int

    def run(self, state: GameState, ctx: Context) -> GameState:
        state = item_effects.clear_old_adrenaline(state, self.player)
        c = state.character(self.player)
        if not c.active or c.passed:
            return state.push(EndTurn(self.player))
        if self.done >= 2 and not item_effects.adrenaline_active(state, self.player):
            return state.push(EndTurn(self.player))
        return state.push(Turn(self.player, self.done))


@dataclass(frozen=True, slots=True)
class EndTurn(Step):
    """Ending a turn in a burning room gives a Light Wound (RU-RB p.17); the ruleset may add
    its own end-of-turn effects; then the next turn."""

    player: int

    def run(self, state: GameState, ctx: Context) -> GameState:
        c = state.character(self.player)
        state = state.push(NextTurn(self.player))
        if c.active and state.room(c.position).fire:
            ctx.fire("base.fire.end-of-turn")
            state = wounds.light_wounds(state, self.player, 1, ctx)
        # the ruleset's own end-of-turn effects (a Lair's noise roll) resolve before the next turn
        return replaceable.end_of_turn(state, self.player, ctx)


@dataclass(frozen=True, slots=True)
class OfferPassDiscard(Step):
    """A player who passed may discard cards, unless passing has just killed them (Bleeding)."""

    player: int

    def run(self, state: GameState, ctx: Context) -> GameState:
        if not state.character(self.player).active:
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
            return state
        card = decision.text("card")
        ctx.fire("base.round.pass-discard")
        c = state.character(self.player)
        state = state.with_character(c.evolve(hand=c.hand.remove(card), discard=c.discard.add(card)))
        return state.push(PassDiscard(self.player, card))


# The rule families a turn hands on to import this module's own names, so they are imported
# once it is complete (a cycle otherwise), as modules whose functions are looked up at call
# time; importing them inside each function cost a pass through the import machinery per call.
from nemesis_rules.model.rules import events, interruption, item_effects, pods, wounds  # noqa: E402
