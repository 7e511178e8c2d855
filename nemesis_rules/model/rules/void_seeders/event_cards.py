"""The effects of the 20 Void Seeder Event cards (14 distinct effects; facts.md §16, paraphrased
in ``void_seeders/event_cards.toml``).

Each effect is keyed by the card's effect id; its clause ``vs.event-card.<id>`` is fired by the
base Event step. Effects naming rooms by kind (Computer rooms, the Generator) see only rooms
whose tile is revealed unless ruling vs.gap.event-unexplored-rooms says otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import ChanceNode, Step
from nemesis_rules.model.core.multiset import EMPTY
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules import pods, queries, replaceable
from nemesis_rules.model.rules.decks import ensure_event_deck
from nemesis_rules.model.rules.hands import ActionCardDraw, refill_deck
from nemesis_rules.model.rules.intruders import move_intruder
from nemesis_rules.model.rules.markers import place_fire, place_malfunction, spread_fire
from nemesis_rules.model.rules.noise import place_noise
from nemesis_rules.model.rules.queries import turn_order
from nemesis_rules.model.rules.void_seeders.components import LAIR, data
from nemesis_rules.model.rules.void_seeders.insanity import raise_insanity
from nemesis_rules.model.rules.void_seeders.panic import ResolvePanic
from nemesis_rules.model.rules.void_seeders.seeders import despoiler_killed, place_void_seeder
from nemesis_rules.model.rules.wounds import contaminate

EventEffectFn = Callable[[GameState, Context], GameState]


def _order(state: GameState) -> tuple[int, ...]:
    return tuple(p for p in turn_order(state) if state.character(p).active)


def _visible_rooms(state: GameState, ctx: Context, what: str) -> list[str]:
    """Positions whose tile counts for an effect naming rooms by kind."""
    positions = state.config.board.positions
    if all(state.room(p).explored for p in positions):
        return list(positions)
    reading = ctx.gap(
        state,
        "vs.gap.event-unexplored-rooms",
        "vs.event-card.computer-system-failure",
        f"an Event card names {what}; unexplored tiles are face down",
    )
    return [p for p in positions if state.room(p).explored or reading == "all-rooms"]


def _computer_rooms(state: GameState, ctx: Context) -> list[str]:
    return [
        p
        for p in _visible_rooms(state, ctx, "Computer rooms")
        if state.room(p).tile and tables.room_has_computer(state.config, state.room(p).tile or "")
    ]


def terror(state: GameState, ctx: Context) -> GameState:
    """Everyone draws up to 5, scans the Contamination in hand (INFECTED: Insanity 5), then
    everyone discards the whole hand."""
    players = _order(state)
    frames: list[Step] = []
    for p in players:
        frames.extend((DrawToFive(p), ScanForTerror(p)))
    frames.extend(DiscardHand(p) for p in players)
    return state.push(*frames)


@dataclass(frozen=True, slots=True)
class DrawToFive(Step):
    player: int

    def run(self, state: GameState, ctx: Context) -> GameState:
        c = state.character(self.player)
        if not c.active or c.hand.total >= 5:
            # vs.event-card.terror: a hand of five, or a Character out of play, draws nothing
            return state
        refilled = refill_deck(state, self.player, ctx)
        if refilled is None:
            # base.gap.action-cards-exhausted: refill_deck asked the ruling; the draw takes what there is
            return state
        return refilled.push(ActionCardDraw(self.player), DrawToFive(self.player))


@dataclass(frozen=True, slots=True)
class ScanForTerror(Step):
    player: int

    def run(self, state: GameState, ctx: Context) -> GameState:
        c = state.character(self.player)
        if c.active and "contamination-infected" in c.hand:
            return replaceable.infected_result(state, self.player, ctx)
        # vs.event-card.terror: without an INFECTED card in hand the scan changes nothing
        return state


@dataclass(frozen=True, slots=True)
class DiscardHand(Step):
    player: int

    def run(self, state: GameState, ctx: Context) -> GameState:
        c = state.character(self.player)
        if not c.active:
            # base.hibernation.out-of-play: a Character out of play (dead, hibernating, escaped) takes no further part
            return state
        return state.with_character(c.evolve(hand=EMPTY, discard=c.discard.union(c.hand)))


def hunt(state: GameState, ctx: Context) -> GameState:
    """Void Seeders not in Combat move into a neighbouring room with a Character (the lowest
    number), Doors ignored."""

    board = state.config.board
    for intruder in [i for i in state.intruders if queries.can_move(state, i)]:
        current = next((i for i in state.intruders if i.id == intruder.id), None)
        if current is None or state.characters_at(current.position):
            continue
        targets = sorted(n for n in board.neighbours[current.position] if state.characters_at(n))
        if targets:
            corridor = board.corridor_between[(current.position, targets[0])]
            if state.door(corridor) == "closed":
                ctx.fire("vs.movement.ignore-closed-doors")
            state = move_intruder(state, current.id, corridor, ctx)
    return state


def tendrils(state: GameState, ctx: Context) -> GameState:
    tech = state.config.board.technical_positions
    for p in _order(state):
        if state.character(p).position in tech:
            state = raise_insanity(state, p, ctx)
    return state


def computer_system_failure(state: GameState, ctx: Context) -> GameState:
    rooms = _computer_rooms(state, ctx)
    if not any(state.room(p).malfunction for p in rooms):
        # vs.event-card.computer-system-failure: with no Malfunction in a Computer room nothing happens
        return state
    for position in rooms:
        state = place_malfunction(state, position, ctx)
    return state


def monophobia(state: GameState, ctx: Context) -> GameState:
    lonely = [
        p
        for p in _order(state)
        if len(state.characters_at(state.character(p).position)) == 1 and not state.in_combat(p)
    ]
    return state.push(*(ResolvePanic(p) for p in lonely))


def neurosis(state: GameState, ctx: Context) -> GameState:
    board = state.config.board
    lairs = {i.position for i in state.intruders if i.kind == LAIR}
    near = lairs | {n for lair in lairs for n in board.neighbours[lair]}
    return state.push(*(ResolvePanic(p) for p in _order(state) if state.character(p).position in near))


def agoraphobia(state: GameState, ctx: Context) -> GameState:
    crowded = sorted({c.position for c in state.characters if c.active and len(state.characters_at(c.position)) > 1})
    if not crowded:
        # vs.event-card.agoraphobia: with no room holding two Characters no Despoiler appears
        return state
    if despoiler_killed(state):
        reading = ctx.gap(
            state,
            "vs.summary.despoiler-no-return",
            "vs.event-card.agoraphobia",
            "Agoraphobia calls for a Despoiler after it was killed through the Lairs",
        )
        if reading == "never":
            return state
    state, _ = place_void_seeder(state, "despoiler", crowded[0], ctx)
    return state


def evacuation_pod_ejection(state: GameState, ctx: Context) -> GameState:
    card = next(c for c in data(state.config).event_cards if c.effect == "evacuation-pod-ejection")
    return pods.eject_pod(state, lowest=card.parameter("pod") == "lowest", ctx=ctx)


def fire_wave(state: GameState, ctx: Context) -> GameState:
    burning = [p for p in state.config.board.positions if state.room(p).fire]
    return spread_fire(state, burning[:1], ctx)


def generator_overheat(state: GameState, ctx: Context) -> GameState:
    generators = [p for p in _visible_rooms(state, ctx, "the Generator") if state.room(p).tile == "generator"]
    for position in generators:
        if state.room(position).malfunction:
            state = place_fire(state, position, ctx)
            burning = [p for p in state.config.board.positions if state.room(p).fire]
            return spread_fire(state, burning, ctx)
        return place_malfunction(state, position, ctx)
    return state


def whispers(state: GameState, ctx: Context) -> GameState:
    state = ensure_event_deck(state, ctx)
    if not state.deck("event").draw_outcomes():
        return state
    return state.push(WhispersDraw())


@dataclass(frozen=True, slots=True)
class WhispersDraw(ChanceNode):
    """Whispers: the second Event card; only its number matters and it is discarded."""

    chance = "event-card"
    clause = "vs.event-card.whispers"

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        return state.deck("event").draw_outcomes()

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        state = state.with_deck("event", state.deck("event").remove_top(outcome).discarded(outcome))
        number = tables.event_card(state.config, outcome).number
        done: set[str] = set()
        for position in sorted({state.character(p).position for p in _order(state)}):
            space = state.config.board.space_by_number[position].get(number)
            here = [p for p in _order(state) if state.character(p).position == position]
            if space is not None and space not in done and here:
                done.add(space)
                state = place_noise(state, position, space, here[0], ctx)
        return state


def fear(state: GameState, ctx: Context) -> GameState:
    for p in _order(state):
        c = state.character(p)
        if c.insanity > c.hand.total:
            state = contaminate(state, p, 1, ctx)
    return state


def fuel_explosion(state: GameState, ctx: Context) -> GameState:
    for position, room in sorted(state.config.board.printed_rooms.items()):
        if room.startswith("engine"):
            state = place_fire(state, position, ctx)
    return state


def ship_ai_failure(state: GameState, ctx: Context) -> GameState:
    """Two Malfunctions "in a Computer room" cannot happen as printed (one per room); ruling
    vs.ambiguity.ship-ai-failure reads it per room or across the Computer rooms."""

    rooms = _computer_rooms(state, ctx)
    broken = sum(1 for p in rooms if state.room(p).malfunction)
    reading = ctx.gap(
        state,
        "vs.ambiguity.ship-ai-failure",
        "vs.event-card.ship-ai-failure",
        f"Ship AI Failure with {broken} Computer room(s) holding a Malfunction",
    )
    if reading == "across-computer-rooms" and broken >= 2:
        if state.self_destruct is None:
            ctx.fire("base.self-destruct.start")
            state = state.evolve(self_destruct=tables.self_destruct_start(state.config))
        return state
    return place_malfunction(state, rooms[0], ctx) if rooms else state


VS_EVENT_EFFECTS: dict[str, EventEffectFn] = {
    "terror": terror,
    "hunt": hunt,
    "tendrils": tendrils,
    "computer-system-failure": computer_system_failure,
    "monophobia": monophobia,
    "neurosis": neurosis,
    "agoraphobia": agoraphobia,
    "evacuation-pod-ejection": evacuation_pod_ejection,
    "fire-wave": fire_wave,
    "generator-overheat": generator_overheat,
    "whispers": whispers,
    "fear": fear,
    "fuel-explosion": fuel_explosion,
    "ship-ai-failure": ship_ai_failure,
}
