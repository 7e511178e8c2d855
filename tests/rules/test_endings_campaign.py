"""Every ending, every room action and every action card is reachable in seeded random play, and
games have winners: a campaign of the goal-seeking player (``nemesis_rules.model.players``), the
default of ``play`` and ``fuzz``, over a few hundred seeds of each ruleset, players 1-5 in turn.

Set NEMESIS_LONG=1 to run it (about a minute per ruleset on one core). Run as a script to print
the counts: ``python tests/rules/test_endings_campaign.py 300 base``.
"""

from __future__ import annotations

import os
import re
import sys
from collections import Counter

import pytest

from nemesis_rules.model import tables
from nemesis_rules.model.game import start
from nemesis_rules.model.play import play_game
from nemesis_rules.model.players import goal_seeking
from nemesis_rules.model.rules.effects import ROOM_ACTIONS

LONG = os.environ.get("NEMESIS_LONG") == "1"
SEEDS = 300
END_REASONS = (
    "hyperjump",
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


@pytest.mark.skipif(not LONG, reason="a long campaign: set NEMESIS_LONG=1")
@pytest.mark.parametrize("ruleset", ["base", "void-seeders"])
def test_base_end_every_ending_room_action_and_card_with_winners_in_random_play(ruleset: str) -> None:
    seen = campaign(range(SEEDS), ruleset)
    for reason in END_REASONS:
        if ruleset == "base" or reason != "hyperjump":  # Void Seeders' plain jump is rarer still
            assert seen[f"reason:{reason}"] > 0, (reason, seen)
    assert seen["games-with-winners"] > 0, seen
    assert seen["pod-launches"] > 0 and seen["final-status:escaped"] > 0, seen
    assert seen["hibernation-ship-arrived"] > 0 and seen["final-status:hibernating"] > 0, seen
    assert seen["hibernation-ship-did-not-arrive"] > 0, seen
    assert {f"room:{room}" for room in ROOM_ACTIONS} <= set(seen), sorted(set(ROOM_ACTIONS) - {k[5:] for k in seen})
    missing = {c for c in _cards(ruleset) if f"base.action-card.{c}" not in seen}
    assert not missing, missing


if __name__ == "__main__":  # pragma: no cover - a measuring aid
    count = int(sys.argv[1]) if len(sys.argv) > 1 else SEEDS
    for key, value in sorted(campaign(range(count), sys.argv[2] if len(sys.argv) > 2 else "base").items()):
        print(f"{key:50} {value}")
