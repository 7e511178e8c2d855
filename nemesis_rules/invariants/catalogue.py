"""The invariant catalogue: every invariant the package defines, sorted by id."""

from __future__ import annotations

from functools import cache

from nemesis_rules.invariants.core import REGISTRY, Invariant


@cache
def catalogue() -> tuple[Invariant, ...]:
    """Every catalogued invariant (state and step), sorted by id."""
    from nemesis_rules.invariants import (  # noqa: F401  (importing registers each family)
        characters,
        conservation,
        placement,
        procedure,
        supplies,
        tracks,
        void_seeders,
    )

    return tuple(REGISTRY[key] for key in sorted(REGISTRY))


def invariant(invariant_id: str) -> Invariant:
    """The catalogued invariant with this id; KeyError naming the known ids otherwise."""
    for item in catalogue():
        if item.id == invariant_id:
            return item
    raise KeyError(f"unknown invariant {invariant_id!r} (known: {', '.join(i.id for i in catalogue())})")


def for_ruleset(ruleset: str) -> tuple[Invariant, ...]:
    """The catalogued invariants that apply under ``ruleset``."""
    return tuple(i for i in catalogue() if i.applies_to(ruleset))
