"""A state written as a situation file: only what the table shows (the fields of :mod:`.fields`).

:func:`situation_toml` writes every field a situation can state, so that reading the text back
(:func:`nemesis_rules.situation.build.build_state`) gives a state equal to the first on every
field shown (:func:`shown`); what nobody at the table sees (deck order, face-down tokens,
objectives) comes from the setup of ``seed`` again. Only a state at a player's turn can be
written: that is the moment a situation describes.
"""

from __future__ import annotations

import json
from typing import Any

from nemesis_rules.errors import BadInputError
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data.tables import resolve_game_rulings, resolve_game_variants
from nemesis_rules.model.rules.round import Turn
from nemesis_rules.model.rules.void_seeders.lairs import DESTROYED_LAIR
from nemesis_rules.situation.build import build_state
from nemesis_rules.situation.fields import SITUATION_FORMAT, SITUATION_VERSION, Situation

__all__ = ["shown", "situation_toml", "toml_value"]


def toml_value(value: Any) -> str:
    """A value as TOML: a string (JSON's escapes are TOML's), an integer, a boolean, an array, an
    inline table."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {toml_value(v)}" for k, v in value.items()) + " }" if value else "{}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise TypeError(f"no TOML form for {value!r}")


def _key(key: str) -> str:
    return key if key.replace("_", "").replace("-", "").isalnum() and not key.isdigit() else json.dumps(key)


def turn_frame(state: GameState) -> Turn:
    """The Turn a situation can be set at; BadInputError when ``state`` is at another moment."""
    frame = state.pending[-1] if state.pending else None
    if state.end is not None or not isinstance(frame, Turn) or len(state.pending) != 1 or state.phase != "player":
        what = (
            "the game is over"
            if state.end is not None
            else f"{type(frame).__name__ if frame else 'nothing'} is pending"
        )
        raise BadInputError(
            f"a situation is set at a player's turn in the Player Phase, and here {what}: "
            "choose a line where a turn begins"
        )
    return frame


def situation_toml(state: GameState, *, seed: int = 1, question: str | None = None) -> str:
    """``state`` as a situation file (TOML text)."""
    turn = turn_frame(state)
    config = state.config
    rulings = _changed(config.rulings, resolve_game_rulings({}))
    variants = _changed(config.variants, resolve_game_variants({}))
    setup = build_state(Situation(config.ruleset.name, config.players, seed, rulings, variants))
    lines: list[str] = []
    if question:
        lines.append(f"question = {toml_value(question)}")
    top: dict[str, Any] = {
        "format": SITUATION_FORMAT,
        "version": SITUATION_VERSION,
        "ruleset": config.ruleset.name,
        "players": config.players,
        "seed": seed,
    }
    lines.extend(f"{k} = {toml_value(v)}" for k, v in top.items())
    if rulings:
        lines.append(f"rulings = {toml_value(rulings)}")
    if variants:
        lines.append(f"variants = {toml_value(variants)}")
    lines.append("")
    lines.append(f"round = {state.round}")
    lines.append(f"turn = {turn.player}")
    lines.append(f"actions_taken = {turn.done}")
    lines.append(f"first_player = {state.first_player}")
    lines.append(f"time = {state.time}")
    if state.self_destruct is not None:
        lines.append(f"self_destruct = {state.self_destruct}")
    lines.append(f"destination = {toml_value(state.destination)}")
    lines.append(f"eggs = {state.eggs}")
    lines.append(f"first_encounter = {toml_value(state.first_encounter)}")
    if config.ruleset.hooks.immobile:
        lairs = sum(1 for flag in state.flags if flag.startswith(DESTROYED_LAIR + "-"))
        lines.append(f"destroyed_lairs = {lairs}")
    lines.append(f"noise = {toml_value(sorted(state.noise))}")
    closed = {c: d for c, d in zip(config.corridor_ids, state.doors, strict=True) if d != "open"}
    lines.append(f"doors = {toml_value(closed)}")
    lines.append(f"bag = {toml_value(dict(state.bag.items()))}")
    for c in state.characters:
        lines.append("")
        lines.append("[[character]]")
        fields: dict[str, Any] = {
            "player": c.player,
            "character": c.name,
            "room": c.position,
            "status": c.status,
            "hand": sorted(c.hand),
            "discard": sorted(c.discard),
            "items": sorted(c.inventory),
            "carrying": list(c.hands),
            "ammo": dict(c.ammo),
            "light_wounds": c.light_wounds,
            "serious_wounds": list(c.serious_wounds),
            "dressed": list(c.dressed),
            "insanity": c.insanity,
            "slime": c.slime,
            "larva": c.larva,
            "signal": c.signal,
            "passed": c.passed,
        }
        lines.extend(f"{k} = {toml_value(v)}" for k, v in fields.items())
    for intruder in state.intruders:
        lines.append("")
        lines.append("[[intruder]]")
        fields = {"kind": intruder.kind, "room": intruder.position, "injuries": intruder.injuries}
        if intruder.token is not None:
            fields["token"] = intruder.token
        lines.extend(f"{k} = {toml_value(v)}" for k, v in fields.items())
    lines.append("")
    lines.append("[room]")
    for position, room in zip(config.board.positions, state.rooms, strict=True):
        entry: dict[str, Any] = {"tile": room.tile, "explored": room.explored}
        if room.fire:
            entry["fire"] = True
        if room.malfunction:
            entry["malfunction"] = True
        if room.explored and room.items is not None:
            entry["items"] = room.items
        if room.objects != setup.room(position).objects:  # what the setup put there stays unless written
            entry["objects"] = sorted(room.objects)
        lines.append(f"{_key(position)} = {toml_value(entry)}")
    return "\n".join(lines) + "\n"


def _changed(chosen: Any, defaults: dict[str, str]) -> dict[str, str]:
    return {k: v for k, v in sorted(chosen.items()) if defaults.get(k) != v}


def shown(state: GameState) -> dict[str, Any]:
    """The fields of ``state`` a situation file states (what the table shows), as plain data."""
    turn = state.pending[-1] if state.pending else None
    return {
        "ruleset": state.config.ruleset.name,
        "players": state.config.players,
        "round": state.round,
        "phase": state.phase,
        "turn": (turn.player, turn.done) if isinstance(turn, Turn) else None,
        "first_player": state.first_player,
        "time": state.time,
        "self_destruct": state.self_destruct,
        "destination": state.destination,
        "eggs": state.eggs,
        "first_encounter": state.first_encounter,
        "destroyed_lairs": sorted(f for f in state.flags if f.startswith(DESTROYED_LAIR + "-")),
        "noise": sorted(state.noise),
        "doors": state.doors,
        "bag": state.bag,
        "characters": [
            (
                c.player,
                c.name,
                c.position,
                c.status,
                c.hand,
                c.discard,
                c.inventory,
                c.hands,
                c.ammo,
                c.light_wounds,
                c.serious_wounds,
                c.dressed,
                c.insanity,
                c.slime,
                c.larva,
                c.signal,
                c.passed,
            )
            for c in state.characters
        ],
        "intruders": [(i.kind, i.position, i.injuries, i.token) for i in state.intruders],
        "rooms": [
            (r.tile, r.explored, r.fire, r.malfunction, r.items if r.explored else None, r.objects) for r in state.rooms
        ],
    }
