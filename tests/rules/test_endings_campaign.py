"""Every ending, every room action and every action card is reachable in seeded random play, and
games have winners: a campaign of the goal-seeking player (``nemesis_rules.players.strategies``), the
default of ``play`` and ``fuzz``, over a few hundred seeds of each ruleset, players 1-5 in turn.
The plain hyperjump with someone still awake is the exception: random players do not survive the
15 rounds it takes, so tests/rules/test_base_end.py plays it from a state.

Set NEMESIS_LONG=1 to run it (about a minute per ruleset on one core). Run as a script to print
the counts: ``python tests/rules/test_endings_campaign.py 300 base``.
"""

from __future__ import annotations

import os
import re
import sys
from collections import Counter

import pytest

from nemesis_rules.model.data import tables
from nemesis_rules.model.game import start
from nemesis_rules.model.rulesets import BASE
from nemesis_rules.players.play import play_game
from nemesis_rules.players.strategies import goal_seeking

LONG = os.environ.get("NEMESIS_LONG") == "1"
SEEDS = 300
END_REASONS = (
    "last-character-left-hyperjump",
    "last-character-left-self-destruct",
    "ship-destroyed-self-destruct",
    "ship-destroyed-ninth-fire",
    "hull-breach-ninth-malfunction",
)


def campaign(seeds: range, ruleset: str) -> Counter[str]:
    """Play each seed (players 1-5 in turn); count endings, fates, winners, room actions and cards."""
    seen: Counter[str] = Counter()
    for seed in seeds:
        state, log = play_game(seed, seed % 5 + 1, ruleset, chooser=goal_seeking)
        assert state.end is not None, seed
        seen[f"reason:{state.end.reason}"] += 1
        seen["games-with-winners"] += bool(state.end.winners)
        seen["pod-launches"] += log.clauses["base.pod.launched"]
        for c in state.characters:
            seen[f"final-status:{c.status}"] += 1
        if log.clauses["base.hibernation.out-of-play"]:
            arrived = "ship-reaches-earth" in state.flags
            seen["hibernation-ship-arrived" if arrived else "hibernation-ship-did-not-arrive"] += 1
        for room in log.room_actions:
            seen["room:" + re.sub(r"^engine-\d$", "engine", room)] += 1
        seen.update(k for k in log.clauses if k.startswith("base.action-card."))
    return seen


def _cards(ruleset: str) -> set[str]:
    config = start(ruleset, 2).config
    return {card for name in tables.character_names(config) for card in tables.action_deck(config, name).distinct()}


@pytest.fixture(scope="module")
def seen() -> dict[str, Counter[str]]:
    return {ruleset: campaign(range(SEEDS), ruleset) for ruleset in ("base", "void-seeders")}


@pytest.mark.skipif(not LONG, reason="a long campaign: set NEMESIS_LONG=1")
@pytest.mark.parametrize("ruleset", ["base", "void-seeders"])
def test_base_end_every_ending_with_winners_in_random_play(seen: dict[str, Counter[str]], ruleset: str) -> None:
    counts = seen[ruleset]
    for reason in END_REASONS:
        assert counts[f"reason:{reason}"] > 0, (reason, counts)
    assert counts["games-with-winners"] > 0, counts
    assert counts["pod-launches"] > 0 and counts["final-status:escaped"] > 0, counts
    assert counts["hibernation-ship-arrived"] > 0, counts
    assert counts["hibernation-ship-did-not-arrive"] > 0, counts


@pytest.mark.skipif(not LONG, reason="a long campaign: set NEMESIS_LONG=1")
def test_base_room_every_room_action_and_action_card_in_random_play(seen: dict[str, Counter[str]]) -> None:
    both = seen["base"] + seen["void-seeders"]
    assert {f"room:{room}" for room in BASE.rooms} <= set(both), sorted(set(BASE.rooms) - {k[5:] for k in both})
    missing = {c for c in _cards("base") if f"base.action-card.{c}" not in both}
    assert not missing, missing


if __name__ == "__main__":  # pragma: no cover - a measuring aid
    count = int(sys.argv[1]) if len(sys.argv) > 1 else SEEDS
    for key, value in sorted(campaign(range(count), sys.argv[2] if len(sys.argv) > 2 else "base").items()):
        print(f"{key:50} {value}")
