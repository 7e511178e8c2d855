"""The rulesets a game can be played with, by name (design.md, principle 5).

Each is a value built explicitly from rule families (:mod:`.base`; :mod:`.void_seeders`, the
base game with the expansion's replacements). A ruleset of one's own is a new module that builds
a :class:`~nemesis_rules.model.core.ruleset.Ruleset` the same way and is passed to
:func:`nemesis_rules.model.game.start`; nothing in the base rule files changes for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from nemesis_rules.errors import BadInputError
from nemesis_rules.model.core.ruleset import Ruleset
from nemesis_rules.model.rulesets.base import BASE
from nemesis_rules.model.rulesets.void_seeders import VOID_SEEDERS

__all__ = ["BASE", "RULESETS", "VOID_SEEDERS", "Ruleset", "ruleset"]

RULESETS: Mapping[str, Ruleset] = MappingProxyType({r.name: r for r in (BASE, VOID_SEEDERS)})
"""The package's rulesets by name (what a record's header and ``--ruleset`` name)."""


def ruleset(name: str) -> Ruleset:
    """The ruleset called ``name``; an unknown name is bad input naming the choices."""
    try:
        return RULESETS[name]
    except KeyError:
        raise BadInputError(f"unknown ruleset {name!r} (choose from {', '.join(RULESETS)})", "--ruleset") from None
