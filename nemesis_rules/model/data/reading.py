"""Reading the component tables: the TOML files in ``model/data/base/`` and ``model/data/void_seeders/``,
with the chosen data variants applied, read through typed accessors that name the place of every error.

What every table module of this package shares (the values themselves are in the TOML files, none here):

* Data variants. Where sources disagree, the best-evidence value is the default and each other value is
  a named option of a variant family (:data:`DATA_VARIANTS`; each family cites the section of
  ``facts.md`` where the sources disagree), chosen per game and recorded in the game record's header.
  A table states an option's values in its ``variants`` sub-table, with their own source and status;
  :func:`default_variants` and :func:`resolve_variants` make a complete choice.
* :class:`Provenance`. Every entry carries one: ``source`` (the source tags of ``facts.md``'s legend),
  ``status`` = ``"transcribed"`` or ``"reconstructed"``, and a ``reason`` when reconstructed. A
  correction is a data edit.
* The reader: :func:`root_table` opens a file as a :class:`Raw` table, whose accessors check each value's
  type and refuse unknown keys (:class:`ComponentTableError`: a bug in the data, not in user input);
  :class:`Copies` numbers the physical copies of a card or token (``<stem>-<n>``); :func:`slug` turns
  a card name into its effect id and :func:`name_and_effect` checks that a row's effect is that slug.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from importlib.resources import files
from types import MappingProxyType
from typing import Any, Final, Literal, cast

__all__ = [
    "DATA_VARIANTS",
    "ComponentTableError",
    "Copies",
    "Provenance",
    "Raw",
    "Status",
    "VariantKey",
    "check_players",
    "count_of",
    "default_variants",
    "name_and_effect",
    "resolve_variants",
    "root_table",
    "slug",
]

Status = Literal["transcribed", "reconstructed"]
VariantKey = tuple[tuple[str, str], ...]

DATA_VARIANTS: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {
        # facts.md §1: Intruder token back numbers, printed (SCAN + AB) vs 001's fixed per-type values.
        "token-thresholds": ("printed", "reference"),
        # facts.md §3: Summoning attackers, Creeper+Queen (SCAN, AB) vs Creeper+Breeder (PN).
        "summoning-attackers": ("scan", "pn"),
        # facts.md §4: four Event cards as PN lists them (movers of Hatching and Flammable Compounds,
        # numbers of Lurking and Egg Protection).
        "event-deck": ("scan", "pn"),
        # facts.md §6: Duct Tape has no component symbol (SCAN, DSJ) vs a wrench (PN).
        "duct-tape-component": ("scan", "pn"),
        # facts.md §6 vs the scanned card (ARV data-sources.json, SCAN_VERIFIED): the Extended Magazine
        # attaches to an Energy weapon (the card) or to any weapon (facts.md's summary names no kind).
        "extended-magazine": ("energy", "any"),
        # facts.md §7: Scientist's Pistol ammo 3 (SCAN, DSJ) vs 2 (PN).
        "scientist-pistol-ammo": ("scan", "pn"),
        # facts.md §7: Pilot's Evacuation Key / Orbital Maneuvering System activations (DSJ, SCAN) vs swapped (PN).
        "pilot-quest-activation": ("dsj", "pn"),
        # facts.md §7: Holo Computer activated in the Generator (DSJ, SCAN) vs the Emergency Room (PN).
        "holo-computer-activation": ("dsj", "pn"),
        # facts.md §15: noise die, printed faces vs 001's 4 numbers / 3 Danger / 3 Silence.
        "noise-die": ("printed", "reference"),
        # facts.md §15: combat die, SCAN stickers vs ARV's earlier code vs 001.
        "combat-die": ("scan", "arv", "reference"),
        # facts.md §15: number of INFECTED Contamination cards, 7 (ARV, CS) vs 13 (001).
        "contamination-infected": ("7", "13"),
        # facts.md §16: 16 numbered Void Seeder tokens (VS-RB) vs AB's 17.
        "vs-tokens": ("rulebook", "ab"),
        # facts.md §16 vs AB js/VoidSeederEventCards.js and Data/VoidSeederEvents.csv (commit 9e3dd39):
        # Void Seeders' Evacuation Pod Ejection removes the lowest-numbered pod (AB's card text, as the
        # base card does) or the highest (facts.md, citing that same file). Ruling vs.data.pod-ejection.
        "vs-pod-ejection": ("lowest", "highest"),
    }
)
"""Each data-variant family and its options, the default first."""

_STATUSES: Final = ("transcribed", "reconstructed")
_PACKAGE: Final = "nemesis_rules.model"  # the TOML tables sit in model/data/<ruleset>/


class ComponentTableError(ValueError):
    """A component table in the package is malformed (a bug in the data, not in user input)."""


def slug(name: str) -> str:
    """The effect id of a card name: lower case, every run of non-alphanumerics turned into one ``-``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def default_variants() -> dict[str, str]:
    """The default option of every data-variant family."""
    return {family: options[0] for family, options in DATA_VARIANTS.items()}


def resolve_variants(variants: Mapping[str, str] | None = None) -> VariantKey:
    """Validate a (partial) variant choice and complete it with defaults, as a sorted, hashable tuple.

    Raises ``ValueError`` for an unknown family or option (one line naming the family and the options).
    """
    chosen = default_variants()
    for family, option in (variants or {}).items():
        allowed = DATA_VARIANTS.get(family)
        if allowed is None:
            raise ValueError(f"unknown data variant {family!r} (known: {', '.join(DATA_VARIANTS)})")
        if option not in allowed:
            raise ValueError(f"unknown option {option!r} for data variant {family!r} (allowed: {', '.join(allowed)})")
        chosen[family] = option
    return tuple(sorted(chosen.items()))


@dataclass(frozen=True, slots=True)
class Provenance:
    """Where a value comes from: source tags (facts.md legend), status, and the reason if reconstructed."""

    source: str
    status: Status
    reason: str | None = None
    note: str | None = None


def check_players(players: int) -> None:
    """Refuse a player count outside 1-5 (``ValueError``)."""
    if not 1 <= players <= 5:
        raise ValueError(f"player count must be 1-5, not {players}")


@functools.cache
def _read_toml(ruleset: str, name: str) -> Mapping[str, Any]:
    text = (files(_PACKAGE) / "data" / ruleset / name).read_text(encoding="utf-8")
    return tomllib.loads(text)


def _apply_variants(data: Mapping[str, Any], where: str, variants: Mapping[str, str]) -> dict[str, Any]:
    """The table with the overrides of the chosen variant options merged in (``variants`` sub-table)."""
    result = {key: value for key, value in data.items() if key != "variants"}
    overrides = data.get("variants", {})
    if not isinstance(overrides, dict):
        raise ComponentTableError(f"{where}: 'variants' must be a table")
    for family, options in overrides.items():
        allowed = DATA_VARIANTS.get(family)
        if allowed is None:
            raise ComponentTableError(f"{where}: unknown data variant {family!r}")
        if not isinstance(options, dict):
            raise ComponentTableError(f"{where}: variants.{family} must be a table")
        for option, patch in options.items():
            if option not in allowed[1:]:
                raise ComponentTableError(f"{where}: {option!r} is not a non-default option of {family!r}")
            if not isinstance(patch, dict) or "source" not in patch or "status" not in patch:
                raise ComponentTableError(f"{where}: variants.{family}.{option} needs its own source and status")
        patch = options.get(variants[family])
        if patch is not None:
            for key in ("reason", "note"):
                if key not in patch:
                    result.pop(key, None)
            result.update(patch)
    return result


class Raw:
    """One TOML table with the chosen variants applied, read through typed accessors that name the place."""

    __slots__ = ("_data", "_seen", "_variants", "where")

    def __init__(self, data: Any, where: str, variants: Mapping[str, str]) -> None:
        if not isinstance(data, dict):
            raise ComponentTableError(f"{where}: expected a table")
        self.where = where
        self._variants = variants
        self._data = _apply_variants(data, where, variants)
        self._seen: set[str] = set()

    def has(self, key: str) -> bool:
        self._seen.add(key)
        return key in self._data

    def value(self, key: str) -> Any:
        self._seen.add(key)
        if key not in self._data:
            raise ComponentTableError(f"{self.where}: missing {key!r}")
        return self._data[key]

    def _fail(self, key: str, expected: str) -> ComponentTableError:
        return ComponentTableError(f"{self.where}: {key!r} must be {expected}, not {self._data.get(key)!r}")

    def text(self, key: str) -> str:
        value = self.value(key)
        if not isinstance(value, str):
            raise self._fail(key, "a string")
        return value

    def opt_text(self, key: str) -> str | None:
        return self.text(key) if self.has(key) else None

    def integer(self, key: str) -> int:
        value = self.value(key)
        if not isinstance(value, int) or isinstance(value, bool):
            raise self._fail(key, "an integer")
        return value

    def opt_integer(self, key: str) -> int | None:
        return self.integer(key) if self.has(key) else None

    def flag(self, key: str) -> bool:
        value = self.value(key)
        if not isinstance(value, bool):
            raise self._fail(key, "true or false")
        return value

    def choice(self, key: str, allowed: tuple[str, ...]) -> str:
        value = self.text(key)
        if value not in allowed:
            raise self._fail(key, f"one of {', '.join(allowed)}")
        return value

    def texts(self, key: str, allowed: tuple[str, ...] | None = None) -> tuple[str, ...]:
        value = self.value(key)
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise self._fail(key, "a list of strings")
        if allowed is not None and any(item not in allowed for item in value):
            raise self._fail(key, f"a list drawn from {', '.join(allowed)}")
        return tuple(value)

    def integers(self, key: str) -> tuple[int, ...]:
        value = self.value(key)
        if not isinstance(value, list) or not all(
            isinstance(item, int) and not isinstance(item, bool) for item in value
        ):
            raise self._fail(key, "a list of integers")
        return tuple(value)

    def counts(self, key: str) -> tuple[tuple[str, int], ...]:
        value = self.value(key)
        if not isinstance(value, dict) or not all(
            isinstance(count, int) and not isinstance(count, bool) and count >= 0 for count in value.values()
        ):
            raise self._fail(key, "a table of counts")
        return tuple((str(name), int(count)) for name, count in value.items())

    def table(self, key: str) -> Raw:
        return Raw(self.value(key), f"{self.where}.{key}", self._variants)

    def opt_table(self, key: str) -> Raw | None:
        return self.table(key) if self.has(key) else None

    def tables(self, key: str) -> tuple[Raw, ...]:
        value = self.value(key)
        if not isinstance(value, list):
            raise self._fail(key, "an array of tables")
        return tuple(Raw(item, f"{self.where}.{key}[{i}]", self._variants) for i, item in enumerate(value))

    def provenance(self) -> Provenance:
        status = cast(Status, self.choice("status", _STATUSES))
        reason = self.opt_text("reason")
        if status == "reconstructed" and not reason:
            raise ComponentTableError(f"{self.where}: a reconstructed entry needs a reason")
        if status == "transcribed" and reason:
            raise ComponentTableError(f"{self.where}: a transcribed entry has no reason")
        return Provenance(self.text("source"), status, reason, self.opt_text("note"))

    def finish(self) -> None:
        unknown = sorted(set(self._data) - self._seen)
        if unknown:
            raise ComponentTableError(f"{self.where}: unknown key(s) {', '.join(unknown)}")


def root_table(ruleset: str, name: str, variants: Mapping[str, str]) -> Raw:
    return Raw(_read_toml(ruleset, name), f"{ruleset}/{name}", variants)


def name_and_effect(row: Raw) -> tuple[str, str]:
    """The card's name and effect id, checking the id is the slug of the name."""
    name, effect = row.text("name"), row.text("effect")
    if effect != slug(name):
        raise ComponentTableError(f"{row.where}: effect {effect!r} is not the slug of {name!r}")
    return name, effect


class Copies:
    """Hands out copy numbers so every physical card or token gets a unique ``<stem>-<n>`` id."""

    __slots__ = ("_seen",)

    def __init__(self) -> None:
        self._seen: Counter[str] = Counter()

    def next(self, stem: str) -> str:
        self._seen[stem] += 1
        return f"{stem}-{self._seen[stem]}"


def count_of(row: Raw) -> int:
    count = row.integer("count")
    if count < 0:
        raise ComponentTableError(f"{row.where}: negative count")
    return count
