"""Reading state values back from JSON, checked against their declared types.

Every value is checked against the type its field declares; the first one that does not fit
raises :class:`~nemesis_rules.record.writing.SnapshotError` with its path
(``state.pending[0].player: expected an integer, got the string "1"``). Only the classes of
:func:`~nemesis_rules.record.state_classes.registry` can be built. A decoder is compiled once per declared
type, so that reading a snapshot stays cheap enough to do for every state of a game.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import re
import typing
from collections.abc import Callable, Mapping
from typing import Any

from nemesis_rules.errors import BadInputError
from nemesis_rules.model.core.config import GameConfig
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.game import make_config
from nemesis_rules.record.state_classes import TYPE_KEY, Registry, refreshed_registry, registry, union_args
from nemesis_rules.record.writing import JSON, SnapshotError

Path = tuple[Any, ...] | None
"""A value's place, built lazily as nested pairs ``(parent, key)``; text only for a message."""
Decoder = Callable[[JSON, Path, GameConfig | None], Any]
_GENERIC_KEYS = ("$frozenset", "$multiset", "$mapping", "$config")
_PLAIN_KEY = re.compile(r"[$A-Za-z0-9_-]+")


def path_text(path: Path) -> str:
    keys: list[Any] = []
    while path is not None:
        path, key = path
        keys.append(key)
    out = ""
    for key in reversed(keys):
        if isinstance(key, int):
            out += f"[{key}]"
        elif _PLAIN_KEY.fullmatch(str(key)):
            out += f".{key}" if out else str(key)
        else:  # quoted, so that a key with a line break or a dot still reads as one key
            out += f"[{json.dumps(key)}]"
    return out


def _fail(path: Path, message: str) -> SnapshotError:
    return SnapshotError(path_text(path), message)


def _kind(data: JSON) -> str:
    if data is None:
        return "null"
    if isinstance(data, bool):
        return "a boolean"
    if isinstance(data, int):
        return "an integer"
    if isinstance(data, float):
        return "a number"
    if isinstance(data, str):
        return f"the string {json.dumps(data)[:40]}"
    return "an array" if isinstance(data, list) else "an object"


def decode(data: JSON, hint: Any, path: str = "", config: GameConfig | None = None) -> Any:
    """The value ``data`` stands for, checked against ``hint``; ``config`` fills a missing game
    config; ``path`` names ``data`` in messages."""
    return decoder(hint)(data, (None, path) if path else None, config)


@functools.cache
def decoder(hint: Any) -> Decoder:
    """The checking reader of values declared as ``hint``."""
    if hint is Any or hint is object:
        return _decode_generic
    members = union_args(hint)
    if members is not None:
        return _union(members)
    if hint is type(None) or hint is None:
        return _exact(lambda d: d is None, "null")
    if hint is bool:
        return _exact(lambda d: isinstance(d, bool), "true or false")
    if hint is int:
        return _exact(lambda d: isinstance(d, int) and not isinstance(d, bool), "an integer")
    if hint is str:
        return _exact(lambda d: isinstance(d, str), "a string")
    if hint is float:
        return _float
    if typing.get_origin(hint) is typing.Literal:
        return _literal(typing.get_args(hint))
    if hint is Multiset:
        return _multiset
    if hint is GameConfig:
        return _config
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
        return _fixed_tuple(tuple(decoder(a) for a in args))
    if origin in (tuple, frozenset):
        return _sequence(decoder(args[0]) if args else _decode_generic, origin is frozenset)
    if isinstance(origin, type) and issubclass(origin, Mapping):
        return _mapping(decoder(args[1]) if len(args) == 2 else _decode_generic)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return functools.partial(_dataclass, hint)
    raise TypeError(f"a snapshot cannot hold values declared as {hint!r}")


def _exact(test: Callable[[JSON], bool], expected: str) -> Decoder:
    def read(data: JSON, path: Path, config: GameConfig | None) -> Any:
        if not test(data):
            raise _fail(path, f"expected {expected}, got {_kind(data)}")
        return data

    return read


def _float(data: JSON, path: Path, config: GameConfig | None) -> float:
    if not isinstance(data, int | float) or isinstance(data, bool):
        raise _fail(path, f"expected a number, got {_kind(data)}")
    return float(data)


def _literal(allowed: tuple[Any, ...]) -> Decoder:
    def read(data: JSON, path: Path, config: GameConfig | None) -> Any:
        for value in allowed:
            if type(data) is type(value) and data == value:
                return data
        raise _fail(path, f"expected one of {', '.join(json.dumps(a) for a in allowed)}, got {_kind(data)}")

    return read


def _union(members: tuple[Any, ...]) -> Decoder:
    readers = tuple(decoder(m) for m in members)
    nullable = type(None) in members

    def read(data: JSON, path: Path, config: GameConfig | None) -> Any:
        if data is None and nullable:
            return None
        errors: list[SnapshotError] = []
        for reader in readers:
            try:
                return reader(data, path, config)
            except SnapshotError as exc:
                errors.append(exc)
        here = path_text(path)
        deepest = max(errors, key=lambda e: len(e.path))
        if deepest.path != here:
            raise deepest
        expected = " or ".join(_describe(m) for m in members)
        raise SnapshotError(here, f"expected {expected}, got {_kind(data)}")

    return read


def _describe(hint: Any) -> str:
    if hint is type(None):
        return "null"
    return hint.__name__ if isinstance(hint, type) else str(hint).replace("typing.", "")


def _fixed_tuple(readers: tuple[Decoder, ...]) -> Decoder:
    def read(data: JSON, path: Path, config: GameConfig | None) -> tuple[Any, ...]:
        if not isinstance(data, list):
            raise _fail(path, f"expected an array, got {_kind(data)}")
        if len(data) != len(readers):
            raise _fail(path, f"expected an array of {len(readers)} values, got {len(data)}")
        return tuple(r(v, (path, i), config) for i, (r, v) in enumerate(zip(readers, data, strict=True)))

    return read


def _sequence(item: Decoder, as_set: bool) -> Decoder:
    def read(data: JSON, path: Path, config: GameConfig | None) -> Any:
        if not isinstance(data, list):
            raise _fail(path, f"expected an array, got {_kind(data)}")
        values = [item(v, (path, i), config) for i, v in enumerate(data)]
        if not as_set:
            return tuple(values)
        try:
            return frozenset(values)
        except TypeError:
            raise _fail(path, "the values of a set must be hashable") from None

    return read


def _mapping(item: Decoder) -> Decoder:
    def read(data: JSON, path: Path, config: GameConfig | None) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise _fail(path, f"expected an object, got {_kind(data)}")
        return {k: item(v, (path, k), config) for k, v in data.items()}

    return read


def _multiset(data: JSON, path: Path, config: GameConfig | None) -> Multiset:
    if not isinstance(data, dict):
        raise _fail(path, f"expected an object of counts, got {_kind(data)}")
    for key, count in data.items():
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise _fail((path, key), f"expected a count (an integer >= 0), got {_kind(count)}")
    return Multiset(data)


@functools.lru_cache(maxsize=64)
def _make_config(
    ruleset: str, players: int, rulings: tuple[tuple[str, str], ...], variants: tuple[tuple[str, str], ...]
) -> GameConfig:
    return make_config(ruleset, players, dict(rulings), dict(variants))


def _config(data: JSON, path: Path, config: GameConfig | None) -> GameConfig:
    if not isinstance(data, dict):
        raise _fail(path, f"expected the game config object, got {_kind(data)}")
    unknown = sorted(set(data) - {"ruleset", "players", "rulings", "variants"})
    if unknown:
        raise _fail(path, f"unknown config field {unknown[0]!r}")
    ruleset, players = data.get("ruleset", "base"), data.get("players")
    if not isinstance(ruleset, str):
        raise _fail((path, "ruleset"), f"expected a string, got {_kind(ruleset)}")
    if not isinstance(players, int) or isinstance(players, bool):
        raise _fail((path, "players"), f"expected an integer, got {_kind(players)}")
    choices = []
    for key in ("rulings", "variants"):
        value = data.get(key, {})
        if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
            raise _fail((path, key), "expected an object of strings")
        choices.append(tuple(sorted(value.items())))
    try:
        return _make_config(ruleset, players, choices[0], choices[1])
    except BadInputError as exc:
        raise _fail(path, exc.message) from None


@dataclasses.dataclass(frozen=True, slots=True)
class _Plan:
    """How to read one class: its tag, field readers and which fields must be given."""

    tag: str
    fields: tuple[tuple[str, Decoder, bool, bool], ...]
    """(name, reader, required, is the game config)"""
    names: frozenset[str]


_PLANS: dict[tuple[int, type], _Plan] = {}


def _plan(table: Registry, cls: type) -> _Plan:
    key = (id(table), cls)
    plan = _PLANS.get(key)
    if plan is None:
        specs = table.fields[cls]
        fields = tuple((s.name, decoder(s.hint), s.required, s.hint is GameConfig) for s in specs)
        plan = _PLANS[key] = _Plan(table.tags[cls], fields, frozenset(s.name for s in specs) | {TYPE_KEY})
    return plan


def _dataclass(hint: type, data: JSON, path: Path, config: GameConfig | None) -> Any:
    if not isinstance(data, dict):
        raise _fail(path, f"expected an object ({hint.__name__}), got {_kind(data)}")
    table, cls = _pick_class(data, hint, path)
    plan = _plan(table, cls)
    for key in data:
        if key not in plan.names:
            raise _fail((path, key), f"unknown field of {plan.tag}")
    kwargs: dict[str, Any] = {}
    for name, read, required, is_config in plan.fields:
        if name in data:
            kwargs[name] = read(data[name], (path, name), config)
        elif is_config and config is not None:
            kwargs[name] = config
        elif required:
            raise _fail((path, name), f"missing field of {plan.tag}")
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise _fail(path, f"cannot build {plan.tag}: {exc}") from None


@functools.cache
def _accepted(table: Registry, hint: type) -> tuple[type, ...]:
    return table.accepted(hint)


def _pick_class(data: dict[str, JSON], hint: type, path: Path) -> tuple[Registry, type]:
    table = registry()
    tag = data.get(TYPE_KEY)
    if isinstance(tag, str) and tag not in table.by_tag:
        table = refreshed_registry(tag)
    accepted = _accepted(table, hint)
    if tag is None:
        if len(accepted) == 1:
            return table, accepted[0]
        raise _fail(path, f"missing {TYPE_KEY!r}: which {hint.__name__} is this?")
    if not isinstance(tag, str):
        raise _fail((path, TYPE_KEY), f"expected a class name, got {_kind(tag)}")
    cls = table.by_tag.get(tag)
    if cls is None or cls not in accepted:
        names = sorted(table.tags[c] for c in accepted)
        shown = ", ".join(names[:8]) + (f", ... ({len(names)} in all)" if len(names) > 8 else "")
        raise _fail((path, TYPE_KEY), f"unknown {hint.__name__} type {tag!r} (known: {shown})")
    return table, cls


def _decode_generic(data: JSON, path: Path, config: GameConfig | None) -> Any:
    """A value whose type is not declared: written self-describing (see :func:`.writing.encode`)."""
    if data is None or isinstance(data, bool | int | str | float):
        return data
    if isinstance(data, list):
        return tuple(_decode_generic(v, (path, i), config) for i, v in enumerate(data))
    if TYPE_KEY in data:
        tag = data[TYPE_KEY]
        table = registry()
        if isinstance(tag, str) and tag not in table.by_tag:
            table = refreshed_registry(tag)
        cls = table.by_tag.get(tag) if isinstance(tag, str) else None
        if cls is None:
            raise _fail((path, TYPE_KEY), f"unknown type {tag!r}")
        return _dataclass(cls, data, path, config)
    if len(data) == 1:
        ((key, inner),) = data.items()
        if key == "$frozenset":
            return _sequence(_decode_generic, True)(inner, (path, key), config)
        if key == "$multiset":
            return _multiset(inner, (path, key), config)
        if key == "$mapping":
            return _mapping(_decode_generic)(inner, (path, key), config)
        if key == "$config":
            return _config(inner, (path, key), config)
    raise _fail(path, f"expected a value tagged with {TYPE_KEY!r} or one of {', '.join(_GENERIC_KEYS)}")
