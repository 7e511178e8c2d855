"""Every way off the ship is reachable in random play: a campaign over many seeded games
(set NEMESIS_LONG=1; about a minute and a half on one core).

Uniform random play dies too fast to reach the blue time spaces often (a game lasts 4-8
rounds), so the campaign plays a goal-seeking but still random player: every decision is a
legal one, drawn uniformly first among the kinds of action, then within the kind; it always
launches a pod once seated, tries the Hibernatorium and the Evacuation Sections whenever they
are open, walks home to the Hibernatorium once the chambers are open, and sets an Earth-bound
course and a Working Engine token when it happens to be at the Cockpit or an Engine.

Run as a script to print the counts: ``python tests/rules/test_base_pods_campaign.py 300``.
"""

from __future__ import annotations

import os
import random
import sys
from collections import Counter, defaultdict, deque
from collections.abc import Iterable

import pytest

from nemesis_rules.model import tables
from nemesis_rules.model.actions import Action, Decision
from nemesis_rules.model.engine import chance_outcomes, legal_actions
from nemesis_rules.model.play import choose, play_game
from nemesis_rules.model.rules.ship import EngineReorder
from nemesis_rules.model.state import GameState

LONG = os.environ.get("NEMESIS_LONG") == "1"
SEEDS = 600
ESCAPES = ("hibernatorium", "evacuation-section-a", "evacuation-section-b")
END_REASONS = (
    "hyperjump",
    "last-character-left-hyperjump",
    "last-character-left-self-destruct",
    "ship-destroyed-self-destruct",
    "ship-destroyed-ninth-fire",
    "hull-breach-ninth-malfunction",
)


def by_kind(state: GameState, rng: random.Random) -> Action:
    """A kind of decision uniformly (room actions told apart by room), then one of its decisions."""
    groups: dict[str, list[Action]] = defaultdict(list)
    for action in legal_actions(state):
        key = action.kind if isinstance(action, Decision) else "chance"
        if isinstance(action, Decision) and action.kind == "room-action":
            key = f"room:{action.get('room')}"
        groups[key].append(action)
    group = groups[sorted(groups)[rng.randrange(len(groups))]]
    return group[rng.randrange(len(group))]


def distances(state: GameState, target: str) -> dict[str, int]:
    board = state.config.board
    dist = {target: 0}
    queue = deque([target])
    while queue:
        here = queue.popleft()
        for there in board.neighbours[here]:
            if there not in dist:
                dist[there] = dist[here] + 1
                queue.append(there)
    return dist


def homeward(state: GameState, rng: random.Random) -> Action:
    """The campaign's player (see the module notes)."""
    if chance_outcomes(state):
        return choose(state, rng)
    decisions = [a for a in legal_actions(state) if isinstance(a, Decision)]
    frame = state.pending[-1]
    card = tables.coordinates_cards(state.config).get(state.coordinates or "")
    for a in decisions:
        if a.kind == "launch-pod":
            return a
        if a.get("flight") == "set-destination" and card and card.destination(str(a.get("destination"))) == "earth":
            return a
    if isinstance(frame, EngineReorder):
        wanted = "swap-engine-tokens" if state.engines[frame.engine][0] == "damaged" else "keep-engine-order"
        return next(a for a in decisions if a.kind == wanted)
    escapes = [a for a in decisions if a.kind == "room-action" and a.get("room") in ESCAPES]
    if escapes and rng.random() < 0.9:
        return escapes[rng.randrange(len(escapes))]
    if "hibernation" in tables.time_flags(state) and type(frame).__name__ == "Turn" and rng.random() < 0.7:
        home = distances(state, next(p for p, r in state.config.board.printed_rooms.items() if r == "hibernatorium"))
        here = home.get(state.character(decisions[0].player).position, 99) if decisions else 99
        closer = [a for a in decisions if a.kind in ("move", "careful-move") and home.get(str(a.get("to")), 99) < here]
        if closer:
            return closer[rng.randrange(len(closer))]
    return by_kind(state, rng)


def campaign(seeds: Iterable[int]) -> tuple[Counter[str], Counter[str]]:
    """Play each seed (players 1-5 in turn); count the endings and the room actions."""
    endings: Counter[str] = Counter()
    rooms: Counter[str] = Counter()
    for seed in seeds:
        state, log = play_game(seed, seed % 5 + 1, chooser=homeward)
        assert state.end is not None
        endings[f"reason:{state.end.reason}"] += 1
        rooms.update(log.room_actions)
        endings["pod-launches"] += log.clauses["base.pod.launched"]
        endings["hibernations"] += log.clauses["base.hibernation.out-of-play"]
        for c in state.characters:
            endings[f"final-status:{c.status}"] += 1
        if log.clauses["base.hibernation.out-of-play"]:
            arrived = "ship-reaches-earth" in state.flags
            endings["hibernation-ship-arrived" if arrived else "hibernation-ship-did-not-arrive"] += 1
    return endings, rooms


@pytest.mark.skipif(not LONG, reason="a long campaign: set NEMESIS_LONG=1")
def test_base_end_pod_earth_hibernation_and_every_ending_are_reachable_in_random_play() -> None:
    endings, rooms = campaign(range(SEEDS))
    for reason in END_REASONS:
        assert endings[f"reason:{reason}"] > 0, (reason, endings)
    assert endings["pod-launches"] > 0 and endings["final-status:escaped"] > 0, endings
    assert endings["hibernation-ship-arrived"] > 0 and endings["final-status:hibernating"] > 0, endings
    assert endings["hibernation-ship-did-not-arrive"] > 0, endings
    assert {"hibernatorium", "evacuation-section-a", "evacuation-section-b", "generator", "cockpit"} <= set(rooms)


if __name__ == "__main__":  # pragma: no cover - a measuring aid
    found, used = campaign(range(int(sys.argv[1]) if len(sys.argv) > 1 else SEEDS))
    for key, count in sorted(found.items()):
        print(f"{key:45} {count}")
    for key, count in sorted(used.items(), key=lambda kv: -kv[1]):
        print(f"room-action:{key:33} {count}")
