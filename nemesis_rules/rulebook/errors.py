"""Typed errors of the rulebook package.

Every message is one lower-case line that quotes the offending input, so a command line tool can print it
as it is (design principle 8).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from difflib import get_close_matches

__all__ = [
    "AlignmentError",
    "CatalogueError",
    "NumbersError",
    "RulebookError",
    "RulingSyntaxError",
    "RulingsError",
    "SectionNotFoundError",
    "UnknownClauseError",
    "UnknownQuantityError",
    "UnknownReadingError",
    "UnknownRulesetError",
    "UnknownRulingError",
]


def _suggest(name: str, valid: Iterable[str]) -> str:
    """A ' (did you mean ...?)' suffix naming the closest valid names, or ''."""
    close = get_close_matches(name, list(valid), n=3, cutoff=0.6)
    if not close:
        return ""
    return " (did you mean " + " or ".join(repr(c) for c in close) + "?)"


class RulebookError(Exception):
    """Base class of every error raised by :mod:`nemesis_rules.rulebook`."""


class _DataError(RulebookError, ValueError):
    """A data table that does not validate; ``problems`` names every problem found, not just the first."""

    what = "data"

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems: tuple[str, ...] = tuple(problems)
        count = len(self.problems)
        noun = "problem" if count == 1 else "problems"
        super().__init__(f"{self.what} has {count} {noun}: " + "; ".join(self.problems))


class CatalogueError(_DataError):
    """The clause catalogue (``clauses.toml``) does not validate."""

    what = "clause catalogue"


class RulingsError(_DataError):
    """The rulings catalogue (``rulings.toml``) does not validate."""

    what = "rulings catalogue"


class AlignmentError(_DataError):
    """The alignment of the rule texts to the clauses (``alignment/*.toml``) does not validate."""

    what = "alignment data"


class NumbersError(_DataError):
    """The numeric cross-check (``numbers.toml``) does not validate."""

    what = "numeric cross-check"


class UnknownClauseError(RulebookError, LookupError):
    """A clause id that is not in the catalogue."""

    def __init__(self, clause_id: str, valid: Iterable[str] = ()) -> None:
        self.clause_id = clause_id
        super().__init__(f"unknown clause {clause_id!r}" + _suggest(clause_id, valid))


class UnknownRulesetError(RulebookError, ValueError):
    """A ruleset name other than the known ones."""

    def __init__(self, ruleset: str, valid: Sequence[str]) -> None:
        self.ruleset = ruleset
        super().__init__(f"unknown ruleset {ruleset!r} (valid: {', '.join(valid)})")


class UnknownRulingError(RulebookError, LookupError):
    """A ruling id that is not in the rulings catalogue (or does not apply to the chosen ruleset)."""

    def __init__(self, ruling_id: str, valid: Sequence[str], *, ruleset: str | None = None) -> None:
        self.ruling_id = ruling_id
        self.valid: tuple[str, ...] = tuple(valid)
        hint = _suggest(ruling_id, self.valid)
        scope = f" for ruleset {ruleset!r}" if ruleset is not None else ""
        if hint:
            message = f"unknown ruling {ruling_id!r}{scope}{hint}"
        else:
            message = f"unknown ruling {ruling_id!r}{scope} (valid: {', '.join(self.valid)})"
        super().__init__(message)


class UnknownReadingError(RulebookError, ValueError):
    """A reading that is not one of a ruling's readings."""

    def __init__(self, ruling_id: str, reading: str, valid: Sequence[str]) -> None:
        self.ruling_id = ruling_id
        self.reading = reading
        self.valid: tuple[str, ...] = tuple(valid)
        super().__init__(f"unknown reading {reading!r} for ruling {ruling_id!r} (valid: {', '.join(self.valid)})")


class UnplayableReadingError(RulebookError, ValueError):
    """A catalogued reading the engine cannot play (the reason says why)."""

    def __init__(self, ruling_id: str, reading: str, reason: str) -> None:
        self.ruling_id = ruling_id
        self.reading = reading
        super().__init__(f"reading {reading!r} of ruling {ruling_id!r} cannot be played: {reason}")


class RulingSyntaxError(RulebookError, ValueError):
    """A ``--ruling`` argument that is not of the form ``ID=READING``."""

    def __init__(self, text: str, reason: str) -> None:
        self.text = text
        super().__init__(f"malformed ruling choice {text!r}: {reason} (expected ID=READING)")


class UnknownQuantityError(RulebookError, LookupError):
    """A quantity id that is not in the numeric cross-check."""

    def __init__(self, quantity_id: str, valid: Iterable[str] = ()) -> None:
        self.quantity_id = quantity_id
        super().__init__(f"unknown quantity {quantity_id!r}" + _suggest(quantity_id, valid))


class SectionNotFoundError(RulebookError, LookupError):
    """A cited section heading that does not occur in the cited rule text."""

    def __init__(self, file: str, section: str, reason: str) -> None:
        self.file = file
        self.section = section
        super().__init__(f"section {section!r} not found in {file}: {reason}")
