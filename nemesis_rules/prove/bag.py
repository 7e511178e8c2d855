"""Conservation of Intruder tokens (facts.md §1; RU-RB p.10, p.18).

Every token is in exactly one place: the bag, the pool beside the board, set aside under the
Intruder it brought in, or out of the game; encounters, bag development and Intruders leaving
the board only move tokens between those places, so their number never changes.
"""

from __future__ import annotations

from collections.abc import Mapping

import z3

from nemesis_rules.prove.core import Obligation, ProofResult, Transition, prove_inductive

PLACES = ("bag", "pool", "aside", "out")


def token_vars(prefix: str) -> dict[str, z3.ExprRef]:
    """How many tokens of one kind are in each place, and the kind's total."""
    out: dict[str, z3.ExprRef] = {p: z3.Int(f"{prefix}_{p}") for p in PLACES}
    out["total"] = z3.Int(f"{prefix}_total")
    return out


def move(source: str, target: str, clauses: tuple[str, ...]) -> Transition:
    """One token from ``source`` to ``target`` (if there is one); every other place unchanged."""

    def relation(pre: Mapping[str, z3.ExprRef], post: Mapping[str, z3.ExprRef]) -> z3.BoolRef:
        rest = [post[p] == pre[p] for p in PLACES if p not in (source, target)]
        return z3.And(
            pre[source] >= 1,
            post[source] == pre[source] - 1,
            post[target] == pre[target] + 1,
            post["total"] == pre["total"],
            *rest,
        )

    return Transition(f"{source} -> {target}", relation, clauses)


TRANSITIONS = (
    move("bag", "aside", ("base.encounter.draw-token", "base.encounter.set-aside")),
    move("aside", "bag", ("base.tech-corridor.intruder-vanishes", "base.encounter.set-aside")),
    move("aside", "pool", ("base.endurance.carcass", "base.bag.removed-to-pool")),
    move("bag", "pool", ("base.bag.larva", "base.bag.creeper")),
    move("pool", "bag", ("base.bag.blank", "base.bag.larva", "base.bag.creeper", "base.encounter.blank")),
    move("pool", "aside", ("base.bag.queen-in-nest",)),
)


def _check(rulings: Mapping[str, str]) -> list[ProofResult]:
    def total(v: Mapping[str, z3.ExprRef]) -> z3.ArithRef:
        return z3.Sum([v[p] for p in PLACES])

    return [
        prove_inductive(
            "bag.conservation",
            "every Intruder token is in exactly one place and their number never changes",
            token_vars,
            lambda v: z3.And(total(v) == v["total"], *(v[p] >= 0 for p in PLACES)),
            lambda v: z3.And(total(v) == v["total"], *(v[p] >= 0 for p in PLACES)),
            list(TRANSITIONS),
        )
    ]


def obligations() -> list[Obligation]:
    return [Obligation("bag.conservation", "invariant", "token conservation", ("base.supply.token-supply",), _check)]
