"""Refusals that must stay refusals (issue #19): a defect that lets the engine accept more than the
rules allow leaves every recorded game legal and changes no invariant, so it is caught here.

Each *must-stay-illegal case* is a state (a snapshot), a decision the rules forbid in it, and the
clause that forbids it. The cases are data, ``data/must_stay_illegal.jsonl.gz``, one JSON object a
line: ``id``, ``clause``, ``ruleset``, ``players``, ``source`` (how the case was found), ``action``
(a record line) and ``snapshot``. They are built by :func:`build_cases` from the refusal probes
(:mod:`.probes`: decisions seen legal, re-issued where they are not, by the acting player, out of
turn, paid with Contamination, aimed at a Character, ...): for every clause that refuses, the first
cases found in seeded games of both rulesets, every player count. Rebuild them (after a deliberate
change of what the engine refuses) with::

    python -c "from nemesis_rules.invariants.refusals import write_cases; write_cases()"

:func:`replay_cases` asks ``check`` about every case: a case accepted, or refused citing another
clause, is a failure. ``fuzz`` replays them at the start of a campaign, ``check`` with its other
checks, the tests always; ``python -c "from nemesis_rules.invariants.refusals import main; main()"``
replays them on their own (exit 0 all refused, 1 some accepted or refused otherwise, 3 the engine
failed on one).
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from nemesis_rules.atomic import write_atomic
from nemesis_rules.invariants.probes import Prober
from nemesis_rules.model.core.actions import Action, Decision, Outcome
from nemesis_rules.model.core.engine import IllegalActionError, check, is_chance, legal_actions, step
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.game import start
from nemesis_rules.players.play import MAX_STEPS
from nemesis_rules.players.strategies import DEFAULT_PLAYER, PLAYERS
from nemesis_rules.record.snapshot import from_snapshot, to_snapshot

DATA = "must_stay_illegal.jsonl.gz"
PER_CLAUSE = 3
"""Cases kept per (ruleset, refusing clause), of different decision kinds where there are."""
BUILD_GAMES = 40
"""Seeded games per ruleset the builder plays (player counts 1-5 in turn)."""
BUILD_PROBES = 4
"""Probes per decision node while building (more than a campaign's, to reach more clauses)."""


@dataclass(frozen=True, slots=True)
class Case:
    """A decision the rules forbid in a state, and the clause that forbids it."""

    id: str
    clause: str
    ruleset: str
    players: int
    source: str
    action: dict[str, Any]
    snapshot: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "clause": self.clause,
            "ruleset": self.ruleset,
            "players": self.players,
            "source": self.source,
            "action": self.action,
            "snapshot": self.snapshot,
        }

    def decision(self) -> Action:
        data = dict(self.action)
        if "chance" in data:
            return Outcome(str(data["chance"]), str(data["outcome"]))
        player, kind = int(data.pop("player")), str(data.pop("action"))
        params = {k: tuple(v) if isinstance(v, list) else str(v) for k, v in data.items()}
        return Decision.make(player, kind, **params)

    def state(self) -> GameState:
        return from_snapshot(self.snapshot, where=f"must-stay-illegal case {self.id}")


@dataclass(frozen=True, slots=True)
class Failure:
    """A case the engine no longer refuses as it must."""

    case: str
    clause: str
    kind: str  # "accepted", "other-clause" or "engine-error"
    message: str

    def __str__(self) -> str:
        return f"must-stay-illegal {self.case}: {self.message} [{self.clause}]"

    def to_json(self) -> dict[str, str]:
        return {"case": self.case, "clause": self.clause, "kind": self.kind, "message": self.message}


def _parse(lines: Iterable[str]) -> tuple[Case, ...]:
    out = []
    for line in lines:
        if not line.strip():
            continue
        raw = json.loads(line)
        out.append(
            Case(
                raw["id"], raw["clause"], raw["ruleset"], raw["players"], raw["source"], raw["action"], raw["snapshot"]
            )
        )
    return tuple(out)


@cache
def cases() -> tuple[Case, ...]:
    """The package's must-stay-illegal cases."""
    blob = (files("nemesis_rules.invariants") / "data" / DATA).read_bytes()
    return _parse(gzip.decompress(blob).decode("utf-8").splitlines())


def replay_case(case: Case) -> Failure | None:
    """Ask ``check`` about one case: None when it is refused citing its clause."""
    action = case.decision()
    try:
        state = case.state()
        check(state, action)
    except IllegalActionError as refusal:
        if refusal.clause == case.clause:
            return None
        return Failure(case.id, case.clause, "other-clause", f"'{action}' is refused by {refusal.clause} instead")
    except Exception as exc:  # the engine must answer every well-formed decision with a verdict
        return Failure(case.id, case.clause, "engine-error", f"'{action}': {type(exc).__name__}: {exc}")
    return Failure(case.id, case.clause, "accepted", f"'{action}' is accepted, the rules forbid it")


def replay_cases(selected: Sequence[Case] | None = None, rulesets: Iterable[str] | None = None) -> list[Failure]:
    """Every case (of ``rulesets``, when given) the engine does not refuse as it must."""
    wanted = set(rulesets) if rulesets is not None else None
    chosen = cases() if selected is None else selected
    return [f for c in chosen if wanted is None or c.ruleset in wanted if (f := replay_case(c)) is not None]


def summary(failures: Sequence[Failure], rulesets: Iterable[str] | None = None) -> dict[str, Any]:
    """What a campaign or a report states about the cases: how many were replayed, which failed."""
    wanted = set(rulesets) if rulesets is not None else None
    replayed = sum(1 for c in cases() if wanted is None or c.ruleset in wanted)
    return {"cases": replayed, "failed": [f.to_json() for f in failures]}


# -- building the cases ------------------------------------------------------------------------
# One condition away: a decision legal in a state, and the same decision in that state with one
# condition a refusal clause names turned against it. Such a case is illegal for that one reason,
# so a defect that drops the condition makes it legal (a probe's case may be illegal twice over).

Neighbour = tuple[GameState, Decision]


def _intruder_in_room(state: GameState, d: Decision) -> Neighbour | None:
    kind = "lurker" if state.config.ruleset.name == "void-seeders" else "adult"
    here = state.character(d.player).position
    intruder = Intruder(state.next_intruder, kind, here)
    return state.evolve(intruders=(*state.intruders, intruder), next_intruder=state.next_intruder + 1), d


def _door_closed(state: GameState, d: Decision) -> Neighbour | None:
    here, to = state.character(d.player).position, d.get("to")
    corridor = state.config.board.corridor_between.get((here, str(to)))
    if corridor is None or state.door(corridor) != "open":
        return None
    return state.with_door(corridor, "closed"), d


def _no_ammo(state: GameState, d: Decision) -> Neighbour | None:
    c = state.character(d.player)
    return state.with_character(c.with_ammo(d.text("weapon"), 0)), d


def _empty_counter(state: GameState, d: Decision) -> Neighbour | None:
    if d.get("card") != "search":
        return None
    here = state.character(d.player).position
    return state.with_room(here, state.room(here).evolve(items=0)), d


def _hands_full(state: GameState, d: Decision) -> Neighbour | None:
    c = state.character(d.player)
    if len(c.hands) >= 2 or "taped" in c.mods or c.wound_active("arm"):
        return None
    return state.with_character(c.evolve(hands=(*c.hands, *("carcass",) * (2 - len(c.hands))))), d


def _malfunction(state: GameState, d: Decision) -> Neighbour | None:
    here = state.character(d.player).position
    if state.room(here).malfunction:
        return None
    return state.with_room(here, state.room(here).evolve(malfunction=True)), d


def _contamination_pays(state: GameState, d: Decision) -> Neighbour | None:
    paid = d.cards()
    if not paid:
        return None
    c = state.character(d.player)
    hand = c.hand.remove(paid[0]).add("contamination")
    params = dict(d.params)
    params["pay"] = tuple(sorted(("contamination", *paid[1:])))
    return state.with_character(c.evolve(hand=hand)), Decision.make(d.player, d.kind, **params)


def _out_of_turn(state: GameState, d: Decision) -> Neighbour | None:
    others = [p for p in range(1, state.config.players + 1) if p != d.player and state.character(p).active]
    if not others:
        return None
    return state, Decision.make(others[0], d.kind, **dict(d.params))


def _nest_hands_full(state: GameState, d: Decision) -> Neighbour | None:
    return _hands_full(state, d) if d.get("room") == "nest" else None


def _heavy_kept(state: GameState, d: Decision) -> Neighbour | None:
    if d.get("drop") is not None:
        return None
    return _hands_full(state, d)


NEIGHBOURS: tuple[tuple[str, str, Callable[[GameState, Decision], Neighbour | None]], ...] = (
    ("move", "base.move.closed-door", _door_closed),
    ("careful-move", "base.careful-move.not-in-combat", _intruder_in_room),
    ("shoot", "base.combat.shoot", _no_ammo),
    ("play-card", "base.search.counter", _empty_counter),
    ("room-action", "base.malfunction.blocks-room-action", _malfunction),
    ("room-action", "base.combat.no-room-action", _intruder_in_room),
    ("room-action", "", _nest_hands_full),
    ("pick-up", "", _hands_full),
    ("keep-item", "", _heavy_kept),
    ("move", "base.cost.contamination-cannot-pay", _contamination_pays),
    ("move", "base.round.turn-order", _out_of_turn),
)
"""(decision kind, the clause that must refuse it ("" any clause), how to turn the state against it)."""


def _neighbours(state: GameState, found: dict[tuple[str, str], list[tuple[GameState, Decision]]]) -> None:
    """Turn each kind of legal decision here one condition against it; keep refused ones."""
    options = [a for a in legal_actions(state) if isinstance(a, Decision)]
    ruleset = state.config.ruleset.name
    for kind, clause, turn in NEIGHBOURS:
        for decision in options:
            if decision.kind != kind:
                continue
            made = turn(state, decision)
            if made is None:
                continue
            changed, asked = made
            try:
                check(changed, asked)
            except IllegalActionError as refusal:
                if not refusal.clause or (clause and refusal.clause != clause):
                    continue
                kept = found.setdefault((ruleset, f"{kind}|{refusal.clause}"), [])
                if len(kept) < PER_CLAUSE:
                    kept.append((changed, asked))
                break
            except Exception:
                continue


class _Collector(Prober):
    """A prober that keeps, per refusing clause, the first few refused decisions with their state."""

    def __init__(self, seed: int, per_step: int, found: dict[tuple[str, str], list[tuple[GameState, Decision]]]):
        super().__init__(seed, per_step)
        self.found = found

    def _ask(self, state: GameState, decision: Decision) -> None:
        self.probes += 1
        try:
            check(state, decision)
        except IllegalActionError as refusal:
            if not refusal.clause:
                return
            kept = self.found.setdefault((state.config.ruleset.name, refusal.clause), [])
            kinds = {d.kind for _, d in kept}
            if len(kept) < PER_CLAUSE and (decision.kind not in kinds or len(kept) + 1 < PER_CLAUSE):
                kept.append((state, decision))
        except Exception:
            pass


def build_cases(rulesets: Sequence[str] = ("base", "void-seeders"), games: int = BUILD_GAMES) -> list[Case]:
    """Play seeded games with probing and keep, per (ruleset, refusing clause), the first cases."""
    found: dict[tuple[str, str], list[tuple[GameState, Decision]]] = {}
    near: dict[tuple[str, str], list[tuple[GameState, Decision]]] = {}
    for ruleset in rulesets:
        for g in range(games):
            seed, players = 1000 + g, g % 5 + 1
            rng = random.Random(seed)
            prober = _Collector(seed, BUILD_PROBES, found)
            state = start(ruleset, players)
            for _ in range(MAX_STEPS):
                if state.end is not None:
                    prober.probe_end(state)
                    break
                action = PLAYERS[DEFAULT_PLAYER](state, rng)
                prober.probe(state, action)
                if not is_chance(state):
                    _neighbours(state, near)
                state = step(state, action).state
    out = []
    for source, table in (("probe", found), ("one-condition-away", near)):
        for (ruleset, key), kept in sorted(table.items()):
            clause = key.split("|")[-1]
            for n, (state, decision) in enumerate(kept, start=1):
                out.append(
                    Case(
                        f"{ruleset}:{source}:{key.replace('|', ':')}:{n}",
                        clause,
                        ruleset,
                        state.config.players,
                        source,
                        decision.to_json(),
                        to_snapshot(state, compact=True),
                    )
                )
    return [c for c in out if replay_case(c) is None]  # only cases that reproduce from their snapshot


def write_cases(path: Path | None = None) -> Path:
    """Build the cases and write them (atomically) into the package's data, or ``path``."""
    target = path or Path(str(files("nemesis_rules.invariants") / "data" / DATA))
    text = "".join(json.dumps(c.to_json(), sort_keys=True, separators=(",", ":")) + "\n" for c in build_cases())
    write_atomic(target, gzip.compress(text.encode("utf-8"), mtime=0))
    cases.cache_clear()
    return target


def main() -> None:
    """Replay every case; print the failures; exit 0, 1 (a case not refused as it must be) or 3."""
    failures = replay_cases()
    for failure in failures:
        print(failure)
    print(f"must-stay-illegal: {len(cases())} case(s), {len(failures)} not refused as they must be")
    if any(f.kind == "engine-error" for f in failures) and all(f.kind == "engine-error" for f in failures):
        sys.exit(3)
    sys.exit(1 if failures else 0)
