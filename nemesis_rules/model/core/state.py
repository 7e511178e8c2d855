"""The immutable game state (design.md, principle 1).

Frozen, slotted dataclasses of tuples, frozensets and multisets. Every transition returns a
new state. Static facts (the ship graph, corridor numbers, room kinds, card tables) live in
the :class:`~nemesis_rules.model.core.config.GameConfig` the state points to; everything that
changes lives here. Rooms are indexed by position (``"01"`` is index 0).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Literal

from nemesis_rules.model.core import fast
from nemesis_rules.model.core.multiset import EMPTY, Multiset

if TYPE_CHECKING:
    from nemesis_rules.model.core.config import GameConfig
    from nemesis_rules.model.core.frames import Frame

Phase = Literal["setup", "player", "event", "over"]
CharacterStatus = Literal["active", "dead", "hibernating", "escaped"]
DoorState = Literal["open", "closed", "destroyed"]


class _RoomIndex(dict[str, int]):
    """Position ids "01".."99" by their index in :attr:`GameState.rooms` (the rules ask for a
    room by its id many times a step; parsing it each time cost more than the lookup). Any
    other spelling is parsed."""

    def __missing__(self, position: str) -> int:
        return int(position) - 1


_ROOM_INDEX = _RoomIndex({f"{n:02d}": n - 1 for n in range(1, 100)})


def pidx(position: str) -> int:
    """The index of a position id in :attr:`GameState.rooms`."""
    return _ROOM_INDEX[position]


@dataclass(frozen=True, slots=True)
class RoomState:
    """What is in one position now. ``tile`` is the room kind (None before setup places it)."""

    tile: str | None = None
    explored: bool = False
    token: str | None = None
    """The face-down exploration token (None once revealed, or where there is none)."""
    items: int | None = None
    """The item counter (None where the room has none or before exploration)."""
    fire: bool = False
    malfunction: bool = False
    objects: Multiset = EMPTY
    """Heavy objects lying here: ``corpse-blue``, ``corpse-red``, ``carcass``, ``egg``."""

    def evolve(self, **changes: object) -> RoomState:
        """A copy with ``changes`` (``dataclasses.replace``, several times faster)."""
        return _evolve_room(self, changes)


@dataclass(frozen=True, slots=True)
class Character:
    """A player's character. Cards are multisets of card names; Contamination cards are
    ``contamination`` or ``contamination-infected`` (the model knows which)."""

    player: int
    name: str
    position: str
    status: CharacterStatus = "active"
    hand: Multiset = EMPTY
    deck: Multiset = EMPTY
    discard: Multiset = EMPTY
    light_wounds: int = 0
    serious_wounds: tuple[str, ...] = ()
    dressed: tuple[str, ...] = ()
    slime: bool = False
    larva: bool = False
    signal: bool = False
    passed: bool = False
    insanity: int = 1
    objectives: tuple[str, ...] = ()
    hands: tuple[str, ...] = ()
    """The two hand slots: Heavy items (weapons, the Fire Extinguisher, ...) and Heavy Objects
    (``egg``, ``carcass``, ``corpse-blue``, ``corpse-red``), by slug (RU-RB p.22-23)."""
    inventory: Multiset = EMPTY
    """Item cards kept hidden in the inventory (not Heavy), by slug."""
    ammo: tuple[tuple[str, int], ...] = ()
    """Ammo markers on each weapon the character holds, by weapon slug."""
    mods: frozenset[str] = frozenset()
    """Attachments and lasting effects: ``extended-magazine:<weapon>``, ``taped``, ..."""
    quests: tuple[tuple[str, str], ...] = ()
    """Quest items by slug with their state: ``inactive``, ``active`` or ``used``."""

    def evolve(self, **changes: object) -> Character:
        """A copy with ``changes`` (``dataclasses.replace``, several times faster)."""
        return _evolve_character(self, changes)

    @property
    def alive(self) -> bool:
        return self.status != "dead"

    @property
    def active(self) -> bool:
        return self.status == "active"

    def wound_active(self, kind: str) -> bool:
        """Whether a Serious Wound of ``kind`` has effect: more such cards than dressed ones
        (a dressed wound is ignored; duplicates do not stack, facts.md §5)."""
        return self.serious_wounds.count(kind) > self.dressed.count(kind)

    def ammo_of(self, weapon: str) -> int:
        for name, count in self.ammo:
            if name == weapon:
                return count
        return 0

    def with_ammo(self, weapon: str, count: int) -> Character:
        others = tuple((n, c) for n, c in self.ammo if n != weapon)
        return _evolve_character(self, {"ammo": tuple(sorted((*others, (weapon, count))))})

    def quest(self, item: str) -> str | None:
        for name, status in self.quests:
            if name == item:
                return status
        return None

    def paying_cards(self) -> Multiset:
        """The cards that can pay costs: never Contamination cards (RU-RB p.12-13)."""
        return Multiset((k, n) for k, n in self.hand.items() if not k.startswith("contamination"))


@dataclass(frozen=True, slots=True, order=True)
class Intruder:
    """An Intruder (or Void Seeder) miniature on the board. ``token``: its set-aside bag token."""

    id: int
    kind: str
    position: str
    injuries: int = 0
    token: str | None = None


@dataclass(frozen=True, slots=True)
class Deck:
    """A shuffled deck: cards of unknown order, cards known to be on top (first is the top)
    or at the bottom, and its discard pile."""

    unknown: Multiset = EMPTY
    top: tuple[str, ...] = ()
    bottom: tuple[str, ...] = ()
    discard: Multiset = EMPTY

    def evolve(self, **changes: object) -> Deck:
        """A copy with ``changes`` (``dataclasses.replace``, several times faster)."""
        return _evolve_deck(self, changes)

    @property
    def size(self) -> int:
        return self.unknown.total + len(self.top) + len(self.bottom)

    def remove_top(self, card: str) -> Deck:
        """The deck after ``card`` was drawn (it must be the known top, or unknown when no top is known)."""
        if self.top:
            return _evolve_deck(self, {"top": self.top[1:]})
        if self.unknown:
            return _evolve_deck(self, {"unknown": self.unknown.remove(card)})
        return _evolve_deck(self, {"bottom": self.bottom[1:]})

    def draw_outcomes(self) -> tuple[tuple[str, int], ...]:
        """The possible next cards with weights."""
        if self.top:
            return ((self.top[0], 1),)
        if self.unknown:
            return self.unknown.items()
        if self.bottom:
            return ((self.bottom[0], 1),)
        return ()

    def discarded(self, card: str) -> Deck:
        return _evolve_deck(self, {"discard": self.discard.add(card)})

    def reshuffled(self) -> Deck:
        """Discard pile shuffled into the deck: every card's position becomes unknown."""
        unknown = self.unknown.union(self.discard).union(Multiset.of(self.top)).union(Multiset.of(self.bottom))
        return Deck(unknown=unknown)


@dataclass(frozen=True, slots=True)
class Pod:
    """An escape pod token on its section (``A`` or ``B``)."""

    number: int
    section: str
    locked: bool = True
    occupants: tuple[int, ...] = ()
    launched: bool = False


@dataclass(frozen=True, slots=True)
class EndOfGame:
    """How the game ended and who won."""

    reason: str
    survivors: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class GameState:
    """The whole game at one moment. ``pending`` is the stack of what must be resolved next;
    its last frame decides who acts (or which chance node is open)."""

    config: GameConfig
    phase: Phase
    round: int
    pending: tuple[Frame, ...]
    rooms: tuple[RoomState, ...]
    doors: tuple[DoorState, ...]
    """One door per corridor, in the board's corridor order."""
    noise: frozenset[str]
    """Corridor ids (and ``tech``) holding a Noise marker."""
    characters: tuple[Character, ...] = ()
    intruders: tuple[Intruder, ...] = ()
    next_intruder: int = 1
    bag: Multiset = EMPTY
    token_pool: Multiset = EMPTY
    """Intruder tokens beside the board (the supply a bag development draws from)."""
    decks: tuple[tuple[str, Deck], ...] = ()
    exploration_pool: Multiset = EMPTY
    time: int = 0
    """Index of the Time marker's space on the time track (0 = the green start space)."""
    self_destruct: int | None = None
    """Index of the Self-Destruct marker's space, or None when the sequence is not running."""
    destination: str = "B"
    coordinates: str | None = None
    engines: tuple[tuple[str, ...], ...] = ()
    pods: tuple[Pod, ...] = ()
    pod_pool: Multiset = EMPTY
    eggs: int = 0
    weaknesses: tuple[str, ...] = ()
    discovered: frozenset[str] = frozenset()
    first_player: int = 1
    first_encounter: bool = False
    objective_decks: tuple[Multiset, Multiset] = (EMPTY, EMPTY)
    draft_pool: Multiset = EMPTY
    flags: frozenset[str] = frozenset()
    """Facts objectives and endings ask about: ``queen-killed``, ``nest-destroyed``, ..."""
    removed: Multiset = EMPTY
    """Tokens and cards out of the game (``exploration:<token>``, ``event:<card>``, ...)."""
    end: EndOfGame | None = None
    placed_tiles: tuple[tuple[str, str], ...] = field(default=())

    def room(self, position: str) -> RoomState:
        return self.rooms[_ROOM_INDEX[position]]

    def character(self, player: int) -> Character:
        return self.characters[player - 1]

    def deck(self, name: str) -> Deck:
        for key, deck in self.decks:
            if key == name:
                return deck
        raise KeyError(name)

    def intruders_at(self, position: str) -> tuple[Intruder, ...]:
        return tuple([i for i in self.intruders if i.position == position])  # a list first: no generator

    def characters_at(self, position: str) -> tuple[Character, ...]:
        """Active characters in the room (not those seated in an escape pod there)."""
        here = tuple([c for c in self.characters if c.status == "active" and c.position == position])
        if not here or not any(pod.occupants for pod in self.pods):
            return here  # the common case: nobody sits in a pod
        seated = {p for pod in self.pods if not pod.launched for p in pod.occupants}
        return tuple(c for c in here if c.player not in seated)

    def door(self, corridor: str) -> DoorState:
        return self.doors[self.config.corridor_index[corridor]]

    def in_combat(self, player: int) -> bool:
        """A character is in Combat while an Intruder is in its room (RU-RB p.18)."""
        position = self.characters[player - 1].position
        for intruder in self.intruders:  # noqa: SIM110 - asked many times per turn: a loop beats any()
            if intruder.position == position:
                return True
        return False

    # -- functional updates -------------------------------------------------------------
    def evolve(self, **changes: object) -> GameState:
        """A copy with ``changes``: what ``dataclasses.replace`` does, several times faster (the
        state is copied several times per transition; no field has a __post_init__ to run). The
        body is generated once from the field list (see :func:`_make_copier`)."""
        return _evolve(self, changes)

    def with_room(self, position: str, room: RoomState) -> GameState:
        i = pidx(position)
        return _evolve(self, {"rooms": (*self.rooms[:i], room, *self.rooms[i + 1 :])})

    def with_character(self, character: Character) -> GameState:
        i = character.player - 1
        return _with_characters(self, (*self.characters[:i], character, *self.characters[i + 1 :]))

    def with_deck(self, name: str, deck: Deck) -> GameState:
        return _evolve(self, {"decks": tuple((k, deck if k == name else d) for k, d in self.decks)})

    def with_door(self, corridor: str, door: DoorState) -> GameState:
        i = self.config.corridor_index[corridor]
        return _evolve(self, {"doors": (*self.doors[:i], door, *self.doors[i + 1 :])})

    def with_intruder(self, intruder: Intruder) -> GameState:
        others = tuple([i for i in self.intruders if i.id != intruder.id])
        return _evolve(self, {"intruders": tuple(sorted((*others, intruder)))})

    def without_intruder(self, intruder_id: int) -> GameState:
        return _evolve(self, {"intruders": tuple([i for i in self.intruders if i.id != intruder_id])})

    def push(self, *frames: Frame) -> GameState:
        """Push frames so that the first given is resolved first."""
        if len(frames) == 1:
            return _with_pending(self, (*self.pending, frames[0]))
        return _with_pending(self, (*self.pending, *reversed(frames)))

    def pop(self) -> GameState:
        """The state without the top frame (what :func:`popped` does in one call)."""
        return popped(self)

    def popped_with_character(self, character: Character) -> GameState:
        """``self.pop().with_character(character)`` in one copy instead of two (a chance node on
        top whose outcome changes one character: an Action card drawn, a quarter of all steps)."""
        i = character.player - 1
        return _popped_with_characters(self, (*self.characters[:i], character, *self.characters[i + 1 :]))

    def replace_top(self, *frames: Frame) -> GameState:
        """``self.pop().push(*frames)`` in one copy instead of two: the top frame replaced by
        ``frames``, the first given resolved first (a step whose work ends by pushing what follows
        it, run with its own frame still on top: :meth:`.frames.Step.run_on_top`)."""
        if len(frames) == 1:
            return _replaced_top(self, frames)
        return _replaced_top(self, frames[::-1])


_STATE_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(GameState))


_evolve: Callable[[GameState, dict[str, object]], GameState] = fast.copier(GameState)
_with_pending: Callable[[GameState, tuple[Frame, ...]], GameState] = fast.copier(GameState, "pending")
popped: Callable[[GameState], GameState] = fast.copier(GameState, "pending", "self.pending[:-1]")
"""``state.pop()``: the state without its top frame, in one call (the engine pops once or twice a step)."""
_popped_with_characters: Callable[[GameState, tuple[Character, ...]], GameState] = fast.copier(
    GameState, "characters", also={"pending": "self.pending[:-1]"}
)
_replaced_top: Callable[[GameState, tuple[Frame, ...]], GameState] = fast.copier(
    GameState, "pending", "(*self.pending[:-1], *value)", given=True
)
_with_characters: Callable[[GameState, tuple[Character, ...]], GameState] = fast.copier(GameState, "characters")
_evolve_character: Callable[[Character, dict[str, object]], Character] = fast.copier(Character)
_evolve_room: Callable[[RoomState, dict[str, object]], RoomState] = fast.copier(RoomState)
_evolve_deck: Callable[[Deck, dict[str, object]], Deck] = fast.copier(Deck)
