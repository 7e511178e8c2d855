"""The conformance suite for other engines, as the DATC is for Diplomacy adjudicators.

* :mod:`.cases` builds the numbered cases by playing this engine: clauses that act, refusals,
  the rulings' scenarios under each reading, and legal-action sets of sampled states.
* :mod:`.suite` writes and reads a suite (``manifest.json`` and ``cases/<kind>.jsonl``);
  :mod:`.schema` is its JSON Schema (``nemesis-rules schema conformance``).
* :mod:`.protocol` is the JSON Lines protocol an engine speaks on stdin/stdout and this engine
  behind it (``nemesis-rules conformance serve``); :mod:`.facts` the state facts it reports.
* :mod:`.runner` drives an engine through a suite and reports each case (``conformance run``).

``docs/conformance.md`` describes the protocol and the case format for an engine's authors.
"""

from nemesis_rules.conformance.cases import KINDS, Harvest, SuiteOptions, build_cases, posable_clauses
from nemesis_rules.conformance.facts import FACT_KEYS, fact_differences, state_facts
from nemesis_rules.conformance.protocol import PROTOCOL, PROTOCOL_VERSION, Server, serve
from nemesis_rules.conformance.runner import CaseResult, Engine, EngineError, run_case, run_cases
from nemesis_rules.conformance.schema import conformance_schema
from nemesis_rules.conformance.suite import SUITE_FORMAT, SUITE_VERSION, read_manifest, read_suite, write_suite

__all__ = [
    "FACT_KEYS",
    "KINDS",
    "PROTOCOL",
    "PROTOCOL_VERSION",
    "SUITE_FORMAT",
    "SUITE_VERSION",
    "CaseResult",
    "Engine",
    "EngineError",
    "Harvest",
    "Server",
    "SuiteOptions",
    "build_cases",
    "cases",
    "conformance_schema",
    "fact_differences",
    "facts",
    "posable_clauses",
    "protocol",
    "read_manifest",
    "read_suite",
    "run_case",
    "run_cases",
    "runner",
    "schema",
    "serve",
    "state_facts",
    "suite",
    "write_suite",
]
