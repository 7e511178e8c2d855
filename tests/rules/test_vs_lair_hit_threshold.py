"""Known-answer test that only a result at least as good as the Adult icon hits a Lair, named after its
clause id. It plays from the game of test_vs_injury.py (one Intruder of a given kind in room 15);
test_vs_lair.py plays from another `game`."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules import replaceable
from nemesis_rules.testing import after_setup

ROOM = "15"


def game(kind: str, injuries: int = 0, rulings: dict[str, str] | None = None) -> GameState:
    state = after_setup(2, 0, ruleset="void-seeders", rulings=rulings)
    state = state.with_room(ROOM, replace(state.room(ROOM), explored=True, token=None))
    return replace(state, intruders=(Intruder(1, kind, ROOM, injuries),), next_intruder=2)


def test_vs_lair_hit_threshold_the_adult_face_or_better_by_default() -> None:
    state = game("lair")
    assert [replaceable.face_injuries(state, f, "lair") for f in ("blank", "creeper", "adult", "single", "double")] == [
        0,
        0,
        1,
        1,
        2,
    ]
    assert replaceable.face_injuries(state, "creeper", "egg") == 1  # an Egg keeps the base faces
