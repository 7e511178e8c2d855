"""Writing state values as JSON, driven by the declared field types (see :mod:`.state_classes`);
:mod:`.reading` reads them back.

Written forms: ``null``, booleans, integers and strings as themselves; a tuple or a frozenset as
an array; a :class:`~nemesis_rules.model.core.multiset.Multiset` as ``{key: count}``; a dataclass as an
object of its fields with ``"$type"`` naming its class; the game config as ``{"ruleset",
"players", "rulings", "variants"}``. A field whose
type cannot be resolved is written self-describing (an array is a tuple; ``{"$frozenset": [...]}``,
``{"$multiset": {...}}``, ``{"$mapping": {...}}``) so that it still reads back exactly.
"""

from __future__ import annotations

import dataclasses
import json
import typing
from collections.abc import Mapping
from typing import Any

from nemesis_rules.model.core.config import GameConfig
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.game import make_config
from nemesis_rules.record.state_classes import TYPE_KEY, refreshed_registry, registry, union_args

JSON = Any
"""A value as :func:`json.loads` returns it."""


class SnapshotError(ValueError):
    """A snapshot value that does not fit its declared type: ``path`` locates it."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}" if path else message)


# -- writing -------------------------------------------------------------------------------


def config_json(config: GameConfig, compact: bool = False) -> dict[str, JSON]:
    """The config's choices; ``compact`` keeps only the rulings and variants that are not defaults."""
    rulings, variants = dict(config.rulings), dict(config.variants)
    if compact:
        defaults = make_config(config.ruleset.name, config.players)
        rulings = {k: v for k, v in rulings.items() if defaults.rulings.get(k) != v}
        variants = {k: v for k, v in variants.items() if defaults.variants.get(k) != v}
    return {
        "ruleset": config.ruleset.name,
        "players": config.players,
        "rulings": dict(sorted(rulings.items())),
        "variants": dict(sorted(variants.items())),
    }


def encode(value: Any, hint: Any = Any, *, compact: bool = False) -> JSON:
    """``value`` as JSON; ``hint`` (its declared type) decides whether a generic form is needed.
    ``compact`` leaves out dataclass fields that hold their default (reading fills them in)."""
    generic = hint is Any or hint is object
    if value is None or isinstance(value, bool | int | str | float):
        return value
    if isinstance(value, GameConfig):
        choices = config_json(value, compact)
        return {"$config": choices} if generic else choices
    if isinstance(value, Multiset):
        counts = value.as_dict()
        return {"$multiset": counts} if generic else counts
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _encode_dataclass(value, compact)
    if isinstance(value, tuple):
        items = _item_hints(hint, len(value))
        return [encode(v, h, compact=compact) for v, h in zip(value, items, strict=True)]
    if isinstance(value, frozenset):
        item = _item_hints(hint, 1)[0]
        encoded = sorted((encode(v, item, compact=compact) for v in value), key=_sort_key)
        return {"$frozenset": encoded} if generic else encoded
    if isinstance(value, Mapping):
        args = typing.get_args(hint)
        item = args[1] if len(args) == 2 else Any
        encoded_map = {str(k): encode(v, item, compact=compact) for k, v in value.items()}
        return {"$mapping": encoded_map} if generic else encoded_map
    raise TypeError(f"a snapshot cannot hold {type(value).__name__} values ({value!r})")


def _sort_key(value: JSON) -> str:
    return json.dumps(value, sort_keys=True)


def _item_hints(hint: Any, length: int) -> tuple[Any, ...]:
    """The declared type of each element of a tuple/frozenset of ``length`` elements."""
    for member in union_args(hint) or (hint,):
        origin, args = typing.get_origin(member), typing.get_args(member)
        if origin in (tuple, frozenset) and args:
            if (len(args) == 2 and args[1] is Ellipsis) or origin is frozenset:
                return (args[0],) * length
            if len(args) == length:
                return args
    return (Any,) * length


def _encode_dataclass(value: Any, compact: bool) -> dict[str, JSON]:
    table = registry()
    cls = type(value)
    if cls not in table.tags:
        table = refreshed_registry()
    tag = table.tags.get(cls)
    if tag is None:
        raise TypeError(f"{cls.__module__}.{cls.__qualname__} is not a state class a snapshot may hold")
    out: dict[str, JSON] = {TYPE_KEY: tag}
    for spec in table.fields[cls]:
        field_value = getattr(value, spec.name)
        if compact and not spec.required and _same(field_value, spec.default):
            continue
        out[spec.name] = encode(field_value, spec.hint, compact=compact)
    return out


def _same(value: Any, default: Any) -> bool:
    """Equal and of the same type (``False == 0`` must not drop a field)."""
    return type(value) is type(default) and bool(value == default)
