"""Witnesses for clauses with the same trigger and different effects, and unsat cores.

For each ruling whose readings are encoded here, Z3 searches for a situation in which the two
readings lead to different Insanity levels (the witness the conflict report shows); a set of
clauses that cannot hold together in some situation is reported by clause ids (an unsat
core), which is how a contradiction is located.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping

import z3

from nemesis_rules.model.rules.void_seeders import (
    insanity as engine,  # read at call time: the proofs hold the engine as it is
)
from nemesis_rules.prove.core import Obligation, ProofResult, model_values
from nemesis_rules.prove.insanity import _table, track

Reading = Callable[[Mapping[str, z3.ExprRef]], z3.ArithRef]
"""The Insanity level after the trigger, under one reading, as a term over the situation."""


def _engine() -> tuple[Callable[..., int | None], Callable[..., int], int, int]:
    _, floor, top = track()
    return engine.raised_level, engine.lowered_level, floor, top


def _raise(level: z3.ArithRef) -> z3.ArithRef:
    raised, _, _, top = _engine()
    return _table(lambda v: raised(v, top=top, lethal=True), range(1, top + 1), level)


def _lower(level: z3.ArithRef, *, locked: bool = False, to: int | None = None) -> z3.ArithRef:
    _, lowered, floor, top = _engine()
    return _table(lambda v: lowered(v, floor=floor, locked=locked, to=to), range(1, top + 1), level)


def situation_vars() -> dict[str, z3.ExprRef]:
    """Insanity level, a Panic card's value, whether its effect can be resolved, whether the
    player chooses to lower Insanity, whether the hand holds an INFECTED card."""
    return {
        "level": z3.Int("level"),
        "panic_value": z3.Int("panic_value"),
        "panic_resolvable": z3.Bool("panic_resolvable"),
        "chooses_to_lower": z3.Bool("chooses_to_lower"),
        "infected_in_hand": z3.Bool("infected_in_hand"),
    }


def _valid(v: Mapping[str, z3.ExprRef]) -> z3.BoolRef:
    _, _, _, top = _engine()
    return z3.And(v["level"] >= 1, v["level"] <= top, v["panic_value"] >= 2, v["panic_value"] <= top)


def _surprise_main(v: Mapping[str, z3.ExprRef]) -> z3.ArithRef:
    raises = z3.Or(v["level"] < v["panic_value"], z3.Not(v["panic_resolvable"]))
    return z3.If(raises, _raise(v["level"]), v["level"])


def _rest(v: Mapping[str, z3.ExprRef], *, mandatory: bool, scan: bool = True) -> z3.ArithRef:
    _, _, _, top = _engine()
    lowers = z3.BoolVal(True) if mandatory else v["chooses_to_lower"]
    after = z3.If(lowers, _lower(v["level"]), v["level"])
    return z3.If(z3.And(v["infected_in_hand"], z3.BoolVal(scan)), top, after) if scan else after


def _surgery_set(v: Mapping[str, z3.ExprRef]) -> z3.ArithRef:
    _, _, floor, _ = _engine()
    return z3.If(v["level"] < floor, floor, _lower(v["level"], to=floor))


CONFLICTS: dict[str, tuple[str, str, Reading, Reading, tuple[str, ...]]] = {
    "vs.summary.surprise-attack": (
        "main",
        "summary",
        _surprise_main,
        lambda v: _raise(v["level"]),
        ("vs.surprise-attack.effect", "vs.panic.below-value", "vs.insanity.track"),
    ),
    "vs.summary.rest-insanity": (
        "optional",
        "mandatory",
        lambda v: _rest(v, mandatory=False),
        lambda v: _rest(v, mandatory=True),
        ("vs.change.rest", "vs.insanity.no-return-below-3"),
    ),
    "vs.summary.rest-scan": (
        "scan",
        "no-scan",
        lambda v: _rest(v, mandatory=False),
        lambda v: _rest(v, mandatory=False, scan=False),
        ("vs.change.rest", "vs.change.rest-infected"),
    ),
    "vs.ambiguity.insanity-floor": (
        "floor-3",
        "locked",
        lambda v: _lower(v["level"]),
        lambda v: _lower(v["level"], locked=True),
        ("vs.insanity.no-return-below-3", "vs.change.rest"),
    ),
    "vs.ambiguity.surgery-below-3": (
        "only-lowers",
        "set-to-3",
        lambda v: _lower(v["level"], to=track()[1]),
        _surgery_set,
        ("vs.change.surgery",),
    ),
}


def _shown(level: int) -> int | str:
    return "dead" if level == 0 else level


def witness(ruling: str) -> ProofResult:
    """A situation in which the ruling's two readings give different Insanity levels."""
    start = time.perf_counter()
    first, second, read_a, read_b, clauses = CONFLICTS[ruling]
    v = situation_vars()
    solver = z3.Solver()
    solver.add(_valid(v), read_a(v) != read_b(v))
    statement = f"readings {first} and {second} of {ruling} differ"
    if solver.check() != z3.sat:
        return ProofResult(
            f"conflict.{ruling}",
            "conflict",
            "no-witness",
            time.perf_counter() - start,
            clauses,
            statement,
            detail="the two readings agree in every situation",
        )
    model = solver.model()
    situation = model_values(model, v)
    outcome = {name: _shown(model.eval(term).as_long()) for name, term in ((first, read_a(v)), (second, read_b(v)))}
    return ProofResult(
        f"conflict.{ruling}",
        "conflict",
        "witness",
        time.perf_counter() - start,
        clauses,
        statement,
        witness={"situation": situation, "insanity_after": outcome},
        detail=f"{first}: {outcome[first]}, {second}: {outcome[second]}",
    )


def summary_rest_core() -> ProofResult:
    """The Rules Summary's Rest sentence alone ("reduce their Insanity level by 1") cannot hold
    together with the track's no-return rule for a character at 3: the unsat core names the
    clauses (the Summary adds a sentence excluding 3 → 2, which is what resolves it)."""
    start = time.perf_counter()
    _, _, floor, _ = _engine()
    level, after = z3.Int("level"), z3.Int("after")
    solver = z3.Solver()
    named = {
        "vs.change.rest": after == level - 1,
        "vs.insanity.no-return-below-3": z3.Implies(level >= floor, after >= floor),
        "situation: a character at 3 rests": level == floor,
    }
    for name, formula in named.items():
        solver.assert_and_track(formula, z3.Bool(name))
    status = solver.check()
    core = tuple(sorted(str(c) for c in solver.unsat_core())) if status == z3.unsat else ()
    return ProofResult(
        "conflict.vs.summary.rest-reduction",
        "conflict",
        "unsat-core" if core else "no-witness",
        time.perf_counter() - start,
        ("vs.change.rest", "vs.insanity.no-return-below-3"),
        "a mandatory one-step reduction and the no-return rule at level 3",
        core=core,
        detail="cannot hold together" if core else "consistent",
    )


def _check(rulings: Mapping[str, str]) -> list[ProofResult]:
    return [*(witness(r) for r in CONFLICTS), summary_rest_core()]


def obligations() -> list[Obligation]:
    return [Obligation("conflict", "conflict", "witnesses for conflicting readings", (), _check)]
