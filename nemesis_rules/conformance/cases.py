"""The conformance cases, built by playing this project's engine (as the DATC's cases are written
from the rulebook and checked against an adjudicator).

Four kinds, each numbered within its kind (``clause-0001``, ``refusal-0001``, ``ruling-0001``,
``legal-0001``):

* ``clause``: a situation and one action that makes a rule act; the expected verdict is legal, the
  clauses it fires include the case's clause, and the state facts after it are given. Taken from
  seeded games of both rulesets at the first transitions that fire each clause, then, for a clause
  the games fire too rarely, from the clause tests' situations (:data:`CLAUSE_TESTS`), and last,
  for the three clauses no test poses through ``step``, from written situations (:mod:`.constructed`).
* ``refusal``: a situation and one decision the rules forbid there; the expected verdict names the
  refusing clause and the facts stay as they were. Taken from the refusal probes
  (:mod:`nemesis_rules.invariants.probes`) those games run at each decision, then from the clause
  tests' refusals the same way.
* ``ruling``: a ruling's hand-built scenario (:mod:`nemesis_rules.findings.scenarios`) under one of
  its readings: every line with its verdict, and the facts at the end; the readings' cases differ.
* ``legal-set``: a situation sampled from those games and the set of every legal action there.

A clause or refusal case also lists the rulings whose readings change its answer: for each ruling
that concerns a clause the case involves, each other reading is tried on the same situation and kept
when the verdict or the facts differ (with what they are under it).
"""

from __future__ import annotations

import gzip
import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from nemesis_rules import rulebook
from nemesis_rules.conformance.constructed import CONSTRUCTED, reached_cases
from nemesis_rules.conformance.facts import fact_differences, state_facts
from nemesis_rules.errors import BadInputError
from nemesis_rules.findings.scenarios import Scenario, scenarios
from nemesis_rules.invariants.probes import Prober
from nemesis_rules.model.core.actions import Action
from nemesis_rules.model.core.engine import IllegalActionError, RuleGap, legal_actions, step
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data.configure import with_reading
from nemesis_rules.model.game import start
from nemesis_rules.model.rulesets import RULESETS
from nemesis_rules.players.play import MAX_STEPS
from nemesis_rules.players.strategies import goal_seeking, uniform
from nemesis_rules.record.lines import parse_action
from nemesis_rules.record.replay import cite
from nemesis_rules.record.snapshot import from_snapshot, to_snapshot
from nemesis_rules.rulebook.rulings import Ruling, rulings

__all__ = [
    "KINDS",
    "Harvest",
    "SuiteOptions",
    "build_cases",
    "posable_clauses",
]

KINDS: tuple[str, ...] = ("clause", "refusal", "ruling", "legal-set")
"""The kinds of case, in the order a suite lists them."""

CLAUSE_TESTS = Path(__file__).with_name("data") / "clause-tests.jsonl.gz"
"""The clause tests' situations (``tests/conformance/harvest_clause_tests.py`` writes them): per
clause, the first state a test of ``tests/rules`` built in which an action fires it or a decision
is refused citing it, as a compact snapshot with the action and the test's id. Only the situation
and the action are taken from there; the expected answer is this engine's, computed on export."""

LOOKAHEAD = 6
"""How many legal actions are tried per step for one that fires a clause no case has yet."""
STEER = 0.5
"""How often a step looks ahead for such an action (the rest of the time the random player picks)."""


@dataclass(frozen=True, slots=True)
class SuiteOptions:
    """How the suite is built: ``games`` seeded games per ruleset (players 1 to 5 in turn, game
    ``g`` with seed ``seed + g``), ``per_clause`` cases per clause and per refusing clause, at least
    ``legal_states`` legal-action sets (sampled evenly over the games of both rulesets), and the
    rulesets."""

    games: int = 200
    seed: int = 1
    per_clause: int = 2
    legal_states: int = 1000
    rulesets: tuple[str, ...] = tuple(RULESETS)


def _citation(clause_id: str | None) -> dict[str, Any] | None:
    """The statement and citation of a catalogued clause, or of a ruling (its question and first
    source: a ruling's id is what fires where it decides)."""
    if not clause_id:
        return None
    found = cite(clause_id)
    if not found.file:
        return None
    return {"statement": found.statement, "file": found.file, "section": found.section}


def posable_clauses(rulesets: Iterable[str] = tuple(RULESETS)) -> frozenset[str]:
    """The catalogued clauses a game of one of ``rulesets`` can meet (not unreachable under each of them)."""
    chosen = tuple(rulesets)
    return frozenset(
        c.id
        for c in rulebook.catalogue().values()
        if any(c.applies_to(r) and c.unreachable_under(r) is None for r in chosen)
    )


@dataclass(frozen=True, slots=True)
class StepResult:
    """One action's verdict as this engine gives it."""

    action: Action
    legal: bool
    clause: str | None = None
    fired: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": self.action.to_json(), "legal": self.legal}
        if self.legal:
            out["fired"] = list(self.fired)
        else:
            out["clause"] = self.clause
        return out


def _play(state: GameState, actions: Iterable[Action]) -> tuple[GameState, list[StepResult]] | None:
    """Every action applied in turn (a refused one leaves the state as it was); None at a rule gap."""
    results: list[StepResult] = []
    for action in actions:
        try:
            transition = step(state, action)
        except IllegalActionError as refusal:
            results.append(StepResult(action, False, refusal.clause))
            continue
        except RuleGap:
            return None
        results.append(StepResult(action, True, fired=tuple(sorted(set(transition.fired)))))
        state = transition.state
    return state, results


def _answer(state: GameState, actions: tuple[Action, ...]) -> tuple[list[dict[str, Any]], dict[str, Any]] | None:
    played = _play(state, actions)
    if played is None:
        return None
    after, results = played
    return [r.to_json() for r in results], state_facts(after)


def _readings_that_change(before: GameState, actions: tuple[Action, ...], involved: set[str]) -> list[dict[str, Any]]:
    """The other readings of the rulings that concern ``involved`` clauses under which the same
    actions from ``before`` get another verdict or other facts."""
    expected = _answer(before, actions)
    if expected is None:
        return []
    ruleset = before.config.ruleset.name
    out: list[dict[str, Any]] = []
    for item in rulings().values():
        if not item.applies_to(ruleset) or not involved.intersection(item.clauses):
            continue
        current = before.config.rulings.get(item.id)
        for reading in item.reading_ids:
            if reading == current or item.reading(reading).unplayable:
                continue
            try:
                other = _answer(replace(before, config=with_reading(before.config, item.id, reading)), actions)
            except Exception:  # a reading that cannot run on this state (a data variant's other tables)
                continue
            if other is None:
                continue
            steps, facts = other
            differing = sorted({d.split(":", 1)[0].split(".", 1)[0] for d in fact_differences(expected[1], facts)})
            if steps != expected[0] or differing:
                out.append({"ruling": item.id, "reading": reading, "steps": steps, "differing_facts": differing})
    return out


@dataclass(slots=True)
class Harvest:
    """The cases gathered so far, by kind, and what they cover."""

    options: SuiteOptions
    cases: dict[str, list[dict[str, Any]]] = field(default_factory=lambda: {k: [] for k in KINDS})
    fired: Counter[str] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)
    stale: int = 0
    """Clause-test situations that no longer load or whose action no longer gives the kept answer."""

    def _add(self, kind: str, case: dict[str, Any]) -> None:
        found = self.cases[kind]
        case = {"id": f"{kind.split('-')[0]}-{len(found) + 1:04d}", "kind": kind, **case}
        found.append(case)

    def _base(self, state: GameState, source: dict[str, Any]) -> dict[str, Any]:
        return {
            "ruleset": state.config.ruleset.name,
            "players": state.config.players,
            "situation": to_snapshot(state, compact=True),
            "source": source,
        }

    def clause_case(
        self,
        before: GameState,
        action: Action,
        fired: tuple[str, ...],
        source: dict[str, Any],
        first: str | None = None,
    ) -> None:
        new = [c for c in dict.fromkeys(fired) if self.fired[c] < self.options.per_clause]
        if first is not None and first in new:
            new.remove(first)
            new.insert(0, first)
        if not new:
            return
        answer = _answer(before, (action,))
        if answer is None:
            return
        steps, facts = answer
        for c in fired:
            self.fired[c] += 1
        clause_id = new[0]
        self._add(
            "clause",
            {
                "title": f"{action} fires {clause_id}",
                "clause": clause_id,
                "citation": _citation(clause_id),
                **self._base(before, source),
                "steps": steps,
                "facts": facts,
                "rulings": _readings_that_change(before, (action,), set(fired)),
            },
        )

    def refusal_case(self, state: GameState, decision: Action, refusal: IllegalActionError, source: Any) -> None:
        clause_id = refusal.clause
        if not clause_id or self.refused[clause_id] >= self.options.per_clause:
            return
        self.refused[clause_id] += 1
        self._add(
            "refusal",
            {
                "title": f"{decision} is refused: {refusal.reason}",
                "clause": clause_id,
                "citation": _citation(clause_id),
                **self._base(state, source),
                "steps": [StepResult(decision, False, clause_id).to_json()],
                "facts": state_facts(state),
                "rulings": _readings_that_change(state, (decision,), {clause_id}),
            },
        )

    def clause_test_cases(self, entries: Iterable[dict[str, Any]]) -> None:
        """Cases from the clause tests' situations, for the clauses the games gave too few."""
        for entry in entries:
            kind, clause_id = entry.get("kind"), entry.get("clause")
            wanted = self.fired if kind == "fired" else self.refused
            if not isinstance(clause_id, str) or wanted[clause_id] >= self.options.per_clause:
                continue
            try:
                state = from_snapshot(entry["situation"], where=f"clause test {entry.get('test')}")
                action = parse_action(entry["action"], state.config.players, "clause test action")
            except (BadInputError, KeyError):
                self.stale += 1
                continue
            source = {"test": entry.get("test")}
            if state.config.ruleset.name not in self.options.rulesets:
                continue
            try:
                transition = step(state, action)
            except IllegalActionError as refusal:
                if kind == "refused" and refusal.clause == clause_id:
                    self.refusal_case(state, action, refusal, source)
                else:
                    self.stale += 1
                continue
            except RuleGap:
                self.stale += 1
                continue
            if kind == "fired" and clause_id in transition.fired:
                self.clause_case(state, action, transition.fired, source, first=clause_id)
            else:
                self.stale += 1

    def constructed_cases(self) -> None:
        """Cases from the written situations (:mod:`.constructed`) of the clauses still without one."""
        wanted = {c.clause for c in CONSTRUCTED if self.fired[c.clause] == 0}
        for construction, reached in reached_cases(wanted):
            if reached is None or construction.state().config.ruleset.name not in self.options.rulesets:
                continue
            source = {
                "situation": f"nemesis_rules/conformance/data/situations/{construction.file}",
                "before": [a.to_json() for a in reached.path],
            }
            self.clause_case(reached.before, reached.action, reached.fired, source, first=construction.clause)

    def legal_case(self, state: GameState, source: dict[str, Any]) -> None:
        self._add(
            "legal-set",
            {
                "title": f"every legal action at step {source.get('step')} of a seeded game",
                "clause": None,
                "citation": None,
                **self._base(state, source),
                "legal": [a.to_json() for a in legal_actions(state)],
            },
        )

    def ruling_cases(self, item: Ruling, built: Scenario) -> None:
        for reading in item.reading_ids:
            if item.reading(reading).unplayable:
                continue
            if built.before is None:
                first = start(built.ruleset, built.players, {item.id: reading}, None)
            else:
                config = with_reading(built.before.config, item.id, reading)
                first = replace(built.before, config=config)
            if first.config.ruleset.name not in self.options.rulesets:
                return
            answer = _answer(first, built.actions)
            if answer is None:
                continue
            steps, facts = answer
            self._add(
                "ruling",
                {
                    "title": f"{item.id} read as {reading!r}: {built.note}",
                    "clause": item.clauses[0] if item.clauses else None,
                    "citation": _citation(item.clauses[0] if item.clauses else None),
                    **self._base(first, {"scenario": item.id}),
                    "steps": steps,
                    "facts": facts,
                    "rulings": [
                        {
                            "ruling": item.id,
                            "reading": reading,
                            "default": reading == item.default,
                            "question": item.question,
                        }
                    ],
                },
            )


def _choose(state: GameState, rng: random.Random, harvest: Harvest, player: Callable[..., Action]) -> Action:
    """Now and then an action that fires a clause the suite has no case for yet (trying a few);
    otherwise the random player's choice."""
    options = legal_actions(state)
    if len(options) > 1 and rng.random() < STEER:
        picks = options if len(options) <= LOOKAHEAD else rng.sample(options, LOOKAHEAD)
        for candidate in picks:
            try:
                fired = step(state, candidate).fired
            except RuleGap:  # a place the texts leave open: not a case to steer toward
                continue
            if any(harvest.fired[c] < harvest.options.per_clause for c in fired):
                return candidate
    return player(state, rng)


def _games(options: SuiteOptions) -> Iterator[tuple[str, int, int]]:
    for ruleset in options.rulesets:
        for g in range(options.games):
            yield ruleset, 1 + g % 5, options.seed + g


def _play_game(harvest: Harvest, ruleset: str, players: int, seed: int, sample_every: int) -> None:
    rng = random.Random(seed)
    player = uniform if seed % 2 else goal_seeking
    state = start(ruleset, players)
    where: dict[str, Any] = {"ruleset": ruleset, "players": players, "seed": seed, "step": 0}
    prober = Prober(seed)
    prober.on_refusal = lambda s, d, r: harvest.refusal_case(s, d, r, dict(where))
    for number in range(1, MAX_STEPS):
        if state.end is not None:
            break
        where["step"] = number
        if number % sample_every == 0:
            harvest.legal_case(state, dict(where))
        action = _choose(state, rng, harvest, player)
        prober.probe(state, action)
        try:
            transition = step(state, action)
        except RuleGap:
            return
        harvest.clause_case(state, action, transition.fired, dict(where))
        state = transition.state
    where["step"] = "end"
    prober.probe_end(state)


def build_cases(options: SuiteOptions, progress: Callable[[str], None] | None = None) -> Harvest:
    """Every case of the suite: seeded games (clause, refusal and legal-set cases), then the rulings'
    scenarios. Deterministic for the same options."""
    harvest = Harvest(options)
    games = list(_games(options))
    steps_per_game = 250  # a rough mean, only to spread the legal-set samples over every game
    sample_every = max(1, (len(games) * steps_per_game) // max(1, options.legal_states))
    for ruleset, players, seed in games:
        _play_game(harvest, ruleset, players, seed, sample_every)
        if progress is not None:
            progress(f"{ruleset} seed {seed}: {sum(len(v) for v in harvest.cases.values())} cases")
    extra = options.seed + options.games
    while len(harvest.cases["legal-set"]) < options.legal_states:
        ruleset = options.rulesets[extra % len(options.rulesets)]
        _play_game(harvest, ruleset, 1 + extra % 5, extra, max(1, sample_every // 2))
        extra += 1
    harvest.clause_test_cases(clause_test_entries())
    harvest.constructed_cases()
    known = rulings()
    for ruling_id, build in sorted(scenarios().items()):
        item = known.get(ruling_id)
        if item is not None and any(item.applies_to(r) for r in options.rulesets):
            harvest.ruling_cases(item, build())
    return harvest


def clause_test_entries(path: Path = CLAUSE_TESTS) -> list[dict[str, Any]]:
    """The clause tests' situations (:data:`CLAUSE_TESTS`); none when the file is missing."""
    try:
        text = gzip.decompress(path.read_bytes()).decode("utf-8")
    except OSError:
        return []
    return [json.loads(line) for line in text.splitlines() if line.strip()]
