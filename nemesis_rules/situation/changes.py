"""What changed on the table between two states, in words (the summary ``ask`` prints).

Only what the table shows is compared (the fields of a situation file): Characters, rooms, Intruders,
Noise, Doors, the bag and the tracks; what nobody sees (the order of a deck) is left out.
"""

from __future__ import annotations

from collections.abc import Iterator

from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import Character, GameState

__all__ = ["changes"]

_CHARACTER_FIELDS = (
    "position",
    "status",
    "light_wounds",
    "serious_wounds",
    "dressed",
    "insanity",
    "slime",
    "larva",
    "signal",
    "passed",
    "hands",
    "objectives",
)
_ROOM_FIELDS = ("tile", "explored", "fire", "malfunction", "items")
_TRACKS = ("round", "phase", "time", "self_destruct", "destination", "eggs", "first_encounter", "first_player")


def _cards(before: Multiset, after: Multiset) -> str:
    """``-search +rest``: the cards that left and the cards that came."""
    names = sorted(set(before.distinct()) | set(after.distinct()))
    gone = [f"-{c}" for c in names for _ in range(before.count(c) - after.count(c))]
    came = [f"+{c}" for c in names for _ in range(after.count(c) - before.count(c))]
    return " ".join(gone + came)


def _character(before: Character, after: Character) -> Iterator[str]:
    who = f"player {after.player} ({after.name})"
    for name in _CHARACTER_FIELDS:
        old, new = getattr(before, name), getattr(after, name)
        if old != new:
            label = "room" if name == "position" else name.replace("_", " ")
            yield f"{who}: {label} {_show(old)} -> {_show(new)}"
    for pile in ("hand", "discard", "inventory"):
        old, new = getattr(before, pile), getattr(after, pile)
        if old != new:
            yield f"{who}: {pile} {_cards(old, new)}"
    if before.deck.total != after.deck.total:
        yield f"{who}: action deck {before.deck.total} -> {after.deck.total} card(s)"


def _show(value: object) -> str:
    if isinstance(value, tuple):
        return "[" + ", ".join(map(str, value)) + "]"
    return str(value)


def changes(before: GameState, after: GameState) -> list[str]:
    """Each change on the table from ``before`` to ``after``, one line each."""
    out: list[str] = []
    for old, new in zip(before.characters, after.characters, strict=False):
        out.extend(_character(old, new))
    positions = after.config.board.positions
    for position, old_room, new_room in zip(positions, before.rooms, after.rooms, strict=True):
        for name in _ROOM_FIELDS:
            old, new = getattr(old_room, name), getattr(new_room, name)
            if old != new:
                out.append(f"room {position}: {name} {_show(old)} -> {_show(new)}")
        if old_room.objects != new_room.objects:
            out.append(f"room {position}: objects {_cards(old_room.objects, new_room.objects)}")
    old_intruders = {i.id: i for i in before.intruders}
    new_intruders = {i.id: i for i in after.intruders}
    for key in sorted(set(old_intruders) | set(new_intruders)):
        old_i, new_i = old_intruders.get(key), new_intruders.get(key)
        if old_i is None and new_i is not None:
            out.append(f"intruder {key}: a {new_i.kind} appears in {new_i.position}")
        elif new_i is None and old_i is not None:
            out.append(f"intruder {key}: the {old_i.kind} leaves the board")
        elif old_i is not None and new_i is not None and old_i != new_i:
            if old_i.position != new_i.position:
                out.append(f"intruder {key} ({new_i.kind}): room {old_i.position} -> {new_i.position}")
            if old_i.injuries != new_i.injuries:
                out.append(f"intruder {key} ({new_i.kind}): injuries {old_i.injuries} -> {new_i.injuries}")
    for space in sorted(after.noise - before.noise):
        out.append(f"noise: a marker in {space}")
    for space in sorted(before.noise - after.noise):
        out.append(f"noise: the marker in {space} is discarded")
    for corridor, old_door, new_door in zip(after.config.corridor_ids, before.doors, after.doors, strict=True):
        if old_door != new_door:
            out.append(f"door {corridor}: {old_door} -> {new_door}")
    if before.bag != after.bag:
        out.append(f"bag: {_cards(before.bag, after.bag)}")
    for name in _TRACKS:
        old, new = getattr(before, name), getattr(after, name)
        if old != new:
            out.append(f"{name.replace('_', ' ')}: {_show(old)} -> {_show(new)}")
    if after.end is not None and before.end is None:
        out.append(f"the game ends: {after.end.reason}")
    return out
