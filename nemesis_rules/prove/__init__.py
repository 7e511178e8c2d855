"""Z3 proofs of invariants over every state, and witnesses for conflicting clauses.

Each obligation encodes the engine's own rule (a transition) symbolically, proves an
invariant inductively (it holds initially and every transition keeps it), or reports a
counterexample; a differential test holds each encoding to the engine on sampled states
(design.md, principle 7).
"""

from nemesis_rules.prove.core import Obligation, ProofResult, run_suite

__all__ = ["Obligation", "ProofResult", "run_suite"]
