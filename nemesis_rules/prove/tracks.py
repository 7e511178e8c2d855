"""The Time and Self-Destruct tracks, escape pods by player count (facts.md §9, §12;
RU-RB p.6 step 7, p.11; base-rules-reference.txt, The clocks and Getting home).

The Time marker moves one space per Event Phase; reaching the jump space ends the game, so
the marker never leaves the track. The Self-Destruct marker, once started, moves with it;
its yellow space unlocks every pod and its last space destroys the ship.
"""

from __future__ import annotations

import time
from collections.abc import Mapping

import z3

from nemesis_rules.model.data import tables
from nemesis_rules.model.game import make_config
from nemesis_rules.prove.core import Obligation, ProofResult, Transition, prove_inductive
from nemesis_rules.rulebook.spec import spec_value


def track_vars(prefix: str) -> dict[str, z3.ExprRef]:
    return {"index": z3.Int(f"{prefix}_index"), "over": z3.Bool(f"{prefix}_over")}


def advance_relation(end_index: int) -> Transition:
    """events.TimeStep: the marker moves one space; the space flagged jump/explosion ends the game."""

    def relation(pre: Mapping[str, z3.ExprRef], post: Mapping[str, z3.ExprRef]) -> z3.BoolRef:
        moved = z3.If(pre["over"], pre["index"], pre["index"] + 1)
        return z3.And(post["index"] == moved, post["over"] == z3.Or(pre["over"], moved >= end_index))

    return Transition("advance", relation, ())


def _track_obligation(track_id: str, clauses: tuple[str, ...]) -> Obligation:
    def check(rulings: Mapping[str, str]) -> list[ProofResult]:
        config = make_config("base", 2)
        track = tables.time_track(config) if track_id == "time" else tables.base(config).self_destruct_track
        flag = "jump" if track_id == "time" else "explosion"
        engine_end = next(i for i, space in enumerate(track.spaces) if flag in space.flags)
        start = track.start_index
        # the property: the track the rule texts describe (the specification's number of spaces,
        # the last one ends the game); the transition: the engine's table
        spaces = spec_value("track.time.spaces" if track_id == "time" else "track.self-destruct.spaces")
        end = spaces - 1
        advance = advance_relation(engine_end)
        return [
            prove_inductive(
                f"track.{track_id}",
                f"the {track_id} marker stays on its {spaces} spaces and the game ends on the {flag} space",
                track_vars,
                lambda v: z3.And(v["index"] == start, z3.Not(v["over"])),
                lambda v: z3.And(start <= v["index"], v["index"] <= end, v["over"] == (v["index"] >= end)),
                [Transition(f"{track_id} advances", advance.relation, clauses)],
            )
        ]

    return Obligation(f"track.{track_id}", "invariant", f"{track_id} track bounded", clauses, check)


def _pods_obligation() -> Obligation:
    """Setup's pod count by player count equals the rule's table (2 / 3 / 4), and a pod never
    holds more characters than its seats."""

    def check(rulings: Mapping[str, str]) -> list[ProofResult]:
        start = time.perf_counter()
        players, pods = z3.Int("players"), z3.Int("pods")
        table = tables.base(make_config("base", 2)).escape_pods
        counts = dict(table.by_players)
        derived = z3.IntVal(0)
        for n, count in counts.items():
            derived = z3.If(players == n, count, derived)
        rule = z3.IntVal(0)
        for n in range(1, 6):
            rule = z3.If(players == n, spec_value("pods.in-play", n), rule)
        seats, rule_seats = z3.Int("seats"), spec_value("pods.seats")
        solver = z3.Solver()
        solver.add(players >= 1, players <= 5, pods == derived, seats == table.seats)
        solver.add(z3.Or(pods != rule, seats != rule_seats))
        statement = f"escape pods at setup: 2 for 1-2 players, 3 for 3-4, 4 for 5; {rule_seats} seats each"
        clauses = ("base.setup.escape-pods",)
        if solver.check() == z3.sat:
            model = solver.model()
            witness = {"players": model[players].as_long(), "pods": model[pods].as_long(), "seats": table.seats}
            return [
                ProofResult(
                    "pods.count",
                    "invariant",
                    "counterexample",
                    time.perf_counter() - start,
                    clauses,
                    statement,
                    witness=witness,
                    detail="the data table disagrees with the rule",
                )
            ]
        return [
            ProofResult(
                "pods.count",
                "invariant",
                "proved",
                time.perf_counter() - start,
                clauses,
                statement,
                detail=f"for every player count 1-5 (seats per pod: {table.seats})",
            )
        ]

    return Obligation("pods.count", "invariant", "escape pods by player count", ("base.setup.escape-pods",), check)


def obligations() -> list[Obligation]:
    return [
        _track_obligation("time", ("base.event.time", "base.time.jump", "base.time.track")),
        _track_obligation("self-destruct", ("base.self-destruct.advance", "base.self-destruct.explode")),
        _pods_obligation(),
    ]
