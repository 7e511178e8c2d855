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

This module holds the pods, their seats, launches and ejection; boarding, the Evacuation
Sections' room action, is :mod:`evacuation`'s, and a turn begun in a pod is :mod:`round`'s.
"""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import CharacterStatus, GameState, Pod
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules import replaceable
from nemesis_rules.model.rules.hands import PassDiscard
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
        # base.pod.launched: a Character already out of play leaves it only once
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
        # base.pod.launched: a launched pod is out of the game and launches no second time
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


# -- a turn that starts in a pod -----------------------------------------------------------------


def eject_pod(state: GameState, *, lowest: bool, ctx: Context) -> GameState:
    """Remove the lowest- (or highest-) numbered escape pod still aboard (the Evacuation Pod
    Ejection event cards)."""
    aboard = [p for p in state.pods if not p.launched]
    if not aboard:
        # base.event-card.evacuation-pod-ejection: with no pod left aboard there is none to remove
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
