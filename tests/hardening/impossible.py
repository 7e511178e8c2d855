"""The impossible starting states of issue 21, each as a record whose header snapshot breaks
one fact every reachable state keeps, with the invariant id (or snapshot field) that names it.

Each builder edits the JSON of a real snapshot (seed 1, 2 players, the captain to act), the
way a user would edit a file by hand.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from functools import cache
from typing import Any

from nemesis_rules.record import RecordHeader, to_snapshot
from nemesis_rules.testing import after_setup

Edit = Callable[[dict[str, Any]], None]


@cache
def _base(ruleset: str) -> str:
    state = after_setup(2, seed=1, ruleset=ruleset)
    return json.dumps(to_snapshot(state, with_config=False))


def snapshot(edit: Edit, ruleset: str = "base") -> dict[str, Any]:
    data = copy.deepcopy(json.loads(_base(ruleset)))
    edit(data["state"])
    return dict(data)


def record_text(edit: Edit, ruleset: str = "base", actions: tuple[str, ...] = ()) -> str:
    header = RecordHeader(ruleset, 2).to_json()
    header["snapshot"] = snapshot(edit, ruleset)
    return "\n".join([json.dumps(header), *actions]) + "\n"


def nine_fires(state: dict[str, Any]) -> None:
    for room in state["rooms"][:9]:
        room["fire"] = True


def card_in_two_places(state: dict[str, Any]) -> None:
    hand = state["characters"][0]["hand"]
    hand["demolition"] = hand.get("demolition", 0) + 1  # also still in the captain's deck


def character_in_two_rooms(state: dict[str, Any]) -> None:
    second = copy.deepcopy(state["characters"][0])
    second["player"] = 2
    second["position"] = "01"
    state["characters"][1] = second  # the captain stands in 11 and in 01


def nine_wounds(state: dict[str, Any]) -> None:
    state["characters"][0]["light_wounds"] = 9


def fifty_queens(state: dict[str, Any]) -> None:
    state["intruders"] = [{"$type": "Intruder", "id": n, "kind": "queen", "position": "03"} for n in range(1, 51)]
    state["next_intruder"] = 51


def insanity(level: int) -> Edit:
    def edit(state: dict[str, Any]) -> None:
        state["characters"][0]["insanity"] = level

    return edit


def unknown_character(state: dict[str, Any]) -> None:
    state["characters"][0]["name"] = "chef"


def no_characters(state: dict[str, Any]) -> None:
    state["characters"] = []


def missing_deck(state: dict[str, Any]) -> None:
    state["decks"] = [d for d in state["decks"] if d[0] != "serious-wound"]


def bad_frame_field(state: dict[str, Any]) -> None:
    state["pending"][-1]["player"] = 7


def huge_hand(state: dict[str, Any]) -> None:
    state["characters"][0]["hand"]["search"] = 1_000_000
