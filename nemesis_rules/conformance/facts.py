"""State facts: what an engine reports about the game after an action, in the table's own terms.

The conformance protocol compares engines by what a player would see on the table, never by one
engine's internal spelling: the round and phase, who acts (or which chance node is open), how
the game ended, each Character's room, status, wounds, Insanity, hand size and what it carries,
the Intruders by kind, room and Injuries (not by the ids an engine gives them), rooms on fire,
with a Malfunction or explored, Doors closed or destroyed, Noise markers, the Time and
Self-Destruct tracks, the Escape Pods and the tokens in the Intruder bag. ``docs/conformance.md``
lists each fact with its meaning; :data:`FACT_KEYS` is the same list.
"""

from __future__ import annotations

from typing import Any

from nemesis_rules.model.core.engine import acting_player
from nemesis_rules.model.core.frames import ChanceNode
from nemesis_rules.model.core.state import GameState

__all__ = ["FACT_KEYS", "fact_differences", "state_facts"]

FACT_KEYS: tuple[str, ...] = (
    "round",
    "phase",
    "acting",
    "chance",
    "end",
    "characters",
    "intruders",
    "fire",
    "malfunction",
    "explored",
    "objects",
    "closed_doors",
    "destroyed_doors",
    "noise",
    "time",
    "self_destruct",
    "destination",
    "pods",
    "eggs",
    "bag",
)
"""Every fact a ``facts`` reply holds, in this order."""


def _character(state: GameState, player: int) -> dict[str, Any]:
    c = state.character(player)
    return {
        "character": c.name,
        "room": c.position,
        "status": c.status,
        "light_wounds": c.light_wounds,
        "serious_wounds": sorted(c.serious_wounds),
        "dressed": sorted(c.dressed),
        "insanity": c.insanity,
        "hand_size": c.hand.total,
        "slime": c.slime,
        "passed": c.passed,
        "hands": sorted(c.hands),
        "inventory": sorted(c.inventory),
    }


def state_facts(state: GameState) -> dict[str, Any]:
    """The facts of ``state`` (keys :data:`FACT_KEYS`), as plain JSON values sorted where order
    carries no meaning."""
    frame = state.pending[-1] if state.pending and state.end is None else None
    board = state.config.board
    positions = board.positions
    index = state.config.corridor_index
    corridors = sorted(index, key=index.__getitem__)
    end = state.end
    return {
        "round": state.round,
        "phase": state.phase,
        "acting": acting_player(state) if end is None else None,
        "chance": frame.chance if isinstance(frame, ChanceNode) else None,
        "end": None
        if end is None
        else {"reason": end.reason, "survivors": sorted(end.survivors), "winners": sorted(end.winners)},
        "characters": {str(c.player): _character(state, c.player) for c in state.characters},
        "intruders": sorted(
            ({"kind": i.kind, "room": i.position, "injuries": i.injuries} for i in state.intruders),
            key=lambda i: (i["room"], i["kind"], i["injuries"]),
        ),
        "fire": sorted(p for p, r in zip(positions, state.rooms, strict=False) if r.fire),
        "malfunction": sorted(p for p, r in zip(positions, state.rooms, strict=False) if r.malfunction),
        "explored": sorted(p for p, r in zip(positions, state.rooms, strict=False) if r.explored),
        "objects": {p: sorted(r.objects) for p, r in zip(positions, state.rooms, strict=False) if r.objects.total},
        "closed_doors": sorted(c for c, d in zip(corridors, state.doors, strict=False) if d == "closed"),
        "destroyed_doors": sorted(c for c, d in zip(corridors, state.doors, strict=False) if d == "destroyed"),
        "noise": sorted(state.noise),
        "time": state.time,
        "self_destruct": state.self_destruct,
        "destination": state.destination,
        "pods": [
            {
                "number": p.number,
                "section": p.section,
                "locked": p.locked,
                "launched": p.launched,
                "occupants": sorted(p.occupants),
            }
            for p in sorted(state.pods, key=lambda p: p.number)
        ],
        "eggs": state.eggs,
        "bag": dict(sorted(state.bag.items())),
    }


def fact_differences(expected: Any, got: Any, path: str = "") -> list[str]:
    """Where ``got`` differs from ``expected``: one line per differing leaf (``characters.1.room:
    expected '07', got '11'``), a missing or extra key named as such."""
    if isinstance(expected, dict) and isinstance(got, dict):
        out: list[str] = []
        for key in expected:
            where = f"{path}.{key}" if path else str(key)
            if key not in got:
                out.append(f"{where}: missing (expected {_short(expected[key])})")
            else:
                out.extend(fact_differences(expected[key], got[key], where))
        out.extend(f"{path + '.' if path else ''}{k}: not expected" for k in got if k not in expected)
        return out
    if expected != got:
        return [f"{path or '$'}: expected {_short(expected)}, got {_short(got)}"]
    return []


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 120 else text[:117] + "..."
