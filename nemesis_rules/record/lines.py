"""The game record: JSON Lines, a header and then one action per line (design.md, "The game record").

Line 1 is the header::

    {"format": "nemesis-rules-record", "version": 1, "ruleset": "base", "players": 2,
     "seed": 7, "rulings": {...}, "variants": {...}}

optionally with ``"snapshot": {...}`` (see :mod:`.snapshot`) to start from that state instead of a
new game. Every further line is a player's decision or a chance outcome, setup included::

    {"player": 2, "action": "move", "to": "07", "pay": ["search"]}
    {"chance": "noise-roll", "outcome": "3"}

Reading is strict: every problem is a :class:`~nemesis_rules.errors.BadInputError` naming
``file:line`` (text that is not UTF-8 or not JSON, an unknown or mistyped field, a player who is
not in the game, an unknown format version or ruleset). Nothing in a record is executed.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nemesis_rules.atomic import write_atomic
from nemesis_rules.errors import BadInputError, LimitError, quote, shorten
from nemesis_rules.model.core.actions import Action, Decision, Outcome
from nemesis_rules.model.core.config import GameConfig
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.game import make_config
from nemesis_rules.record.limits import DEFAULT, Limits
from nemesis_rules.record.snapshot import from_snapshot, to_snapshot

RECORD_FORMAT = "nemesis-rules-record"
RECORD_VERSION = 1
HEADER_FIELDS = ("format", "version", "ruleset", "players", "seed", "rulings", "variants", "snapshot")
DECISION_KEYS = ("player", "action")
OUTCOME_KEYS = ("chance", "outcome")


@dataclass(frozen=True, slots=True)
class RecordHeader:
    """Line 1 of a record: the game's config, the seed that produced it (if any), and the state
    it starts from when it does not start a new game."""

    ruleset: str = "base"
    players: int = 2
    rulings: Mapping[str, str] = field(default_factory=dict)
    variants: Mapping[str, str] = field(default_factory=dict)
    seed: int | None = None
    snapshot: GameState | None = None

    @classmethod
    def for_config(
        cls, config: GameConfig, *, seed: int | None = None, snapshot: GameState | None = None
    ) -> RecordHeader:
        return cls(config.ruleset.name, config.players, dict(config.rulings), dict(config.variants), seed, snapshot)

    def config(self) -> GameConfig:
        """The game config (checked; bad choices raise BadInputError)."""
        return make_config(self.ruleset, self.players, self.rulings, self.variants)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "ruleset": self.ruleset,
            "players": self.players,
        }
        if self.seed is not None:
            out["seed"] = self.seed
        out["rulings"] = dict(sorted(self.rulings.items()))
        out["variants"] = dict(sorted(self.variants.items()))
        if self.snapshot is not None:
            out["snapshot"] = to_snapshot(self.snapshot, with_config=False)
        return out


@dataclass(frozen=True, slots=True)
class Record:
    """A header and the actions after it. ``source`` names the file; ``numbers`` and ``texts``
    give each action's line number and text as read (records built in memory have none)."""

    header: RecordHeader
    actions: tuple[Action, ...]
    source: str = "<record>"
    numbers: tuple[int, ...] = ()
    texts: tuple[str, ...] = ()

    def line_number(self, index: int) -> int:
        """The line of the ``index``-th action (0-based): line 1 is the header."""
        return self.numbers[index] if index < len(self.numbers) else index + 2

    def line_text(self, index: int) -> str:
        if index < len(self.texts):
            return self.texts[index]
        return action_line(self.actions[index])

    @property
    def last_line(self) -> int:
        return self.line_number(len(self.actions) - 1) if self.actions else 1


def action_line(action: Action) -> str:
    return json.dumps(action.to_json(), ensure_ascii=False)


def record_text(header: RecordHeader, actions: Iterable[Action]) -> str:
    """The JSON Lines text of a record: the header, then one line per action."""
    lines = [json.dumps(header.to_json(), ensure_ascii=False)]
    lines.extend(action_line(a) for a in actions)
    return "\n".join(lines) + "\n"


def write_record(path: str | Path, header: RecordHeader, actions: Iterable[Action], *, sync: bool = True) -> None:
    """Write a record atomically (a crash never leaves half a record behind); ``sync`` as
    :func:`~nemesis_rules.atomic.write_atomic`."""
    write_atomic(path, record_text(header, actions), sync=sync)


def record_from_log(start: GameState | GameConfig, log: Any) -> Record:
    """A record of ``log`` (a :class:`~nemesis_rules.players.play.GameLog` or a sequence of actions)
    played from a new game of ``start`` (a config) or from the state ``start``."""
    actions: Sequence[Action] = log.actions if hasattr(log, "actions") else log
    seed = getattr(log, "seed", None)
    if isinstance(start, GameState):
        header = RecordHeader.for_config(start.config, seed=seed, snapshot=start)
    else:
        header = RecordHeader.for_config(start, seed=seed)
    return Record(header, tuple(actions))


# -- reading ---------------------------------------------------------------------------------


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the field {quote(key)} appears twice")
        out[key] = value
    return out


def parse_json(text: str, where: str) -> Any:
    """One line's JSON; a syntax error, a duplicate field, NaN or too deep nesting is bad input."""
    try:
        return json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as exc:
        raise BadInputError(f"not JSON: {exc.msg} (column {exc.colno})", where) from None
    except ValueError as exc:
        raise BadInputError(f"not JSON: {exc}", where) from None
    except RecursionError:
        raise BadInputError("not JSON: nested too deeply", where) from None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _strings(value: object) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items())


def parse_header(data: object, where: str) -> RecordHeader:
    """Line 1: checked field by field; the config must be one this engine can play."""
    if not isinstance(data, dict):
        raise BadInputError("line 1 must be the record header (a JSON object)", where)
    if data.get("format") != RECORD_FORMAT:
        raise BadInputError(f"not a game record: the header's 'format' must be {RECORD_FORMAT!r}", where)
    unknown = [k for k in data if k not in HEADER_FIELDS]
    if unknown:
        raise BadInputError(f"unknown header field {quote(unknown[0])} (fields: {', '.join(HEADER_FIELDS)})", where)
    version = data.get("version")
    if version != RECORD_VERSION or not _is_int(version):
        shown = quote(version) if isinstance(version, str) else shorten(json.dumps(version))
        raise BadInputError(f"unsupported record version {shown} (this reads version {RECORD_VERSION})", where)
    ruleset, players, seed = data.get("ruleset"), data.get("players"), data.get("seed")
    if not isinstance(ruleset, str):
        raise BadInputError("the header needs 'ruleset' (a string)", where)
    if not isinstance(players, int) or isinstance(players, bool):
        raise BadInputError("the header needs 'players' (an integer)", where)
    if seed is not None and not _is_int(seed):
        raise BadInputError("'seed' must be an integer", where)
    rulings, variants = data.get("rulings", {}), data.get("variants", {})
    if not _strings(rulings) or not _strings(variants):
        raise BadInputError("'rulings' and 'variants' must be objects of strings", where)
    try:
        config = make_config(ruleset, players, rulings, variants)
    except BadInputError as exc:
        raise BadInputError(exc.message, where) from None
    snapshot = None
    if "snapshot" in data:
        try:
            snapshot = from_snapshot(data["snapshot"], config=config)
        except BadInputError as exc:
            raise BadInputError(f"in the header's snapshot: {exc.message}", where) from None
    return RecordHeader(ruleset, players, dict(rulings), dict(variants), seed, snapshot)


def parse_action(data: object, players: int, where: str) -> Action:
    """One action line: a decision or a chance outcome, every field of the right type."""
    if not isinstance(data, dict):
        raise BadInputError("an action line must be a JSON object (a decision or a chance outcome)", where)
    if "chance" in data or "outcome" in data:
        extra = [k for k in data if k not in OUTCOME_KEYS]
        if extra:
            raise BadInputError(f"unknown field {quote(extra[0])} in a chance outcome (fields: chance, outcome)", where)
        chance, outcome = data.get("chance"), data.get("outcome")
        if not isinstance(chance, str) or not isinstance(outcome, str):
            raise BadInputError("a chance outcome needs 'chance' and 'outcome', both strings", where)
        return Outcome(chance, outcome)
    if "player" not in data or "action" not in data:
        raise BadInputError(
            "a line is a decision ('player', 'action', ...) or a chance outcome ('chance', 'outcome')", where
        )
    player, kind = data["player"], data["action"]
    if not _is_int(player):
        raise BadInputError(f"'player' must be an integer, got {shorten(json.dumps(player))}", where)
    if not 1 <= player <= players:
        raise BadInputError(f"there is no player {player} in a {players}-player game", where)
    if not isinstance(kind, str) or not kind:
        raise BadInputError("'action' must be a non-empty string", where)
    params: dict[str, str | tuple[str, ...]] = {}
    for key, value in data.items():
        if key in DECISION_KEYS:
            continue
        if isinstance(value, str):
            params[key] = value
        elif isinstance(value, list) and all(isinstance(v, str) for v in value):
            params[key] = tuple(value)
        else:
            raise BadInputError(f"the field {quote(key)} must be a string or a list of strings", where)
    return Decision.make(player, kind, **params)


def parse_record(text: str, source: str = "<record>", limits: Limits = DEFAULT) -> Record:
    """A record from its text; ``source`` names it in messages. A line longer than
    ``limits.line_bytes`` or more action lines than ``limits.steps`` is bad input."""
    header: RecordHeader | None = None
    actions: list[Action] = []
    numbers: list[int] = []
    texts: list[str] = []
    for number, line in enumerate(text.split("\n"), start=1):
        stripped = line.strip()
        if not stripped:
            continue
        where = f"{source}:{number}"
        _check_line(stripped, where, limits)
        if header is not None and len(actions) >= limits.steps:
            raise LimitError(f"more than {limits.steps} action lines (raise the limit with --max-steps)", where)
        data = parse_json(stripped, where)
        if header is None:
            if number != 1:
                raise BadInputError("line 1 must be the record header", f"{source}:1")
            header = parse_header(data, where)
            continue
        actions.append(parse_action(data, header.players, where))
        numbers.append(number)
        texts.append(stripped)
    if header is None:
        raise BadInputError("empty record (line 1 must be the header)", source)
    return Record(header, tuple(actions), source, tuple(numbers), tuple(texts))


def _check_line(line: str, where: str, limits: Limits) -> None:
    if len(line) > limits.line_bytes or (len(line) * 4 > limits.line_bytes and len(line.encode()) > limits.line_bytes):
        raise LimitError(
            f"the line is longer than {limits.line_bytes} bytes (raise the limit with --max-line-bytes)", where
        )


def read_record(path: str | Path, limits: Limits = DEFAULT) -> Record:
    """Read and check a record file; every problem is a BadInputError naming ``file:line``.
    A file larger than ``limits.record_bytes`` is refused before it is read."""
    source = str(path)
    try:
        with Path(path).open("rb") as handle:
            raw = handle.read(limits.record_bytes + 1)
    except OSError as exc:
        raise BadInputError(f"cannot read {quote(source)}: {exc.strerror or exc}") from None
    if len(raw) > limits.record_bytes:
        raise LimitError(
            f"the record is larger than {limits.record_bytes} bytes (raise the limit with --max-record-bytes)",
            source,
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise BadInputError("not UTF-8 text", f"{source}:{line}") from None
    return parse_record(text, source, limits)
