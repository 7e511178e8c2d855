"""The implementation ratchet: which catalogued clauses no engine code or no test names yet.

Design principle 4 asks that every catalogued clause has code that implements it and a test that names it
(see :mod:`.references` for what "names" means). While the engine is being written, the clauses that lack
one or the other are listed in ``data/unimplemented.txt``, one per line with what is missing (``code``,
``test`` or both). The list may only shrink: ``tests/rulebook/test_ratchet.py`` fails when a listed clause
has gained what the list says it lacks (take it off the list) and when a clause that is not listed lacks
code or a test (implement and test it; a new clause is no exception).

Regenerate the list (after the full test suite passes) with::

    python -m nemesis_rules.rulebook.ratchet --write

which refuses to add entries unless ``--allow-growth`` is given.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from nemesis_rules.rulebook.catalogue import catalogue
from nemesis_rules.rulebook.references import clause_implementations, clause_tests

__all__ = [
    "ASPECTS",
    "LIST_PATH",
    "RatchetDiff",
    "compare",
    "current_gaps",
    "load_list",
    "main",
    "parse_list",
    "render_list",
]

ASPECTS: tuple[str, ...] = ("code", "test")
LIST_PATH = Path(__file__).resolve().parent / "data" / "unimplemented.txt"
HEADER = """\
# Catalogued clauses that no engine code names yet ("code") or that no test names yet ("test").
# THIS LIST MUST ONLY SHRINK. tests/rulebook/test_ratchet.py fails when a listed clause gains what is
# listed as missing (delete that word or line) and when a clause not listed lacks code or a test.
# Regenerate after the full test suite passes:  python -m nemesis_rules.rulebook.ratchet --write
# ("--allow-growth" is needed to add entries; adding is for clauses whose implementation is not due yet).
"""

Gaps = Mapping[str, frozenset[str]]


def current_gaps() -> Gaps:
    """Every catalogued clause that lacks code or a test, with what it lacks (``code`` and/or ``test``)."""
    ids = frozenset(catalogue())
    code = clause_implementations(ids)
    tests = clause_tests(ids)
    gaps: dict[str, frozenset[str]] = {}
    for clause_id in sorted(ids):
        missing = frozenset(a for a, found in (("code", code[clause_id]), ("test", tests[clause_id])) if not found)
        if missing:
            gaps[clause_id] = missing
    return MappingProxyType(gaps)


def parse_list(text: str) -> Gaps:
    """Parse the list's text; a malformed line raises ``ValueError`` naming its line number."""
    gaps: dict[str, frozenset[str]] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        clause_id, *aspects = line.split()
        if not aspects or any(a not in ASPECTS for a in aspects) or clause_id in gaps:
            raise ValueError(f"line {number}: expected '<clause id> code|test [code|test]', got {raw!r}")
        gaps[clause_id] = frozenset(aspects)
    return MappingProxyType(gaps)


def load_list(path: Path = LIST_PATH) -> Gaps:
    """The checked-in list (empty if the file does not exist)."""
    return parse_list(path.read_text(encoding="utf-8")) if path.is_file() else MappingProxyType({})


def render_list(gaps: Gaps) -> str:
    """The list's text: the header, then one line per clause, sorted."""
    lines = [f"{cid} {' '.join(a for a in ASPECTS if a in gaps[cid])}" for cid in sorted(gaps)]
    return HEADER + "\n".join(lines) + ("\n" if lines else "")


@dataclass(frozen=True, slots=True)
class RatchetDiff:
    """How the current state differs from the list: ``grown`` are (id, aspect) missing but not listed;
    ``closed`` are listed but no longer missing (including ids that left the catalogue)."""

    grown: tuple[tuple[str, str], ...]
    closed: tuple[tuple[str, str], ...]

    @property
    def clean(self) -> bool:
        return not self.grown and not self.closed


def compare(listed: Gaps, current: Gaps) -> RatchetDiff:
    """Compare the checked-in list with the current gaps."""
    grown = [(cid, a) for cid, aspects in current.items() for a in sorted(aspects) if a not in listed.get(cid, ())]
    closed = [(cid, a) for cid, aspects in listed.items() for a in sorted(aspects) if a not in current.get(cid, ())]
    return RatchetDiff(tuple(sorted(grown)), tuple(sorted(closed)))


def main(argv: Sequence[str] | None = None) -> int:
    """Report (or with ``--write`` rewrite) the list; exit 1 when it is out of date and not rewritten."""
    parser = argparse.ArgumentParser(
        prog="python -m nemesis_rules.rulebook.ratchet", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--write", action="store_true", help="rewrite data/unimplemented.txt")
    parser.add_argument("--allow-growth", action="store_true", help="let --write add entries")
    args = parser.parse_args(argv)
    listed, current = load_list(), current_gaps()
    diff = compare(listed, current)
    for clause_id, aspect in diff.closed:
        print(f"closed: {clause_id} now has {aspect}")
    for clause_id, aspect in diff.grown:
        print(f"grown: {clause_id} has no {aspect}")
    code_missing = sum(1 for a in current.values() if "code" in a)
    test_missing = sum(1 for a in current.values() if "test" in a)
    print(f"{len(catalogue())} clauses: {code_missing} without code, {test_missing} without a test")
    if diff.clean:
        return 0
    if not args.write:
        return 1
    if diff.grown and not args.allow_growth:
        print("refusing to add entries: the list must only shrink (use --allow-growth to add them)", file=sys.stderr)
        return 1
    LIST_PATH.write_text(render_list(current), encoding="utf-8")
    print(f"wrote {LIST_PATH}")
    return 0


if __name__ == "__main__":  # pragma: no cover - the command-line entry
    sys.exit(main())
