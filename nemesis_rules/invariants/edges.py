"""Reaching the edges (issue #19): campaign games that start next to a limit of the specification's
numbers or a "last piece" rule, so that each invariant is exercised where it can fail.

Invariants about limits exist (``supply.fire``, ``characters.wounds``, ``vs.insanity.range``,
...), but random games rarely get to the limit: a wrong supply in a table, or a rule that
misbehaves only at the ninth Fire marker, goes unseen. So half the games of a campaign (every
other block of :data:`EDGE_BLOCK`) start instead from an *edge*: a game played (seeded) through setup to the first turn,
then set at a limit or one step short of it. The limits are the specification's numbers
(:mod:`nemesis_rules.rulebook.spec`): every Fire marker on the board (the next one destroys the
ship), every Malfunction marker, one Door token short, every corridor but one with Noise, the
Time marker two spaces from the jump, a running Self-Destruct two spaces from the explosion,
characters one wound from death, every weapon empty, the Nest's last Egg and every Egg, every Adult (Lurker)
miniature, Insanity one step from the top (Void Seeders). Each edge state is itself checked by
every invariant first (tests/invariants/test_edges.py). Which game starts where depends on its
index and seed alone, so a campaign stays deterministic per seed.

:func:`near_edge` names the invariants whose condition a state holds at its limit (one more
marker, wound, step would break it); the campaign's summary counts those states per invariant.
It is asked at every step, so it reads the specification's numbers once and keeps the answers
drawn from the fields the previous state shares (:func:`near_edge_plain` asks the table :data:`NEAR`
itself; tests/invariants/test_edges_fast.py holds the two equal).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache

from nemesis_rules.model.core.engine import acting_player, step
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.game import start
from nemesis_rules.players.play import choose
from nemesis_rules.rulebook.spec import spec, spec_value

EDGE_BLOCK = 10
"""Games ``g`` with ``(g // EDGE_BLOCK) % 2 == 1`` start from an edge: half of a campaign."""
SALT = 0x5EED_ED6E


@dataclass(frozen=True, slots=True)
class Edge:
    """A situation next to a limit: its id, the rulesets it applies to (None: all), and how a
    state at the first turn is set next to the limit (None when it cannot be here)."""

    id: str
    statement: str
    build: Callable[[GameState], GameState | None]
    rulesets: frozenset[str] | None = None


def _rooms(state: GameState, wanted: Callable[[GameState, str], bool]) -> list[str]:
    return [p for p in state.config.board.positions if wanted(state, p)]


def _tokens_next_door(state: GameState, kind: str) -> GameState:
    """Swap the face-down exploration tokens of ``kind`` (fire, malfunction) into the unexplored
    rooms next to the characters, so that the first moves meet them (the tokens stay the same)."""
    board = state.config.board
    near = sorted({n for c in state.characters for n in board.neighbours[c.position]})
    near = [p for p in near if not state.room(p).explored and state.room(p).token is not None]
    far = [
        p
        for p in board.positions
        if p not in near and not state.room(p).explored and (state.room(p).token or "").startswith(kind)
    ]
    for here, there in zip(near, far, strict=False):
        if (state.room(here).token or "").startswith(kind):
            continue
        a, b = state.room(here), state.room(there)
        state = state.with_room(here, a.evolve(token=b.token)).with_room(there, b.evolve(token=a.token))
    return state


def _near_characters(state: GameState) -> set[str]:
    board = state.config.board
    return {p for c in state.characters for p in (c.position, *board.neighbours[c.position])}


def _fires(state: GameState) -> GameState | None:
    target = spec_value("supply.fire")
    near = _near_characters(state)  # kept free of Fire: their tokens are where the next Fire comes from
    free = _rooms(state, lambda s, p: not s.room(p).fire and s.room(p).tile is not None and p not in near)
    have = sum(1 for r in state.rooms if r.fire)
    for position in free[: max(0, target - have)]:
        state = state.with_room(position, state.room(position).evolve(fire=True))
    return _tokens_next_door(state, "fire")


def _malfunctions(state: GameState) -> GameState | None:
    target = spec_value("supply.malfunction")

    near = _near_characters(state)

    def can(s: GameState, p: str) -> bool:
        room = s.room(p)
        if room.malfunction or room.tile is None or p in near:
            return False
        return tables.room_can_malfunction(s.config, room.tile)

    free = _rooms(state, can)
    have = sum(1 for r in state.rooms if r.malfunction)
    if len(free) < target - have:
        return None
    for position in free[: max(0, target - have)]:
        state = state.with_room(position, state.room(position).evolve(malfunction=True))
    return _tokens_next_door(state, "malfunction")


def _doors(state: GameState) -> GameState | None:
    target = spec_value("supply.door") - 1
    here = {c.position for c in state.characters}
    board = state.config.board
    corridors = [k for k in board.corridors if not set(board.corridors[k].between) & here]
    closed = sum(1 for d in state.doors if d != "open")
    for corridor in corridors:
        if closed >= target:
            break
        if state.door(corridor) == "open":
            state = state.with_door(corridor, "closed")
            closed += 1
    return state


def _noise(state: GameState) -> GameState | None:
    corridors = sorted(state.config.board.corridors)
    return state.evolve(noise=frozenset(corridors[1:]) | state.noise - {corridors[0]})


def _late_time(state: GameState) -> GameState | None:
    time = spec_value("track.time.spaces") - 3
    return state.evolve(time=time, round=time + 1)


def _self_destruct(state: GameState) -> GameState | None:
    return state.evolve(self_destruct=spec_value("track.self-destruct.spaces") - 3)


def _wounded(state: GameState) -> GameState | None:
    deck = state.deck("serious-wound")
    cards = [card for card, n in sorted(deck.unknown.items()) for _ in range(n)]
    need = spec_value("wounds.serious-for-death")
    light = spec_value("wounds.light-to-serious") - 1
    for c in state.characters:
        if len(cards) < need:
            return None
        taken, cards = cards[:need], cards[need:]
        unknown = deck.unknown
        for card in taken:
            unknown = unknown.remove(card)
        deck = deck.evolve(unknown=unknown)
        state = state.with_character(c.evolve(serious_wounds=tuple(taken), light_wounds=light))
    return state.with_deck("serious-wound", deck)


def _last_egg(state: GameState) -> GameState | None:
    return state.evolve(eggs=1) if state.eggs > 1 else None


def _eggs_all_out(state: GameState) -> GameState | None:
    """Every Egg on the Intruder board, and the bag down to the Queen and one other token (the
    rest beside the board, where tokens taken out of the bag go): the next bag developments
    soon draw the Queen, whose Egg finds none left."""
    bag = state.bag
    keep = [k for k in sorted(bag.distinct()) if k.startswith("queen")][:1]
    if not keep:
        return None
    others = sorted(k for k in bag.distinct() if k not in keep)
    kept_bag = bag.__class__.of([*keep, *others[:1]])
    moved = bag
    for token in (*keep, *others[:1]):
        moved = moved.remove(token)
    return state.evolve(eggs=spec_value("supply.egg"), bag=kept_bag, token_pool=state.token_pool.union(moved))


def _miniatures_all_out(kind: str) -> Callable[[GameState], GameState | None]:
    """Every miniature of ``kind`` on the board, in rooms no character is in (no Combat yet)."""

    def build(state: GameState) -> GameState | None:
        limit = spec_value(f"miniatures.{state.config.ruleset.name}.{kind}")
        watched = {c.position for c in state.characters}
        rooms = [p for p in state.config.board.positions if p not in watched and state.room(p).tile is not None]
        have = sum(1 for i in state.intruders if i.kind == kind)
        for n in range(max(0, limit - have)):
            intruder = Intruder(state.next_intruder, kind, rooms[n % len(rooms)])
            state = state.evolve(intruders=tuple(sorted((*state.intruders, intruder))), next_intruder=intruder.id + 1)
        return state

    return build


def _empty_weapons(state: GameState) -> GameState | None:
    """Every weapon held empty (Ammo 0, the bottom of its track): a Shoot is refused, and every
    reload (the Armory, an Energy Charge, Chemicals, an Ammo card) fills from nothing, where a
    reload that gives too much is not hidden by the weapon's capacity."""
    characters = tuple(c.evolve(ammo=tuple((w, 0) for w, _ in c.ammo)) for c in state.characters)
    if all(not c.ammo for c in characters):
        return None
    return state.evolve(characters=characters)


def _insane(state: GameState) -> GameState | None:
    top = spec_value("insanity.max")
    return state.evolve(characters=tuple(c.evolve(insanity=top - 1) for c in state.characters))


EDGES: tuple[Edge, ...] = (
    Edge("fire-all-out", "Every Fire marker on the board: the next Fire destroys the ship.", _fires),
    Edge("malfunction-all-out", "Every Malfunction marker on the board: the next breaches the hull.", _malfunctions),
    Edge("doors-one-short", "One Door token short of the supply: the next closing takes one from the board.", _doors),
    Edge("noise-all-but-one", "Noise in every corridor but one: most rolls start an Encounter.", _noise),
    Edge("time-two-from-jump", "The Time marker two spaces from the hyperjump.", _late_time),
    Edge("self-destruct-two-from-end", "A running Self-Destruct two spaces from the explosion.", _self_destruct),
    Edge("one-wound-from-death", "Every character with 3 Serious Wounds and 2 Light Wounds.", _wounded),
    Edge("weapons-empty", "Every weapon held at 0 Ammo: every reload fills from empty.", _empty_weapons),
    Edge("last-egg", "The Nest's last Egg on the Intruder board.", _last_egg, frozenset({"base"})),
    Edge(
        "eggs-all-out",
        "Every Egg token on the Intruder board: a Queen's Egg finds none left.",
        _eggs_all_out,
        frozenset({"base"}),
    ),
    Edge(
        "adults-all-out",
        "Every Adult miniature on the board: the next Adult makes the others retreat.",
        _miniatures_all_out("adult"),
        frozenset({"base"}),
    ),
    Edge(
        "whisperers-all-out",
        "Every Whisperer miniature on the board.",
        _miniatures_all_out("whisperer"),
        frozenset({"void-seeders"}),
    ),
    Edge(
        "lurkers-all-out",
        "Every Lurker miniature on the board.",
        _miniatures_all_out("lurker"),
        frozenset({"void-seeders"}),
    ),
    Edge(
        "insanity-one-from-top",
        "Every character one Insanity level below the top.",
        _insane,
        frozenset({"void-seeders"}),
    ),
)


def edge_for(index: int, ruleset: str) -> Edge | None:
    """The edge game ``index`` of a campaign starts from (None: a new game). Games come in blocks
    of :data:`EDGE_BLOCK`; every other block starts from edges, the edges of the game's ruleset
    taken in turn (five a block, the next five in the next edge block), so that a campaign of
    six blocks (60 games, both rulesets, 1-5 players) meets every edge of both rulesets (eleven
    each)."""
    if (index // EDGE_BLOCK) % 2 != 1:
        return None
    fitting = [e for e in EDGES if e.rulesets is None or ruleset in e.rulesets]
    slot = index % 5 + 5 * (index // (2 * EDGE_BLOCK))
    return fitting[slot % len(fitting)]


def _first_turn(state: GameState, seed: int) -> GameState:
    rng = random.Random(seed ^ SALT)
    while state.end is None and not (
        state.phase == "player" and acting_player(state) is not None and type(state.pending[-1]).__name__ == "Turn"
    ):
        state = step(state, choose(state, rng)).state
    return state


@lru_cache(maxsize=64)
def _edge_state(
    index: int,
    ruleset: str,
    players: int,
    seed: int,
    rulings: tuple[tuple[str, str], ...],
    variants: tuple[tuple[str, str], ...],
) -> GameState | None:
    edge = edge_for(index, ruleset)
    if edge is None:
        return None
    first = _first_turn(start(ruleset, players, dict(rulings), dict(variants)), seed)
    return edge.build(first) if first.end is None else None


def edge_start(
    index: int,
    ruleset: str,
    players: int,
    seed: int,
    rulings: tuple[tuple[str, str], ...] = (),
    variants: tuple[tuple[str, str], ...] = (),
) -> GameState | None:
    """The state campaign game ``index`` starts from when it starts at an edge (None: it starts
    a new game as usual). The same arguments always give the same state."""
    return _edge_state(index, ruleset, players, seed, tuple(rulings), tuple(variants))


# -- one step from failing -----------------------------------------------------------------------


def _at(count: int, limit: int) -> bool:
    return count == limit


def _full(state: GameState) -> bool:
    """Whether every miniature of some type is on the board."""
    prefix = f"miniatures.{state.config.ruleset.name}."
    kinds = {i.kind for i in state.intruders}
    return any(
        sum(1 for i in state.intruders if i.kind == kind) >= spec_value(prefix + kind)
        for kind in kinds
        if prefix + kind in _SPEC_KEYS
    )


_SPEC_KEYS = frozenset(spec())


NEAR: Mapping[str, Callable[[GameState], bool]] = {
    "supply.fire": lambda s: _at(sum(1 for r in s.rooms if r.fire), spec_value("supply.fire")),
    "supply.malfunction": lambda s: _at(sum(1 for r in s.rooms if r.malfunction), spec_value("supply.malfunction")),
    "supply.doors": lambda s: _at(sum(1 for d in s.doors if d != "open"), spec_value("supply.door")),
    "supply.noise": lambda s: len(s.noise) >= len(s.config.board.corridors),
    "tracks.spaces": lambda s: (
        s.time >= spec_value("track.time.spaces") - 2
        or (s.self_destruct is not None and s.self_destruct >= spec_value("track.self-destruct.spaces") - 2)
    ),
    "characters.wounds": lambda s: any(
        c.alive
        and (
            len(c.serious_wounds) == spec_value("wounds.serious-for-death")
            or c.light_wounds == spec_value("wounds.light-to-serious") - 1
        )
        for c in s.characters
    ),
    "vs.insanity.range": lambda s: (
        s.config.ruleset.name == "void-seeders"
        and any(c.alive and c.insanity == spec_value("insanity.max") for c in s.characters)
    ),
    "pods.seats": lambda s: any(len(p.occupants) == spec_value("pods.seats") for p in s.pods),
    "supply.heavy-objects": lambda s: s.eggs <= 1 or s.eggs == spec_value("supply.egg"),
    "supply.miniatures": lambda s: s.config.ruleset.name == "base" and _full(s),
    "vs.supply.miniatures": lambda s: s.config.ruleset.name == "void-seeders" and _full(s),
}
"""Invariant id → whether a state holds that invariant's quantity at its limit."""


def near_edge_plain(state: GameState) -> list[str]:
    """The invariants whose condition ``state`` holds at the limit (one step from failing): the
    :data:`NEAR` table asked entry by entry (what :func:`near_edge` means)."""
    return [name for name, at_limit in NEAR.items() if at_limit(state)]


@cache
def _miniature_limits(ruleset: str) -> dict[str, int]:
    """Intruder kind → how many miniatures of it the specification counts under ``ruleset``."""
    prefix = f"miniatures.{ruleset}."
    return {key.removeprefix(prefix): spec_value(key) for key in _SPEC_KEYS if key.startswith(prefix)}


class _Read:
    """The fields of the state :func:`near_edge` read last, each with the answers drawn from it: a
    step copies only the fields it changes, so the next state mostly shares them (the same objects),
    and an answer drawn from an unchanged field is still the answer."""

    __slots__ = (
        "characters",
        "config",
        "fire",
        "full",
        "insane",
        "intruders",
        "malfunction",
        "pods",
        "rooms",
        "seats",
        "wounds",
    )

    def __init__(self) -> None:
        self.forget(None)

    def forget(self, config: object) -> None:
        """Start over for a game of ``config`` (nothing read yet)."""
        self.config = config
        self.rooms: object = None
        self.characters: object = None
        self.pods: object = None
        self.intruders: object = None
        self.fire = self.malfunction = self.wounds = self.insane = self.seats = self.full = False


_LAST = _Read()
_FIRE = spec_value("supply.fire")
_MALFUNCTION = spec_value("supply.malfunction")
_DOORS = spec_value("supply.door")
_TIME_NEAR = spec_value("track.time.spaces") - 2
_SELF_DESTRUCT_NEAR = spec_value("track.self-destruct.spaces") - 2
_SERIOUS = spec_value("wounds.serious-for-death")
_LIGHT = spec_value("wounds.light-to-serious") - 1
_INSANITY = spec_value("insanity.max")
_SEATS = spec_value("pods.seats")
_EGGS = spec_value("supply.egg")


def near_edge(state: GameState) -> list[str]:
    """The invariants whose condition ``state`` holds at the limit (one step from failing).

    This is :func:`near_edge_plain` (the :data:`NEAR` table), asked at every step of a campaign:
    the specification's numbers are read once, and an entry whose fields (rooms, characters, pods,
    intruders) are the very objects of the state asked before keeps its answer (:class:`_Read`)."""
    last = _LAST
    config = state.config
    if config is not last.config:
        last.forget(config)
    rooms = state.rooms
    if rooms is not last.rooms:
        last.rooms = rooms
        last.fire = sum(1 for r in rooms if r.fire) == _FIRE
        last.malfunction = sum(1 for r in rooms if r.malfunction) == _MALFUNCTION
    characters = state.characters
    if characters is not last.characters:
        last.characters = characters
        last.wounds = any(
            c.alive and (len(c.serious_wounds) == _SERIOUS or c.light_wounds == _LIGHT) for c in characters
        )
        last.insane = config.ruleset.name == "void-seeders" and any(
            c.alive and c.insanity == _INSANITY for c in characters
        )
    pods = state.pods
    if pods is not last.pods:
        last.pods = pods
        last.seats = any(len(p.occupants) == _SEATS for p in pods)
    intruders = state.intruders
    if intruders is not last.intruders:
        last.intruders = intruders
        limits = _miniature_limits(config.ruleset.name)
        kinds = Counter(i.kind for i in intruders)
        last.full = any(n >= limits[kind] for kind, n in kinds.items() if kind in limits)
    near = []
    if last.fire:
        near.append("supply.fire")
    if last.malfunction:
        near.append("supply.malfunction")
    doors = state.doors
    if len(doors) - doors.count("open") == _DOORS:
        near.append("supply.doors")
    if len(state.noise) >= len(config.board.corridors):
        near.append("supply.noise")
    if state.time >= _TIME_NEAR or (state.self_destruct is not None and state.self_destruct >= _SELF_DESTRUCT_NEAR):
        near.append("tracks.spaces")
    if last.wounds:
        near.append("characters.wounds")
    if last.insane:
        near.append("vs.insanity.range")
    if last.seats:
        near.append("pods.seats")
    if state.eggs <= 1 or state.eggs == _EGGS:
        near.append("supply.heavy-objects")
    if last.full and config.ruleset.name == "base":
        near.append("supply.miniatures")
    if last.full and config.ruleset.name == "void-seeders":
        near.append("vs.supply.miniatures")
    return near
