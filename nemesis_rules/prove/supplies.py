"""Supply limits: Fire and Malfunction markers, Intruder miniatures (facts.md §1, §11;
RU-RB p.11, p.15, p.17).

Markers: one per room; placing one where there is none takes it from the supply; needing a
ninth ends the game instead. Miniatures: placing one needs a free miniature; out of Adults,
every Adult not in Combat retreats first; for the other types a ruling decides.
"""

from __future__ import annotations

from collections.abc import Mapping

import z3

from nemesis_rules.model.data import tables
from nemesis_rules.model.game import make_config
from nemesis_rules.prove.core import Obligation, ProofResult, Transition, prove_inductive
from nemesis_rules.rulebook.spec import spec_value

ROOMS = 21


def marker_vars(prefix: str) -> dict[str, z3.ExprRef]:
    """The markers on the board (``count``), whether the room a step acts on already holds one
    (``here``: a parameter of the step), and whether the game ended by exhaustion.

    Abstracting the 21 rooms to (count, here) over-approximates the ship: every concrete run
    maps to an abstract one (``here`` implies ``count`` ≥ 1), so an invariant of the abstract
    system holds on the board. It keeps each query in the milliseconds."""
    return {"count": z3.Int(f"{prefix}_count"), "here": z3.Bool(f"{prefix}_here"), "ended": z3.Bool(f"{prefix}_ended")}


def _well_formed(v: Mapping[str, z3.ExprRef]) -> z3.BoolRef:
    return z3.And(v["count"] >= 0, v["count"] <= ROOMS, z3.Implies(v["here"], v["count"] >= 1))


def place_marker_relation(limit: int) -> Transition:
    """markers.place_fire / place_malfunction: nothing if the room has one; a marker from the
    supply if one is left; otherwise the game ends and nothing is placed."""

    def relation(pre: Mapping[str, z3.ExprRef], post: Mapping[str, z3.ExprRef]) -> z3.BoolRef:
        exhausted = z3.And(z3.Not(pre["here"]), pre["count"] >= limit)
        placed = z3.And(z3.Not(pre["here"]), z3.Not(exhausted), z3.Not(pre["ended"]))
        return z3.And(
            _well_formed(pre),
            post["ended"] == z3.Or(pre["ended"], exhausted),
            post["count"] == z3.If(placed, pre["count"] + 1, pre["count"]),
            _well_formed(post),
        )

    return Transition("place", relation, ())


def remove_marker_relation() -> Transition:
    def relation(pre: Mapping[str, z3.ExprRef], post: Mapping[str, z3.ExprRef]) -> z3.BoolRef:
        return z3.And(
            _well_formed(pre),
            post["ended"] == pre["ended"],
            post["count"] == z3.If(pre["here"], pre["count"] - 1, pre["count"]),
            _well_formed(post),
        )

    return Transition("remove", relation, ())


def _marker_obligation(marker: str, place_clause: str, exhaustion_clause: str) -> Obligation:
    def check(rulings: Mapping[str, str]) -> list[ProofResult]:
        # the engine ends the game when its table's supply is used up; the rule's supply is the
        # specification's number: a wrong table is a counterexample, not a proof of a wrong bound
        engine_limit = tables.supply(make_config("base", 2), marker)
        limit = spec_value(f"supply.{marker}")
        place = place_marker_relation(engine_limit)
        place = Transition(f"place {marker}", place.relation, (place_clause, exhaustion_clause))
        remove = remove_marker_relation()
        remove = Transition(f"remove {marker}", remove.relation, ())
        return [
            prove_inductive(
                f"supply.{marker}",
                f"at most {limit} {marker} markers are ever on the board",
                marker_vars,
                lambda v: z3.And(z3.Not(v["ended"]), v["count"] == 0),
                lambda v: v["count"] <= limit,
                [place, remove],
            )
        ]

    return Obligation(
        f"supply.{marker}", "invariant", f"{marker} supply never exceeded", (place_clause, exhaustion_clause), check
    )


def miniature_vars(prefix: str) -> dict[str, z3.ExprRef]:
    """Miniatures of one type in use, how many of them are not in Combat (they can retreat)."""
    return {"count": z3.Int(f"{prefix}_count"), "free": z3.Int(f"{prefix}_free"), "placed": z3.Bool(f"{prefix}_placed")}


def place_miniature_relation(limit: int, retreat_first: bool) -> Transition:
    """intruders.place_intruder: with a free miniature, place it; otherwise (Adults, or the
    ruling's "retreat-then-place" reading) every miniature not in Combat retreats first; if
    still none is free, nothing is placed."""

    def relation(pre: Mapping[str, z3.ExprRef], post: Mapping[str, z3.ExprRef]) -> z3.BoolRef:
        full = pre["count"] >= limit
        after_retreat = z3.If(z3.And(full, retreat_first), pre["count"] - pre["free"], pre["count"])
        placed = after_retreat < limit
        return z3.And(
            pre["free"] >= 0,
            pre["free"] <= pre["count"],
            post["placed"] == placed,
            post["count"] == z3.If(placed, after_retreat + 1, after_retreat),
            post["free"] >= 0,
            post["free"] <= post["count"],
        )

    return Transition("place", relation, ())


def remove_miniature_relation() -> Transition:
    def relation(pre: Mapping[str, z3.ExprRef], post: Mapping[str, z3.ExprRef]) -> z3.BoolRef:
        return z3.And(
            pre["count"] >= 1,
            post["count"] == pre["count"] - 1,
            post["free"] >= 0,
            post["free"] <= post["count"],
            post["placed"] == z3.BoolVal(False),
        )

    return Transition("remove", relation, ())


def _miniature_obligation(ruleset: str, kind: str) -> Obligation:
    ruling = "base.gap.miniature-exhausted"

    def check(rulings: Mapping[str, str]) -> list[ProofResult]:
        engine_limit = tables.miniature_limit(make_config(ruleset, 2), kind)
        limit = spec_value(f"miniatures.{ruleset}.{kind}")
        retreat = kind == "adult" or rulings.get(ruling) == "retreat-then-place"
        clauses = ("base.supply.miniatures", "base.supply.adult-exhaustion" if kind == "adult" else ruling)
        place = place_miniature_relation(engine_limit, retreat)
        return [
            prove_inductive(
                f"supply.miniature.{kind}",
                f"at most {limit} {kind} miniatures are ever in use",
                miniature_vars,
                lambda v: v["count"] == 0,
                lambda v: z3.And(v["count"] >= 0, v["count"] <= limit),
                [
                    Transition(f"place {kind}", place.relation, clauses),
                    Transition(f"remove {kind}", remove_miniature_relation().relation, ()),
                ],
                rulings={ruling: rulings.get(ruling, "")},
            )
        ]

    return Obligation(
        f"supply.miniature.{kind}",
        "invariant",
        f"{kind} miniatures never exceeded",
        ("base.supply.miniatures",),
        check,
        rulings=(ruling,),
    )


def obligations() -> list[Obligation]:
    out = [
        _marker_obligation("fire", "base.fire.limit", "base.fire.exhaustion"),
        _marker_obligation("malfunction", "base.malfunction.limit", "base.malfunction.exhaustion"),
    ]
    out.extend(_miniature_obligation("base", k) for k in ("larva", "creeper", "adult", "breeder", "queen"))
    out.extend(
        _miniature_obligation("void-seeders", k) for k in ("lurker", "whisperer", "stalker", "despoiler", "lair")
    )
    return out
