"""The JSON Schemas (draft 2020-12) of what the commands print with ``--json``, as published by
``nemesis-rules schema NAME``. Each is held to the real output of its command by
``tests/cli/test_json_schemas.py``. The record, snapshot and report schemas live beside their
formats (``record/schema.py``, ``findings/report_schema.py``); ``cli/schema.py`` lists them all.
"""

from __future__ import annotations

from typing import Any

_STRING = {"type": "string"}
_STRING_OR_NULL = {"type": ["string", "null"]}
_INT = {"type": "integer", "minimum": 0}
_INT_OR_NULL = {"type": ["integer", "null"]}
_NUMBER = {"type": "number"}
_BOOL = {"type": "boolean"}
_STRINGS = {"type": "array", "items": _STRING}
_INTS = {"type": "array", "items": _INT}
_COUNTS = {"type": "object", "additionalProperties": _INT}
_RULESET = {"enum": ["base", "void-seeders"]}


def _object(properties: dict[str, Any], required: list[str] | None = None, closed: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "object", "properties": properties, "required": required or list(properties)}
    if closed:
        out["additionalProperties"] = False
    return out


def _document(name: str, title: str, body: dict[str, Any]) -> dict[str, Any]:
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://nemesis-rules.invalid/schema/{name}.json",
        "title": title,
        **body,
    }


_END = _object({"reason": _STRING, "survivors": _INTS, "winners": _INTS})
_GAP = _object(
    {
        "clause": _STRING,
        "situation": _STRING,
        "ruling": _STRING_OR_NULL,
        "reading": _STRING_OR_NULL,
        "ruleset": _RULESET,
        "players": _INT,
        "seed": {"type": "integer"},
        "record": _STRING_OR_NULL,
        "step": _INT,
    },
    ["clause", "situation", "ruling", "reading", "seed", "step"],
)


def play_schema() -> dict[str, Any]:
    """``play --json``: one game's summary."""
    return _document(
        "play",
        "nemesis-rules play --json: the summary of one seeded game",
        _object(
            {
                "seed": {"type": "integer"},
                "players": _INT,
                "ruleset": _RULESET,
                "rounds": _INT,
                "steps": _INT,
                "end": _END,
                "characters": {
                    "type": "object",
                    "additionalProperties": _object({"character": _STRING, "status": _STRING}),
                },
                "clauses": _COUNTS,
                "actions": _COUNTS,
                "gaps": {"type": "array", "items": _object({"clause": _STRING, "situation": _STRING}, ["clause"])},
                "player": {"enum": ["goal-seeking", "uniform"]},
            },
            ["seed", "players", "ruleset", "rounds", "steps", "end", "characters", "clauses", "gaps", "player"],
        ),
    )


def replay_schema() -> dict[str, Any]:
    """``replay --json``: legality of a record, every problem with its clause and citation."""
    problem = _object(
        {
            "line": _INT,
            "text": _STRING,
            "kind": {"enum": ["illegal", "rule-gap", "invariant", "engine-error"]},
            "reason": _STRING,
            "clause": _STRING,
            "statement": _STRING,
            "citation": {"type": ["object", "null"]},
            "action": {"type": ["object", "null"]},
            "state": {"type": ["object", "null"]},
        },
        ["line", "text", "kind", "reason", "clause"],
    )
    return _document(
        "replay",
        "nemesis-rules replay --json: is the recorded game legal, line by line",
        _object(
            {
                "file": _STRING,
                "legal": _BOOL,
                "lines": _INT,
                "steps": _INT,
                "rounds": _INT,
                "ended": _BOOL,
                "end": {"oneOf": [_END, {"type": "null"}]},
                "outcome": _STRING,
                "problems": {"type": "array", "items": problem},
            }
        ),
    )


def prove_schema() -> dict[str, Any]:
    """``prove --json``: one result per proof obligation and ruling combination."""
    result = _object(
        {
            "id": _STRING,
            "kind": _STRING,
            "status": _STRING,
            "bound": _INT_OR_NULL,
            "seconds": _NUMBER,
            "clauses": _STRINGS,
            "statement": _STRING,
            "rulings": {"type": "object", "additionalProperties": _STRING},
            "witness": {"type": ["object", "null"]},
            "core": _STRINGS,
            "detail": _STRING,
        }
    )
    return _document("prove", "nemesis-rules prove --json: Z3 proof results", {"type": "array", "items": result})


def fuzz_schema() -> dict[str, Any]:
    """``fuzz --json`` and ``fuzz merge --json`` (and the summary.json a campaign writes)."""
    coverage = _object(
        {
            "clauses": _INT,
            "fired": _INT,
            "refused": _INT,
            "exercised": _INT,
            "percent": _NUMBER,
            "never_fired": _STRINGS,
            "never_exercised": _STRINGS,
            "unreachable": {"type": "object", "additionalProperties": _STRING},
            "never_exercised_reachable": _STRINGS,
        }
    )
    violation = _object(
        {
            "invariant": _STRING,
            "message": _STRING,
            "seed": {"type": "integer"},
            "ruleset": _RULESET,
            "players": _INT,
            "step": _INT,
            "record": _STRING_OR_NULL,
            "replay": _STRING,
        },
        ["invariant", "message", "seed", "ruleset", "players", "step"],
    )
    return _document(
        "fuzz",
        "nemesis-rules fuzz --json: a campaign's summary (also summary.json, and fuzz merge --json)",
        _object(
            {
                "format": {"const": "nemesis-rules-fuzz-summary"},
                "version": _INT,
                "campaign": _object(
                    {
                        "games": _INT,
                        "seed": {"type": "integer"},
                        "players": _INTS,
                        "rulesets": {"type": "array", "items": _RULESET},
                        "rulings": {"type": "object"},
                        "variants": {"type": "object"},
                        "invariants": _STRINGS,
                    },
                    ["games", "seed", "players", "rulesets"],
                ),
                "shard": {"type": ["array", "null"], "items": _INT},
                "games": _INT,
                "steps": _INT,
                "seconds": _NUMBER,
                "steps_per_second": _NUMBER,
                "violations": {"type": "array", "items": violation},
                "gaps": {"type": "array", "items": _GAP},
                "end_reasons": _COUNTS,
                "clauses": _COUNTS,
                "clauses_by_ruleset": {"type": "object", "additionalProperties": _COUNTS},
                "games_by_ruleset": _COUNTS,
                "clause_coverage": {"type": "object", "additionalProperties": coverage},
                "refused": _COUNTS,
                "refused_by_ruleset": {"type": "object", "additionalProperties": _COUNTS},
                "probes": _INT,
                "probe_errors": {"type": "array", "items": {"type": "object"}},
            },
            ["format", "version", "campaign", "games", "steps", "violations", "gaps", "clause_coverage"],
        ),
    )


def board_schema() -> dict[str, Any]:
    """``board --json`` / ``board --format json``: the ship graph."""
    source = _object({"source": _STRING, "status": {"enum": ["transcribed", "reconstructed"]}}, ["source", "status"])
    return _document(
        "board",
        "nemesis-rules board --json: the ship's positions, corridors, technical entrances and rooms",
        _object(
            {
                "name": _STRING,
                "positions": {
                    "type": "array",
                    "items": _object(
                        {
                            "id": _STRING,
                            "kind": {"enum": ["printed", "slot-1", "slot-2"]},
                            "room": _STRING_OR_NULL,
                            "xy": {"type": "array", "items": _NUMBER, "minItems": 2, "maxItems": 2},
                        }
                    ),
                },
                "corridors": {
                    "type": "array",
                    "items": _object(
                        {
                            "id": _STRING,
                            "between": {"type": "array", "items": _STRING, "minItems": 2, "maxItems": 2},
                            "numbers": _INTS,
                            "door": _BOOL,
                        }
                    ),
                },
                "technical_entrances": {"type": "array", "items": _object({"position": _STRING, "numbers": _INTS})},
                "rooms": {
                    "type": "array",
                    "items": _object(
                        {"id": _STRING, "name": _STRING, "colour": _STRING, "action": _STRING, "source": source},
                        ["id", "name", "colour"],
                    ),
                },
                "sources": {"type": "object", "additionalProperties": source},
            }
        ),
    )


_CITATION = _object({"file": _STRING, "section": _STRING})


def clauses_schema() -> dict[str, Any]:
    """``rules list --json``: the catalogued clauses."""
    clause = _object(
        {
            "id": _STRING,
            "family": _STRING,
            "rulesets": {"type": "array", "items": _RULESET},
            "statement": _STRING,
            "citation": _CITATION,
            "trigger": _STRING_OR_NULL,
            "card": _STRING_OR_NULL,
        }
    )
    return _document(
        "clauses", "nemesis-rules rules list --json: catalogued clauses", {"type": "array", "items": clause}
    )


def conflict_entry_schema() -> dict[str, Any]:
    """One entry of the conflict report: the report's own definition (findings/report_schema.py)."""
    from nemesis_rules.findings.report_schema import report_schema  # only when this schema is asked for

    entry: dict[str, Any] = report_schema()["$defs"]["report"]["properties"]["conflicts"]["items"]
    return entry


def clause_schema() -> dict[str, Any]:
    """``rules show ID --json``: a clause's details, or (for a ruling's id) its conflict entry."""
    where = _object({"file": _STRING, "line": _INT}, ["file", "line"])
    details = _object(
        {
            "id": _STRING,
            "family": _STRING,
            "statement": _STRING,
            "rulesets": {"type": "array", "items": _RULESET},
            "trigger": _STRING_OR_NULL,
            "card": _STRING_OR_NULL,
            "citations": {
                "type": "array",
                "items": _object(
                    {
                        "file": _STRING,
                        "section": _STRING,
                        "line": _INT_OR_NULL,
                        "passage": _STRING_OR_NULL,
                        "problem": _STRING_OR_NULL,
                    }
                ),
            },
            "replaces": _STRINGS,
            "replaced_by": _STRINGS,
            "implemented_by": {"type": "array", "items": where},
            "tests": {"type": "array", "items": where},
            "tests_available": _BOOL,
            "rulings": _STRINGS,
            "same_trigger": {"type": "array", "items": _object({"id": _STRING, "status": _STRING})},
        }
    )
    return _document(
        "clause",
        "nemesis-rules rules show ID --json: one clause, or one ruling's entry of the conflict report",
        {"oneOf": [details, conflict_entry_schema()]},
    )


def conflicts_schema() -> dict[str, Any]:
    """``rules conflicts --json``: the entries shown."""
    return _document(
        "conflicts",
        "nemesis-rules rules conflicts --json: every ruling and open finding shown",
        {"type": "array", "items": conflict_entry_schema()},
    )


def coverage_schema() -> dict[str, Any]:
    """``rules coverage --json``: the clauses a campaign exercised."""
    family = _object({"family": _STRING, "fired": _INT, "exercised": _INT, "total": _INT, "percent": _NUMBER})
    ruleset = _object(
        {
            "ruleset": _RULESET,
            "games": _INT,
            "clauses": _INT,
            "fired": _INT,
            "refused": _INT,
            "exercised": _INT,
            "percent": _NUMBER,
            "families": {"type": "array", "items": family},
            "never_fired": _STRINGS,
            "never_exercised": _STRINGS,
            "unreachable": {"type": "object", "additionalProperties": _STRING},
            "never_exercised_reachable": _STRINGS,
            "counts": _COUNTS,
            "refusals": _COUNTS,
            "rulings_fired": _COUNTS,
            "uncatalogued": _COUNTS,
            "outside_ruleset": _COUNTS,
        }
    )
    return _document(
        "coverage",
        "nemesis-rules rules coverage --json: clauses exercised by games, records or a fuzz summary",
        _object(
            {
                "games": _INT,
                "seed": _INT_OR_NULL,
                "records": _STRINGS,
                "summary": _STRING_OR_NULL,
                "overall": _object(
                    {"rulesets": _STRING, "fired": _INT, "exercised": _INT, "total": _INT, "percent": _NUMBER}
                ),
                "rulesets": {"type": "array", "items": ruleset},
                "gaps": {"type": "array", "items": _GAP},
                "failures": {"type": "array", "items": {"type": "object"}},
            }
        ),
    )


def alignment_schema() -> dict[str, Any]:
    """``rules alignment --json``: every unit of the rule texts and the clauses it maps to."""
    unit = _object(
        {
            "file": _STRING,
            "line": _INT,
            "index": _INT,
            "text": _STRING,
            "clauses": _STRINGS,
            "status": _STRING,
            "reason": _STRING_OR_NULL,
        },
        ["file", "line", "index", "text", "clauses", "status"],
    )
    return _document(
        "alignment",
        "nemesis-rules rules alignment --json: each sentence of the rule texts and its clauses",
        {"type": "array", "items": unit},
    )


def search_schema() -> dict[str, Any]:
    """``rules search TEXT --json``: clauses and (with the rule texts) passages that match."""
    clause = _object({"id": _STRING, "statement": _STRING, "matched": {"enum": ["id", "statement"]}})
    passage = _object({"file": _STRING, "line": _INT, "text": _STRING, "clauses": _STRINGS})
    return _document(
        "search",
        "nemesis-rules rules search TEXT --json: where the words occur",
        _object(
            {
                "query": _STRING,
                "texts": _BOOL,
                "clauses": {"type": "array", "items": clause},
                "passages": {"type": "array", "items": passage},
            }
        ),
    )


def _with_record_lines(name: str, title: str, body: dict[str, Any]) -> dict[str, Any]:
    """A document whose record lines (``#/$defs/Decision`` and ``#/$defs/Outcome``) are the record
    schema's own definitions, so a line an answer prints is held to the declared action words."""
    from nemesis_rules.record.schema import record_schema  # only when this schema is asked for

    defs = record_schema()["$defs"]
    words = sorted(key.removeprefix("action-") for key in defs if key.startswith("action-"))
    # a legal entry's line leaves the payment out (its ways to pay are listed beside it), and an
    # asked line is what the user wrote, which may leave out what the rules then refuse it for
    defs = defs | {
        "PartialDecision": {
            "type": "object",
            "description": "A decision's record line, its payment or choices perhaps left out: at least the "
            "player and a declared action word.",
            "properties": {"player": {"type": "integer", "minimum": 1, "maximum": 5}, "action": {"enum": words}},
            "required": ["player", "action"],
        }
    }
    return _document(name, title, body | {"$defs": defs})


_LINE = {"oneOf": [{"$ref": "#/$defs/PartialDecision"}, {"$ref": "#/$defs/Outcome"}]}
_DECISION = {"$ref": "#/$defs/Decision"}
_WAYS = {"type": "array", "items": _STRINGS, "minItems": 1}
_CITED = {
    "type": ["object", "null"],
    "properties": {"file": _STRING, "section": _STRING},
    "required": ["file", "section"],
}
_POINT = {"file": _STRING, "point": _STRING, "note": _STRING_OR_NULL}


def legal_schema() -> dict[str, Any]:
    """``legal GAME|SITUATION --json``: the legal decisions grouped by kind, the chance outcomes with
    their weights, and the natural mistakes with the clause that refuses each."""
    entry = _object(
        {"line": {"$ref": "#/$defs/PartialDecision"}, "pay": {"oneOf": [_WAYS, {"type": "null"}]}}, closed=True
    )
    group = _object(
        {"kind": _STRING, "clause": _STRING, "decisions": _INT, "entries": {"type": "array", "items": entry}},
        closed=True,
    )
    outcome = _object({"line": {"$ref": "#/$defs/Outcome"}, "weight": {"type": "integer", "minimum": 1}}, closed=True)
    mistake = _object(
        {
            "what": _STRING,
            "line": _DECISION,
            "reason": _STRING,
            "clause": _STRING,
            "statement": _STRING,
            "citation": _CITED,
        },
        closed=True,
    )
    return _with_record_lines(
        "legal",
        "nemesis-rules legal --json: every legal decision at a point, and why the natural mistakes are not",
        _object(
            _POINT
            | {
                "state": _STRING,
                "next": _STRING,
                "decisions": _INT,
                "groups": {"type": "array", "items": group},
                "outcomes": {"type": "array", "items": outcome},
                "mistakes": {"type": "array", "items": mistake},
            },
            closed=True,
        ),
    )


def ask_schema() -> dict[str, Any]:
    """``ask GAME|SITUATION ACTION --json``: legal or not, the clause and citation; when legal, the
    clauses fired, what changed and whose move is next."""
    answer = _object(
        _POINT
        | {
            "line": _LINE,
            "legal": _BOOL,
            "reason": _STRING,
            "clause": _STRING,
            "statement": _STRING,
            "citation": _CITED,
            "state": _STRING,
            "pay": _WAYS,
            "fired": _STRINGS,
            "changed": _STRINGS,
            "next": _STRING_OR_NULL,
        },
        ["file", "point", "note", "line", "legal", "reason", "clause", "statement", "citation", "state"],
        closed=True,
    )
    # fired, changed and next are given exactly when the action is legal
    answer["if"] = {"properties": {"legal": {"const": True}}}
    answer["then"] = {"required": ["fired", "changed", "next"]}
    answer["else"] = {"not": {"anyOf": [{"required": [key]} for key in ("fired", "changed", "next")]}}
    return _with_record_lines("ask", "nemesis-rules ask --json: is this action legal here, and what it does", answer)


def situation_check_schema() -> dict[str, Any]:
    """``situation check FILE --json``: a possible table (an impossible one is bad input, exit 2)."""
    return _document(
        "situation-check",
        "nemesis-rules situation check --json: the situation file is a possible table",
        _object(
            {"file": _STRING, "possible": {"const": True}, "question": _STRING_OR_NULL, "state": _STRING},
            closed=True,
        ),
    )


def conformance_run_schema() -> dict[str, Any]:
    """``conformance run DIR --engine COMMAND --json``: every case run, passed or failed with the differences."""
    from nemesis_rules.conformance.cases import KINDS  # only when this schema is asked for

    result = _object(
        {
            "id": _STRING,
            "kind": {"enum": list(KINDS)},
            "title": _STRING,
            "clause": _STRING_OR_NULL,
            "passed": _BOOL,
            "differences": _STRINGS,
        },
        closed=True,
    )
    result["if"] = {"properties": {"passed": {"const": True}}}
    result["then"] = {"properties": {"differences": {"maxItems": 0}}}
    result["else"] = {"properties": {"differences": {"minItems": 1}}}
    summary = _object({"cases": _INT, "passed": _INT, "failed": _INT, "seconds": _NUMBER}, closed=True)
    return _document(
        "conformance-run",
        "nemesis-rules conformance run --json: an engine's result on each case of a conformance suite",
        _object({"summary": summary, "results": {"type": "array", "items": result}}, closed=True),
    )
