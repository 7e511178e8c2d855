"""Assembling a ruleset's tables from rule families (design.md, principle 5).

A rule family declares its actions and effects as module constants; a ruleset module merges
them here. Two families declaring the same action kind or the same slug is a mistake in the
rules code, not a replacement: a replacement is made explicitly, with :func:`replacing`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import TypeVar

from nemesis_rules.model.core.ruleset import ActionRule

T = TypeVar("T")


def merged(*tables: Mapping[str, T]) -> Mapping[str, T]:
    """The entries of ``tables`` in one read-only mapping; a key declared twice is an error."""
    out: dict[str, T] = {}
    for table in tables:
        for key, value in table.items():
            if key in out:
                raise ValueError(f"{key!r} is declared by two rule families")
            out[key] = value
    return MappingProxyType(out)


def by_kind(*families: Iterable[ActionRule]) -> Mapping[str, ActionRule]:
    """The action rules of ``families`` by kind; a kind declared twice is an error."""
    return merged(*({rule.kind: rule for rule in family} for family in families))


def replacing(table: Mapping[str, T], replacements: Mapping[str, T]) -> Mapping[str, T]:
    """``table`` with some entries replaced; each replaced key must exist (a replacement of
    nothing is a misspelt slug)."""
    unknown = sorted(set(replacements) - set(table))
    if unknown:
        raise ValueError(f"nothing to replace for {', '.join(unknown)}")
    return MappingProxyType({**table, **replacements})
