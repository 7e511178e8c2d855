"""The JSON Schema of the check's report, as published by ``nemesis-rules schema report``: it
validates both ``report.json`` (format ``nemesis-rules-check``) and the summary ``check --json``
prints (format ``nemesis-rules-check-summary``), told apart by their ``format``."""

from __future__ import annotations

from typing import Any

from nemesis_rules.findings.check import REPORT_FORMAT, REPORT_VERSION, SUMMARY_FORMAT

_STRING = {"type": "string"}
_INT = {"type": "integer", "minimum": 0}
_STRINGS = {"type": "array", "items": _STRING}


def _object(properties: dict[str, Any], required: list[str] | None = None) -> dict[str, Any]:
    return {"type": "object", "properties": properties, "required": required or list(properties)}


def report_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the check's report file and of its printed summary."""
    full = _report()
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://nemesis-rules.invalid/schema/report.json",
        "title": "nemesis-rules check report (report.json) or its summary (check --json)",
        "$defs": {"report": full, "summary": _summary(full)},
        "oneOf": [{"$ref": "#/$defs/report"}, {"$ref": "#/$defs/summary"}],
    }


def _report() -> dict[str, Any]:
    """The schema of report.json."""
    passage = _object(
        {
            "file": _STRING,
            "section": _STRING,
            "line": {"type": ["integer", "null"]},
            "text": {"type": ["string", "null"]},
        }
    )
    entry = _object(
        {
            "id": _STRING,
            "kind": {"enum": ["contradiction", "ambiguity", "gap", "data", "settled"]},
            "severity": {"enum": ["play", "setup", "wording", "unrated"]},
            "finder": _STRING,
            "family": _STRING,
            "question": _STRING,
            "status": {"enum": ["decided", "open"]},
            "readings": {"type": "array", "items": _object({"id": _STRING, "summary": _STRING})},
            "default": {"type": ["string", "null"]},
            "reason": _STRING,
            "erratum": {"type": ["string", "null"]},
            "clauses": _STRINGS,
            "rulesets": _STRINGS,
            "concerns": _STRINGS,
            "sources": {"type": "array", "items": _object({"file": _STRING, "section": _STRING})},
            "passages": {"type": "array", "items": passage},
            "situation": {"type": ["object", "null"]},
            "situation_note": _STRING,
        }
    )
    proof = _object(
        {"id": _STRING, "status": _STRING, "detail": _STRING, "rulings": {"type": "object"}},
    )
    coverage = _object(
        {
            "clauses": _INT,
            "exercised": _INT,
            "percent": {"type": "number"},
            "never_exercised_reachable": _STRINGS,
            "unreachable": {"type": "object"},
        }
    )
    verdict = _object(
        {
            "ok": {"type": "boolean"},
            "violations": _INT,
            "proofs_failed": _INT,
            "board_problems": _INT,
            "conflicts": _INT,
            "by_kind": {"type": "object", "additionalProperties": _INT},
            "by_severity": {"type": "object", "additionalProperties": _INT},
            "summary": _STRING,
        }
    )
    return {
        "title": "report.json",
        **_object(
            {
                "format": {"const": REPORT_FORMAT},
                "version": {"const": REPORT_VERSION},
                "rulesets": _STRINGS,
                "rulings": {"type": "object", "additionalProperties": _STRING},
                "budget_seconds": {"type": "number"},
                "seconds": {"type": "number"},
                "rule_texts": {"type": "boolean"},
                "verdict": verdict,
                "board": _object({"problems": _STRINGS}),
                "proofs": {"type": "array", "items": proof},
                "conflicts": {"type": "array", "items": entry},
                "alignment": _object(
                    {"available": {"type": "boolean"}, "counts": {"type": "object"}, "open": {"type": "array"}},
                ),
                "fuzz": _object(
                    {
                        "games": _INT,
                        "steps": _INT,
                        "violations": {"type": "array", "items": {"type": "object"}},
                        "gaps": _INT,
                        "gaps_first": {"type": "array"},
                        "end_reasons": {"type": "object"},
                    }
                ),
                "invariants": {
                    "type": "array",
                    "items": _object({"id": _STRING, "statement": _STRING, "clause": _STRING}),
                },
                "coverage": {"type": "object", "additionalProperties": coverage},
            }
        ),
    }


def _summary(full: dict[str, Any]) -> dict[str, Any]:
    """The schema of ``check --json``: the verdict, where the report was written, how long it took."""
    return {
        "title": "check --json",
        **_object(
            {
                "format": {"const": SUMMARY_FORMAT},
                "version": {"const": REPORT_VERSION},
                "verdict": full["properties"]["verdict"],
                "written": {"type": "object", "additionalProperties": _STRING},
                "seconds": {"type": "number"},
            }
        ),
    }
