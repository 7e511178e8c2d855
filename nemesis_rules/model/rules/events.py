"""The Event Phase, steps 4-9 (RU-RB p.10; base-rules-reference.txt, The turn; facts.md §2, §4).

4 the Time track (and the Self-Destruct track) advance; 5 every Intruder in a room with a
character attacks; 6 fire damage; 7 an Event card: Intruder movement through the corridor of
its number, then its effect; 8 bag development; 9 the round ends (:mod:`round`'s last step).
The ruleset supplies the list of steps, so an expansion inserts or replaces a step (Void
Seeders inserts Lurking).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from nemesis_rules.board.layout import TECH
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import ChanceNode, Step
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import Deck, GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules import queries, replaceable
from nemesis_rules.model.rules.attack import IntruderAttack
from nemesis_rules.model.rules.decks import ensure_event_deck
from nemesis_rules.model.rules.endgame import end_game
from nemesis_rules.model.rules.intruder_injuries import injure
from nemesis_rules.model.rules.intruders import move_intruder
from nemesis_rules.model.rules.item_effects import fire_injuries
from nemesis_rules.model.rules.ship import STARTED_THIS_ROUND


@dataclass(frozen=True, slots=True)
class EventPhase(Step):
    """The end of the Player Phase, then the ruleset's event steps. Whatever the end of the Player
    Phase starts (an Airlock decompression's deaths, a defeated Void Seeder's token) resolves
    before the first event step, not after the round."""

    def run(self, state: GameState, ctx: Context) -> GameState:
        state = state.evolve(phase="event").push(QueueEventSteps())
        return replaceable.end_of_player_phase(state, ctx)


@dataclass(frozen=True, slots=True)
class QueueEventSteps(Step):
    """Queue the ruleset's event steps (unless the end of the Player Phase ended the game)."""

    def run(self, state: GameState, ctx: Context) -> GameState:
        if state.end is not None:
            # base.round.event-phase-order: the Event Phase's steps follow only while the game goes on
            return state
        return state.push(*replaceable.event_steps(state.config))


@dataclass(frozen=True, slots=True)
class TimeStep(Step):
    """Step 4: the Time marker moves one space; a running Self-Destruct marker too. Reaching
    the red space is the hyperjump; the Self-Destruct's yellow spaces unlock every pod and
    its last space destroys the ship (RU-RB p.11; facts.md §12)."""

    def run(self, state: GameState, ctx: Context) -> GameState:
        ctx.fire("base.event.time")
        state = state.evolve(time=state.time + 1)
        if state.self_destruct is not None and _first_round_skipped(state, ctx):
            state = state.evolve(flags=state.flags - {STARTED_THIS_ROUND})
        elif state.self_destruct is not None:
            ctx.fire("base.self-destruct.advance")
            state = state.evolve(self_destruct=state.self_destruct + 1, flags=state.flags - {STARTED_THIS_ROUND})
            flags = tables.self_destruct_flags(state)
            if "pods-unlock" in flags and any(p.locked for p in state.pods):
                ctx.fire("base.self-destruct.lock")
                state = state.evolve(pods=tuple(replace(p, locked=False) for p in state.pods))
            if "explosion" in flags:
                ctx.fire("base.self-destruct.explode")
                return end_game(state, "ship-destroyed-self-destruct", ctx)
        if "jump" in tables.time_flags(state):
            ctx.fire("base.end.jump")  # the Time marker reached the red space: the game ends
            if state.self_destruct is not None:
                ctx.fire("base.self-destruct.jump")
                return end_game(state, "ship-destroyed-self-destruct", ctx)
            return end_game(state, "hyperjump", ctx)
        return state


def _first_round_skipped(state: GameState, ctx: Context) -> bool:
    """Whether the Self-Destruct marker stays put in the Event Phase of the round the sequence was
    started in: it moves under ``track-moves`` (the default), not under ``full-rounds`` (ruling
    ``base.de.self-destruct-rounds``: the German overview's "three rounds" counted as full rounds)."""

    if STARTED_THIS_ROUND not in state.flags:
        return False
    reading = ctx.gap(
        state,
        "base.de.self-destruct-rounds",
        "base.self-destruct.advance",
        "the self-destruct sequence was started in this round's Player Phase",
    )
    return reading == "full-rounds"


@dataclass(frozen=True, slots=True)
class AttackStep(Step):
    """Step 5: each Intruder in Combat attacks (in the order they came on the board)."""

    def run(self, state: GameState, ctx: Context) -> GameState:
        attackers = [i for i in state.intruders if state.characters_at(i.position) and queries.attacks_in_event(i)]
        if queries.skip_attack_step(state):
            # base.quest-item.orbital-maneuvering-system: the Orbital Maneuvering System skips this step once
            return state
        if attackers:
            ctx.fire("base.combat.in-combat")  # an Intruder in a Character's room is In Combat and attacks
        return state.push(*(IntruderAttack(i.id, 0, "event") for i in attackers))


@dataclass(frozen=True, slots=True)
class FireDamageStep(Step):
    """Step 6: every Intruder in a burning room takes 1 Injury (RU-RB p.10, p.17)."""

    def run(self, state: GameState, ctx: Context) -> GameState:
        burning = [i for i in state.intruders if state.room(i.position).fire]
        if burning:
            ctx.fire("base.event.fire-damage")

        for intruder in burning:
            state = injure(state, intruder.id, fire_injuries(state, ctx), ctx)
        return replaceable.fire_damage_extra(state, ctx)


@dataclass(frozen=True, slots=True)
class EventCardStep(Step):
    """Step 7: draw an Event card."""

    def run(self, state: GameState, ctx: Context) -> GameState:
        state = ensure_event_deck(state, ctx)
        if not state.deck("event").draw_outcomes():
            reading = ctx.gap(
                state,
                "base.gap.event-deck-empty",
                "base.event.card",
                "an Event card must be drawn but the deck and its discard pile are empty",
            )
            if reading == "skip":
                return state
        return state.push(EventCardDraw())


@dataclass(frozen=True, slots=True)
class EventCardDraw(ChanceNode):
    """Step 7's draw: every Intruder of the card's kinds not in Combat (judged when the card is drawn)
    moves once through the corridor of its number. The engine moves them one at a time; only a Closed
    Door two of them meet can make that order count. Several moving from one room into it destroy it
    together and all stay (facts.md §2, base.event.door-together), not one after another through the
    broken door; those moving into it from the other room too is ruling base.ambiguity.door-both-sides."""

    chance = "event-card"
    clause = "base.event.card"

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        return state.deck("event").draw_outcomes()

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        card = tables.event_card(state.config, outcome)
        state = state.with_deck("event", state.deck("event").remove_top(outcome))
        board = state.config.board
        movers = [
            i
            for i in state.intruders
            if i.kind in card.movers and not state.characters_at(i.position) and queries.can_move(state, i)
        ]
        if movers:
            ctx.fire("base.event.movement")
        broken: dict[str, str] = {}  # corridor -> the room of the Intruder that destroyed its Closed Door
        for intruder in movers:
            space = board.space_by_number[intruder.position].get(card.number)
            if space == TECH:
                ctx.fire("base.event.movement-tech")  # off the board, Injuries gone, token back in the bag
            if space is None:
                # base.noise.unique-numbers: every room has a corridor or a technical entrance of each number
                continue
            if broken.get(space) == intruder.position:
                ctx.fire("base.event.door-together")  # they met the Closed Door together: all stay
                continue
            if space in broken and _door_both_sides(state, space, ctx) == "together":
                ctx.fire("base.event.door-together")  # from the other room, they met it Closed as well
                continue
            closed = space != TECH and state.door(space) == "closed"
            state = move_intruder(state, intruder.id, space, ctx)
            if closed and state.door(space) == "destroyed":
                broken[space] = intruder.position
        return state.push(EventEffect(outcome))


DOOR_BOTH_SIDES = "base.ambiguity.door-both-sides"


def _door_both_sides(state: GameState, corridor: str, ctx: Context) -> str:
    """The reading of ruling base.ambiguity.door-both-sides, asked when an Intruder of this Event card
    moves into a Closed Door that an Intruder from the room at the other end has just destroyed:
    ``together`` (it met the Door Closed too and stays) or ``one-after-another`` (it passes through)."""
    return ctx.gap(
        state,
        DOOR_BOTH_SIDES,
        "base.event.door-together",
        f"Intruders from both rooms of corridor {corridor} move into its Closed Door in one Event card's movement",
    )


@dataclass(frozen=True, slots=True)
class EventEffect(Step):
    """The drawn card's effect, then the card is discarded, removed, or shuffled back."""

    card: str

    def run(self, state: GameState, ctx: Context) -> GameState:
        card = tables.event_card(state.config, self.card)
        ctx.fire(f"{tables.card_clause_prefix(state.config)}.event-card.{card.effect}")
        state = state.push(EventCardAfter(self.card))
        return replaceable.event_effect(state, card.effect, ctx)


@dataclass(frozen=True, slots=True)
class EventCardAfter(Step):
    card: str

    def on_drop(self, state: GameState) -> GameState:
        return state.with_deck("event", state.deck("event").discarded(self.card))

    def run(self, state: GameState, ctx: Context) -> GameState:
        card = tables.event_card(state.config, self.card)
        deck = state.deck("event")
        if card.after == "remove-reshuffle":
            ctx.fire("base.event.card-remove")
            state = state.evolve(removed=state.removed.add(f"event:{self.card}"))
            return state.with_deck("event", deck.reshuffled())
        if card.after == "shuffle-back":
            ctx.fire("base.event-card.malfunction")
            unknown = deck.unknown.add(self.card).union(Multiset.of(deck.top)).union(Multiset.of(deck.bottom))
            return state.with_deck("event", Deck(unknown=unknown, discard=deck.discard))
        return state.with_deck("event", deck.discarded(self.card))


def _more_draws(state: GameState, ctx: Context) -> int:
    """Draws after the first: none (RU-RB p.11: one token), or one per further player under the
    German overview's plural 'Marker' (ruling ``base.de.bag-development-count``; with one player
    both readings draw one)."""
    if state.config.players == 1:
        return 0
    reading = ctx.gap(
        state, "base.de.bag-development-count", "base.bag.draw-one", "bag development with several players"
    )
    return state.config.players - 1 if reading == "one-per-player" else 0


@dataclass(frozen=True, slots=True)
class BagDevelopmentStep(Step):
    """Step 8: draw one token from the Intruder bag (the ruleset's table says how many and
    resolves each). ``more``: the draws still to make after this one (``None`` until decided)."""

    more: int | None = None

    def run(self, state: GameState, ctx: Context) -> GameState:
        if self.more is None:
            ctx.fire("base.event.bag-development")
        more = _more_draws(state, ctx) if self.more is None else self.more
        if not state.bag:
            reading = ctx.gap(
                state,
                "base.gap.empty-bag",
                "base.bag.draw-one",
                "bag development must draw from the Intruder bag but it is empty",
            )
            if reading == "no-intruder":
                return state
            if reading == "add-adult":
                adults = sorted(t for t in state.token_pool if t.startswith("adult"))
                if not adults:
                    return state
                state = state.evolve(bag=state.bag.add(adults[0]), token_pool=state.token_pool.remove(adults[0]))
        if more > 0:
            return state.push(BagDevelopmentDraw(), BagDevelopmentStep(more - 1))
        return state.push(BagDevelopmentDraw())


@dataclass(frozen=True, slots=True)
class BagDevelopmentDraw(ChanceNode):
    chance = "intruder-token"
    clause = "base.bag.draw-one"

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        return state.bag.items()

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        return replaceable.bag_development_effect(state, outcome, ctx)
