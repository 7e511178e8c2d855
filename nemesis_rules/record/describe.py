"""States in words: the short summary an error message carries and the full text view of ``show``
(the picture is ``nemesis_rules.findings.ship_picture``).

Views are generic where they can be: a field the engine adds to a character, a room or the game
appears in the text view (when it differs from its default) without a change here.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from nemesis_rules.model.core.engine import acting_player
from nemesis_rules.model.core.frames import ChanceNode
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import Character, GameState, Intruder
from nemesis_rules.record.writing import encode

HIDDEN_COUNTS = ("hand", "deck", "discard")
"""Character card piles shown by count only."""

_SHOWN_STATE_FIELDS = frozenset(
    {"config", "phase", "round", "pending", "rooms", "doors", "noise", "characters", "intruders", "bag", "decks"}
    | {"time", "self_destruct", "destination", "end", "next_intruder", "placed_tiles"}
)


def _who(character: Character) -> str:
    return f"{character.player} {character.name}"


def _intruder(intruder: Intruder) -> str:
    injuries = f", {intruder.injuries} injur{'y' if intruder.injuries == 1 else 'ies'}" if intruder.injuries else ""
    return f"{intruder.kind} #{intruder.id}{injuries}"


def whose_move(state: GameState) -> str:
    """Who acts now: ``player 2 to decide (Turn)``, ``chance node 'noise-roll'``, or the end."""
    if state.end is not None:
        return f"game over ({state.end.reason})"
    if not state.pending:
        return "nothing pending"
    frame = state.pending[-1]
    player = acting_player(state)
    if player is not None:
        return f"player {player} to decide ({frame.describe()})"
    if isinstance(frame, ChanceNode):
        return f"chance node {frame.chance!r} ({frame.describe()})"
    return frame.describe()


def short_summary(state: GameState) -> str:
    """Round, phase, who acts, and where every character and intruder is: one line."""
    where = ", ".join(f"{_who(c)} in {c.position}" + ("" if c.active else f" ({c.status})") for c in state.characters)
    intruders = ", ".join(f"{_intruder(i)} in {i.position}" for i in state.intruders) or "none"
    return (
        f"round {state.round}, {state.phase} phase, {whose_move(state)}; "
        f"characters: {where or 'none yet'}; intruders: {intruders}"
    )


def summary_json(state: GameState) -> dict[str, Any]:
    frame = state.pending[-1] if state.pending else None
    return {
        "round": state.round,
        "phase": state.phase,
        "acting": acting_player(state),
        "chance": frame.chance if isinstance(frame, ChanceNode) else None,
        "pending": frame.describe() if frame is not None else None,
        "characters": {
            str(c.player): {"character": c.name, "position": c.position, "status": c.status} for c in state.characters
        },
        "intruders": [{"id": i.id, "kind": i.kind, "position": i.position} for i in state.intruders],
    }


# -- the full text view ------------------------------------------------------------------------


def _value(value: Any) -> str:
    """A field value in words: counts as ``key x2``, pairs as ``shotgun 2``, records by their fields."""
    if isinstance(value, Multiset):
        return ", ".join(f"{k} x{n}" if n > 1 else k for k, n in value.items()) or "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, str | int | float):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        inner = ", ".join(f"{k} {_value(v)}" for k, v in _changed_fields(value))
        return f"{type(value).__name__}({inner})"
    if isinstance(value, frozenset):
        return ", ".join(sorted(_value(v) for v in value)) or "none"
    if isinstance(value, tuple):
        if all(isinstance(v, str | int) for v in value):
            return ", ".join(str(v) for v in value) or "none"
        if all(isinstance(v, tuple) and all(isinstance(x, str | int) for x in v) for v in value):
            return ", ".join(" ".join(str(x) for x in v) for v in value) or "none"
        return " | ".join(_value(v) for v in value) or "none"
    return json.dumps(encode(value), ensure_ascii=False)


def _changed_fields(obj: Any, skip: frozenset[str] = frozenset()) -> list[tuple[str, Any]]:
    """``(name, value)`` of the fields of a dataclass that differ from their defaults."""
    out = []
    for field in dataclasses.fields(obj):
        if field.name in skip:
            continue
        value = getattr(obj, field.name)
        if field.default is not dataclasses.MISSING and value == field.default:
            continue
        if field.default_factory is not dataclasses.MISSING and value == field.default_factory():
            continue
        out.append((field.name, value))
    return out


def _character_line(character: Character) -> str:
    piles = ", ".join(f"{name} {getattr(character, name).total}" for name in HIDDEN_COUNTS)
    skip = frozenset({"player", "name", "position", "status", *HIDDEN_COUNTS})
    extra = "; ".join(
        name.replace("_", " ") if value is True else f"{name.replace('_', ' ')}: {_value(value)}"
        for name, value in _changed_fields(character, skip)
    )
    return f"  {_who(character)} in {character.position} ({character.status}): cards {piles}" + (
        f"; {extra}" if extra else ""
    )


def _room_line(state: GameState, position: str) -> str:
    room = state.room(position)
    parts = [f"{position} {room.tile or '(no tile yet)'}"]
    skip = frozenset({"tile", "explored"})
    for name, value in _changed_fields(room, skip):
        if name == "token":
            parts.append(f"token {value}")
        elif value is True:
            parts.append(name)
        else:
            parts.append(f"{name} {_value(value)}")
    if not room.explored and room.tile is not None:
        parts.append("unexplored")
    people = [_who(c) for c in state.characters if c.position == position and c.alive]
    if people:
        parts.append("characters: " + ", ".join(people))
    found = state.intruders_at(position)
    if found:
        parts.append("intruders: " + ", ".join(_intruder(i) for i in found))
    return "  " + "; ".join(parts)


def text_view(state: GameState, heading: str) -> str:
    """The state as text: rooms with who and what is in them, markers, tracks, cards, the bag."""
    config = state.config
    lines = [heading, f"{config.ruleset.title}, {config.players} player(s); round {state.round}, {state.phase} phase"]
    lines.append(f"next: {whose_move(state)}")
    if state.end is not None:
        winners = ", ".join(str(p) for p in state.end.winners) or "none"
        survivors = ", ".join(str(p) for p in state.end.survivors) or "none"
        lines.append(f"ended: {state.end.reason}; survivors: {survivors}; winners: {winners}")
    self_destruct = "off" if state.self_destruct is None else f"space {state.self_destruct}"
    lines.append(
        f"tracks: time space {state.time}, self-destruct {self_destruct}, destination {state.destination}, "
        f"next intruder id {state.next_intruder}"
    )
    lines.append("rooms:")
    lines.extend(_room_line(state, position) for position in config.board.positions)
    lines.append("noise: " + (", ".join(sorted(state.noise)) or "none"))
    doors = [f"{cid} {door}" for cid, door in zip(config.corridor_ids, state.doors, strict=False) if door != "open"]
    lines.append("doors not open: " + (", ".join(doors) or "none"))
    lines.append("characters:" if state.characters else "characters: none yet")
    lines.extend(_character_line(c) for c in state.characters)
    lines.append("intruders: " + (", ".join(f"{_intruder(i)} in {i.position}" for i in state.intruders) or "none"))
    lines.append(f"bag ({state.bag.total}): {_value(state.bag)}")
    lines.append("decks:")
    for name, deck in state.decks:
        top = f", {len(deck.top)} known on top" if deck.top else ""
        bottom = f", {len(deck.bottom)} known at the bottom" if deck.bottom else ""
        lines.append(f"  {name}: {deck.size} in the deck{top}{bottom}, {deck.discard.total} discarded")
    for field in dataclasses.fields(state):
        if field.name in _SHOWN_STATE_FIELDS:
            continue
        value = getattr(state, field.name)
        if value in (None, (), frozenset(), 0, False) or (isinstance(value, Multiset) and not value):
            continue
        lines.append(f"{field.name.replace('_', ' ')}: {_value(value)}")
    pending = " < ".join(f.describe() for f in reversed(state.pending))
    lines.append(f"pending (top first): {pending or 'nothing'}")
    return "\n".join(lines) + "\n"
