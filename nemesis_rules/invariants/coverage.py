"""Clause coverage: which catalogued clauses a campaign of games (or any list of fired ids) exercised.

A clause is exercised under a ruleset when a game of that ruleset fired it, or when ``check`` refused a
decision in such a game citing it (a restriction never fires on a legal step; fuzzing's refusal probes,
:mod:`nemesis_rules.invariants.probes`, ask about decisions that are not legal). Coverage is given per
ruleset (over the clauses in force under it) and per family (``base.noise``, ``vs.lurking``, ...), with the
clauses never fired and those never exercised either way. Ids that fired but are rulings are counted apart;
ids that are neither clauses nor rulings are listed as uncatalogued (an engine that names them is a bug the
catalogue tests also catch), and clauses that fired in a game of a ruleset they are not in force under (a
replaced base clause in a Void Seeders game) are listed as outside the ruleset: both are engine bugs worth a
look.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from nemesis_rules.rulebook.catalogue import Clause, catalogue, clauses_for
from nemesis_rules.rulebook.rulings import rulings

__all__ = ["FamilyCoverage", "RulesetCoverage", "overall_coverage", "ruleset_coverage"]


def _percent(part: int, whole: int) -> float:
    return round(100.0 * part / whole, 1) if whole else 0.0


@dataclass(frozen=True, slots=True)
class FamilyCoverage:
    """How many clauses of one family fired and how many were exercised (fired or refused), of how many."""

    family: str
    fired: int
    total: int
    exercised: int

    @property
    def percent(self) -> float:
        """The share exercised."""
        return _percent(self.exercised, self.total)


@dataclass(frozen=True, slots=True)
class RulesetCoverage:
    """Coverage of the clauses in force under one ruleset by what its games fired (``counts``) and what
    ``check`` refused citing a clause (``refusals``)."""

    ruleset: str
    games: int
    clauses: tuple[Clause, ...]
    counts: Mapping[str, int]
    rulings_fired: Mapping[str, int]
    uncatalogued: Mapping[str, int]
    outside_ruleset: Mapping[str, int]
    refusals: Mapping[str, int] = field(default_factory=dict)

    @property
    def fired(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.clauses if self.counts.get(c.id, 0) > 0)

    @property
    def never_fired(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.clauses if self.counts.get(c.id, 0) == 0)

    @property
    def refused(self) -> tuple[str, ...]:
        """The clauses some refusal cited."""
        return tuple(c.id for c in self.clauses if self.refusals.get(c.id, 0) > 0)

    def _exercised(self, clause_id: str) -> bool:
        return self.counts.get(clause_id, 0) > 0 or self.refusals.get(clause_id, 0) > 0

    @property
    def exercised(self) -> tuple[str, ...]:
        """The clauses that fired or were cited by a refusal."""
        return tuple(c.id for c in self.clauses if self._exercised(c.id))

    @property
    def never_exercised(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.clauses if not self._exercised(c.id))

    @property
    def percent(self) -> float:
        """The share of the clauses in force that were exercised."""
        return _percent(len(self.exercised), len(self.clauses))

    @property
    def unreachable(self) -> dict[str, str]:
        """The clauses in force that no game of this ruleset can meet, with why (the catalogue's
        ``unreachable``); they stay among the clauses (and in ``never_exercised``)."""
        out = {}
        for item in self.clauses:
            reason = item.unreachable_under(self.ruleset)
            if reason is not None:
                out[item.id] = reason
        return out

    @property
    def never_exercised_reachable(self) -> tuple[str, ...]:
        """The clauses never exercised that a game of this ruleset could meet: what is left to reach."""
        unreachable = self.unreachable
        return tuple(cid for cid in self.never_exercised if cid not in unreachable)

    def families(self) -> tuple[FamilyCoverage, ...]:
        """Coverage per family key (``base.noise``), sorted by key."""
        totals: Counter[str] = Counter()
        hits: Counter[str] = Counter()
        exercised: Counter[str] = Counter()
        for item in self.clauses:
            key = ".".join(item.id.split(".")[:2])
            totals[key] += 1
            hits[key] += self.counts.get(item.id, 0) > 0
            exercised[key] += self._exercised(item.id)
        return tuple(FamilyCoverage(key, hits[key], totals[key], exercised[key]) for key in sorted(totals))

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "games": self.games,
            "clauses": len(self.clauses),
            "fired": len(self.fired),
            "refused": len(self.refused),
            "exercised": len(self.exercised),
            "percent": self.percent,
            "families": [
                {"family": f.family, "fired": f.fired, "exercised": f.exercised, "total": f.total, "percent": f.percent}
                for f in self.families()
            ],
            "never_fired": list(self.never_fired),
            "never_exercised": list(self.never_exercised),
            "unreachable": self.unreachable,
            "never_exercised_reachable": list(self.never_exercised_reachable),
            "counts": {cid: self.counts[cid] for cid in self.fired},
            "refusals": {cid: self.refusals[cid] for cid in self.refused},
            "rulings_fired": dict(sorted(self.rulings_fired.items())),
            "uncatalogued": dict(sorted(self.uncatalogued.items())),
            "outside_ruleset": dict(sorted(self.outside_ruleset.items())),
        }


def ruleset_coverage(
    ruleset: str, fired: Mapping[str, int], games: int, refused: Mapping[str, int] | None = None
) -> RulesetCoverage:
    """Coverage of ``ruleset``'s clauses by ``fired`` (id -> how often it fired) and ``refused`` (id -> how
    often a refusal cited it) over ``games`` games. Refusals citing ids not in force are ignored (``check``
    names rulings and clauses of the frame open, which need not be clauses of this ruleset)."""
    table = catalogue()
    known_rulings = rulings()
    in_force = clauses_for(ruleset)
    in_force_ids = {c.id for c in in_force}
    return RulesetCoverage(
        ruleset=ruleset,
        games=games,
        clauses=in_force,
        counts={cid: n for cid, n in fired.items() if cid in in_force_ids and n > 0},
        outside_ruleset={cid: n for cid, n in fired.items() if cid in table and cid not in in_force_ids and n > 0},
        rulings_fired={cid: n for cid, n in fired.items() if cid in known_rulings and n > 0},
        uncatalogued={cid: n for cid, n in fired.items() if cid not in table and cid not in known_rulings and n > 0},
        refusals={cid: n for cid, n in (refused or {}).items() if cid in in_force_ids and n > 0},
    )


def overall_coverage(coverages: tuple[RulesetCoverage, ...] | list[RulesetCoverage]) -> FamilyCoverage:
    """Coverage of the clauses in force under any of the rulesets played: a clause counts as exercised when
    a game of a ruleset it belongs to fired it or refused a decision citing it."""
    total = {c.id for cov in coverages for c in cov.clauses}
    fired = {cid for cov in coverages for cid in cov.fired}
    exercised = {cid for cov in coverages for cid in cov.exercised}
    return FamilyCoverage("+".join(cov.ruleset for cov in coverages) or "none", len(fired), len(total), len(exercised))
