"""State snapshots: a whole :class:`~nemesis_rules.model.core.state.GameState` as JSON, and back.

``{"format": "nemesis-rules-snapshot", "version": 1, "state": {...}}``, the state written by
:mod:`.writing` (every dataclass with ``"$type"``, the pending frames included). A snapshot
round-trips exactly: ``from_snapshot(to_snapshot(state)) == state`` for every state the engine
reaches. Reading validates the types, then a few facts that keep the engine from running on
a state no game can have (one room per board position, one door per corridor, characters
numbered from 1, pieces on real positions), then every value against its domain
(:mod:`.domains`); a snapshot that fails is bad input naming the field, never executed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nemesis_rules.board.layout import TECH
from nemesis_rules.errors import BadInputError
from nemesis_rules.model.core.config import GameConfig
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.record.domains import domain_problems
from nemesis_rules.record.reading import decode
from nemesis_rules.record.writing import SnapshotError, encode

SNAPSHOT_FORMAT = "nemesis-rules-snapshot"
SNAPSHOT_VERSION = 1


def to_snapshot(state: GameState, *, with_config: bool = True, compact: bool = False) -> dict[str, Any]:
    """``state`` as a JSON-ready snapshot; ``with_config=False`` leaves the game config out
    (a record header states it once); ``compact`` leaves out every field that holds its default
    (shorter to read and write by hand; it reads back to the same state while defaults stay)."""
    body = encode(state, GameState, compact=compact)
    if not with_config:
        del body["config"]
    return {"format": SNAPSHOT_FORMAT, "version": SNAPSHOT_VERSION, "state": body}


def from_snapshot(data: object, *, config: GameConfig | None = None, where: str | None = None) -> GameState:
    """The state a snapshot describes. ``config`` supplies the game config when the snapshot
    leaves it out (and must agree when it does not). Raises :class:`BadInputError` naming
    ``where`` and the path of the first bad value."""
    if not isinstance(data, dict):
        raise BadInputError("a snapshot is a JSON object", where)
    unknown = sorted(set(data) - {"format", "version", "state"})
    if unknown:
        raise BadInputError(f"unknown snapshot field {unknown[0]!r}", where)
    if data.get("format") != SNAPSHOT_FORMAT:
        raise BadInputError(f"not a snapshot: 'format' must be {SNAPSHOT_FORMAT!r}", where)
    if data.get("version") != SNAPSHOT_VERSION:
        raise BadInputError(
            f"unsupported snapshot version {data.get('version')!r} (this reads {SNAPSHOT_VERSION})", where
        )
    body = data.get("state")
    if not isinstance(body, dict):
        raise BadInputError("the snapshot's 'state' must be an object", where)
    if "config" not in body and config is None:
        raise BadInputError("the snapshot has no 'config' and nothing supplies one", where)
    try:
        if "config" in body:
            own = decode(body["config"], GameConfig, "state.config")
            if config is not None and own != config:
                raise SnapshotError("state.config", "differs from the record header's ruleset, players or rulings")
            config = own
        assert config is not None
        state: GameState = decode(body, GameState, "state", config)
    except SnapshotError as exc:
        raise BadInputError(str(exc), where) from None
    problems = consistency_problems(state) or domain_problems(state)
    if problems:
        raise BadInputError(f"impossible state: {problems[0]}", where)
    return state


def consistency_problems(state: GameState) -> list[str]:
    """Facts every reachable state has, which the engine relies on without checking."""
    config = state.config
    board = config.board
    positions = set(board.positions)
    out: list[str] = []
    if len(state.rooms) != len(board.positions):
        out.append(f"state.rooms has {len(state.rooms)} rooms; the board has {len(board.positions)} positions")
    if len(state.doors) != len(config.corridor_ids):
        out.append(f"state.doors has {len(state.doors)} doors; the board has {len(config.corridor_ids)} corridors")
    if len(state.characters) > config.players:
        out.append(f"state.characters has {len(state.characters)} characters for {config.players} players")
    for i, character in enumerate(state.characters):
        if character.player != i + 1:
            out.append(f"state.characters[{i}].player is {character.player}; characters are numbered 1, 2, ...")
        if character.position not in positions:
            out.append(f"state.characters[{i}].position {character.position!r} is not a board position")
    ids = [intruder.id for intruder in state.intruders]
    if len(set(ids)) != len(ids):
        out.append("state.intruders: two intruders share an id")
    for i, intruder in enumerate(state.intruders):
        if intruder.position not in positions:
            out.append(f"state.intruders[{i}].position {intruder.position!r} is not a board position")
    spaces = set(config.corridor_ids) | {TECH}
    out.extend(f"state.noise: {space!r} is not a corridor or {TECH!r}" for space in sorted(state.noise - spaces))
    catalogue: Mapping[str, object] = tables.rooms(config)
    for i, room in enumerate(state.rooms):
        if room.tile is not None and room.tile not in catalogue:
            out.append(f"state.rooms[{i}].tile {room.tile!r} is not a room")
    names = [name for name, _ in state.decks]
    if len(set(names)) != len(names):
        out.append("state.decks: two decks share a name")
    return out
