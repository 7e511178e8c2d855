"""Random players: how seeded play picks each decision.

Every player here picks only legal actions and draws chance outcomes with their weights, so every
game it plays is a legal game; they differ in which legal decision they prefer.

* :func:`uniform` draws uniformly among the legal decisions. Most of them are moves and the
  payment variants of moves, so uniform play rarely plays a given card, crafts, or reaches the
  blue time spaces where the Hibernatorium opens (a game of it lasts 4-8 rounds).
* :func:`goal_seeking` draws uniformly first among the *kinds* of decision (room actions told
  apart by room, cards by card, items by item), then within the kind, so rare actions are as
  likely as moving; and it pursues goals. It launches a pod once seated, takes the Evacuation
  Sections when they are open, and the Hibernatorium once its chambers are open and it is
  wounded or the jump is near (then it walks there); it hunts the Void Seeders' Lairs (walks to
  the nearest and attacks it, and the Despoiler, rather than flee); it walks to the Armory while
  an Energy Weapon is not full, sets an Earth-bound course at the Cockpit and repairs a damaged
  Engine. Most of the time it is also cautious: in combat with anything else it shoots or walks
  out, it leaves a burning room, and it does not walk into a room with an Intruder or Fire when
  another way is open. Its games reach every ending and have winners.

A player is a function ``(state, rng) -> Action``; :data:`PLAYERS` names them for the command line.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType

from nemesis_rules.board.graph import Board
from nemesis_rules.model import tables
from nemesis_rules.model.actions import Action, Decision
from nemesis_rules.model.engine import chance_outcomes, legal_actions
from nemesis_rules.model.state import GameState

__all__ = ["DEFAULT_PLAYER", "PLAYERS", "Player", "by_kind", "goal_seeking", "uniform"]

Player = Callable[[GameState, random.Random], Action]

ESCAPE_ROOMS = frozenset({"hibernatorium", "evacuation-section-a", "evacuation-section-b"})
"""Room actions that take a character off the ship (hibernation, a pod seat)."""
TAKE_ESCAPE = 0.9
"""How often the goal-seeking player takes an open way off the ship when it can."""
GO_HOME = 0.7
"""How often it walks towards where it is heading (see :func:`_destination`)."""
CAUTION = 0.8
"""How often it avoids walking into Intruders, and in combat shoots or walks out."""
LATE = 3
"""In the last this many rounds before the jump every character heads for the Hibernatorium."""
HUNTED = frozenset({"lair", "despoiler"})
"""What it attacks rather than flees: the Lairs, and the Despoiler (once the Lairs are gone it can die)."""
HUNT = 0.95
"""How often it attacks one of :data:`HUNTED` in its room when it can."""
_SUB_KEY = {"room-action": "room", "play-card": "card", "use-item": "item", "craft": "item"}
"""The parameter that tells decisions of one kind apart for :func:`by_kind`."""


def _weighted(state: GameState, rng: random.Random) -> Action | None:
    """A chance outcome drawn with its weight, or ``None`` at a decision."""
    outcomes = chance_outcomes(state)
    if not outcomes:
        return None
    pick = rng.randrange(sum(w for _, w in outcomes))
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
    for action in options:
        groups.setdefault(_group(action), []).append(action)
    group = groups[sorted(groups)[rng.randrange(len(groups))]]
    return group[rng.randrange(len(group))]


@lru_cache(maxsize=8)
def _distances(board: Board, target: str) -> Mapping[str, int]:
    """Corridor steps from every position to ``target`` (the static board: computed once)."""
    dist = {target: 0}
    queue = deque([target])
    while queue:
        here = queue.popleft()
        for there in board.neighbours[here]:
            if there not in dist:
                dist[there] = dist[here] + 1
                queue.append(there)
    return MappingProxyType(dist)


def _hibernatorium(board: Board) -> str:
    return next(p for p, room in board.printed_rooms.items() if room == "hibernatorium")


def _wants_out(state: GameState, player: int) -> bool:
    """Whether the character heads for the Hibernatorium: when wounded, or in the last rounds
    before the jump (a healthy one keeps playing a while, and may be caught awake by the jump)."""
    c = state.character(player)
    rounds_left = len(tables.time_track(state.config).spaces) - 1 - state.time
    return bool(c.serious_wounds) or c.light_wounds >= 2 or rounds_left <= LATE


def _destination(state: GameState, player: int) -> str | None:
    """Where the player heads: the Hibernatorium once its chambers are open (when it wants out);
    else the nearest Lair; else the Armory (when explored) while an Energy Weapon in hand is not full."""
    from nemesis_rules.model.rules.rooms import armory_variants

    board = state.config.board
    if "hibernation" in tables.time_flags(state) and _wants_out(state, player):
        return _hibernatorium(board)
    lairs = [i.position for i in state.intruders if i.kind == "lair"]
    if lairs:
        home = state.character(player).position
        return min(lairs, key=lambda p: _distances(board, p).get(home, len(board.neighbours)))
    if armory_variants(state, player):
        return next((p for p in board.neighbours if state.room(p).tile == "armory" and state.room(p).explored), None)
    return None


def _goal(state: GameState, rng: random.Random, decisions: tuple[Action, ...]) -> Action | None:
    """The decision a goal calls for here, if any (see the module notes)."""
    from nemesis_rules.model.rules.round import Turn
    from nemesis_rules.model.rules.ship import EngineReorder

    card = tables.coordinates_cards(state.config).get(state.coordinates or "")
    escapes: list[Action] = []
    for a in decisions:
        if not isinstance(a, Decision):
            continue
        if a.kind == "launch-pod":
            return a
        if a.get("flight") == "set-destination" and card and card.destination(str(a.get("destination"))) == "earth":
            return a
        if (
            a.kind == "room-action"
            and a.get("room") in ESCAPE_ROOMS
            and (a.get("room") != "hibernatorium" or _wants_out(state, a.player))
        ):
            escapes.append(a)
    frame = state.pending[-1]
    if isinstance(frame, EngineReorder):
        wanted = "swap-engine-tokens" if state.engines[frame.engine][0] == "damaged" else "keep-engine-order"
        return next((a for a in decisions if isinstance(a, Decision) and a.kind == wanted), None)
    if escapes and rng.random() < TAKE_ESCAPE:
        return escapes[rng.randrange(len(escapes))]
    if isinstance(frame, Turn) and rng.random() < GO_HOME:
        target = _destination(state, frame.player)
        if target is not None:
            home = _distances(state.config.board, target)
            here = home.get(state.character(frame.player).position, len(home))
            closer = [
                a
                for a in decisions
                if isinstance(a, Decision)
                and a.kind in ("move", "careful-move")
                and home.get(str(a.get("to")), len(home)) < here
            ]
            if closer:
                return closer[rng.randrange(len(closer))]
    if isinstance(frame, Turn) and rng.random() < CAUTION:
        return _cautious(state, rng, frame.player, decisions)
    return None


def _cautious(state: GameState, rng: random.Random, player: int, decisions: tuple[Action, ...]) -> Action | None:
    """In combat, shoot (or play a card aimed at an Intruder) or walk out; in a burning room, walk
    out; otherwise, when moving, prefer a room without Intruders or Fire."""
    here = state.character(player).position
    avoid = {i.position for i in state.intruders} | {p for p in state.config.board.neighbours if state.room(p).fire}
    moves = [a for a in decisions if isinstance(a, Decision) and a.kind in ("move", "careful-move")]
    safe = [a for a in moves if a.get("to") not in avoid]
    if state.in_combat(player):
        hunted = {str(i.id) for i in state.intruders_at(here) if i.kind in HUNTED}
        hunt = [
            a
            for a in decisions
            if isinstance(a, Decision) and a.kind in ("shoot", "melee") and a.get("target") in hunted
        ]
        if hunt and rng.random() < HUNT:
            return hunt[rng.randrange(len(hunt))]
        fight_or_flee = [
            a
            for a in decisions
            if isinstance(a, Decision) and (a.kind == "shoot" or (a.kind == "play-card" and a.get("target")))
        ]
        fight_or_flee += safe
        return fight_or_flee[rng.randrange(len(fight_or_flee))] if fight_or_flee else None
    if here in avoid and safe:
        return safe[rng.randrange(len(safe))]
    chosen = by_kind(decisions, rng)
    if isinstance(chosen, Decision) and chosen.kind in ("move", "careful-move") and chosen.get("to") in avoid and safe:
        return safe[rng.randrange(len(safe))]
    return chosen


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
