"""Rooms that act on another room: the Fire Control System, the Command Center and Airlock
Control with its decompression at the end of the Player Phase (RU-RB p.24-25; facts.md §9,
§14; base-rules-reference.txt, The ship — 21 rooms).

The target room of the Fire Control System and the Command Center is chosen after paying (a
staged decision: any room of the ship may be the target). The Decompression token is the
state flag ``decompression:<position>``.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from nemesis_rules.model.core.actions import Decision, ParamValue
from nemesis_rules.model.core.engine import Context, settle
from nemesis_rules.model.core.frames import Choice, Step
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.effects import Effect, Params
from nemesis_rules.model.rules.intruder_injuries import Retreat, injure, kill_intruder
from nemesis_rules.model.rules.pods import settle_pods
from nemesis_rules.model.rules.ship import doors_of, remove_fire, set_door
from nemesis_rules.model.rules.wounds import CheckLastCharacter, kill

Variants = list[dict[str, ParamValue]]

DECOMPRESSION = "decompression:"
PHOSPHATES = "susceptibility-to-phosphates"


# -- Fire Control System -----------------------------------------------------------------------


def fire_control_targets(state: GameState) -> list[str]:
    """Rooms where the procedure does something: a Fire to put out or Intruders to drive off."""
    return [p for p in state.config.board.positions if state.room(p).fire or state.intruders_at(p)]


def fire_control_variants(state: GameState, player: int) -> Variants:
    return [{}] if fire_control_targets(state) else []


def fire_control(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    return state.push(FireControlTarget(player))


@dataclass(frozen=True, slots=True)
class FireControlTarget(Choice):
    """Any room: its Fire is removed and every Intruder there retreats (RU-RB p.24)."""

    clause = "base.room.fire-control-system"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        return tuple(Decision.make(self.player, "fire-control", target=p) for p in fire_control_targets(state))

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        return fire_control_procedure(state, decision.text("target"), ctx)


def fire_control_procedure(state: GameState, position: str, ctx: Context) -> GameState:
    """Remove the Fire; each Intruder retreats (one Event card each). With Susceptibility to
    Phosphates revealed, each also takes 1 Injury where the retreat left it (facts.md §14)."""
    state = remove_fire(state, position, ctx)
    frames: list[Step] = []
    for intruder in state.intruders_at(position):
        frames.append(Retreat(intruder.id))
        if PHOSPHATES in state.discovered:
            ctx.fire(f"base.weakness.{PHOSPHATES}")
            frames.append(InjureIntruder(intruder.id, 1))
    if frames:
        ctx.fire("base.retreat.direction")
    return state.push(*frames)


@dataclass(frozen=True, slots=True)
class InjureIntruder(Step):
    """Injuries for an Intruder by id, wherever it is when the step runs."""

    intruder: int
    count: int

    def run(self, state: GameState, ctx: Context) -> GameState:
        return injure(state, self.intruder, self.count, ctx)


# -- Command Center ----------------------------------------------------------------------------


def working_doors(state: GameState, position: str) -> tuple[str, ...]:
    """The doors around a room that can still be opened or closed (not Destroyed)."""
    return tuple(c for c in doors_of(state, position) if state.door(c) != "destroyed")


def command_center_targets(state: GameState) -> list[str]:
    return [p for p in state.config.board.positions if working_doors(state, p)]


def command_center_variants(state: GameState, player: int) -> Variants:
    return [{}] if command_center_targets(state) else []


def command_center(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    return state.push(CommandCenterRoom(player))


@dataclass(frozen=True, slots=True)
class CommandCenterRoom(Choice):
    """Which room's doors the Command Center works (RU-RB p.25)."""

    clause = "base.room.command-center"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        return tuple(Decision.make(self.player, "doors-of", target=p) for p in command_center_targets(state))

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        return state.push(SetDoors(self.player, decision.text("target")))


def door_settings(state: GameState, position: str) -> list[tuple[str, ...]]:
    """Every combination of open and closed for the room's working doors, but the current one;
    each spelled ``corridor=state``."""
    doors = working_doors(state, position)
    current = tuple(f"{c}={state.door(c)}" for c in doors)
    out = []
    for combination in product(("closed", "open"), repeat=len(doors)):
        setting = tuple(f"{c}={s}" for c, s in zip(doors, combination, strict=True))
        if setting != current:
            out.append(setting)
    return out


@dataclass(frozen=True, slots=True)
class SetDoors(Choice):
    """Open or close any of the room's doors, in any combination (RU-RB p.25)."""

    target: str
    clause = "base.room.command-center"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        return tuple(
            sorted(Decision.make(self.player, "set-doors", doors=s) for s in door_settings(state, self.target))
        )

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        for setting in decision.cards("doors"):
            corridor, _, door = setting.partition("=")
            state = set_door(state, corridor, "closed" if door == "closed" else "open", ctx)
        return state


# -- Airlock Control and decompression --------------------------------------------------------------


def decompressing(state: GameState) -> list[str]:
    """Rooms holding the Decompression token."""
    return sorted(f[len(DECOMPRESSION) :] for f in state.flags if f.startswith(DECOMPRESSION))


def airlock_targets(state: GameState, player: int) -> list[str]:
    """Another explored yellow room with no Destroyed Door (RU-RB p.25; yellow = the room's
    name on a yellow band, known once the tile is face up)."""
    here = state.character(player).position
    out = []
    for position in state.config.board.positions:
        room = state.room(position)
        if position == here or not room.explored or room.tile is None:
            continue
        if tables.room_colour(state.config, room.tile) != "yellow":
            continue
        if any(state.door(c) == "destroyed" for c in doors_of(state, position)):
            continue
        out.append(position)
    return out


def airlock_variants(state: GameState, player: int) -> Variants:
    return [{"target": p} for p in airlock_targets(state, player)]


def airlock_control(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
    """Close every door of the target room and put the Decompression token there. The box has
    one token: a second emergency decompression in the same Player Phase is ruling
    base.gap.second-decompression."""
    target = str(params["target"])
    for corridor in doors_of(state, target):
        state = set_door(state, corridor, "closed", ctx)
    others = [p for p in decompressing(state) if p != target]
    if others:
        reading = ctx.gap(
            state,
            "base.gap.second-decompression",
            "base.room.airlock-control",
            f"an emergency decompression starts in room {target} while room {others[0]} still holds the token",
        )
        if reading == "move-token":
            state = state.evolve(flags=state.flags - {DECOMPRESSION + p for p in others})
    return state.evolve(flags=state.flags | {DECOMPRESSION + target})


def release_opened_airlocks(state: GameState, ctx: Context) -> GameState:
    """A door of the decompressing room opened (or destroyed) before the end of the Player
    Phase removes the token (RU-RB p.25)."""
    for position in decompressing(state):
        if any(state.door(c) != "closed" for c in doors_of(state, position)):
            state = state.evolve(flags=state.flags - {DECOMPRESSION + position})
    return state


def decompress(state: GameState, position: str, ctx: Context) -> GameState:
    """Everyone in the room dies, Characters and Intruders (the ruleset decides what a dead
    Intruder leaves; Void Seeders' Lairs are Intruders too); its Fire goes out."""
    ctx.fire("base.room.airlock-control")
    for character in state.characters_at(position):
        state = kill(state, character.player, ctx, f"the emergency decompression of room {position}")
    for intruder in state.intruders_at(position):
        state = kill_intruder(state, intruder, ctx)
    return remove_fire(state, position, ctx)


def decompress_sealed_rooms(state: GameState, ctx: Context) -> GameState:
    """At the end of the Player Phase: each room with the token and every door still closed
    is decompressed; the token is removed either way."""
    state = release_opened_airlocks(state, ctx)
    for position in decompressing(state):
        state = state.evolve(flags=state.flags - {DECOMPRESSION + position})
        state = decompress(state, position, ctx)
    return state


def base_end_of_player_phase(state: GameState, ctx: Context) -> GameState:
    """The base game's end of the Player Phase: the pods are brought up to date, then the
    emergency decompression. A ruleset extends it by calling it from its own hook.

    Then the check for the last character runs here, before the Event Phase's steps are
    queued (otherwise the Time marker would move first): deaths queue one, and a pod ejected
    by an Event card may have carried the last characters away. When the game ends, its
    victory check is run at once as far as it goes without a chance outcome, because the
    Event Phase queues its steps unless the game has an end."""

    depth = len(state.pending)
    state = decompress_sealed_rooms(settle_pods(state, ctx), ctx)
    kept = tuple(f for f in state.pending[depth:] if not isinstance(f, CheckLastCharacter))
    state = state.evolve(pending=(*state.pending[:depth], *kept))
    state = CheckLastCharacter().run(state, ctx)
    return settle(state, ctx) if state.phase == "over" else state


ROOM_ACTIONS: dict[str, Effect] = {
    "fire-control-system": Effect("base.room.fire-control-system", fire_control_variants, fire_control),
    "command-center": Effect("base.room.command-center", command_center_variants, command_center),
    "airlock-control": Effect("base.room.airlock-control", airlock_variants, airlock_control),
}
"""This family's room actions by the room's ``action`` id (a ruleset takes them into its table)."""
