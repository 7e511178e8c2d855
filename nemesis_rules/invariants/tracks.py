"""Tracks, escape pods, engines and the end of the game (RU-RB p.6, p.11-12; facts.md §9, §12-13)."""

from __future__ import annotations

from collections import Counter

from nemesis_rules.invariants.components import box
from nemesis_rules.invariants.core import problems, state_invariant, step_invariant
from nemesis_rules.model.core.actions import Action
from nemesis_rules.model.core.state import GameState
from nemesis_rules.rulebook.spec import spec_value

ENGINE_STACK = ("damaged", "working")


@state_invariant(
    "tracks.spaces",
    "The Time and Self-Destruct markers stay within their tracks' spaces; the destination is a space of its track.",
    "base.time.track",
    reads=("time", "self_destruct", "destination"),
)
def track_spaces(state: GameState) -> str | None:
    b = box(state.config)
    found = []
    if not 0 <= state.time < b.time_spaces:
        found.append(f"the Time marker is on space index {state.time} of {b.time_spaces}")
    if state.self_destruct is not None and not 0 <= state.self_destruct < b.self_destruct_spaces:
        found.append(f"the Self-Destruct marker is on space index {state.self_destruct} of {b.self_destruct_spaces}")
    if state.destination not in b.destinations:
        found.append(f"the destination {state.destination!r} is not a space of the destination track")
    return problems(found)


@step_invariant(
    "tracks.hibernation-blue",
    "A character enters hibernation only while the Time marker is on a blue space.",
    "base.hibernation.blue",
    reads=("characters",),
    character_reads=("status",),
)
def hibernation_blue(before: GameState, action: Action, after: GameState) -> str | None:
    if before.characters is after.characters:
        return None
    spec = box(after.config)
    blue = range(spec.first_blue, spec.time_spaces - 1)  # the blue spaces: after the white ones, before the red
    for b, a in zip(before.characters, after.characters, strict=False):
        if a.status == "hibernating" and b.status != "hibernating":
            spaces = {before.time, after.time}
            if not any(t in blue for t in spaces):
                return f"player {a.player} went into hibernation with the Time marker on space index {after.time}"
    return None


@state_invariant(
    "pods.count",
    "After setup the escape pods in play (aboard or ejected) are as many as the player count asks (2, 3 or 4).",
    "base.setup.escape-pods",
    reads=("pods", "removed", "phase"),
)
def pod_count(state: GameState) -> str | None:
    if state.phase == "setup":
        return None
    want = box(state.config).pods_in_play
    ejected = sum(n for key, n in state.removed.items() if key.startswith("pod:"))
    have = len(state.pods) + ejected
    return f"{have} escape pods in play with {state.config.players} players, {want} expected" if have != want else None


@state_invariant(
    "pods.seats",
    "An escape pod holds at most its seats (2) of occupants, each a character of the game, none in two pods.",
    "base.pod.seats",
    reads=("pods",),
)
def pod_seats(state: GameState) -> str | None:
    seats = box(state.config).pod_seats
    players = range(1, state.config.players + 1)
    found = []
    seated: Counter[int] = Counter()
    for pod in state.pods:
        if len(pod.occupants) > seats:
            found.append(f"escape pod {pod.number} holds {len(pod.occupants)} occupants, it seats {seats}")
        for occupant in pod.occupants:
            seated[occupant] += 1
            if occupant not in players:
                found.append(f"escape pod {pod.number} holds {occupant!r}, which is no character")
    found.extend(f"player {p} sits in {n} escape pods" for p, n in sorted(seated.items()) if n > 1)
    return problems(found)


@state_invariant(
    "engines.stacks",
    "Each Engine's stack holds one Working and one Damaged token; after setup there are three stacks.",
    "base.setup.engines",
    reads=("engines", "phase"),
)
def engine_stacks(state: GameState) -> str | None:
    found = [
        f"engine {i + 1} stack is {stack}"
        for i, stack in enumerate(state.engines)
        if tuple(sorted(stack)) != ENGINE_STACK
    ]
    engines = spec_value("engines")
    if state.phase != "setup" and len(state.engines) != engines:
        found.append(f"{len(state.engines)} engine stacks, {engines} expected")
    return problems(found)


@state_invariant(
    "end.outcome",
    "A finished game has nothing pending; its survivors are exactly the hibernating and escaped characters, "
    "and its winners are survivors.",
    "base.end.survival",
    reads=("end", "pending", "characters"),
    character_reads=("status",),
)
def end_outcome(state: GameState) -> str | None:
    end = state.end
    if end is None:
        return None
    found = []
    if state.pending:
        found.append(f"the game is over but {len(state.pending)} frames are pending")
    survivors = tuple(c.player for c in state.characters if c.status in ("hibernating", "escaped"))
    if tuple(sorted(end.survivors)) != survivors:
        found.append(f"survivors {list(end.survivors)} but hibernating/escaped characters are {list(survivors)}")
    strangers = sorted(set(end.winners) - set(end.survivors))
    if strangers:
        found.append(f"winners {strangers} did not survive")
    return problems(found)
