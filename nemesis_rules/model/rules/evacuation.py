"""The Evacuation Sections' room action: boarding an Escape Pod (a Noise roll first), then
launching it or waiting for others (RU-RB p.26; facts.md §9). The pods themselves, their seats
and launches, are :mod:`pods`; a turn that begins in a pod is :mod:`round`'s."""

from __future__ import annotations

from dataclasses import dataclass, replace

from nemesis_rules.model.core.actions import Decision, ParamValue
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import Choice, Step
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.effects import Effect, Params
from nemesis_rules.model.rules.noise import RollNoise
from nemesis_rules.model.rules.pods import (
    SECTION_TILES,
    launch_pod,
    malfunction_blocks_pods,
    pass_in_pod,
    pod_by_number,
    seats,
    settle_pods,
    with_pod,
)


def boarding_variants(section: str) -> Effect:
    """The room action of Evacuation Section ``section``: one variant per pod that can be
    entered (unlocked, aboard, a free seat) while no Intruder is in the section."""

    def variants(state: GameState, player: int) -> list[dict[str, ParamValue]]:
        c = state.character(player)
        if state.room(c.position).tile != SECTION_TILES[section] or state.intruders_at(c.position):
            return []
        if state.room(c.position).malfunction and malfunction_blocks_pods(state):
            return []
        return [
            {"pod": str(p.number)}
            for p in state.pods
            if p.section == section and not p.launched and not p.locked and len(p.occupants) < seats(state)
        ]

    def resolve(state: GameState, player: int, params: Params, ctx: Context) -> GameState:
        position = state.character(player).position
        if state.room(position).malfunction:  # only possible when the ruling lets it through
            ctx.gap(
                state,
                "base.source.evac-malfunction",
                "base.pod.malfunction-blocks",
                "a Character boards a pod of an Evacuation Section with a Malfunction",
            )
        return state.push(RollNoise(player, position), BoardPod(player, int(str(params["pod"])), position))

    return Effect(f"base.room.{SECTION_TILES[section]}", variants, resolve)


@dataclass(frozen=True, slots=True)
class BoardPod(Step):
    """After the noise roll: an Intruder in the section makes the attempt fail; otherwise the
    character takes a seat and chooses to launch or wait (RU-RB p.24, p.26)."""

    player: int
    pod: int
    position: str

    def run(self, state: GameState, ctx: Context) -> GameState:
        state = settle_pods(state, ctx)
        c = state.character(self.player)
        pod = pod_by_number(state, self.pod)
        if not c.active or c.position != self.position or state.intruders_at(self.position):
            return state
        if pod is None or pod.launched or pod.locked or len(pod.occupants) >= seats(state):
            return state
        ctx.fire("base.pod.seats")
        if any(h in tables.HEAVY_OBJECTS for h in c.hands):
            ctx.fire("base.heavy-object.no-pod-seat")  # carried along without a seat of its own
        state = with_pod(state, replace(pod, occupants=(*pod.occupants, self.player)))
        return state.push(LaunchOrWait(self.player, self.pod))


@dataclass(frozen=True, slots=True)
class LaunchOrWait(Choice):
    """Just seated: launch now, or wait (and pass)."""

    pod: int
    clause = "base.pod.launch"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        return (Decision.make(self.player, "launch-pod"), Decision.make(self.player, "wait-in-pod"))

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        if decision.kind == "launch-pod":
            ctx.fire("base.pod.launch")
            return launch_pod(state, self.pod, self.player, ctx)
        return pass_in_pod(state, self.player, ctx)


ROOM_ACTIONS: dict[str, Effect] = {
    "evacuation-section-a": boarding_variants("A"),
    "evacuation-section-b": boarding_variants("B"),
}
"""The Evacuation Sections' room actions (a ruleset takes them into its table)."""
