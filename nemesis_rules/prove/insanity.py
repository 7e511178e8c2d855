"""Insanity (void-seeders-rulebook.txt, Insanity Level and Insanity Track Card; Rules Summary,
Insanity; Gameplay Changes): levels 1-5 along the track, never below 3 once 3 was reached,
never above 5, and a raise at 5 kills.

The transitions are tabulated from the engine's own pure functions
(:func:`~nemesis_rules.model.rules.void_seeders.insanity.raised_level` and
:func:`~nemesis_rules.model.rules.void_seeders.insanity.lowered_level`) over the track's
levels, so a change to the engine's rule changes what is proved; the rulings decide which
transitions exist (a locked floor, Surgery setting 3, the Summary's Surprise Attack, ...).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping

import z3

from nemesis_rules.model.data import tables
from nemesis_rules.model.game import make_config
from nemesis_rules.model.rules.void_seeders import (
    insanity as engine,  # read at call time: the proofs hold the engine as it is
)
from nemesis_rules.prove.core import Obligation, ProofResult, Transition, prove_inductive
from nemesis_rules.rulebook.spec import spec_value

RULINGS = (
    "vs.ambiguity.insanity-floor",
    "vs.ambiguity.surgery-below-3",
    "vs.summary.surprise-attack",
    "vs.summary.rest-insanity",
    "vs.ambiguity.contamination-check-infected",
)
DEAD = 0
"""A tabulated level of 0 means the character died."""


def track() -> tuple[int, int, int]:
    """(start, floor, top) of the printed Insanity track as the rule texts state it (the
    specification's numbers): what the properties are proved against."""
    return spec_value("insanity.start"), spec_value("insanity.floor"), spec_value("insanity.max")


def engine_track() -> tuple[int, int, int]:
    """(start, floor, top) of the Insanity track as the engine's data table has it: what the
    transitions run with (a wrong table then shows as a counterexample, not as a shifted proof)."""
    data = tables.void_seeders(make_config("void-seeders", 2)).insanity_track
    return data.start, data.floor, data.max


def insanity_vars(prefix: str) -> dict[str, z3.ExprRef]:
    """The level, whether 3 (the floor) was ever reached, whether the character is alive."""
    return {
        "level": z3.Int(f"{prefix}_level"),
        "reached": z3.Bool(f"{prefix}_reached"),
        "alive": z3.Bool(f"{prefix}_alive"),
    }


def _table(function: Callable[[int], int | None], levels: range, argument: z3.ArithRef) -> z3.ArithRef:
    term: z3.ArithRef = z3.IntVal(DEAD)
    for value in levels:
        result = function(value)
        term = z3.If(argument == value, z3.IntVal(DEAD if result is None else result), term)
    return term


def level_transition(name: str, function: Callable[[int], int | None], clauses: tuple[str, ...]) -> Transition:
    """A change of level by the engine's ``function`` (None = the character dies)."""
    _, floor, top = track()
    levels = range(1, max(top, engine_track()[2]) + 2)

    def relation(pre: Mapping[str, z3.ExprRef], post: Mapping[str, z3.ExprRef]) -> z3.BoolRef:
        nxt = _table(function, levels, pre["level"])
        dies = nxt == DEAD
        return z3.And(
            pre["alive"],
            post["alive"] == z3.Not(dies),
            post["level"] == z3.If(dies, pre["level"], nxt),
            post["reached"] == z3.Or(pre["reached"], z3.And(z3.Not(dies), nxt >= floor)),
        )

    return Transition(name, relation, clauses)


def transitions(rulings: Mapping[str, str]) -> list[Transition]:
    """Every way the engine changes a living character's Insanity under ``rulings``."""

    _, floor, top = engine_track()
    locked = rulings.get("vs.ambiguity.insanity-floor") == "locked"
    out = [
        level_transition(
            "raise one step (Panic, Surprise Attack, events)",
            lambda v: engine.raised_level(v, top=top, lethal=True),
            ("vs.insanity.track", "vs.insanity.death-above-5", "vs.panic.below-value", "vs.surprise-attack.effect"),
        ),
        level_transition(
            "raise without death (contamination check)",
            lambda v: engine.raised_level(v, top=top, lethal=False),
            ("vs.end.contamination-check.raise",),
        ),
        level_transition(
            "INFECTED: to the last space",
            lambda v: engine.raised_level(v, top=top, to=top),
            ("vs.change.contamination",),
        ),
        level_transition(
            "lower one step (Rest, Shower Room, Canteen)",
            lambda v: engine.lowered_level(v, floor=floor, locked=locked),
            ("vs.change.rest", "vs.insanity.no-return-below-3"),
        ),
    ]
    if rulings.get("vs.ambiguity.surgery-below-3") == "set-to-3":
        out.append(
            level_transition(
                "Surgery / Antidote: set to 3",
                lambda v: (
                    engine.raised_level(v, top=top, to=floor)
                    if v < floor
                    else engine.lowered_level(v, floor=floor, to=floor)
                ),
                ("vs.change.surgery",),
            )
        )
    else:
        out.append(
            level_transition(
                "Surgery / Antidote: lower to 3",
                lambda v: engine.lowered_level(v, floor=floor, to=floor),
                ("vs.change.surgery",),
            )
        )
    return out


def _invariants(rulings: Mapping[str, str]) -> list[ProofResult]:
    start_level, floor, top = track()
    start_level = engine_track()[0]  # the engine's starting level, held to the range below
    steps = transitions(rulings)
    relevant = {r: rulings[r] for r in RULINGS if r in rulings}

    def init(v: Mapping[str, z3.ExprRef]) -> z3.BoolRef:
        return z3.And(v["level"] == start_level, v["alive"], v["reached"] == (start_level >= floor))

    results = [
        prove_inductive(
            "insanity.range",
            f"a living character's Insanity stays within 1-{top}",
            insanity_vars,
            init,
            lambda v: z3.Implies(v["alive"], z3.And(v["level"] >= 1, v["level"] <= top)),
            steps,
            rulings=relevant,
            clauses=("vs.insanity.max",),
        ),
        prove_inductive(
            "insanity.no-return-below-3",
            f"once at {floor}, a character's Insanity never drops below {floor}",
            insanity_vars,
            init,
            lambda v: z3.And(
                z3.Implies(v["reached"], v["level"] >= floor), z3.Implies(v["level"] >= floor, v["reached"])
            ),
            steps,
            rulings=relevant,
            clauses=("vs.insanity.no-return-below-3",),
        ),
    ]
    results.append(_death_at_top(steps[0], relevant))
    return results


def _death_at_top(raise_step: Transition, rulings: Mapping[str, str]) -> ProofResult:
    """A step property: a (lethal) raise at the top level always kills."""
    start = time.perf_counter()
    _, _, top = track()
    pre, post = insanity_vars("pre"), insanity_vars("post")
    solver = z3.Solver()
    solver.add(pre["alive"], pre["level"] == top, raise_step.relation(pre, post), post["alive"])
    statement = f"an increase at {top} kills"
    clauses = ("vs.insanity.death-above-5", *raise_step.clauses)
    if solver.check() == z3.sat:
        model = solver.model()
        witness = {"before": {"level": top}, "after": {"level": model.eval(post["level"]).as_long(), "alive": True}}
        return ProofResult(
            "insanity.death-at-top",
            "invariant",
            "counterexample",
            time.perf_counter() - start,
            clauses,
            statement,
            rulings=rulings,
            witness=witness,
            detail="a raise at the top left the character alive",
        )
    return ProofResult(
        "insanity.death-at-top",
        "invariant",
        "proved",
        time.perf_counter() - start,
        clauses,
        statement,
        rulings=rulings,
        detail="every raise from the top kills (one-step validity)",
    )


def obligations() -> list[Obligation]:
    return [
        Obligation(
            "insanity", "invariant", "the Insanity track's rules", ("vs.insanity.track",), _invariants, rulings=RULINGS
        )
    ]
