"""The JSON Schema (draft 2020-12) of a conformance suite: its manifest and its cases
(``nemesis-rules schema conformance``). A case's situation is a state snapshot and its actions are
record lines, so the schema carries the record schema's definitions (snapshot, declared action
words and chance nodes) and refers to them."""

from __future__ import annotations

from typing import Any

from nemesis_rules.conformance.cases import KINDS
from nemesis_rules.conformance.facts import FACT_KEYS
from nemesis_rules.conformance.suite import SUITE_FORMAT, SUITE_VERSION
from nemesis_rules.record.schema import DRAFT, record_schema

__all__ = ["conformance_schema"]

_LINE = {"oneOf": [{"$ref": "#/$defs/Decision"}, {"$ref": "#/$defs/Outcome"}]}
_CLAUSE = {"type": ["string", "null"]}
_STRINGS = {"type": "array", "items": {"type": "string"}}


def _step() -> dict[str, Any]:
    return {
        "type": "object",
        "description": "One action and its expected verdict: legal with the clauses it fires, or refused under "
        "a clause (the state then stays as it was).",
        "properties": {"action": _LINE, "legal": {"type": "boolean"}, "fired": _STRINGS, "clause": _CLAUSE},
        "required": ["action", "legal"],
        "additionalProperties": False,
    }


def _case() -> dict[str, Any]:
    reading = {
        "type": "object",
        "description": "A ruling's reading under which the answer is other (clause and refusal cases: the "
        "steps and the facts that differ under it) or the reading this case is played under (ruling cases).",
        "properties": {
            "ruling": {"type": "string"},
            "reading": {"type": "string"},
            "default": {"type": "boolean"},
            "question": {"type": "string"},
            "steps": {"type": "array", "items": {"$ref": "#/$defs/Step"}},
            "differing_facts": _STRINGS,
        },
        "required": ["ruling", "reading"],
        "additionalProperties": False,
    }
    return {
        "type": "object",
        "description": "One numbered case: a situation, then either actions with their verdicts and the facts "
        "after them, or the set of every legal action there.",
        "properties": {
            "id": {"type": "string", "pattern": "^(clause|refusal|ruling|legal)-[0-9]{4,}$"},
            "kind": {"enum": list(KINDS)},
            "title": {"type": "string"},
            "clause": _CLAUSE,
            "citation": {
                "type": ["object", "null"],
                "properties": {
                    "statement": {"type": "string"},
                    "file": {"type": "string"},
                    "section": {"type": "string"},
                },
                "required": ["statement", "file", "section"],
                "additionalProperties": False,
            },
            "ruleset": {"type": "string"},
            "players": {"type": "integer", "minimum": 1, "maximum": 5},
            "situation": {"$ref": "#/$defs/Snapshot"},
            "source": {
                "type": "object",
                "description": "Where the case comes from: a seeded game and step, or a scenario.",
            },
            "steps": {"type": "array", "items": {"$ref": "#/$defs/Step"}, "minItems": 1},
            "facts": {"$ref": "#/$defs/Facts"},
            "legal": {"type": "array", "items": _LINE},
            "rulings": {"type": "array", "items": reading},
        },
        "required": ["id", "kind", "title", "clause", "ruleset", "players", "situation", "source"],
        "additionalProperties": False,
        "oneOf": [{"required": ["steps", "facts"]}, {"required": ["legal"]}],
    }


def _manifest() -> dict[str, Any]:
    return {
        "type": "object",
        "description": "manifest.json: the suite's format and version, how it was built, its files and counts, "
        "and the clauses it covers of those that can be posed.",
        "properties": {
            "format": {"const": SUITE_FORMAT},
            "version": {"const": SUITE_VERSION},
            "protocol": {
                "type": "object",
                "properties": {"name": {"type": "string"}, "version": {"type": "integer"}},
                "required": ["name", "version"],
            },
            "built_with": {"type": "object"},
            "facts": {"type": "array", "items": {"enum": list(FACT_KEYS)}},
            "files": {"type": "object", "additionalProperties": {"type": "string"}},
            "counts": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}},
            "stale_clause_tests": {
                "type": "integer",
                "minimum": 0,
                "description": "Clause-test situations that no longer load or no longer give their answer "
                "(regenerate them with tests/conformance/harvest_clause_tests.py).",
            },
            "coverage": {
                "type": "object",
                "properties": {
                    "posable": {"type": "integer"},
                    "covered": {"type": "integer"},
                    "uncovered": _STRINGS,
                },
                "required": ["posable", "covered", "uncovered"],
            },
        },
        "required": ["format", "version", "protocol", "files", "counts", "coverage"],
        "additionalProperties": False,
    }


def conformance_schema() -> dict[str, Any]:
    """The schema of ``manifest.json`` and of each line of ``cases/<kind>.jsonl``."""
    defs = dict(record_schema()["$defs"])
    defs["Step"] = _step()
    defs["Case"] = _case()
    defs["Manifest"] = _manifest()
    defs["Facts"] = {
        "type": "object",
        "description": "The state facts an engine reports (docs/conformance.md lists each).",
        "properties": {key: {} for key in FACT_KEYS},
        "required": list(FACT_KEYS),
        "additionalProperties": False,
    }
    return {
        "$schema": DRAFT,
        "$id": f"https://nemesis-rules.invalid/schema/conformance-v{SUITE_VERSION}.json",
        "title": "nemesis-rules conformance suite",
        "description": "A suite is DIR/manifest.json (a Manifest) and DIR/cases/<kind>.jsonl, one Case per line.",
        "oneOf": [{"$ref": "#/$defs/Manifest"}, {"$ref": "#/$defs/Case"}],
        "$defs": defs,
    }
