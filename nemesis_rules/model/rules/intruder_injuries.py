"""Injuries, the endurance check, death and retreat of Intruders (RU-RB p.20; facts.md §15;
base-rules-reference.txt, Combat).

After Injuries: a Larva dies at 1; a Creeper or Adult draws 1 attack card and dies when its
blood value is at most its injuries; a Breeder or Queen draws 2 and adds them. A Retreat icon
on a drawn card makes it flee through the corridor of a drawn Event card's number. A killed
Intruder leaves a Carcass (not a Larva). The ruleset's table may replace the check per type.
"""

from __future__ import annotations

from dataclasses import dataclass

from nemesis_rules.board.layout import TECH
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import ChanceNode, Step
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules import queries, replaceable
from nemesis_rules.model.rules.decks import ensure_event_deck
from nemesis_rules.model.rules.intruders import move_intruder, remove_intruder


def find(state: GameState, intruder_id: int) -> Intruder | None:
    return next((i for i in state.intruders if i.id == intruder_id), None)


def injure(state: GameState, intruder_id: int, count: int, ctx: Context) -> GameState:
    """Put ``count`` injury markers on an Intruder, then its endurance check."""
    intruder = find(state, intruder_id)
    if intruder is None or count <= 0:
        # base.combat.injury-markers: no Intruder or no Injury, no marker
        return state
    return replaceable.injure(state, intruder, count, ctx)


def destroy_nest_eggs(state: GameState, count: int, ctx: Context) -> GameState:
    """Destroy up to ``count`` of the Nest's Eggs (the Intruder board's); when the last one goes
    the Nest is destroyed (base.nest.destroyed; facts.md §8, base-rules-reference.txt Nest)."""
    destroyed = min(count, state.eggs)
    if destroyed <= 0:
        # base.nest.destroy-eggs: with no Egg left or no Injury nothing is destroyed
        return state
    state = state.evolve(eggs=state.eggs - destroyed)
    if state.eggs == 0:
        ctx.fire("base.nest.destroyed")
    return state


@dataclass(frozen=True, slots=True)
class EnduranceCheck(Step):
    """Draw ``cards`` attack cards (``drawn`` so far) and compare blood with injuries."""

    intruder: int
    cards: int
    combine: str
    """"sum" (base), "min", "max" (Void Seeder types) or "ignore" (retreat only)."""
    drawn: tuple[str, ...] = ()

    def run(self, state: GameState, ctx: Context) -> GameState:
        intruder = find(state, self.intruder)
        if intruder is None:
            # base.endurance.single-card: an Intruder already gone makes no endurance check
            return state
        name = tables.attack_deck_name(state.config)
        if len(self.drawn) < self.cards:
            if not state.deck(name).draw_outcomes():
                ctx.fire("base.attack.discard-reshuffle")
                state = state.with_deck(name, state.deck(name).reshuffled())
            if not state.deck(name).draw_outcomes():
                return state  # every attack card is out: nothing to check against
            return state.push(EnduranceDraw(self.intruder, self.cards, self.combine, self.drawn))
        return replaceable.judge_endurance(state, intruder, self.combine, self.drawn, ctx)


def base_judge(state: GameState, intruder: Intruder, combine: str, drawn: tuple[str, ...], ctx: Context) -> GameState:
    """The base game's endurance check on the drawn cards: a Retreat icon makes it flee;
    otherwise the blood value (summed for Breeders and the Queen) against the Injuries."""
    cards = [tables.attack_card(state.config, c) for c in drawn]
    if any(card.blood is None for card in cards):
        ctx.fire("base.retreat.arrow")
        return state.push(Retreat(intruder.id))
    if combine == "ignore":
        # base.endurance.larva: a type whose table says no check (Larva, Egg) draws nothing more
        return state
    values = [card.blood for card in cards if card.blood is not None]
    blood = sum(values) if combine == "sum" else min(values) if combine == "min" else max(values)
    blood = queries.endurance_modifier(state, intruder, blood, ctx)
    ctx.fire("base.endurance.single-card" if len(drawn) == 1 else "base.endurance.two-cards")
    if blood <= intruder.injuries:
        return kill_intruder(state, intruder, ctx)
    return state


@dataclass(frozen=True, slots=True)
class EnduranceDraw(ChanceNode):
    intruder: int
    cards: int
    combine: str
    drawn: tuple[str, ...]
    chance = "attack-card"
    clause = "base.endurance.single-card"

    def clause_for(self, state: GameState) -> str:
        return replaceable.endurance_clause(state, find(state, self.intruder), self.cards)

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        return state.deck(tables.attack_deck_name(state.config)).draw_outcomes()

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        name = tables.attack_deck_name(state.config)
        state = state.with_deck(name, state.deck(name).remove_top(outcome).discarded(outcome))
        return state.push(EnduranceCheck(self.intruder, self.cards, self.combine, (*self.drawn, outcome)))


def kill_intruder(state: GameState, intruder: Intruder, ctx: Context) -> GameState:
    """An Intruder dies; the ruleset decides what it leaves (base: a Carcass unless a Larva)."""
    return replaceable.intruder_dies(state, intruder, ctx)


def carcasses_out(state: GameState) -> int:
    """Carcass tokens out of the supply: lying in rooms or carried in a Character's hands
    (base.supply.components: the box holds 8)."""
    lying = sum(r.objects.count("carcass") for r in state.rooms)
    return lying + sum(c.hands.count("carcass") for c in state.characters)


def base_intruder_dies(state: GameState, intruder: Intruder, ctx: Context) -> GameState:
    if intruder.kind == "larva":
        ctx.fire("base.endurance.larva")
    state = remove_intruder(state, intruder.id, ctx, to_bag=False)
    if intruder.kind != "larva":
        room = state.room(intruder.position)
        if carcasses_out(state) < tables.supply(state.config, "carcass"):
            ctx.fire("base.endurance.carcass")
            state = state.with_room(intruder.position, room.evolve(objects=room.objects.add("carcass")))
        else:
            ctx.fire("base.supply.components")  # all 8 Carcass tokens are out: none is left
    if intruder.kind == "queen":
        state = state.evolve(flags=state.flags | {"queen-killed"})
    return state


@dataclass(frozen=True, slots=True)
class Retreat(Step):
    """An Intruder flees: draw an Event card and move through the corridor of its number."""

    intruder: int

    def run(self, state: GameState, ctx: Context) -> GameState:
        intruder = find(state, self.intruder)
        if intruder is None or not queries.can_move(state, intruder):
            # base.retreat.direction: an Intruder gone, or one that cannot move (vs.lair.immobile), does not flee
            return state
        state = ensure_event_deck(state, ctx)
        if not state.deck("event").draw_outcomes():
            return state
        return state.push(RetreatDirection(self.intruder))


@dataclass(frozen=True, slots=True)
class RetreatDirection(ChanceNode):
    intruder: int
    chance = "event-card"
    clause = "base.retreat.direction"

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        return state.deck("event").draw_outcomes()

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        state = state.with_deck("event", state.deck("event").remove_top(outcome).discarded(outcome))
        intruder = find(state, self.intruder)
        if intruder is None:
            return state
        ctx.fire("base.event.random-direction")  # the Event card's number picks the corridor
        number = tables.event_card(state.config, outcome).number
        space = state.config.board.space_by_number[intruder.position].get(number)
        if space is None:
            ctx.fire("base.retreat.direction")
            return state
        if space == TECH:
            ctx.fire("base.retreat.tech")  # into the technical corridors: off the board
        return move_intruder(state, intruder.id, space, ctx)
