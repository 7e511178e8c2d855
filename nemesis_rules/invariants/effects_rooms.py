"""The stated effects of the room actions (facts.md §9 Ship board, room actions; RU-RB p.24-26).

* Armory: one Energy weapon gains 2 Ammo (never beyond its capacity): never more than 2.
* Nest: one Egg leaves the Intruder board and is in the character's hands.
* Comms Room: the character has sent the Signal.
* Generator: starting puts the Self-Destruct marker on its track; stopping removes it.
* Cockpit, setting the destination: the Destination marker is on the chosen space.
* Emergency Room, healing Light Wounds: none are left.
* Any other room action: the decision it answers is no longer open.
"""

from __future__ import annotations

from nemesis_rules.invariants.core import problems, step_invariant
from nemesis_rules.invariants.effects import dispatch, effect, in_play, resolved
from nemesis_rules.model.core.actions import Action, Decision
from nemesis_rules.model.core.state import GameState

ID = "effects.room-actions"


def _armory(before: GameState, d: Decision, after: GameState) -> str | None:
    b, a = before.character(d.player), after.character(d.player)
    gains = {w: a.ammo_of(w) - b.ammo_of(w) for w in set(a.hands) if a.ammo_of(w) != b.ammo_of(w)}
    if not gains:
        return f"player {d.player} used the Armory but no weapon gained Ammo"
    too_much = {w: g for w, g in gains.items() if not 0 < g <= 2}
    return f"the Armory changed Ammo by {too_much} (at most +2 to one weapon)" if too_much or len(gains) > 1 else None


def _nest(before: GameState, d: Decision, after: GameState) -> str | None:
    b, a = before.character(d.player), after.character(d.player)
    found = []
    if after.eggs != before.eggs - 1:
        found.append(f"the Nest action took an Egg but the board went from {before.eggs} to {after.eggs} Eggs")
    if a.hands.count("egg") != b.hands.count("egg") + 1:
        found.append(f"player {d.player} took an Egg but does not hold one more")
    return problems(found)


def _comms(before: GameState, d: Decision, after: GameState) -> str | None:
    return None if after.character(d.player).signal else f"player {d.player} used the Comms Room but sent no Signal"


def _generator(before: GameState, d: Decision, after: GameState) -> str | None:
    sequence = d.get("sequence")
    if sequence == "start" and after.self_destruct is None:
        return "the Generator started the Self-Destruct sequence but its marker is not on the track"
    if sequence == "stop" and after.self_destruct is not None:
        return "the Generator stopped the Self-Destruct sequence but its marker is still on the track"
    return None


def _cockpit(before: GameState, d: Decision, after: GameState) -> str | None:
    wanted = d.get("destination")
    if d.get("flight") == "set-destination" and isinstance(wanted, str) and after.destination != wanted:
        return f"the Cockpit set the destination to {wanted} but the marker is on {after.destination}"
    return None


def _emergency(before: GameState, d: Decision, after: GameState) -> str | None:
    """Every Light Wound healed; a turn that then ends in the burning room gives one back
    (base.fire.end-of-turn), so a Fire there allows one."""
    c = after.character(d.player)
    allowed = 1 if after.room(c.position).fire else 0
    if d.get("treatment") == "heal-light" and c.light_wounds > allowed:
        return f"player {d.player} healed every Light Wound in the Emergency Room but has some left"
    return None


ROOMS = {
    "armory": _armory,
    "nest": _nest,
    "comms-room": _comms,
    "generator": _generator,
    "cockpit": _cockpit,
    "emergency-room": _emergency,
}


@effect(
    "decision",
    "room-action",
    "A room action has its room's effect (Armory, Nest, Comms Room, Generator, Cockpit, Emergency Room checked).",
    "base.cost.room-action",
    ID,
)
def room_action(before: GameState, action: Action, after: GameState) -> str | None:
    assert isinstance(action, Decision)
    if not in_play(after, action.player):
        return None
    check = ROOMS.get(str(action.get("room")))
    if check is None:
        return resolved(before, action, after)
    return check(before, action, after)


_dispatch = dispatch(ID)


@step_invariant(
    ID,
    "Each room action has its room's stated effect.",
    "base.cost.room-action",
    only_after="decision",  # its one word is a decision's
)
def room_action_effects(before: GameState, action: Action, after: GameState) -> str | None:
    return _dispatch(before, action, after)
