"""Random players: how seeded play picks each decision.

Every player here picks only legal actions and draws chance outcomes with their weights, so every
game it plays is a legal game; they differ in which legal decision they prefer.

* :func:`uniform` draws uniformly among the legal decisions. Most of them are moves and the
  payment variants of moves, so uniform play rarely plays a given card, crafts, or reaches the
  blue time spaces where the Hibernatorium opens (a game of it lasts 4-8 rounds).
* :func:`goal_seeking` draws uniformly first among the *kinds* of decision (room actions told
  apart by room, cards by card, items by item), then within the kind, so rare actions are as
  likely as moving; and it plays like a careful player who wants to live. Each character gets a
  trait fixed for the game: a few stay awake to the jump, some roam the ship, most stay near the
  Hibernatorium and often pass. In combat it attacks a Lair or the Despoiler it hunts (in melee only
  while it has no Serious Wound), else
  shoots, or leaves for a room without danger (never melee while anything else is left), and
  holds its ground where it is heading. Out of combat it leaves a burning room, treats its
  wounds (Emergency Room, healing items), repairs a Damaged Engine underfoot, stops the
  Self-Destruct while someone hibernates, and fights Fires and Malfunctions as they pile up.
  It walks (carefully, when it can) by a way that avoids Intruders and Fire: the character
  nearest to the job sets an Earth course at the Cockpit and repairs Engines until at most one
  is Damaged; a wounded one heads for the Emergency Room; once the chambers open the others
  hibernate (some take an open escape pod; everyone does while the Self-Destruct runs); it
  hunts the Void Seeders' Lairs, and walks to the Armory while an Energy Weapon is not full. It
  launches a pod once seated and never steers away from Earth. While an Intruder holds the open
  Hibernatorium the others wait outside it, and the character nearest to the Fire Control System
  goes there to drive it out; a Void Seeders character near the top of the Insanity track seeks
  the Surgery (or an Antidote), and lowers a level of 2 when it can. It melees a hunted Lair or
  Despoiler only while it has no Serious Wound.

A player is a function ``(state, rng) -> Action``; :data:`PLAYERS` names them for the command line.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Mapping, Sequence
from operator import itemgetter
from types import MappingProxyType

from nemesis_rules.board.graph import Board
from nemesis_rules.model.core.actions import Action, Decision
from nemesis_rules.model.core.engine import chance_outcomes, legal_actions
from nemesis_rules.model.core.state import GameState, RoomState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.pods import seats
from nemesis_rules.model.rules.rooms import armory_variants
from nemesis_rules.model.rules.round import Turn
from nemesis_rules.model.rules.ship import EngineReorder, engine_index
from nemesis_rules.players.goals import item_destination, item_goal, pod_goal
from nemesis_rules.players.goals_vs import void_seeders_goal
from nemesis_rules.players.paths import MOVES, distances, listed, steps

__all__ = ["DEFAULT_PLAYER", "PLAYERS", "Player", "by_kind", "goal_seeking", "uniform"]

Player = Callable[[GameState, random.Random], Action]

ESCAPE_ROOMS = frozenset({"hibernatorium", "evacuation-section-a", "evacuation-section-b"})
"""Room actions that take a character off the ship (hibernation, a pod seat)."""
TAKE_ESCAPE = 0.9
"""How often the goal-seeking player takes an open way off the ship when it wants it."""
GO_HOME = 0.8
"""How often it walks towards where it is heading (see :func:`_destination`)."""
CAUTION = 0.9
"""How often a random walk keeps out of rooms with Intruders or Fire (and, late, unexplored ones)."""
CAREFUL = 0.7
"""How often it walks with Careful Movement (no noise roll) into an empty room when it can."""
SHOOT = 0.9
"""In combat with a safe way out and a shot at hand, how often it shoots rather than leaves."""
CARE = 0.95
"""How often it treats its wounds, repairs a damaged Engine or stops the Self-Destruct when it can."""
AWAKE = 0.05
"""The share of characters (a trait fixed per game) who never hibernate: they may be caught by the jump."""
PODDERS = 0.1
"""Characters whose trait is below this (and not awake) make for an open escape pod; the others
hibernate, and take a pod only while the Self-Destruct runs."""
PREPARE = 3
"""From this many rounds before the chambers open, the characters ready the ship (course, Engines)."""
LATE = 3
"""In the last this many rounds before the jump everyone but the awake ones heads for the Hibernatorium."""
BLAZE = 4
"""From this many Fires aboard it puts them out (more than this many Malfunctions: it repairs them)."""
EXPLORERS = 0.25
"""Characters whose trait is below this roam the ship; the others mostly stay where they are."""
REST = 0.9
"""How often a homebody passes on a turn with nothing to do (no goal, no danger)."""
KEEP = 2
"""After an action, with this many cards or fewer left it usually passes (a Surprise Attack
comes when the hand holds fewer cards than the Intruder's token number)."""
HOLD = 0.95
"""In combat where it is heading (the Hibernatorium it waits to enter), how often it shoots or
waits rather than leaves (an Escape costs the same attacks as staying, and the way back)."""
HUNTED = frozenset({"lair", "despoiler"})
"""What it attacks rather than flees: the Lairs, and the Despoiler (once the Lairs are gone it can die)."""
HUNT = 0.95
"""How often it attacks one of :data:`HUNTED` in its room when it can."""
COVERED_EXITS = frozenset({"covering-fire", "suppressive-fire"})
"""Action cards that take a character out of Combat with no Escape attack (facts.md §5)."""
COVER = 0.7
"""How often it leaves Combat under one of :data:`COVERED_EXITS` when it can."""
INSANE = 4
"""From this Insanity level (Void Seeders) it seeks the Surgery or the Antidote (5 is the last)."""
SET_DESTINATION = ("flight", "set-destination")
"""The parameter of a decision that sets the ship's destination (the Cockpit's room action)."""
_SUB_KEY = {"room-action": "room", "play-card": "card", "use-item": "item", "craft": "item"}
"""The parameter that tells decisions of one kind apart for :func:`by_kind`."""
_TREATMENTS = {"heal-dressed": 0, "dress-all": 1, "heal-light": 2}
"""The Emergency Room's treatments, most urgent first (a Serious Wound must be dressed to be healed)."""


_WEIGHT = itemgetter(1)
"""The weight of an (outcome, weight) pair."""


def _weighted(state: GameState, rng: random.Random) -> Action | None:
    """A chance outcome drawn with its weight, or ``None`` at a decision."""
    outcomes = chance_outcomes(state)
    if not outcomes:
        return None
    pick = rng.randrange(sum(map(_WEIGHT, outcomes)))
    for outcome, weight in outcomes:
        pick -= weight
        if pick < 0:
            return outcome
    raise AssertionError("weights exhausted")  # pragma: no cover - the draw is below the total


def uniform(state: GameState, rng: random.Random) -> Action:
    """A weighted chance outcome, or a uniformly random legal decision."""
    outcome = _weighted(state, rng)
    if outcome is not None:
        return outcome
    options = legal_actions(state)
    return options[rng.randrange(len(options))]


def _group(action: Action) -> str:
    if not isinstance(action, Decision):
        return "chance"
    sub = _SUB_KEY.get(action.kind)
    return f"{action.kind}:{action.get(sub)}" if sub else action.kind


def by_kind(options: Sequence[Action], rng: random.Random) -> Action:
    """A kind of decision uniformly (with its sub-kind: the room, card or item), then one of its decisions."""
    groups: dict[str, list[Action]] = {}
    kind, run = "", None  # the decisions come sorted by kind: a kind with no sub-kind is one run
    for action in options:
        if run is not None and isinstance(action, Decision) and action.kind == kind:
            run.append(action)
            continue
        key = _group(action)
        found = groups.get(key)
        if found is None:
            found = groups[key] = []
        found.append(action)
        kind, run = (action.kind, found) if isinstance(action, Decision) and action.kind not in _SUB_KEY else ("", None)
    group = groups[sorted(groups)[rng.randrange(len(groups))]]
    return group[rng.randrange(len(group))]


def _pick(options: Sequence[Action], rng: random.Random) -> Action | None:
    return options[rng.randrange(len(options))] if options else None


def _printed(board: Board, tile: str) -> str:
    """The position of the room printed on the board as ``tile`` (the board's first such one)."""
    kept = _PRINTED.get(id(board))
    if kept is None or kept[0] is not board:
        where: dict[str, str] = {}
        for p, room in board.printed_rooms.items():
            where.setdefault(room, p)
        if len(_PRINTED) >= 16:  # a few boards at a time; never grows with the games played
            _PRINTED.clear()
        kept = _PRINTED[id(board)] = (board, where)
    return kept[1][tile]


_PRINTED: dict[int, tuple[Board, dict[str, str]]] = {}
"""Each board's printed rooms by tile, kept by the board's identity (checked: the board is held)."""


def _explored(state: GameState, tile: str) -> str | None:
    """Where an explored room ``tile`` lies (a room the characters know), if anywhere: the
    first such position in board order."""
    return _rooms_seen(state).explored.get(tile)


class _RoomsSeen:
    """What the goals read of the rooms, worked out once per rooms tuple: the explored rooms by
    tile (the first position in board order), and how many rooms burn or malfunction."""

    __slots__ = ("explored", "fires", "malfunctions")

    def __init__(self, state: GameState) -> None:
        self.explored: dict[str, str] = {}
        self.fires = self.malfunctions = 0
        for p, r in zip(state.config.board.positions, state.rooms, strict=True):
            if r.explored and r.tile is not None and r.tile not in self.explored:
                self.explored[r.tile] = p
            self.fires += r.fire
            self.malfunctions += r.malfunction


def _rooms_seen(state: GameState) -> _RoomsSeen:
    rooms, board = state.rooms, state.config.board
    kept = _ROOMS_SEEN[0]
    if kept is None or kept[0] is not rooms or kept[1] is not board:
        kept = _ROOMS_SEEN[0] = (rooms, board, _RoomsSeen(state))
    return kept[2]


_ROOMS_SEEN: list[tuple[tuple[RoomState, ...], Board, _RoomsSeen] | None] = [None]
""":class:`_RoomsSeen` for the last rooms tuple asked about (the goals of one decision ask
several times; holding the tuple keeps the ``is`` test sound)."""


def _trait(state: GameState, player: int) -> float:
    """A number in [0, 1) fixed for a character through a game (its name, seat and the game's
    Coordinates card and Weaknesses, all drawn at setup): some characters are bolder than others."""
    name, coordinates, weaknesses = state.character(player).name, state.coordinates, state.weaknesses
    found = _TRAITS.get((player, name, coordinates, weaknesses))
    if found is None:
        if len(_TRAITS) >= 256:  # a few games' characters at a time; never grows with the games played
            _TRAITS.clear()
        key = f"{player}:{name}:{coordinates}:{'/'.join(weaknesses)}"
        found = _TRAITS[player, name, coordinates, weaknesses] = zlib.crc32(key.encode()) / 2**32
    return found


_TRAITS: dict[tuple[int, str, str | None, tuple[str, ...]], float] = {}
""":func:`_trait` by what it is worked out from (asked several times per decision, fixed for a game)."""


# -- the ship's fate -----------------------------------------------------------------------------


def _earth_bound(state: GameState) -> bool:
    card = tables.coordinates_cards(state.config).get(state.coordinates or "")
    return card is not None and card.destination(state.destination) == "earth"


def _damaged_engines(state: GameState) -> list[int]:
    """The Engines whose top token is Damaged (two or more destroy the ship at the jump)."""
    return [i for i, stack in enumerate(state.engines) if stack and stack[0] == "damaged"]


def _ship_ready(state: GameState) -> bool:
    """Whether hibernators would live through the victory check's ship tests: Earth-bound, at most
    one Damaged Engine (RU-RB p.11)."""
    return _earth_bound(state) and len(_damaged_engines(state)) < 2


def _rounds_left(state: GameState) -> int:
    return len(tables.time_track(state.config).spaces) - 1 - state.time


def _rounds_to_chambers(state: GameState) -> int:
    spaces = tables.time_track(state.config).spaces
    first = next((i for i, space in enumerate(spaces) if "hibernation" in space.flags), len(spaces))
    return first - state.time


def _anyone_hibernating(state: GameState) -> bool:
    return any(c.status == "hibernating" for c in state.characters)


def _badly_hurt(state: GameState, player: int) -> bool:
    c = state.character(player)
    return len(c.serious_wounds) >= 2 or (bool(c.serious_wounds) and c.light_wounds >= 2)


def _nearest(state: GameState, targets: Sequence[str]) -> tuple[int, str] | None:
    """The active character nearest to one of ``targets`` (lowest seat on a tie), and that target."""
    board = state.config.board
    best: tuple[int, int, str] | None = None
    key: tuple[int, int, str]
    for target in targets:
        for c in state.characters:
            if c.active:
                key = (steps(board, c.position, target), c.player, target)
                best = key if best is None or key < best else best
    return None if best is None else (best[1], best[2])


def _ship_errand(state: GameState, player: int) -> str | None:
    """Where ``player`` goes to ready the ship, if it is the one nearest to the job: the Cockpit
    while the course is not for Earth (only until someone hibernates: then it is fixed), else a
    Damaged Engine while two or more are."""
    board = state.config.board
    if not _earth_bound(state) and not _anyone_hibernating(state):
        nearest = _nearest(state, [_printed(board, "cockpit")])
        return nearest[1] if nearest and nearest[0] == player else None
    damaged = _damaged_engines(state)
    if len(damaged) >= 2:
        nearest = _nearest(state, [_printed(board, f"engine-{i + 1}") for i in damaged])
        return nearest[1] if nearest and nearest[0] == player else None
    return None


def _wants_out(state: GameState, player: int) -> bool:
    """Whether the character hibernates: never one of the awake few (:data:`AWAKE`); else when
    badly hurt, in the last rounds, or once it has no ship errand and the course is set for Earth
    (or can no longer be changed)."""
    if _trait(state, player) < AWAKE:
        return False
    if _badly_hurt(state, player) or _rounds_left(state) <= LATE:
        return True
    return (_earth_bound(state) or _anyone_hibernating(state)) and _ship_errand(state, player) is None


# -- where to go ----------------------------------------------------------------------------------


def _needs_care(state: GameState, player: int) -> bool:
    c = state.character(player)
    return bool(c.serious_wounds) or c.light_wounds >= 2


def _destination(state: GameState, player: int) -> str | None:
    """Where the player heads, first that applies: an Evacuation Section with an open pod while the
    Self-Destruct runs; the Hibernatorium once its chambers are open (when it wants out); the
    Emergency Room when wounded; the Surgery at a high Insanity level (Void Seeders); the Cockpit
    or a Damaged Engine when it is the one nearest to that job; the Fire Control System when fires
    spread; the nearest Lair; an item errand; the Armory while an Energy Weapon is not full; home
    (the Hibernatorium) for the homebodies."""

    board = state.config.board
    home = state.character(player).position
    trait = _trait(state, player)
    if trait >= AWAKE and (trait < PODDERS or state.self_destruct is not None):
        pods = _open_pods(state)
        if pods:
            return min(pods, key=lambda p: steps(board, home, p))
    if _held_hibernatorium(state) is not None and _sweeper(state) == player:
        return _explored(state, "fire-control-system")
    if "hibernation" in tables.time_flags(state) and _wants_out(state, player):
        return _printed(board, "hibernatorium")
    if _needs_care(state, player):
        emergency = _explored(state, "emergency-room")
        if emergency is not None:
            return emergency
    if state.character(player).insanity >= INSANE:
        surgery = _explored(state, "surgery")
        if surgery is not None:
            return surgery
    errand = _ship_errand(state, player)
    if errand is not None:
        return errand
    if _rooms_seen(state).fires >= BLAZE:
        control = _explored(state, "fire-control-system")
        if control is not None:
            return control
    lairs = [i.position for i in state.intruders if i.kind == "lair"]
    if lairs:
        return min(lairs, key=lambda p: steps(board, home, p))
    errand = item_destination(state, player)
    if errand is not None:
        return errand
    if armory_variants(state, player):
        return _explored(state, "armory")
    if _trait(state, player) >= EXPLORERS:
        return _printed(board, "hibernatorium")
    return None


def _sweeper(state: GameState) -> int | None:
    """The character outside the Hibernatorium nearest to the explored Fire Control System."""
    control = _explored(state, "fire-control-system")
    if control is None:
        return None
    hibernatorium = _printed(state.config.board, "hibernatorium")
    dist = distances(state.config.board, control)
    outside = [
        (dist.get(c.position, 99), c.player) for c in state.characters if c.active and c.position != hibernatorium
    ]
    return min(outside)[1] if outside else None


def _open_pods(state: GameState) -> list[str]:
    """The explored Evacuation Sections with an unlocked pod that has a free seat."""

    free = {p.section for p in state.pods if not p.locked and not p.launched and len(p.occupants) < seats(state)}
    found = (_explored(state, f"evacuation-section-{section.lower()}") for section in sorted(free))
    return [p for p in found if p is not None]


def _danger(state: GameState) -> set[str]:
    """Rooms a careful character keeps out of: an Intruder (other than a hunted one) or a Fire."""
    out = {i.position for i in state.intruders if i.kind not in HUNTED}
    out.update(p for p, r in zip(state.config.board.positions, state.rooms, strict=True) if r.fire)
    return out


def _towards(state: GameState, player: int, target: str, decisions: tuple[Action, ...]) -> list[Decision]:
    """The moves one step nearer to ``target`` along a way that keeps out of danger; when no such
    way is open, the moves nearer by any way, but only in the last rounds (waiting means the jump).
    Never into ``target`` while an Intruder (not a hunted one) is there: it would only wait in
    combat (no hibernation with an Intruder in the room:
    base.room.hibernatorium)."""
    board = state.config.board
    danger = _danger(state)
    occupied = target in danger and any(i.kind not in HUNTED for i in state.intruders_at(target))
    danger.discard(target)
    safe = distances(board, target, frozenset(danger))
    moves = listed(decisions).moves
    far = len(board.neighbours)
    position = state.character(player).position
    now = safe.get(position, far)
    closer = [a for a, to in moves if safe.get(to, far) < now and not (occupied and to == target)]
    if occupied:
        return closer
    if closer or _rounds_left(state) > LATE:
        return closer
    home = distances(board, target)
    return [a for a, to in moves if home.get(to, far) < home.get(position, far)]


def _walk(state: GameState, rng: random.Random, moves: Sequence[Decision]) -> Action | None:
    """One of ``moves``, with Careful Movement (no noise roll) when it can, into an empty room."""
    occupied: dict[str, bool] = {}  # asked once per room: a room's careful moves differ only in payment
    careful = []
    for a in moves:
        if a.kind == "careful-move":
            to = str(a.get("to"))
            busy = occupied.get(to)
            if busy is None:
                busy = occupied[to] = bool(state.characters_at(to))
            if not busy:
                careful.append(a)
    if careful and rng.random() < CAREFUL:
        return _pick(careful, rng)
    plain = [a for a in moves if a.kind == "move"]
    return _pick(plain or moves, rng)


# -- what to do here ------------------------------------------------------------------------------


def _combat(state: GameState, rng: random.Random, player: int, decisions: tuple[Action, ...]) -> Action | None:
    """In combat: attack a hunted Lair or Despoiler (in melee only while it has no Serious Wound:
    a miss gives one: base.combat.melee-miss-wound); else, mostly, leave under a card that spares
    the Escape attacks (:data:`COVERED_EXITS`) to a safe room; else shoot, or leave for a safe room (an
    Escape: each Intruder attacks once, but then none attacks in the Event Phase); no melee (a miss
    wounds) while anything else is left."""
    here = state.character(player).position
    view = listed(decisions)
    others = view.others  # what is not a move: the scans below look for no move but the exits
    hunted = {str(i.id) for i in state.intruders_at(here) if i.kind in HUNTED}
    fists = ("shoot", "melee") if not state.character(player).serious_wounds else ("shoot",)
    hunt = [a for a in others if a.kind in fists and a.get("target") in hunted]
    if hunt and rng.random() < HUNT:
        return _pick(hunt, rng)
    danger = _danger(state)
    covered = [
        a for a in others if a.kind == "play-card" and a.get("card") in COVERED_EXITS and a.get("to") not in danger
    ]
    if covered and rng.random() < COVER:
        return _pick(covered, rng)
    shots = [a for a in others if a.kind == "shoot" or (a.kind == "play-card" and a.get("target"))]
    exits = [a for a, to in view.moves if to not in danger]
    if shots and (not exits or rng.random() < SHOOT):
        return _pick(shots, rng)
    target = _destination(state, player)
    if target == here and rng.random() < HOLD:
        hold = shots or [a for a in others if a.kind == "pass"]
        return _pick(hold, rng)
    if exits:
        towards = [a for a in _towards(state, player, target, decisions) if a in exits] if target else []
        return _walk(state, rng, towards or exits)
    no_melee = [a for a in view.own if a.kind != "melee"]
    return by_kind(no_melee, rng) if no_melee else None


def _care(state: GameState, rng: random.Random, player: int, decisions: tuple[Action, ...]) -> Action | None:
    """Out of combat: leave a burning room; treat wounds (Emergency Room, healing items); repair a
    Damaged Engine underfoot; stop the Self-Destruct while someone hibernates; fight Fires and
    Malfunctions when the ship nears its ninth marker."""
    c = state.character(player)
    room = state.room(c.position)
    view = listed(decisions)
    others = view.others  # what is not a move: no treatment, repair or item use is one
    if room.fire:
        danger = _danger(state)
        out = [a for a, to in view.moves if to not in danger]
        if out:
            return _walk(state, rng, out)
    if rng.random() >= CARE:
        return None
    wanted: list[Decision] = []
    if _needs_care(state, player) or c.light_wounds:
        treat = [a for a in others if a.kind == "room-action" and a.get("room") == "emergency-room"]
        if treat:
            return min(treat, key=lambda a: _TREATMENTS.get(str(a.get("treatment")), 9))
        wanted += [a for a in others if a.kind == "use-item" and (a.get("heal") or a.get("wound"))]
    wanted += _calming(state, player, others)
    top = _engine_top(state, room.tile)
    if top == "damaged":
        wanted += [a for a in others if a.get("repair") == "engine"]
    if state.self_destruct is not None and _anyone_hibernating(state):
        wanted += [a for a in others if a.kind == "room-action" and a.get("sequence") == "stop"]
    if _rooms_seen(state).fires >= BLAZE:
        wanted += [a for a in others if a.get("room") == "fire-control-system" or a.get("item") == "fire-extinguisher"]
    if _rooms_seen(state).malfunctions > BLAZE:
        wanted += [a for a in others if a.get("repair") == "malfunction"]
    return _pick(wanted, rng)


def _calming(state: GameState, player: int, own: Sequence[Decision]) -> list[Decision]:
    """What lowers a Void Seeders Insanity level worth lowering: near the top (a raise past 5
    kills, vs.insanity.death-above-5) the Surgery and the Antidote (down to 3:
    vs.change.surgery, vs.change.antidote); below 3 a Rest, Shower Room or Canteen that lowers it
    (vs.change.rest)."""
    level = state.character(player).insanity
    if level >= INSANE:
        return [a for a in own if a.get("room") == "surgery" or (a.kind == "use-item" and a.get("item") == "antidote")]
    return [a for a in own if a.get("insanity") == "lower"] if level == 2 else []


def _engine_top(state: GameState, tile: str | None) -> str | None:
    """The top token of the Engine in room ``tile`` (None outside an Engine room)."""

    index = engine_index(tile)
    if index is None or index >= len(state.engines) or not state.engines[index]:
        return None
    return state.engines[index][0]


def _goal(state: GameState, rng: random.Random, decisions: tuple[Action, ...]) -> Action | None:
    """The decision a goal calls for here, if any (see the module notes)."""

    seated = pod_goal(state, rng, decisions)  # in a pod: wait for a companion, step out, or launch
    if seated is not None:
        return seated
    escapes: list[Action] = []
    for a in listed(decisions).others:  # no move launches a pod, sets a course or is a room action
        if a.kind == "launch-pod":
            return a
        # a parameter test on every decision: a pair in the params (each name once) is a test in C
        if SET_DESTINATION in a.params:
            card = tables.coordinates_cards(state.config).get(state.coordinates or "")
            if card and card.destination(str(a.get("destination"))) == "earth":
                return a
        if (
            a.kind == "room-action"
            and a.get("room") in ESCAPE_ROOMS
            and (a.get("room") != "hibernatorium" or _wants_out(state, a.player))
        ):
            escapes.append(a)
    clear = _clearing(state, decisions)
    if clear is not None:
        return clear
    frame = state.pending[-1]
    if isinstance(frame, EngineReorder):
        wanted = "swap-engine-tokens" if state.engines[frame.engine][0] == "damaged" else "keep-engine-order"
        return next((a for a in decisions if isinstance(a, Decision) and a.kind == wanted), None)
    if escapes and rng.random() < TAKE_ESCAPE:
        return _pick(escapes, rng)
    if isinstance(frame, Turn):
        return _turn_goal(state, rng, frame, decisions)
    return _other_goals(state, rng, decisions)


def _held_hibernatorium(state: GameState) -> str | None:
    """The Hibernatorium while an Intruder (not a hunted one) keeps the chambers shut to the
    characters who want them (no hibernation with an Intruder in the room: base.room.hibernatorium)."""
    if not state.intruders:  # asked at every decision: mostly there is no Intruder to hold it
        return None
    hibernatorium = _printed(state.config.board, "hibernatorium")
    held = any(i.kind not in HUNTED for i in state.intruders_at(hibernatorium))
    return hibernatorium if held and "hibernation" in tables.time_flags(state) else None


def _clearing(state: GameState, decisions: tuple[Action, ...]) -> Decision | None:
    """At the Fire Control System while an Intruder holds the open Hibernatorium: the procedure,
    aimed at the Hibernatorium (each Intruder there retreats: base.room.fire-control-system)."""
    held = _held_hibernatorium(state)
    if held is None:
        return None
    for a in decisions:
        if isinstance(a, Decision) and (
            (a.kind == "fire-control" and a.get("target") == held)
            or (a.kind == "room-action" and a.get("room") == "fire-control-system")
        ):
            return a
    return None


def _other_goals(state: GameState, rng: random.Random, decisions: tuple[Action, ...]) -> Action | None:
    """What the item and Void Seeders goals call for (:mod:`player_goals`, :mod:`player_goals_vs`)."""
    for goal in (item_goal, void_seeders_goal):
        wanted = goal(state, rng, decisions)
        if wanted is not None:
            return wanted
    return None


def _turn_goal(state: GameState, rng: random.Random, frame: Turn, decisions: tuple[Action, ...]) -> Action | None:
    """On a turn: combat or care first, then the other goals, then the way to where it heads,
    then a rest, then a cautious random decision."""
    player = frame.player
    if state.in_combat(player):  # the items made for a fight (Taser, Smoke Grenade, Decoy, ...) come first
        armed = item_goal(state, rng, decisions)
        if armed is not None:
            return armed
    urgent = (_combat if state.in_combat(player) else _care)(state, rng, player, decisions)
    if urgent is not None:
        return urgent
    wanted = _other_goals(state, rng, decisions)
    if wanted is not None:
        return wanted
    target = _destination(state, player)
    if target is not None and (rng.random() < GO_HOME or target == _printed(state.config.board, "hibernatorium")):
        towards = _towards(state, player, target, decisions)
        if towards:
            return _walk(state, rng, towards)
    if _resting(state, rng, frame):
        return next(a for a in decisions if isinstance(a, Decision) and a.kind == "pass")
    if rng.random() < CAUTION:
        return _cautious(state, rng, player, decisions)
    return None


def _resting(state: GameState, rng: random.Random, frame: Turn) -> bool:
    """Whether it passes now: the homebodies (most characters, by trait) often do before the
    chambers open, and anyone low on cards after an action keeps them against a Surprise Attack."""
    c = state.character(frame.player)
    if frame.done and c.hand.total <= KEEP and rng.random() < CAUTION:
        return True
    return _trait(state, frame.player) >= EXPLORERS and rng.random() < REST


def _cautious(state: GameState, rng: random.Random, player: int, decisions: tuple[Action, ...]) -> Action | None:
    """A decision of a random kind; a walk keeps out of danger (and, once the chambers are open, out
    of unexplored rooms) when another way is open, and is careful when it can be."""
    chosen = by_kind(decisions, rng)
    if isinstance(chosen, Decision) and chosen.get("flight") == "set-destination" and _earth_bound(state):
        return None  # a course for Earth is kept
    if not (isinstance(chosen, Decision) and chosen.kind in MOVES):
        return chosen
    danger = _danger(state)
    if "hibernation" in tables.time_flags(state):
        danger.update(p for p, r in zip(state.config.board.positions, state.rooms, strict=True) if not r.explored)
    moves = listed(decisions).moves
    safe = [a for a, to in moves if to not in danger]
    if chosen.get("to") in danger and safe:
        return _walk(state, rng, safe)
    return _walk(state, rng, [a for a, to in moves if to == chosen.get("to")])


def goal_seeking(state: GameState, rng: random.Random) -> Action:
    """A weighted chance outcome, or a legal decision chosen as the module notes say."""
    outcome = _weighted(state, rng)
    if outcome is not None:
        return outcome
    decisions = legal_actions(state)
    wanted = _goal(state, rng, decisions)
    return wanted if wanted is not None else by_kind(decisions, rng)


PLAYERS: Mapping[str, Player] = MappingProxyType({"goal-seeking": goal_seeking, "uniform": uniform})
"""The random players by name (``--player``)."""
DEFAULT_PLAYER = "goal-seeking"
