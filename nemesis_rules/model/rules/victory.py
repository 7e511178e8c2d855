"""The victory check (RU-RB p.11; facts.md §8, §13), in order: engines, coordinates, the final
contamination check, objectives. It runs only if at least one character hibernates or
escaped in a pod; several players may win.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import ChanceNode, Frame, Step
from nemesis_rules.model.core.multiset import EMPTY, Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.data.character_decks import Condition
from nemesis_rules.model.rules import queries

INFECTED = "contamination-infected"


def _kill_hibernators(state: GameState, ctx: Context, clause: str) -> GameState:
    ctx.fire(clause)
    return state.evolve(
        characters=tuple(c.evolve(status="dead") if c.status == "hibernating" else c for c in state.characters)
    )


@dataclass(frozen=True, slots=True)
class EngineCheck(Step):
    """1. Engines: 2 or 3 Damaged on top means the ship explodes with everyone aboard."""

    after_the_end = True

    def run(self, state: GameState, ctx: Context) -> GameState:
        damaged = sum(1 for stack in state.engines if stack and stack[0] == "damaged")
        ctx.fire("base.end.engines")
        engine_rooms = [p for p, tile in state.config.board.printed_rooms.items() if tile.startswith("engine")]
        if any(state.room(p).malfunction for p in engine_rooms):
            ctx.fire("base.end.malfunction-engines")  # only the tokens tell; a Malfunction changes nothing
        if any(c.status == "escaped" for c in state.characters):
            ctx.fire("base.end.pod-earth")  # launched: counted as reaching Earth, no ship check
        if damaged >= 2:
            state = _kill_hibernators(state, ctx, "base.end.engines")
            aside = Multiset.of(i.token for i in state.intruders if i.token is not None)
            return state.evolve(
                flags=state.flags | {"ship-destroyed"}, intruders=(), token_pool=state.token_pool.union(aside)
            )
        return state


@dataclass(frozen=True, slots=True)
class CoordinatesCheck(Step):
    """2. Coordinates: a destination other than Earth kills the hibernating characters, except a
    holder of Quarantine when the ship reaches Mars."""

    after_the_end = True

    def run(self, state: GameState, ctx: Context) -> GameState:
        if "ship-destroyed" in state.flags or state.coordinates is None:
            # base.end.coordinates: no Coordinates check on a destroyed ship (nor without a Coordinates card)
            return state
        ctx.fire("base.end.coordinates")
        place = tables.coordinates_cards(state.config)[state.coordinates].destination(state.destination)
        state = state.evolve(flags=state.flags | {f"ship-reaches-{place}"})
        if place == "earth":
            return state
        keep = {c.player for c in state.characters if place == "mars" and "quarantine" in c.objectives[:1]}
        if keep:
            ctx.fire("base.objective.quarantine", "base.end.quarantine-mars")
        return state.evolve(
            characters=tuple(
                c.evolve(status="dead") if c.status == "hibernating" and c.player not in keep else c
                for c in state.characters
            ),
        )


@dataclass(frozen=True, slots=True)
class ContaminationCheck(Step):
    """3. Each survivor: with an INFECTED card anywhere in the action cards, or a Larva (then no
    scan), shuffle every card into one deck and draw 4; any Contamination card kills."""

    after_the_end = True

    player: int

    def run(self, state: GameState, ctx: Context) -> GameState:
        c = state.character(self.player)
        if c.status not in ("hibernating", "escaped"):
            # base.end.survival: only hibernating and escaped Characters are checked
            return state
        everything = c.hand.union(c.deck).union(c.discard)
        ctx.fire("base.end.contamination-check")
        if not c.larva and INFECTED not in everything:
            # base.end.contamination-check: a survivor without an INFECTED card or a Larva passes the check
            return state
        state = state.with_character(c.evolve(hand=EMPTY, discard=EMPTY, deck=everything))
        return state.push(FinalDraw(self.player, 4))


@dataclass(frozen=True, slots=True)
class FinalDraw(ChanceNode):
    after_the_end = True
    player: int
    left: int
    chance = "action-card"
    clause = "base.end.contamination-check"

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        return state.character(self.player).deck.items()

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        c = state.character(self.player)
        c = c.evolve(deck=c.deck.remove(outcome), hand=c.hand.add(outcome))
        state = state.with_character(c)
        if outcome.startswith("contamination"):
            ctx.fire(self.clause)
            return state.with_character(c.evolve(status="dead"))
        if self.left > 1 and c.deck:
            return state.push(replace(self, left=self.left - 1))
        return state


def base_victory_steps(state: GameState, reason: str) -> tuple[Frame, ...]:
    survivors = [c.player for c in state.characters if c.status in ("hibernating", "escaped")]
    if not survivors:
        return ()
    steps: list[Frame] = []
    if "ship-destroyed" not in state.flags:
        steps.extend((EngineCheck(), CoordinatesCheck()))
    steps.extend(ContaminationCheck(p) for p in survivors)
    return tuple(steps)


def _atom(state: GameState, op: str, n: int | None, player: int, survivors: tuple[int, ...], ctx: Context) -> bool:
    """Whether one atom of an Objective's condition holds for ``player``; an atom whose reading a
    clause of facts.md §8 settles names it."""
    c = state.character(player)
    weakness_slots = dict(zip(tables.base(state.config).weakness_setup.slots, state.weaknesses, strict=False))
    if op == "signal":
        ctx.fire("base.objective.signal")  # only the Character who sent it
        return c.signal
    if op == "weakness-carcass":
        return weakness_slots.get("intruder-carcass") in state.discovered
    if op == "weakness-egg":
        return weakness_slots.get("intruder-egg") in state.discovered
    if op == "weaknesses-discovered":
        return len(state.discovered) >= (n or 0)
    if op == "escape-with-egg":
        return queries.carries(c, "egg")
    if op == "escape-with-blue-corpse":
        return queries.carries(c, "corpse-blue")
    if op == "player-n-dead":
        if n == player:
            ctx.fire("base.objective.self-named")  # only "survive-sole" can fulfil the card
            return False
        return n is not None and n <= state.config.players and n not in survivors
    if op == "survive-sole":
        return survivors == (player,)
    if op == "another-survives":
        return len([p for p in survivors if p != player]) >= (n or 1)
    if op == "ship-reaches-earth":
        return c.status == "escaped" or "ship-reaches-earth" in state.flags
    if op == "ship-reaches-mars":
        return c.status == "hibernating" and "ship-reaches-mars" in state.flags
    if op == "ship-destroyed":
        return op in state.flags
    if op == "queen-killed":
        if op in state.flags:
            return True
        return _explosion_counts(state, ctx)
    if op == "nest-destroyed":
        ctx.fire("base.objective.nest-destroyed")  # no Egg left in the Nest, or the ship exploded
        return _nest_destroyed(state) or _explosion_counts(state, ctx)
    if op == "all-rooms-explored":
        return all(r.explored for r in state.rooms)
    if op == "pod-items":
        return c.status == "escaped" and queries.item_count(c) >= (n or 0)
    raise KeyError(op)


def _explosion_counts(state: GameState, ctx: Context) -> bool:
    """A ship explosion counts as killing the Queen and destroying the Nest (facts.md §8, Key FAQ
    v2.2); the hyperjump does not (base.objective.jump-no-kill, named where the jump happens)."""
    if "ship-destroyed" in state.flags:
        ctx.fire("base.objective.explosion-kills")
        return True
    return False


def _nest_destroyed(state: GameState) -> bool:
    return state.eggs == 0 and any(
        state.room(p).tile == "nest" and state.room(p).explored for p in state.config.board.positions
    )


def holds(state: GameState, condition: Condition, player: int, survivors: tuple[int, ...], ctx: Context) -> bool:
    """Whether an Objective's ``condition`` holds for ``player`` (every atom is evaluated, so each
    clause that settles how one reads is named even when an earlier part fails)."""
    if condition.op == "all":
        return all([holds(state, part, player, survivors, ctx) for part in condition.parts])
    if condition.op == "any":
        return any([holds(state, part, player, survivors, ctx) for part in condition.parts])
    return _atom(state, condition.op, condition.n, player, survivors, ctx)


def base_winners(state: GameState, survivors: tuple[int, ...], ctx: Context) -> tuple[int, ...]:
    """4. Objectives: a survivor wins when their kept objective is fulfilled. A player who never
    had to choose (no Intruder appeared) still holds two; ruling base.gap.objectives-never-chosen."""
    objectives = {o.id: o for o in tables.base(state.config).objectives}
    if "survival-only" in state.flags:
        ctx.fire("base.gap.solo-objectives")
        return survivors
    out = []
    for player in survivors:
        held = state.character(player).objectives
        if len(held) > 1:
            reading = ctx.gap(
                state,
                "base.gap.objectives-never-chosen",
                "base.encounter.first-encounter",
                f"player {player} survived without ever choosing an objective",
            )
            held = held if reading == "either" else held[:1]
        ctx.fire("base.end.objectives")
        # each held objective's condition is checked, fulfilled or not
        ctx.fire(*(f"base.objective.{objectives[o].effect}" for o in held))
        if any([holds(state, objectives[o].condition, player, survivors, ctx) for o in held]):
            out.append(player)
    return tuple(out)
