"""Harvest the clause tests' situations for the conformance suite.

    python tests/conformance/harvest_clause_tests.py [PYTEST ARGS]    # default: tests/rules

Runs the clause tests (``tests/rules``, named after clause ids) with the engine's ``step`` and
``check`` watched: the first transition of each test run that fires a clause, and the first
refusal citing each clause, are kept with the test that built the situation (at most one of each
per clause), when the state round-trips through a snapshot. The situations (compact snapshots)
and actions are written to ``nemesis_rules/conformance/data/clause-tests.jsonl.gz``; the export
(``nemesis-rules conformance export``) plays each again through the engine to compute its
expected answer, and takes it for a clause that seeded games cover too rarely. Run it again when
the clause tests change; a situation that no longer loads is skipped by the export and counted.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path
from typing import Any

import pytest

import nemesis_rules.model.core.engine as engine
from nemesis_rules.model.core.actions import Action
from nemesis_rules.model.core.state import GameState
from nemesis_rules.record.snapshot import from_snapshot, to_snapshot

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "nemesis_rules" / "conformance" / "data" / "clause-tests.jsonl.gz"


class Harvester:
    """A pytest plugin that watches ``step`` and ``check`` while the clause tests run."""

    def __init__(self) -> None:
        self.test = ""
        self.kept: dict[tuple[str, str], dict[str, Any]] = {}
        self.step, self.check = engine.step, engine.check

    def _keep(self, kind: str, clause: str, state: GameState, action: Action) -> None:
        if not clause or (kind, clause) in self.kept or not self.test:
            return
        try:
            snapshot = to_snapshot(state, compact=True)
            if from_snapshot(json.loads(json.dumps(snapshot))) != state:
                return
        except Exception:  # a state built with a test's own frame, or one no snapshot can hold
            return
        self.kept[(kind, clause)] = {
            "kind": kind,
            "clause": clause,
            "test": self.test,
            "situation": snapshot,
            "action": action.to_json(),
        }

    def watched_check(self, state: GameState, action: Action) -> None:
        try:
            self.check(state, action)
        except engine.IllegalActionError as refusal:
            self._keep("refused", refusal.clause, state, action)
            raise

    def watched_step(self, state: GameState, action: Action) -> engine.Transition:
        transition = self.step(state, action)
        for clause in dict.fromkeys(transition.fired):
            self._keep("fired", clause, state, action)
        return transition

    def _patch(self) -> None:
        engine.check = self.watched_check  # type: ignore[assignment]
        engine.step = self.watched_step  # type: ignore[assignment]
        for module in list(sys.modules.values()):
            if module is engine or module is None:
                continue
            for attr, original, watched in (
                ("step", self.step, self.watched_step),
                ("check", self.check, self.watched_check),
            ):
                if getattr(module, attr, None) is original:
                    setattr(module, attr, watched)

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self._patch()

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Any:
        self.test = item.nodeid
        yield
        self.test = ""


def main(args: list[str]) -> int:
    harvester = Harvester()
    code = pytest.main(
        [*(args or ["tests/rules"]), "-q", "-p", "no:randomly", "-p", "no:cacheprovider"], plugins=[harvester]
    )
    entries = sorted(harvester.kept.values(), key=lambda e: (e["kind"], e["clause"]))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    text = "".join(json.dumps(e, sort_keys=True, separators=(",", ":")) + "\n" for e in entries)
    OUT.write_bytes(gzip.compress(text.encode("utf-8"), mtime=0))
    fired = sum(1 for e in entries if e["kind"] == "fired")
    print(f"kept {fired} fired and {len(entries) - fired} refused situations in {OUT} (pytest exit {code})")
    return 0 if code in (0, 1) else int(code)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
