"""Escape pods and leaving the ship alive (RU-RB p.11-12, p.24, p.26; facts.md §9, §13;
base-rules-reference.txt, Getting home).

Each pod token seats two Characters (Heavy Objects take no seat). Entering one is the
Evacuation Section's room action: it needs an unlocked pod of that section with a free seat
and no Intruder in the section; a noise roll follows, and an Intruder appearing in the room
makes the attempt fail. A seated Character launches at once or waits. A waiting Character is
still aboard (status ``active``, listed in :attr:`Pod.occupants`): at the start of their first
turn of each later Player Phase they launch, step out (free) and play the turn, or stay, which
is an automatic pass. An Intruder in the section throws every waiting occupant of its pods
back into the room. A launched pod leaves the game with its passengers, who count as reaching
Earth (status ``escaped``).

Ejection is checked whenever the engine looks at the pods (after a boarding attempt, at the
start of every turn and at the end of the Player Phase): the movement procedures of Intruders
do not report arrivals, so an occupant sees the Intruder at the next of those moments, before
they could act or be attacked in the Event Phase.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from nemesis_rules.model.core.actions import Decision, ParamValue
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import Choice, Step
from nemesis_rules.model.core.state import CharacterStatus, GameState, Pod
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules import replaceable
from nemesis_rules.model.rules.effects import Effect, Params
from nemesis_rules.model.rules.noise import RollNoise
from nemesis_rules.model.rules.wounds import CheckLastCharacter

SECTION_TILES = {"A": "evacuation-section-a", "B": "evacuation-section-b"}
"""The room tile of each Evacuation Section, by the section letter a pod token carries."""


def seats(state: GameState) -> int:
    """Seats per pod (2, facts.md §9)."""
    return tables.base(state.config).escape_pods.seats


def section_position(state: GameState, section: str) -> str | None:
    """Where the Evacuation Section ``section`` lies on this ship."""
    tile = SECTION_TILES.get(section)
    for position in state.config.board.positions:
        if state.room(position).tile == tile:
            return position
    return None


def pod_by_number(state: GameState, number: int) -> Pod | None:
    return next((p for p in state.pods if p.number == number), None)


def with_pod(state: GameState, pod: Pod) -> GameState:
    return state.evolve(pods=tuple(pod if p.number == pod.number else p for p in state.pods))


def pod_of(state: GameState, player: int) -> Pod | None:
    """The pod a character waits in (launched pods are gone with their passengers)."""
    return next((p for p in state.pods if not p.launched and player in p.occupants), None)


def waiting(state: GameState, player: int) -> bool:
    """Whether ``player`` is aboard, seated in a pod that has not launched."""
    return state.character(player).active and pod_of(state, player) is not None


def leave_play(state: GameState, player: int, status: CharacterStatus, ctx: Context) -> GameState:
    """A character leaves the game alive (``escaped`` in a pod, or ``hibernating``); the
    last active character leaving ends the game (RU-RB p.11; wounds.CheckLastCharacter)."""
    c = state.character(player)
    if not c.active:
        return state
    state = state.with_character(c.evolve(status=status, passed=True))
    state = replaceable.on_character_leaves(state, player, ctx)
    return state.push(CheckLastCharacter())


def settle_pods(state: GameState, ctx: Context) -> GameState:
    """Bring the pods up to date: an Intruder in a section ejects every occupant of its pods
    back into the room (RU-RB p.26); a seat whose occupant is no longer active is free."""
    for pod in state.pods:
        if pod.launched or not pod.occupants:
            continue
        position = section_position(state, pod.section)
        if position is not None and state.intruders_at(position):
            ctx.fire("base.pod.intruder-ejects")
            state = with_pod(state, replace(pod, occupants=()))
            continue
        seated = tuple(p for p in pod.occupants if state.character(p).active)
        if seated != pod.occupants:
            state = with_pod(state, replace(pod, occupants=seated))
    return state


def launch_pod(state: GameState, number: int, player: int, ctx: Context) -> GameState:
    """``player`` launches the pod: it leaves the game and its passengers escape (count as
    reaching Earth). Others seated in it go too, unless ruling base.gap.pod-launch-companions
    puts them back in the section."""
    pod = pod_by_number(state, number)
    if pod is None or pod.launched:
        return state
    passengers = pod.occupants
    if len(passengers) > 1:
        reading = ctx.gap(
            state,
            "base.gap.pod-launch-companions",
            "base.pod.launched",
            f"player {player} launches escape pod {number} with another character waiting in it",
        )
        if reading == "companions-step-out":
            ctx.fire("base.pod.step-out")
            passengers = (player,)
    ctx.fire("base.pod.launched")
    state = with_pod(state, replace(pod, occupants=(), launched=True))
    for passenger in passengers:
        state = leave_play(state, passenger, "escaped", ctx)
    return state


def may_launch(state: GameState, pod: Pod) -> bool:
    """A waiting character may launch their pod; a pod locked again after they boarded only
    if ruling base.gap.locked-pod-launch allows it (the texts lock only the way in)."""
    return not pod.locked or state.config.rulings.get("base.gap.locked-pod-launch") == "may-launch"


def pass_in_pod(state: GameState, player: int, ctx: Context) -> GameState:
    """Not launching is an automatic pass (RU-RB p.26): the pass's own effects apply (a
    chance to discard cards, then a Bleeding wound), above whatever ends the turn."""
    from nemesis_rules.model.rules.round import PassDiscard

    ctx.fire("base.pod.launch")
    c = state.character(player)
    state = state.with_character(c.evolve(passed=True))
    state = replaceable.on_pass(state, player, ctx)
    return state.push(PassDiscard(player, ""))


# -- the Evacuation Sections' room action ------------------------------------------------------


def malfunction_blocks_pods(state: GameState) -> bool:
    """A Malfunction in the section keeps everyone out of its pods (RU-RB p.26), unless
    ruling base.source.evac-malfunction follows the second-hand FAQ reading. (The generic
    room action refuses every room with a Malfunction before asking this module.)"""
    return state.config.rulings.get("base.source.evac-malfunction", "blocks") == "blocks"


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


# -- a turn that starts in a pod -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BeginTurn(Step):
    """The start of a player's turn: pods and the Decompression token are brought up to date;
    a character waiting in a pod decides about the pod, every other one plays a normal turn."""

    player: int

    def run(self, state: GameState, ctx: Context) -> GameState:
        state = rooms_doors.release_opened_airlocks(settle_pods(state, ctx), ctx)
        if waiting(state, self.player):
            return state.push(PodTurn(self.player))
        return state.push(round_rules.Turn(self.player, 0))


@dataclass(frozen=True, slots=True)
class PodTurn(Choice):
    """A turn begun in a pod: launch it, step out (no action spent) and play the turn, or stay
    in it, which passes (RU-RB p.26)."""

    clause = "base.pod.launch"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        pod = pod_of(state, self.player)
        out = [Decision.make(self.player, "leave-pod"), Decision.make(self.player, "stay-in-pod")]
        if pod is not None and may_launch(state, pod):
            out.append(Decision.make(self.player, "launch-pod"))
        return tuple(sorted(out))

    def diagnose(self, state: GameState, decision: Decision) -> tuple[str, str]:
        if decision.kind == "launch-pod":
            return "the pod was locked again after boarding", "base.gap.locked-pod-launch"
        return (
            f"player {self.player} waits in an escape pod: only 'launch-pod', 'leave-pod' or 'stay-in-pod'",
            self.clause,
        )

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        from nemesis_rules.model.rules.round import EndTurn, Turn

        pod = pod_of(state, self.player)
        if pod is None:  # pragma: no cover - the frame exists only while the player is seated
            return state.push(Turn(self.player, 0))
        if decision.kind == "leave-pod":
            ctx.fire("base.pod.step-out")
            state = with_pod(state, replace(pod, occupants=tuple(p for p in pod.occupants if p != self.player)))
            return state.push(Turn(self.player, 0))
        if decision.kind == "launch-pod":
            ctx.fire("base.pod.launch")
            if pod.locked:
                ctx.gap(
                    state,
                    "base.gap.locked-pod-launch",
                    "base.pod.launch",
                    f"player {self.player} launches escape pod {pod.number}, locked again after boarding",
                )
            return launch_pod(state.push(EndTurn(self.player)), pod.number, self.player, ctx)
        return pass_in_pod(state.push(EndTurn(self.player)), self.player, ctx)


def eject_pod(state: GameState, *, lowest: bool, ctx: Context) -> GameState:
    """Remove the lowest- (or highest-) numbered escape pod still aboard (the Evacuation Pod
    Ejection event cards)."""
    aboard = [p for p in state.pods if not p.launched]
    if not aboard:
        return state
    pod = min(aboard, key=lambda p: p.number) if lowest else max(aboard, key=lambda p: p.number)
    if pod.occupants:
        reading = ctx.gap(
            state,
            "base.gap.ejected-pod-occupied",
            "base.event-card.evacuation-pod-ejection",
            f"escape pod {pod.number} is ejected with characters waiting inside",
        )
        if reading == "occupants-leave":
            ctx.fire("base.pod.launch")
            for player in pod.occupants:
                state = leave_play(state, player, "escaped", ctx)
    return state.evolve(
        pods=tuple(p for p in state.pods if p.number != pod.number),
        removed=state.removed.add(f"pod:{pod.number}"),
    )


ROOM_ACTIONS: dict[str, Effect] = {
    "evacuation-section-a": boarding_variants("A"),
    "evacuation-section-b": boarding_variants("B"),
}
"""The Evacuation Sections' room actions (a ruleset takes them into its table)."""

# Rule families that import this module's own names: imported once it is complete (a cycle
# otherwise), as modules whose functions are looked up at call time; importing them inside a
# function cost a pass through the import machinery on every call.
from nemesis_rules.model.rules import rooms_doors  # noqa: E402
from nemesis_rules.model.rules import round as round_rules  # noqa: E402
