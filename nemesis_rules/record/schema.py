"""The published JSON Schemas (draft 2020-12) of records and snapshots.

The snapshot schema is generated from the same declared field types the reader checks
(:mod:`.state_classes`), so it describes exactly what :func:`~nemesis_rules.record.from_snapshot` accepts
and grows with the engine. A record is JSON Lines: its schema validates one line, which is the
header (line 1), a decision or a chance outcome.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from typing import Any

from nemesis_rules.model.core.config import GameConfig
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.data.vocabulary import CHANCES, DOMAINS, WORDS, Domain, Word
from nemesis_rules.model.rulesets import RULESETS
from nemesis_rules.record.lines import RECORD_FORMAT, RECORD_VERSION
from nemesis_rules.record.snapshot import SNAPSHOT_FORMAT, SNAPSHOT_VERSION
from nemesis_rules.record.state_classes import TYPE_KEY, Registry, complete_registry, union_args

DRAFT = "https://json-schema.org/draft/2020-12/schema"
_STRING_MAP = {"type": "object", "additionalProperties": {"type": "string"}}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/$defs/{name}"}


def _def_name(tag: str) -> str:
    return tag.replace(".", "_")


def _type_schema(hint: Any, table: Registry) -> dict[str, Any]:
    """The schema of a value declared as ``hint``."""
    members = union_args(hint)
    if members is not None:
        return {"anyOf": [_type_schema(m, table) for m in members]}
    simple = {type(None): "null", bool: "boolean", int: "integer", float: "number", str: "string"}
    if isinstance(hint, type) and hint in simple:
        return {"type": simple[hint]}
    if typing.get_origin(hint) is typing.Literal:
        return {"enum": list(typing.get_args(hint))}
    if hint is Multiset:
        return {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}}
    if hint is GameConfig:
        return _ref("GameConfig")
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
        items = [_type_schema(a, table) for a in args]
        return {"type": "array", "prefixItems": items, "minItems": len(items), "maxItems": len(items)}
    if origin in (tuple, frozenset):
        out: dict[str, Any] = {"type": "array"}
        if args:
            out["items"] = _type_schema(args[0], table)
        return out
    if origin is not None and isinstance(origin, type) and issubclass(origin, Mapping):
        return {"type": "object", "additionalProperties": _type_schema(args[1], table) if len(args) == 2 else {}}
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        accepted = table.accepted(hint)
        refs = [_ref(_def_name(table.tags[c])) for c in sorted(accepted, key=lambda c: table.tags[c])]
        return refs[0] if len(refs) == 1 else {"anyOf": refs}
    return {}


def _class_schema(cls: type, table: Registry) -> dict[str, Any]:
    tag = table.tags[cls]
    polymorphic = len(table.accepted(cls)) > 1 or any(issubclass(cls, c) and c is not cls for c in table.fields)
    properties: dict[str, Any] = {TYPE_KEY: {"const": tag}}
    required = [TYPE_KEY] if polymorphic else []
    for spec in table.fields[cls]:
        properties[spec.name] = _type_schema(spec.hint, table)
        if spec.required and spec.hint is not GameConfig:
            required.append(spec.name)
    out: dict[str, Any] = {"type": "object", "properties": properties, "additionalProperties": False}
    if cls.__doc__:
        out["description"] = " ".join(cls.__doc__.split())
    if required:
        out["required"] = required
    return out


def _config_schema() -> dict[str, Any]:
    return {
        "type": "object",
        "description": "The game's ruleset, player count, rulings and data variants "
        "(missing ones take their defaults).",
        "properties": {
            "ruleset": {"enum": sorted(RULESETS)},
            "players": {"type": "integer", "minimum": 1, "maximum": 5},
            "rulings": _STRING_MAP,
            "variants": _STRING_MAP,
        },
        "required": ["players"],
        "additionalProperties": False,
    }


def _snapshot_defs() -> dict[str, Any]:
    table = complete_registry()
    defs: dict[str, Any] = {"GameConfig": _config_schema()}
    for cls, tag in sorted(table.tags.items(), key=lambda item: item[1]):
        defs[_def_name(tag)] = _class_schema(cls, table)
    defs["Snapshot"] = {
        "type": "object",
        "description": "A whole game state. 'state.config' may be left out inside a record header.",
        "properties": {
            "format": {"const": SNAPSHOT_FORMAT},
            "version": {"const": SNAPSHOT_VERSION},
            "state": _ref("GameState"),
        },
        "required": ["format", "version", "state"],
        "additionalProperties": False,
    }
    return defs


def snapshot_schema() -> dict[str, Any]:
    """The JSON Schema of a state snapshot (``show --json`` writes one)."""
    return {
        "$schema": DRAFT,
        "$id": "https://nemesis-rules.invalid/schema/snapshot-v1.json",
        "title": "nemesis-rules state snapshot",
        **_ref("Snapshot"),
        "$defs": _snapshot_defs(),
    }


def domain_schema(domain: Domain) -> dict[str, Any]:
    """The schema of one value of ``domain``: a string (or a list of them) with its pattern or values."""
    one: dict[str, Any] = {"type": "string"}
    if domain.values:
        one["enum"] = list(domain.values)
    elif domain.pattern is not None:
        one["pattern"] = f"^(?:{domain.pattern})$"
    out = {"type": "array", "items": one} if domain.many else one
    return {"description": domain.description, **out}


def _word_def(word: Word) -> dict[str, Any]:
    properties: dict[str, Any] = {
        "player": {"type": "integer", "minimum": 1, "maximum": 5},
        "action": {"const": word.kind},
    }
    for param in word.params:
        properties[param.name] = _ref(f"domain-{param.domain}")
    out: dict[str, Any] = {
        "type": "object",
        "description": word.description,
        "properties": properties,
        "required": ["player", "action", *sorted(word.required)],
        "additionalProperties": False,
    }
    if word.rare:
        out["$comment"] = f"rare: {word.rare}"
    return out


def vocabulary_defs() -> dict[str, Any]:
    """The ``$defs`` of a record's action lines, from the declared vocabulary
    (:mod:`nemesis_rules.model.data.vocabulary`): a ``Decision`` names a declared word and has exactly
    that word's parameters, each in its domain; an ``Outcome`` names a declared chance node."""
    defs: dict[str, Any] = {f"domain-{name}": domain_schema(d) for name, d in sorted(DOMAINS.items())}
    for kind, word in sorted(WORDS.items()):
        defs[f"action-{kind}"] = _word_def(word)
    defs["Decision"] = {
        "type": "object",
        "description": "A player's decision: a declared action word and exactly its parameters (strings or "
        'lists of strings), e.g. {"player": 2, "action": "move", "to": "07", "pay": ["search"]}.',
        "properties": {
            "player": {"type": "integer", "minimum": 1, "maximum": 5},
            "action": {"enum": sorted(WORDS)},
        },
        "required": ["player", "action"],
        "allOf": [
            {"if": {"properties": {"action": {"const": kind}}}, "then": _ref(f"action-{kind}")}
            for kind in sorted(WORDS)
        ],
    }
    defs["Outcome"] = {
        "type": "object",
        "description": 'A chance outcome: a declared chance node and what came out, e.g. {"chance": "noise-roll", '
        '"outcome": "3"}.',
        "properties": {"chance": {"enum": sorted(CHANCES)}, "outcome": {"type": "string"}},
        "required": ["chance", "outcome"],
        "additionalProperties": False,
        "allOf": [
            {
                "if": {"properties": {"chance": {"const": name}}},
                "then": {"properties": {"outcome": _ref(f"domain-{chance.outcome}")}},
            }
            for name, chance in sorted(CHANCES.items())
        ],
    }
    return defs


def record_schema() -> dict[str, Any]:
    """The JSON Schema of one line of a game record (line 1 the header, then actions)."""
    defs = _snapshot_defs()
    defs["Header"] = {
        "type": "object",
        "description": "Line 1: the format, the game's config, the seed that produced it, and optionally the "
        "snapshot the record starts from instead of a new game.",
        "properties": {
            "format": {"const": RECORD_FORMAT},
            "version": {"const": RECORD_VERSION},
            "ruleset": {"enum": sorted(RULESETS)},
            "players": {"type": "integer", "minimum": 1, "maximum": 5},
            "seed": {"type": "integer"},
            "rulings": _STRING_MAP,
            "variants": _STRING_MAP,
            "snapshot": _ref("Snapshot"),
        },
        "required": ["format", "version", "ruleset", "players"],
        "additionalProperties": False,
    }
    defs.update(vocabulary_defs())
    return {
        "$schema": DRAFT,
        "$id": "https://nemesis-rules.invalid/schema/record-v1.json",
        "title": "nemesis-rules game record line",
        "description": "A game record is JSON Lines: line 1 is a Header, every further line a Decision or an Outcome.",
        "oneOf": [_ref("Header"), _ref("Decision"), _ref("Outcome")],
        "$defs": defs,
    }
