"""A mutation fuzzer for the readers: records (headers, action lines, header snapshots),
standalone snapshots, board layouts and situation files (issue 21; python-chess fuzzes its PGN and FEN readers
the same way).

A mutant is a real input (an example record, a prefix of a seeded game, a record starting from
a snapshot, the packaged layout) changed by a few random edits: bytes flipped, inserted or cut,
lines swapped, repeated or dropped, and, inside the JSON, a value replaced by one of the values
that broke readers before (negative, huge and off-by-one numbers, unknown names, line breaks,
wrong types), a field removed or an unknown one added. :func:`replay_outcome` pushes a record
through the calls ``nemesis-rules replay`` makes and classifies what came out; anything but a
verdict or typed bad input is a finding.

Used by ``test_mutation_fuzz.py`` (bounded in CI, long with NEMESIS_LONG=1) and by
``run_mutations.py`` (the 100,000-record campaign, on demand).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from nemesis_rules.cli import common
from nemesis_rules.errors import BadInputError
from nemesis_rules.model.core.engine import RuleGap, legal_actions, step
from nemesis_rules.players.play import play_game
from nemesis_rules.record import RecordHeader, parse_record, record_from_log, record_text, replay_record, to_snapshot
from nemesis_rules.testing import after_setup

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
LAYOUT = ROOT / "nemesis_rules" / "board" / "data" / "basic-side.toml"
PREFIX_LINES = 60
"""Game records are cut to this many action lines: mutants stay cheap to replay."""

INTERESTING: tuple[Any, ...] = (
    -3,
    -1,
    0,
    1,
    2,
    5,
    6,
    7,
    9,
    50,
    100,
    10_000,
    10_001,
    1_000_000,
    2**63,
    -(2**63),
    0.5,
    True,
    False,
    None,
    "",
    "x",
    "a\nb",
    "\u0000",
    "captain",
    "chef",
    "queen",
    "01",
    "00",
    "22",
    "99",
    "tech",
    "search",
    "contamination",
    "move",
    "pass",
    "noise-roll",
    "serious-wound",
    "$type",
    "Turn",
    "GameState",
    "x" * 300,
    [],
    {},
    [1, 2],
    {"$type": "Turn", "player": 1, "done": 0},
)


start_check = common.start_check()
"""What ``replay`` checks a starting snapshot with: every state invariant."""


@cache
def seeds() -> tuple[str, ...]:
    """The inputs mutants are made from (records as text)."""
    texts = [path.read_text(encoding="utf-8") for path in sorted(EXAMPLES.glob("*.jsonl"))]
    for seed, players in ((1, 2), (2, 3), (3, 1), (4, 5)):
        state, log = play_game(seed, players, "void-seeders" if seed % 2 == 0 else "base")
        record = record_from_log(state.config, log)
        texts.append(record_text(record.header, record.actions[:PREFIX_LINES]))
    for ruleset, players in (("base", 2), ("void-seeders", 3)):
        turn = after_setup(players, seed=5, ruleset=ruleset)
        rng, state, actions = random.Random(players), turn, []
        for _ in range(12):  # a few steps played from the snapshot, so that mutants reach the engine
            if state.end is not None:
                break
            action = rng.choice(legal_actions(state))
            actions.append(action)
            state = step(state, action).state
        texts.append(record_text(RecordHeader.for_config(turn.config, snapshot=turn), actions))
    return tuple(texts)


@cache
def snapshot_seeds() -> tuple[str, ...]:
    states = (after_setup(2, seed=1), after_setup(3, seed=2, ruleset="void-seeders"))
    return tuple(json.dumps(to_snapshot(state)) for state in states)


# -- the edits -------------------------------------------------------------------------------


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out.extend(_paths(item, (*prefix, key)))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out.extend(_paths(item, (*prefix, i)))
    return out


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


def _interesting(rng: random.Random) -> Any:
    """One of :data:`INTERESTING`, a copy of its own (a list or object is edited later)."""
    return json.loads(json.dumps(rng.choice(INTERESTING)))


def mutate_json(value: Any, rng: random.Random) -> Any:
    """One edit somewhere inside a JSON value: a replacement, a removal or an addition."""
    paths = _paths(value)
    path = rng.choice(paths)
    if not path:
        return _interesting(rng)
    parent, key = _get(value, path[:-1]), path[-1]
    move = rng.random()
    if move < 0.6:
        current = parent[key]
        if isinstance(current, int) and not isinstance(current, bool) and rng.random() < 0.5:
            parent[key] = current + rng.choice((-1, 1, 2, -current - 1, 1000))
        else:
            parent[key] = _interesting(rng)
    elif move < 0.75:
        del parent[key]
    elif move < 0.9:
        if isinstance(parent, dict):
            parent[rng.choice(("x", "player", "$type", "a\nb", "config"))] = _interesting(rng)
        else:
            parent.insert(rng.randrange(len(parent) + 1), _interesting(rng))
    else:  # a value taken from elsewhere in the same input
        other = _get(value, rng.choice(paths))
        parent[key] = json.loads(json.dumps(other))
    return value


def mutate_text(text: str, rng: random.Random) -> str:
    """One edit of a record's text: at the level of bytes, lines or JSON values."""
    lines = text.split("\n")
    move = rng.random()
    if move < 0.55:  # a JSON edit of one line (line 1, the header, as often as the rest together)
        index = 0 if rng.random() < 0.3 else rng.randrange(len(lines))
        try:
            data = json.loads(lines[index])
        except ValueError:
            data = None
        if data is not None:
            lines[index] = json.dumps(mutate_json(data, rng), ensure_ascii=rng.random() < 0.5)
            return "\n".join(lines)
    if move < 0.7 and len(lines) > 1:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        choice = rng.random()
        if choice < 0.4:
            lines[i], lines[j] = lines[j], lines[i]
        elif choice < 0.7:
            lines.insert(j, lines[i])
        else:
            del lines[i]
        return "\n".join(lines)
    if move < 0.8:
        return text[: rng.randrange(len(text) + 1)]
    raw = bytearray(text.encode("utf-8"))
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(raw) + 1)
        if rng.random() < 0.5 and raw:
            raw[min(at, len(raw) - 1)] = rng.randrange(256)
        else:
            raw[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 3)))
    return raw.decode("utf-8", errors="replace")


def mutant(rng: random.Random, edits: int | None = None) -> str:
    """A mutated record: a seed input with one to four edits."""
    text = rng.choice(seeds())
    for _ in range(edits if edits is not None else rng.randint(1, 4)):
        text = mutate_text(text, rng)
    return text


def snapshot_record_mutant(rng: random.Random) -> str:
    """A record that starts from a snapshot, with one to three edits inside the snapshot's
    state (its actions kept): what reaches the domain checks, the start check and the engine."""
    texts = [t for t in seeds() if '"snapshot"' in t.split("\n", 1)[0]]
    first, _, rest = rng.choice(texts).partition("\n")
    header = json.loads(first)
    for _ in range(rng.randint(1, 3)):
        header["snapshot"]["state"] = mutate_json(header["snapshot"]["state"], rng)
    return json.dumps(header) + "\n" + rest


def snapshot_mutant(rng: random.Random) -> Any:
    data = json.loads(rng.choice(snapshot_seeds()))
    for _ in range(rng.randint(1, 3)):
        data = mutate_json(data, rng)
    return data


TOML_VALUES = ('"01"', '"99"', "-1", "0", "7", "1000000", '""', '"a\\nb"', "[]", "{}", "true", '["01"]', '"chef"')


def toml_mutant(text: str, rng: random.Random) -> str:
    """A TOML text with one to four line edits: a line dropped or repeated, a value replaced by
    one that broke readers before, a stray character inserted."""
    lines = text.split("\n")
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(lines))
        line = lines[i]
        choice = rng.random()
        if choice < 0.3:
            del lines[i]
        elif choice < 0.5:
            lines.insert(rng.randrange(len(lines)), line)
        elif "=" in line and choice < 0.9:
            lines[i] = f"{line.split('=', 1)[0]}= {rng.choice(TOML_VALUES)}"
        else:
            at = rng.randrange(len(line) + 1)
            lines[i] = line[:at] + rng.choice(("[", "]", '"', "=", "\x00", "é", "#")) + line[at:]
        if not lines:
            lines = [""]
    return "\n".join(lines)


def layout_mutant(rng: random.Random) -> str:
    """The packaged layout TOML, mutated."""
    return toml_mutant(LAYOUT.read_text(encoding="utf-8"), rng)


def situation_files() -> list[Path]:
    """The example situation files (the situation reader's own inputs), once they exist."""
    return sorted(EXAMPLES.glob("situation-*.toml"))


def situation_mutant(rng: random.Random) -> str:
    return toml_mutant(rng.choice(situation_files()).read_text(encoding="utf-8"), rng)


# -- running one -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a mutant did: ``kind`` is ``legal``, ``illegal``, ``bad-input``, ``gap`` or
    ``finding`` (any other exception, ``error`` its type and message), the seconds it took and
    the most lines one message took (a problem's headline with any line a value broke off it;
    a bad-input message)."""

    kind: str
    seconds: float
    message_lines: int
    error: str = ""
    cpu_seconds: float = 0.0
    """Processor time (wall time on a shared machine also counts the other processes)."""


def replay_outcome(text: str, source: str = "<mutant>", *, trust_start: bool = False) -> Outcome:
    """Parse and replay ``text`` as ``nemesis-rules replay --lenient`` does (with the start
    check, unless ``trust_start``): a verdict, typed bad input, or a finding."""
    started, cpu = time.perf_counter(), time.process_time()

    def took(kind: str, lines: int, error: str = "") -> Outcome:
        return Outcome(kind, time.perf_counter() - started, lines, error, time.process_time() - cpu)

    try:
        record = parse_record(text, source)
        result = replay_record(record, lenient=True, start_check=start_check, trust_start=trust_start)
    except BadInputError as exc:
        return took("bad-input", len(str(exc).splitlines()))
    except RuleGap as exc:  # replay reports gaps as problems; one escaping is typed all the same
        return took("gap", len(str(exc).splitlines()))
    except Exception as exc:
        return took("finding", 0, f"{type(exc).__name__}: {exc}"[:300])
    # a problem is shown in four lines (headline, line, rule, state): more means a value broke one
    lines = max((len(p.message(source).splitlines()) - 3 for p in result.problems), default=1)
    return took("legal" if result.legal else "illegal", lines)


def guarded(read: Callable[[], object]) -> str:
    """``bad-input`` when ``read`` raises typed bad input, ``ok`` when it returns, or the finding."""
    try:
        read()
    except BadInputError as exc:
        if len(str(exc).splitlines()) != 1:
            return f"finding: a message of {len(str(exc).splitlines())} lines"
        return "bad-input"
    except Exception as exc:
        return f"finding: {type(exc).__name__}: {exc}"[:300]
    return "ok"
