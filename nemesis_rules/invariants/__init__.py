"""Named invariants: predicates over states and steps that every legal game satisfies
(design.md, principle 6).

* :func:`catalogue` — every invariant, each with an id, a one-line statement, the clause it
  rests on (``Invariant.citation()`` gives file and section), the rulesets it applies to and
  its predicate;
* :func:`violations` / :func:`step_violations` — every invariant a state (or a transition)
  breaks, not only the first;
* :class:`Checker` — the incremental form the fuzzer runs after every transition;
* :func:`load_user_invariant` — a user's own ``FILE.py:NAME`` function as an invariant.

>>> from nemesis_rules.model.game import start
>>> violations(start("base", 2))
[]
"""

from nemesis_rules.invariants.catalogue import (
    catalogue,
    for_ruleset,
    invariant,
    start_problems,
    step_violations,
    violations,
)
from nemesis_rules.invariants.checker import Checker
from nemesis_rules.invariants.core import Invariant, Violation
from nemesis_rules.invariants.user import load_user_invariant, user_invariant

__all__ = [
    "Checker",
    "Invariant",
    "Violation",
    "catalogue",
    "for_ruleset",
    "invariant",
    "load_user_invariant",
    "start_problems",
    "step_violations",
    "user_invariant",
    "violations",
]
