"""Rulesets as values (design principle 5): what a ruleset removes, inserts and replaces.

A ruleset is passed into setup and recorded in a game record's header; the engine reads its
tables instead of asking "is this the expansion?". This module starts with what the board
needs (which room tiles the ruleset removes) and grows with the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from nemesis_rules.errors import BadInputError


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A named set of rules. ``removed_room_tiles``: tiles taken out of the pools at setup."""

    name: str
    title: str
    removed_room_tiles: frozenset[str]


BASE = Ruleset("base", "Nemesis (base game)", frozenset())
VOID_SEEDERS = Ruleset(
    "void-seeders",
    "Nemesis with the Void Seeders expansion",
    # void-seeders-rulebook.txt, Setup step 2: the Room covered in Slime leaves the "2" pool.
    frozenset({"room-covered-with-slime"}),
)
RULESETS: Mapping[str, Ruleset] = MappingProxyType({r.name: r for r in (BASE, VOID_SEEDERS)})


def ruleset(name: str) -> Ruleset:
    """The ruleset called ``name``; an unknown name is bad input naming the choices."""
    try:
        return RULESETS[name]
    except KeyError:
        raise BadInputError(f"unknown ruleset {name!r} (choose from {', '.join(RULESETS)})", "--ruleset") from None
