"""The fields of a situation file: what a person sees on the table, as documented dataclasses.

A situation is TOML (docs/situations.md). Only what the table shows is written; every field
left out keeps the value the rules' setup gave it (a real game set up from ``seed``, see
:mod:`.build`). :func:`parse_situation` reads the TOML's data into a :class:`Situation`,
checking each value's type and naming the field of the first one that does not fit
(``situation.toml: character[1].insanity: expected an integer from 1 to 5, got "three"``).
Whether the values make a possible table is :mod:`.build`'s question.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from nemesis_rules.errors import BadInputError

SITUATION_FORMAT = "nemesis-rules-situation"
SITUATION_VERSION = 1
PHASES = ("player", "event")
"""The phases a situation may be set in: a Player Phase turn (the moment players argue about), or
the start of the Event Phase (everyone has passed; its steps run up to the first chance outcome)."""
DOOR_STATES = ("open", "closed", "destroyed")
STATUSES = ("active", "dead", "hibernating", "escaped")


@dataclass(frozen=True, slots=True)
class CharacterSpec:
    """One ``[[character]]`` table: a player's Character as the table shows it.

    Every field but ``player`` may be left out (the setup's value stays)."""

    player: int
    """The seat, 1 to the player count."""
    name: str | None = None
    """The Character (``captain``, ``pilot``, ``scientist``, ``scout``, ``soldier``, ``mechanic``);
    setup's draft is steered to give it."""
    room: str | None = None
    """The board position the Character stands in (``"07"``)."""
    status: str | None = None
    """``active``, ``dead``, ``hibernating`` or ``escaped``."""
    hand: tuple[str, ...] | None = None
    """The Action cards in hand, by effect slug (``["search", "rest"]``); taken from the Character's
    own action cards, the rest of which form the deck. Contamination cards: ``contamination``."""
    discard: tuple[str, ...] | None = None
    """The Action cards on the discard pile (also from the Character's own cards)."""
    items: tuple[str, ...] | None = None
    """Item cards in the inventory (not Heavy), taken from their Item decks."""
    carrying: tuple[str, ...] | None = None
    """What the two hand slots hold: Heavy items (the starting weapon, a Fire Extinguisher ...) and
    Heavy Objects (``egg``, ``carcass``, ``corpse-blue``, ``corpse-red``)."""
    ammo: Mapping[str, int] | None = None
    """Ammo markers on each weapon carried (``{ rifle = 3 }``); a weapon not named keeps the setup's
    (a weapon taken up is full)."""
    light_wounds: int | None = None
    serious_wounds: tuple[str, ...] | None = None
    """Serious Wound cards by kind (``hand``, ``leg``, ``arm``, ...), drawn from their deck."""
    dressed: tuple[str, ...] | None = None
    """The Serious Wounds that are dressed."""
    insanity: int | None = None
    """The Insanity level, 1 to 5 (Void Seeders)."""
    slime: bool | None = None
    larva: bool | None = None
    signal: bool | None = None
    """Whether the Character sent the signal from the Comms Room."""
    passed: bool | None = None
    """Whether the player has passed this round."""


@dataclass(frozen=True, slots=True)
class RoomSpec:
    """One ``[room."07"]`` table: what lies in a room."""

    position: str
    tile: str | None = None
    """The room tile there (``laboratory``); setup's tile draws are steered to place it."""
    explored: bool | None = None
    """Explored: its exploration token revealed and out of the game, its item counter set."""
    fire: bool | None = None
    malfunction: bool | None = None
    items: int | None = None
    """The item counter (only rooms that have one)."""
    objects: tuple[str, ...] | None = None
    """Heavy Objects on the floor: ``egg``, ``carcass``, ``corpse-blue``, ``corpse-red``."""


@dataclass(frozen=True, slots=True)
class IntruderSpec:
    """One ``[[intruder]]`` table: an Intruder miniature on the board."""

    kind: str
    """``larva``, ``creeper``, ``adult``, ``breeder``, ``queen`` (base); ``lurker``, ``whisperer``,
    ``stalker``, ``despoiler``, ``lair`` (Void Seeders)."""
    room: str
    injuries: int = 0
    token: str | None = None
    """Its set-aside bag token (``adult-3``); by default the first token of its kind beside the
    board, else in the bag (a Lair or the Despoiler has none)."""


@dataclass(frozen=True, slots=True)
class Situation:
    """A whole situation file. Every field but ``ruleset`` and ``players`` may be left out."""

    ruleset: str = "base"
    players: int = 2
    seed: int = 1
    """The setup the table is filled from: room tiles, decks and tokens nobody has seen."""
    rulings: Mapping[str, str] = field(default_factory=dict)
    variants: Mapping[str, str] = field(default_factory=dict)
    question: str | None = None
    """The question the situation asks, in words (kept, never read by the rules)."""
    round: int | None = None
    """The round, 1 to 15; the Time marker is on the space of that round unless ``time`` says otherwise."""
    phase: str = "player"
    """``player`` (a turn) or ``event`` (the Event Phase begins: every Character has passed)."""
    turn: int | None = None
    """The player whose turn it is (default: the first player)."""
    actions_taken: int = 0
    """Actions the player has taken this turn already: 0, or 1 (the second action is next)."""
    first_player: int | None = None
    """Who holds the First Player token."""
    time: int | None = None
    """The Time marker's space, 0 (the green start space) onwards."""
    self_destruct: int | None = None
    """The Self-Destruct marker's space; absent when the sequence is not running."""
    destination: str | None = None
    """Where the Destination marker points (``A``, ``B``, ``C``)."""
    eggs: int | None = None
    """Eggs in the Nest (kept on the Intruder board)."""
    first_encounter: bool | None = None
    """Whether the first Encounter of the game has happened: each player has then kept one of their
    two objectives (base.encounter.first-encounter), as the rules do it."""
    panic: int | None = None
    """Void Seeders: the player who must resolve a Panic card now (it is drawn next)."""
    destroyed_lairs: int | None = None
    """Void Seeders: how many Destroyed Lair slots of the Void Seeder board are filled (0-3)."""
    noise: tuple[str, ...] | None = None
    """Corridors holding a Noise marker (``"03-07"``; ``"tech"`` for the technical corridors)."""
    doors: Mapping[str, str] = field(default_factory=dict)
    """Door of each corridor that is not open: ``{"03-07" = "closed"}``."""
    bag: Mapping[str, int] | None = None
    """The Intruder bag's tokens with their counts (``{"adult-2" = 3, "larva-1" = 1}``); tokens
    come from and go back beside the board."""
    characters: tuple[CharacterSpec, ...] = ()
    rooms: tuple[RoomSpec, ...] = ()
    intruders: tuple[IntruderSpec, ...] | None = None
    """The Intruders on the board (absent: the setup's, i.e. none)."""


TOP_FIELDS = (
    "format",
    "version",
    "question",
    "ruleset",
    "players",
    "seed",
    "rulings",
    "variants",
    "round",
    "phase",
    "turn",
    "actions_taken",
    "first_player",
    "time",
    "self_destruct",
    "destination",
    "eggs",
    "first_encounter",
    "panic",
    "destroyed_lairs",
    "noise",
    "doors",
    "bag",
    "character",
    "room",
    "intruder",
)
CHARACTER_FIELDS = (*(f for f in CharacterSpec.__dataclass_fields__ if f != "name"), "character")
ROOM_FIELDS = tuple(f for f in RoomSpec.__dataclass_fields__ if f != "position")
INTRUDER_FIELDS = tuple(IntruderSpec.__dataclass_fields__)


class _Reader:
    """Typed reads from one TOML table, each failure naming the file and the field."""

    def __init__(self, data: Mapping[str, Any], path: str, source: str, known: tuple[str, ...]) -> None:
        self.data, self.path, self.source = data, path, source
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise self.fail(unknown[0], f"unknown field (fields: {', '.join(known)})")

    def fail(self, name: str, message: str) -> BadInputError:
        where = f"{self.path}.{name}" if self.path else name
        return BadInputError(f"{where}: {message}", self.source)

    def _got(self, value: object) -> str:
        return f"got {json.dumps(value, default=str)[:40]}"

    def integer(self, name: str, low: int, high: int | None = None) -> int | None:
        value = self.data.get(name)
        if value is None:
            return None
        if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
            span = f"from {low} to {high}" if high is not None else f"{low} or more"
            raise self.fail(name, f"expected an integer {span}, {self._got(value)}")
        return value

    def text(self, name: str, choices: tuple[str, ...] | None = None) -> str | None:
        value = self.data.get(name)
        if value is None:
            return None
        if not isinstance(value, str) or not value or (choices is not None and value not in choices):
            expected = f"one of {', '.join(choices)}" if choices else "a non-empty string"
            raise self.fail(name, f"expected {expected}, {self._got(value)}")
        return value

    def flag(self, name: str) -> bool | None:
        value = self.data.get(name)
        if value is None:
            return None
        if not isinstance(value, bool):
            raise self.fail(name, f"expected true or false, {self._got(value)}")
        return value

    def texts(self, name: str) -> tuple[str, ...] | None:
        value = self.data.get(name)
        if value is None:
            return None
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise self.fail(name, f"expected a list of strings, {self._got(value)}")
        return tuple(value)

    def strings(self, name: str) -> dict[str, str]:
        value = self.data.get(name, {})
        if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
            raise self.fail(name, "expected a table of strings")
        return dict(value)

    def counts(self, name: str) -> dict[str, int] | None:
        value = self.data.get(name)
        if value is None:
            return None
        if not isinstance(value, dict):
            raise self.fail(name, "expected a table of counts")
        for key, count in value.items():
            if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                raise self.fail(f"{name}.{key}", f"expected a count (an integer >= 0), {self._got(count)}")
        return dict(value)

    def tables(self, name: str) -> list[Mapping[str, Any]]:
        value = self.data.get(name, [])
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise self.fail(name, f"expected an array of tables ([[{name}]])")
        return value


def parse_situation(data: Mapping[str, Any], source: str) -> Situation:
    """The :class:`Situation` the TOML data describes; BadInputError naming ``source`` and the field."""
    top = _Reader(data, "", source, TOP_FIELDS)
    form = top.text("format")
    if form is not None and form != SITUATION_FORMAT:
        raise top.fail("format", f"expected {SITUATION_FORMAT!r}, got {form!r}")
    version = top.integer("version", 1)
    if version is not None and version != SITUATION_VERSION:
        raise top.fail("version", f"unsupported version {version} (this reads {SITUATION_VERSION})")
    ruleset = top.text("ruleset") or "base"
    players = top.integer("players", 1, 5) or 2
    characters = tuple(_character(t, i, source, players) for i, t in enumerate(top.tables("character")))
    seats = [c.player for c in characters]
    if len(set(seats)) != len(seats):
        raise top.fail("character", "two [[character]] tables name the same player")
    rooms_data = data.get("room", {})
    if not isinstance(rooms_data, dict) or not all(isinstance(v, dict) for v in rooms_data.values()):
        raise top.fail("room", 'expected tables [room."07"], one per board position')
    rooms = tuple(_room(str(position), table, source) for position, table in sorted(rooms_data.items()))
    intruders = None
    if "intruder" in data:
        intruders = tuple(_intruder(t, i, source) for i, t in enumerate(top.tables("intruder")))
    return Situation(
        ruleset=ruleset,
        players=players,
        seed=top.integer("seed", 0) or 0 if "seed" in data else 1,
        rulings=top.strings("rulings"),
        variants=top.strings("variants"),
        question=top.text("question"),
        round=top.integer("round", 1, 15),
        phase=top.text("phase", PHASES) or "player",
        turn=top.integer("turn", 1, players),
        actions_taken=top.integer("actions_taken", 0, 1) or 0,
        first_player=top.integer("first_player", 1, players),
        time=top.integer("time", 0),
        self_destruct=top.integer("self_destruct", 0),
        destination=top.text("destination"),
        eggs=top.integer("eggs", 0),
        first_encounter=top.flag("first_encounter"),
        panic=top.integer("panic", 1, players),
        destroyed_lairs=top.integer("destroyed_lairs", 0, 3),
        noise=top.texts("noise"),
        doors=_doors(top),
        bag=top.counts("bag"),
        characters=characters,
        rooms=rooms,
        intruders=intruders,
    )


def _doors(top: _Reader) -> dict[str, str]:
    doors = top.strings("doors")
    for corridor, door in doors.items():
        if door not in DOOR_STATES:
            raise top.fail(f"doors.{corridor}", f"expected one of {', '.join(DOOR_STATES)}, got {door!r}")
    return doors


def _character(data: Mapping[str, Any], index: int, source: str, players: int) -> CharacterSpec:
    read = _Reader(data, f"character[{index}]", source, CHARACTER_FIELDS)
    player = read.integer("player", 1, players)
    if player is None:
        raise read.fail("player", f"missing: which player (1 to {players}) is this Character?")
    return CharacterSpec(
        player=player,
        name=read.text("character"),
        room=read.text("room"),
        status=read.text("status", STATUSES),
        hand=read.texts("hand"),
        discard=read.texts("discard"),
        items=read.texts("items"),
        carrying=read.texts("carrying"),
        ammo=read.counts("ammo"),
        light_wounds=read.integer("light_wounds", 0),
        serious_wounds=read.texts("serious_wounds"),
        dressed=read.texts("dressed"),
        insanity=read.integer("insanity", 1, 5),
        slime=read.flag("slime"),
        larva=read.flag("larva"),
        signal=read.flag("signal"),
        passed=read.flag("passed"),
    )


def _room(position: str, data: Mapping[str, Any], source: str) -> RoomSpec:
    read = _Reader(data, f"room.{position}", source, ROOM_FIELDS)
    return RoomSpec(
        position=position,
        tile=read.text("tile"),
        explored=read.flag("explored"),
        fire=read.flag("fire"),
        malfunction=read.flag("malfunction"),
        items=read.integer("items", 0),
        objects=read.texts("objects"),
    )


def _intruder(data: Mapping[str, Any], index: int, source: str) -> IntruderSpec:
    read = _Reader(data, f"intruder[{index}]", source, INTRUDER_FIELDS)
    kind, room = read.text("kind"), read.text("room")
    if kind is None or room is None:
        raise read.fail("kind" if kind is None else "room", "missing: an Intruder needs its kind and its room")
    return IntruderSpec(kind=kind, room=room, injuries=read.integer("injuries", 0) or 0, token=read.text("token"))
