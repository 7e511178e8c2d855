"""The proof obligations' common shape, the inductive check, and the suite runner."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import product
from typing import Any, Literal

import z3

from nemesis_rules.rulebook import rulings as catalogue

Status = Literal["proved", "bounded", "counterexample", "witness", "no-witness", "unsat-core"]
Kind = Literal["invariant", "conflict"]


@dataclass(frozen=True, slots=True)
class ProofResult:
    """What one obligation established. ``witness`` is a concrete assignment (a counterexample
    to an invariant, or a state where two readings differ), ``core`` an unsat core as clause ids."""

    id: str
    kind: Kind
    status: Status
    seconds: float
    clauses: tuple[str, ...]
    statement: str
    bound: int | None = None
    rulings: Mapping[str, str] = field(default_factory=dict)
    witness: Mapping[str, Any] | None = None
    core: tuple[str, ...] = ()
    detail: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "status": self.status,
            "bound": self.bound,
            "seconds": round(self.seconds, 4),
            "clauses": list(self.clauses),
            "statement": self.statement,
            "rulings": dict(self.rulings),
            "witness": dict(self.witness) if self.witness is not None else None,
            "core": list(self.core),
            "detail": self.detail,
        }


@dataclass(frozen=True, slots=True)
class Obligation:
    """A named proof obligation; ``check(rulings)`` runs it under one choice of rulings."""

    id: str
    kind: Kind
    statement: str
    clauses: tuple[str, ...]
    check: Callable[[Mapping[str, str]], list[ProofResult]]
    rulings: tuple[str, ...] = ()
    """Ruling ids whose readings change the encoded transitions (the suite tries every combination)."""


@dataclass(frozen=True, slots=True)
class Transition:
    """One encoded rule: ``relation(pre, post)`` is a Z3 formula over the pre- and post-state
    variables; ``clauses`` are the rules it encodes."""

    name: str
    relation: Callable[[Mapping[str, z3.ExprRef], Mapping[str, z3.ExprRef]], z3.BoolRef]
    clauses: tuple[str, ...]


def model_values(model: z3.ModelRef, variables: Mapping[str, z3.ExprRef]) -> dict[str, Any]:
    """The concrete values of ``variables`` in ``model`` (ints, bools)."""
    out: dict[str, Any] = {}
    for name, var in variables.items():
        value = model.eval(var, model_completion=True)
        if z3.is_int_value(value):
            out[name] = value.as_long()
        elif z3.is_true(value) or z3.is_false(value):
            out[name] = z3.is_true(value)
        else:
            out[name] = str(value)
    return out


def prove_inductive(
    obligation_id: str,
    statement: str,
    make_vars: Callable[[str], dict[str, z3.ExprRef]],
    init: Callable[[Mapping[str, z3.ExprRef]], z3.BoolRef],
    invariant: Callable[[Mapping[str, z3.ExprRef]], z3.BoolRef],
    transitions: Sequence[Transition],
    *,
    domain: Callable[[Mapping[str, z3.ExprRef]], z3.BoolRef] | None = None,
    rulings: Mapping[str, str] | None = None,
    clauses: Iterable[str] = (),
) -> ProofResult:
    """Prove ``invariant`` by induction: ``init → inv`` and ``inv ∧ T → inv'`` for every
    transition T. The first failure is returned as a counterexample (pre-state, transition)."""
    start = time.perf_counter()
    pre, post = make_vars("pre"), make_vars("post")
    all_clauses = tuple(dict.fromkeys([*clauses, *(c for t in transitions for c in t.clauses)]))
    base = z3.Solver()
    base.add(init(pre))
    if domain is not None:
        base.add(domain(pre))
    base.add(z3.Not(invariant(pre)))
    if base.check() == z3.sat:
        return ProofResult(
            obligation_id,
            "invariant",
            "counterexample",
            time.perf_counter() - start,
            all_clauses,
            statement,
            rulings=dict(rulings or {}),
            witness={"step": "initial state", **model_values(base.model(), pre)},
            detail="the initial state breaks the invariant",
        )
    for transition in transitions:
        solver = z3.Solver()
        solver.add(invariant(pre))
        if domain is not None:
            solver.add(domain(pre))
        solver.add(transition.relation(pre, post))
        solver.add(z3.Not(invariant(post)))
        if solver.check() == z3.sat:
            model = solver.model()
            witness = {
                "transition": transition.name,
                "before": model_values(model, pre),
                "after": model_values(model, post),
            }
            return ProofResult(
                obligation_id,
                "invariant",
                "counterexample",
                time.perf_counter() - start,
                all_clauses,
                statement,
                rulings=dict(rulings or {}),
                witness=witness,
                detail=f"transition {transition.name} breaks the invariant",
            )
    return ProofResult(
        obligation_id,
        "invariant",
        "proved",
        time.perf_counter() - start,
        all_clauses,
        statement,
        rulings=dict(rulings or {}),
        detail=f"inductive over {len(transitions)} transition(s)",
    )


def tabulate(function: Callable[[int], int], domain: Iterable[int], argument: z3.ArithRef, default: int) -> z3.ArithRef:
    """The engine's own function over a finite domain as a Z3 term (an If-chain): the encoding
    is derived from the definition the engine runs, not written a second time."""
    term: z3.ArithRef = z3.IntVal(default)
    for value in domain:
        term = z3.If(argument == value, z3.IntVal(function(value)), term)
    return term


def run_suite(obligations: Sequence[Obligation], overrides: Mapping[str, str] | None = None) -> list[ProofResult]:
    """Run every obligation under every combination of its rulings' readings (a ruling fixed
    by ``overrides`` is tried only with that reading)."""
    overrides = dict(overrides or {})
    table = catalogue()
    results: list[ProofResult] = []
    for obligation in obligations:
        names = [r for r in obligation.rulings if r in table]
        choices = [[overrides[r]] if r in overrides else [x.id for x in table[r].readings] for r in names]
        for combo in product(*choices) if names else [()]:
            chosen = {**{r: table[r].default for r in table}, **dict(zip(names, combo, strict=True))}
            for result in obligation.check(chosen):
                results.append(result)
    return results


def admits(
    transition: Transition,
    make_vars: Callable[[str], dict[str, z3.ExprRef]],
    before: Mapping[str, int | bool],
    after: Mapping[str, int | bool],
) -> bool:
    """Whether the encoded ``transition`` allows the engine's concrete step ``before → after``
    (the differential test's question: does the encoding cover what the engine did?)."""
    pre, post = make_vars("pre"), make_vars("post")
    solver = z3.Solver()
    solver.add(transition.relation(pre, post))
    for values, variables in ((before, pre), (after, post)):
        for name, value in values.items():
            solver.add(variables[name] == (z3.BoolVal(value) if isinstance(value, bool) else z3.IntVal(value)))
    return bool(solver.check() == z3.sat)
