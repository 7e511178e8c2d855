"""The Z3 encodings agree with the engine (design.md, principle 7): on states sampled from
seeded random games, each engine rule's concrete step is admitted by its encoded transition."""

from __future__ import annotations

import random

import pytest

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules import markers, ship
from nemesis_rules.model.rules.endgame import VictoryCheck
from nemesis_rules.model.rules.events import TimeStep
from nemesis_rules.model.rules.intruders import on_board, place_intruder
from nemesis_rules.players.play import play_game
from nemesis_rules.prove.core import admits
from nemesis_rules.prove.supplies import (
    marker_vars,
    miniature_vars,
    place_marker_relation,
    place_miniature_relation,
    remove_marker_relation,
)
from nemesis_rules.prove.tracks import advance_relation, track_vars


def sampled_states(count: int = 60) -> list[GameState]:
    states: list[GameState] = []
    for seed in range(4):
        play_game(seed, 2 + seed % 3, on_step=lambda s, a, t: states.append(s) if s.phase == "player" else None)
    rng = random.Random(1)
    return rng.sample(states, min(count, len(states)))


SAMPLES = sampled_states()


def _ended(state: GameState) -> bool:
    return state.end is not None or any(isinstance(f, VictoryCheck) for f in state.pending)


@pytest.mark.parametrize("marker", ["fire", "malfunction"])
def test_marker_placement_matches_its_encoding(marker: str) -> None:
    place = markers.place_fire if marker == "fire" else markers.place_malfunction
    count = markers.fires if marker == "fire" else markers.malfunctions
    limit = tables.supply(SAMPLES[0].config, marker)
    relation = place_marker_relation(limit)
    checked = 0
    for state in SAMPLES:
        for position in state.config.board.positions:
            room = state.room(position)
            if marker == "malfunction" and not tables.room_can_malfunction(state.config, room.tile):
                continue
            after = place(state, position, Context())
            before_values = {"count": count(state), "here": getattr(room, marker), "ended": False}
            after_values = {"count": count(after), "ended": _ended(after)}
            assert admits(relation, marker_vars, before_values, after_values), (position, before_values, after_values)
            checked += 1
    assert checked > 500


def test_fire_removal_matches_its_encoding() -> None:
    for state in SAMPLES:
        for position in state.config.board.positions:
            after = ship.remove_fire(state, position, Context())
            before = {"count": markers.fires(state), "here": state.room(position).fire, "ended": False}
            assert admits(
                remove_marker_relation(), marker_vars, before, {"count": markers.fires(after), "ended": False}
            )


@pytest.mark.parametrize("kind", ["larva", "creeper", "adult", "breeder", "queen"])
def test_miniature_placement_matches_its_encoding(kind: str) -> None:
    for state in SAMPLES:
        limit = tables.miniature_limit(state.config, kind)
        retreat = kind == "adult" or state.config.ruling("base.gap.miniature-exhausted") == "retreat-then-place"
        free = sum(1 for i in state.intruders if i.kind == kind and not state.characters_at(i.position))
        after, placed_id = place_intruder(state, kind, "11", None, Context())
        before = {"count": on_board(state, kind), "free": free}
        after_values = {"count": on_board(after, kind), "placed": bool(placed_id)}
        assert admits(place_miniature_relation(limit, retreat), miniature_vars, before, after_values)


def test_time_track_matches_its_encoding() -> None:
    track = tables.time_track(SAMPLES[0].config)
    end = next(i for i, space in enumerate(track.spaces) if "jump" in space.flags)
    for state in SAMPLES:
        if state.self_destruct is not None:
            continue
        after = TimeStep().run(state, Context())
        before = {"index": state.time, "over": False}
        assert admits(advance_relation(end), track_vars, before, {"index": after.time, "over": _ended(after)})
