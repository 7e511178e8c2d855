"""The clause a ruleset states for a step the rulesets share (design.md, principles 4 and 5).

Setup, the Encounter and an Intruder's attack run the same procedure code in every ruleset, but
some of their steps are worded by each ruleset in its own clause (Void Seeders replaces the base
game's setup of the Intruder board, its Encounter draw, its Surprise Attack ...). Shared code
asks :func:`ruleset_clause` for the clause in force instead of naming the base one; each ruleset
registers its own wording from its hooks module (the base game from ``base_hooks``). A step a
ruleset has not registered names no clause there: that ruleset's own code fires what holds.
"""

from __future__ import annotations

from collections.abc import Mapping

from nemesis_rules.model.core.config import GameConfig
from nemesis_rules.model.data import tables

_CLAUSES: dict[tuple[str, str], str] = {}


def register_clauses(ruleset: str, clauses: Mapping[str, str]) -> None:
    """Record ``ruleset``'s clause for each shared step in ``clauses`` (step name -> clause id)."""
    for step, clause in clauses.items():
        _CLAUSES[(ruleset, step)] = clause


def ruleset_clause(config: GameConfig, step: str) -> str:
    """The clause the game's ruleset states for ``step``, or "" when it names none."""
    tables.hooks(config)  # loads every ruleset's hooks module, and so their registrations
    return _CLAUSES.get((config.ruleset.name, step), "")
