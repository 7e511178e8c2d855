"""The dice, supplies and tracks: the noise and combat dice, the marker and token supplies, the
Escape Pods by player count, the Time, Self-destruct and Destination tracks (with the Coordinates
cards that tell what each Destination letter means) and Void Seeders' Insanity track, with their
loaders.

The values are in ``base/dice.toml`` (facts.md §15), ``base/supplies.toml`` (supplies §11, Escape Pods
§9, tracks §12), ``base/coordinates.toml`` (§12) and ``void_seeders/insanity.toml``
(void-seeders-rulebook.txt, Insanity Level and Insanity Track Card; facts.md §16). A die's faces are
the outcomes of a chance node with their weights (:meth:`Die.weights`); moving a marker along a track is
a rule (the families ``events`` and ``ship``, and Void Seeders' ``insanity``), not this table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from nemesis_rules.model.data.reading import ComponentTableError, Provenance, Raw, check_players, count_of

__all__ = [
    "DESTINATIONS",
    "DESTINATION_LETTERS",
    "CoordinatesCard",
    "Die",
    "DieFace",
    "EscapePods",
    "InsanityLevel",
    "InsanityTrack",
    "Supply",
    "Track",
    "TrackSpace",
    "read_coordinates",
    "read_die",
    "read_escape_pods",
    "read_insanity_track",
    "read_supplies",
    "read_track",
]

DESTINATIONS: Final = ("earth", "mars", "venus", "deep-space")
DESTINATION_LETTERS: Final = ("A", "B", "C", "D")


@dataclass(frozen=True, slots=True)
class CoordinatesCard:
    """A Coordinates card: the destination for each Destination-track letter A-D (facts.md §12)."""

    id: str
    destinations: tuple[str, str, str, str]
    provenance: Provenance

    def destination(self, letter: str) -> str:
        """The destination this card assigns to ``letter`` (A-D)."""
        return self.destinations[DESTINATION_LETTERS.index(letter)]


@dataclass(frozen=True, slots=True)
class DieFace:
    """A die face, how many sides show it, and what it does."""

    face: str
    count: int
    meaning: str


@dataclass(frozen=True, slots=True)
class Die:
    """A noise d10 or combat d6 (facts.md §15); ``copies`` = how many are in the box."""

    id: str
    name: str
    copies: int
    faces: tuple[DieFace, ...]
    provenance: Provenance

    @property
    def sides(self) -> int:
        """Number of sides."""
        return sum(face.count for face in self.faces)

    def weights(self) -> tuple[tuple[str, int], ...]:
        """Each face with its weight (sides showing it): the outcomes of a roll as a chance node."""
        return tuple((face.face, face.count) for face in self.faces)

    def outcomes(self) -> tuple[str, ...]:
        """One entry per side."""
        return tuple(face.face for face in self.faces for _ in range(face.count))


@dataclass(frozen=True, slots=True)
class Supply:
    """A marker/token supply and its size (facts.md §11); ``at_start`` = how many are placed at setup."""

    id: str
    count: int
    at_start: int | None
    note: str
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class EscapePods:
    """Escape Pods in play by player count, seats per pod, the pod numbers (facts.md §9)."""

    by_players: tuple[tuple[int, int], ...]
    seats: int
    numbers: tuple[int, ...]
    provenance: Provenance

    def count_for(self, players: int) -> int:
        """How many pods are used with ``players`` players (1-5)."""
        check_players(players)
        return dict(self.by_players)[players]


@dataclass(frozen=True, slots=True)
class TrackSpace:
    """One space of a track: label, colour and flags (hibernation, jump, no-abort, pods-unlock, explosion)."""

    label: str
    colour: str
    flags: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Track:
    """A board track, spaces in the order the marker moves through them (facts.md §12)."""

    id: str
    spaces: tuple[TrackSpace, ...]
    start: str
    provenance: Provenance

    def index(self, label: str) -> int:
        """Position of the space labelled ``label``."""
        for position, space in enumerate(self.spaces):
            if space.label == label:
                return position
        raise KeyError(label)

    @property
    def start_index(self) -> int:
        """Position of the starting space."""
        return self.index(self.start)


@dataclass(frozen=True, slots=True)
class InsanityLevel:
    """One Insanity-track level and the Void Seeder type an Encounter at that level places."""

    level: int
    type: str


@dataclass(frozen=True, slots=True)
class InsanityTrack:
    """The Insanity track card (VS-RB Insanity Level and Insanity Track Card).

    Starts at ``start``; once a Character reaches ``floor`` it never goes below it; ``max`` is the top
    (a Character at ``max`` asked to go higher dies).
    """

    levels: tuple[InsanityLevel, ...]
    start: int
    floor: int
    max: int
    provenance: Provenance

    def type_at(self, level: int) -> str:
        """The Void Seeder type placed by an Encounter at Insanity ``level``."""
        for entry in self.levels:
            if entry.level == level:
                return entry.type
        raise KeyError(level)


def read_coordinates(root: Raw) -> tuple[CoordinatesCard, ...]:
    cards: list[CoordinatesCard] = []
    for number, row in enumerate(root.tables("card"), start=1):
        destinations = row.texts("destinations", DESTINATIONS)
        if sorted(destinations) != sorted(DESTINATIONS):
            raise ComponentTableError(f"{row.where}: a Coordinates card is a permutation of {', '.join(DESTINATIONS)}")
        a, b, c, d = destinations
        cards.append(CoordinatesCard(f"coordinates-{number}", (a, b, c, d), row.provenance()))
        row.finish()
    return tuple(cards)


def read_die(root: Raw, die_id: str) -> Die:
    row = root.table(die_id)
    counts = row.counts("counts")
    meaning_row = row.table("meaning")
    sides = row.integer("sides")
    meanings = {face: meaning_row.text(face) for face, _ in counts}
    faces = tuple(DieFace(face, count, meanings[face]) for face, count in counts if count > 0)
    meaning_row.finish()
    if sum(face.count for face in faces) != sides:
        raise ComponentTableError(f"{row.where}: face counts do not add up to {sides} sides")
    die = Die(die_id, row.text("name"), row.integer("copies"), faces, row.provenance())
    row.finish()
    return die


def read_supplies(root: Raw) -> tuple[Supply, ...]:
    result: list[Supply] = []
    for row in root.tables("supply"):
        result.append(
            Supply(row.text("id"), count_of(row), row.opt_integer("at_start"), row.text("note"), row.provenance())
        )
        row.finish()
    return tuple(result)


def read_escape_pods(row: Raw) -> EscapePods:
    by_players = tuple(sorted((int(players), count) for players, count in row.counts("by_players")))
    if [players for players, _ in by_players] != [1, 2, 3, 4, 5]:
        raise ComponentTableError(f"{row.where}: 'by_players' must cover player counts 1-5")
    pods = EscapePods(by_players, row.integer("seats"), row.integers("numbers"), row.provenance())
    row.finish()
    return pods


def read_track(root: Raw, key: str) -> Track:
    row = root.table(key)
    spaces: list[TrackSpace] = []
    for space_row in row.tables("spaces"):
        flags = space_row.texts("flags") if space_row.has("flags") else ()
        spaces.append(TrackSpace(space_row.text("label"), space_row.text("colour"), flags))
        space_row.finish()
    track = Track(key.removesuffix("_track").replace("_", "-"), tuple(spaces), row.text("start"), row.provenance())
    row.finish()
    track.index(track.start)
    return track


def read_insanity_track(row: Raw, types: tuple[str, ...]) -> InsanityTrack:
    levels: list[InsanityLevel] = []
    for level_row in row.tables("levels"):
        levels.append(InsanityLevel(level_row.integer("level"), level_row.choice("type", types)))
        level_row.finish()
    track = InsanityTrack(
        tuple(levels), row.integer("start"), row.integer("floor"), row.integer("max"), row.provenance()
    )
    row.finish()
    if [entry.level for entry in track.levels] != list(range(1, track.max + 1)):
        raise ComponentTableError(f"{row.where}: levels must run 1..max")
    return track
