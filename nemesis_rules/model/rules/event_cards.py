"""The effects of the 20 base Event cards (facts.md §4, SCAN §4 + AB; paraphrased).

Each effect is keyed by the card's effect id; its clause is ``base.event-card.<id>`` (fired
by the event step). Where the printed text leaves a case open, a ruling decides it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from nemesis_rules.board.layout import TECH
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules import pods, queries
from nemesis_rules.model.rules.contamination import EclosionDraw
from nemesis_rules.model.rules.encounter import Encounter
from nemesis_rules.model.rules.intruder_injuries import destroy_nest_eggs
from nemesis_rules.model.rules.intruders import move_intruder, place_intruder, remove_intruder
from nemesis_rules.model.rules.markers import place_fire, place_malfunction, spread_fire
from nemesis_rules.model.rules.noise import RollNoise, fill_noiseless
from nemesis_rules.model.rules.queries import turn_order
from nemesis_rules.model.rules.wounds import kill

EventEffectFn = Callable[[GameState, Context], GameState]


def _explored_rooms(state: GameState, *, only_explored: bool = True) -> list[str]:
    return [p for p in state.config.board.positions if state.room(p).explored or not only_explored]


def _colour_rooms(state: GameState, colour: str, ctx: Context, *, computer: bool = False) -> list[str]:
    reading = "explored-only"
    if not all(state.room(p).explored for p in state.config.board.positions):
        reading = ctx.gap(
            state,
            "base.ambiguity.event-unexplored-rooms",
            "base.event-card.short-circuit",
            "an Event card names rooms by colour; unexplored tiles have a colour nobody has seen",
        )
    out = []
    for position in _explored_rooms(state, only_explored=reading == "explored-only"):
        tile = state.room(position).tile
        if (
            tile
            and tables.room_colour(state.config, tile) == colour
            and (not computer or tables.room_has_computer(state.config, tile))
        ):
            out.append(position)
    return out


def damaging_fire(state: GameState, ctx: Context) -> GameState:
    burning = [p for p in state.config.board.positions if state.room(p).fire]
    for position in burning:
        state = place_malfunction(state, position, ctx)
    return spread_fire(state, burning, ctx)


def regeneration(state: GameState, ctx: Context) -> GameState:
    """Every Intruder heals 2 Injuries (facts.md §4)."""
    if any(i.injuries for i in state.intruders):
        ctx.fire("base.endurance.heal")
    return state.evolve(intruders=tuple(replace(i, injuries=max(0, i.injuries - 2)) for i in state.intruders))


def bulkheads_open(state: GameState, ctx: Context) -> GameState:
    return state.evolve(doors=tuple("open" if d == "closed" else d for d in state.doors))


def eclosion(state: GameState, ctx: Context) -> GameState:
    for player in turn_order(state):
        c = state.character(player)
        if c.active and c.larva:
            ctx.fire("base.event-card.eclosion")
            state = kill(state, player, ctx, "a Larva hatched")
            state = state.with_character(state.character(player).evolve(larva=False))
            state, _ = place_intruder(state, "creeper", c.position, None, ctx)
    frames = [EclosionDraw(p, 4, ()) for p in turn_order(state) if state.character(p).active]
    return state.push(*frames)


def coolant_leak(state: GameState, ctx: Context) -> GameState:
    for position in state.config.board.positions:
        room = state.room(position)
        if room.tile == "generator" and room.malfunction and state.self_destruct is None:
            ctx.fire("base.self-destruct.start")
            return state.evolve(self_destruct=tables.self_destruct_start(state.config))
    return state


def hunt(state: GameState, ctx: Context) -> GameState:
    board = state.config.board
    for intruder in [i for i in state.intruders if i.kind == "adult"]:
        current = next((i for i in state.intruders if i.id == intruder.id), None)
        if current is None or state.characters_at(current.position):
            continue
        targets = sorted(n for n in board.neighbours[current.position] if state.characters_at(n))
        if targets:
            state = move_intruder(state, current.id, board.corridor_between[(current.position, targets[0])], ctx)
    return state


def damage(state: GameState, ctx: Context) -> GameState:
    rooms = sorted({i.position for i in state.intruders if i.kind in ("adult", "breeder", "queen")})
    for position in rooms:
        state = place_malfunction(state, position, ctx)
    return state


def egg_protection(state: GameState, ctx: Context) -> GameState:
    frames = []
    for player in turn_order(state):
        c = state.character(player)
        if c.active and (state.room(c.position).tile == "nest" or queries.carries(c, "egg")):
            frames.append(Encounter(player, c.position))
    return state.push(*frames)


def malfunction(state: GameState, ctx: Context) -> GameState:
    reading = ctx.gap(
        state,
        "base.ambiguity.malfunction-event-target",
        "base.event-card.malfunction",
        "the explored room with the lowest number may already hold a Malfunction",
    )
    for position in _explored_rooms(state):
        room = state.room(position)
        if not tables.room_can_malfunction(state.config, room.tile):
            continue
        if room.malfunction and reading == "next-without":
            continue
        return place_malfunction(state, position, ctx)
    return state


def life_support_failure(state: GameState, ctx: Context) -> GameState:
    for position in _colour_rooms(state, "green", ctx):
        state = place_malfunction(state, position, ctx)
    return state


def scent_of_prey(state: GameState, ctx: Context) -> GameState:
    rooms = sorted({c.position for c in state.characters if c.active and c.slime})
    for position in rooms:
        state = fill_noiseless(state, position, ctx)
    return state


def nest(state: GameState, ctx: Context) -> GameState:
    for position in state.config.board.positions:
        room = state.room(position)
        if room.tile == "nest" and room.explored:
            state = fill_noiseless(state, position, ctx)
    return state


def evacuation_pod_ejection(state: GameState, ctx: Context) -> GameState:
    return pods.eject_pod(state, lowest=True, ctx=ctx)


def hatching(state: GameState, ctx: Context) -> GameState:
    state = destroy_nest_eggs(state, 1, ctx)  # an Egg hatches; the last one leaves no Nest (base.nest.destroyed)
    infested = False
    for c in state.characters:
        if c.active and state.room(c.position).tile == "nest" and c.hand.total == 0 and not c.larva:
            ctx.fire("base.event-card.hatching")
            state = state.with_character(c.evolve(larva=True))
            infested = True
    if not infested:
        larvae = sorted(t for t in state.token_pool if t.startswith("larva"))
        if larvae:
            state = state.evolve(bag=state.bag.add(larvae[0]), token_pool=state.token_pool.remove(larvae[0]))
    return state


def flammable_compounds(state: GameState, ctx: Context) -> GameState:
    hibernatorium = next(p for p, r in state.config.board.printed_rooms.items() if r == "hibernatorium")
    if state.room(hibernatorium).fire:
        return spread_fire(state, [hibernatorium], ctx)
    return place_fire(state, hibernatorium, ctx)


def short_circuit(state: GameState, ctx: Context) -> GameState:
    for position in _colour_rooms(state, "yellow", ctx, computer=True):
        state = place_malfunction(state, position, ctx)
    return state


def consuming_fire(state: GameState, ctx: Context) -> GameState:
    burning = [p for p in state.config.board.positions if state.room(p).fire]
    for position in burning:
        room = state.room(position)
        if room.items is not None:
            state = state.with_room(position, room.evolve(items=0))
    return spread_fire(state, burning, ctx)


def lurking(state: GameState, ctx: Context) -> GameState:
    for intruder in [i for i in state.intruders if not state.characters_at(i.position)]:
        if queries.can_move(state, intruder):
            state = remove_intruder(state, intruder.id, ctx, to_bag=True)
    return state


def noise_in_technical_corridors(state: GameState, ctx: Context) -> GameState:
    if TECH not in state.noise:
        return state.evolve(noise=state.noise | {TECH})
    tech = state.config.board.technical_positions
    rolls = [
        RollNoise(p, state.character(p).position)
        for p in turn_order(state)
        if state.character(p).active and state.character(p).position in tech
    ]
    return state.push(*rolls)


BASE_EVENT_EFFECTS: dict[str, EventEffectFn] = {
    "damaging-fire": damaging_fire,
    "regeneration": regeneration,
    "bulkheads-open": bulkheads_open,
    "eclosion": eclosion,
    "coolant-leak": coolant_leak,
    "hunt": hunt,
    "damage": damage,
    "egg-protection": egg_protection,
    "malfunction": malfunction,
    "life-support-failure": life_support_failure,
    "scent-of-prey": scent_of_prey,
    "nest": nest,
    "evacuation-pod-ejection": evacuation_pod_ejection,
    "hatching": hatching,
    "flammable-compounds": flammable_compounds,
    "short-circuit": short_circuit,
    "consuming-fire": consuming_fire,
    "lurking": lurking,
    "noise-in-technical-corridors": noise_in_technical_corridors,
}
