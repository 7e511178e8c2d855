"""A conformance suite on disk: ``DIR/manifest.json`` and one JSON Lines file of cases per kind.

``manifest.json`` names the suite format and version, how the suite was built, how many cases of
each kind there are and in which file, and which clauses the cases cover of those that can be
posed. ``cases/<kind>.jsonl`` holds one case per line (``nemesis-rules schema conformance``
describes both). Written atomically, file by file.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import asdict
from pathlib import Path
from typing import Any

from nemesis_rules.atomic import write_atomic
from nemesis_rules.conformance.cases import KINDS, Harvest, posable_clauses
from nemesis_rules.conformance.facts import FACT_KEYS
from nemesis_rules.conformance.protocol import PROTOCOL, PROTOCOL_VERSION
from nemesis_rules.errors import BadInputError

__all__ = [
    "SUITE_FORMAT",
    "SUITE_VERSION",
    "covered_clauses",
    "read_manifest",
    "read_suite",
    "write_suite",
]

SUITE_FORMAT = "nemesis-rules-conformance-suite"
SUITE_VERSION = 1


def covered_clauses(cases: Mapping[str, list[dict[str, Any]]]) -> set[str]:
    """Every clause a case holds an engine to: fired by a legal step or cited by a refusal."""
    out: set[str] = set()
    for found in cases.values():
        for case in found:
            for item in case.get("steps", ()):
                out.update(item.get("fired", ()))
                if item.get("clause"):
                    out.add(item["clause"])
    return out


def _case_file(kind: str) -> str:
    return f"cases/{kind}.jsonl"


def write_suite(folder: Path, harvest: Harvest) -> dict[str, Any]:
    """Write the suite of ``harvest`` under ``folder``; returns the manifest."""
    posable = posable_clauses(harvest.options.rulesets)
    covered = covered_clauses(harvest.cases) & posable
    manifest = {
        "format": SUITE_FORMAT,
        "version": SUITE_VERSION,
        "protocol": {"name": PROTOCOL, "version": PROTOCOL_VERSION},
        "built_with": {**asdict(harvest.options), "rulesets": list(harvest.options.rulesets)},
        "facts": list(FACT_KEYS),
        "files": {kind: _case_file(kind) for kind in KINDS},
        "counts": {kind: len(harvest.cases[kind]) for kind in KINDS},
        "coverage": {
            "posable": len(posable),
            "covered": len(covered),
            "uncovered": sorted(posable - covered),
        },
        "stale_clause_tests": harvest.stale,
    }
    try:
        (folder / "cases").mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BadInputError(f"cannot create the suite's folder ({exc.strerror})", str(folder)) from None
    for kind in KINDS:
        text = "".join(json.dumps(case, separators=(",", ":"), sort_keys=True) + "\n" for case in harvest.cases[kind])
        write_atomic(folder / _case_file(kind), text)
    write_atomic(folder / "manifest.json", json.dumps(manifest, indent=2) + "\n")
    return manifest


def read_manifest(folder: Path) -> dict[str, Any]:
    """The suite's manifest; bad input when it is missing, not JSON, or of another format or version."""
    path = folder / "manifest.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise BadInputError(f"cannot read the suite's manifest ({exc.strerror})", str(path)) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise BadInputError(f"the manifest is not JSON ({exc})", str(path)) from None
    if not isinstance(data, dict) or data.get("format") != SUITE_FORMAT:
        raise BadInputError(f"not a conformance suite: 'format' must be {SUITE_FORMAT!r}", str(path))
    if data.get("version") != SUITE_VERSION:
        raise BadInputError(
            f"unsupported suite version {data.get('version')!r} (this reads {SUITE_VERSION})", str(path)
        )
    files = data.get("files")
    if not isinstance(files, dict) or not all(isinstance(v, str) for v in files.values()):
        raise BadInputError("the manifest's 'files' must map each kind to a file", str(path))
    return data


def read_suite(folder: Path, kinds: tuple[str, ...] = KINDS) -> Iterator[dict[str, Any]]:
    """Every case of ``kinds``, in order; bad input naming file and line for a line that is not a case."""
    files = read_manifest(folder)["files"]
    for kind in kinds:
        name = files.get(kind)
        if name is None:
            continue
        path = folder / name
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except OSError as exc:
            raise BadInputError(f"cannot read the cases ({exc.strerror})", str(path)) from None
        for number, line in enumerate(lines, start=1):
            try:
                case = json.loads(line)
            except json.JSONDecodeError as exc:
                raise BadInputError(f"not JSON: {exc.msg}", f"{path}:{number}") from None
            problem = _case_problem(case)
            if problem is not None:
                raise BadInputError(problem, f"{path}:{number}")
            yield case


def _case_problem(case: object) -> str | None:
    """What makes ``case`` unusable by the runner (the schema says the rest), or None."""
    if not isinstance(case, dict) or not isinstance(case.get("id"), str) or "situation" not in case:
        return "a case is an object with 'id' and 'situation'"
    steps = case.get("steps", [])
    if not isinstance(steps, list) or not all(
        isinstance(s, dict) and isinstance(s.get("action"), dict) and isinstance(s.get("legal"), bool) for s in steps
    ):
        return f"case {case['id']}: 'steps' must be a list of objects with 'action' and 'legal'"
    if "legal" in case and not isinstance(case["legal"], list):
        return f"case {case['id']}: 'legal' must be a list of record lines"
    if "facts" in case and case["facts"] is not None and not isinstance(case["facts"], dict):
        return f"case {case['id']}: 'facts' must be an object"
    return None
