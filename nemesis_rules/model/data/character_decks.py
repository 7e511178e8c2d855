"""The decks dealt to the players and their Characters, apart from each Character's own Action deck
(that is in :mod:`nemesis_rules.model.data.characters`): Serious Wounds, Contamination cards, the
Corporate and Personal Objectives (with their win conditions as a tree of atoms), and Void Seeders'
Panic cards, with their loaders.

The values are in ``base/serious_wounds.toml``, ``base/contamination.toml`` and ``base/objectives.toml``
(facts.md §5, §15, §8) and ``void_seeders/panic_cards.toml`` (void-seeders-rulebook.txt, Panic Cards;
facts.md §16). A deck holds one card per physical copy, with the id ``<slug>-<copy>`` (Contamination
``contamination-infected-<copy>`` / ``contamination-clean-<copy>``, Objectives ``<slug>``) and the effect
id ``<slug>`` of the card's name. What a card does is a rule (the families ``wounds``,
``contamination``, ``victory`` and Void Seeders' ``panic``), not this table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal, cast

from nemesis_rules.model.data.reading import ComponentTableError, Copies, Provenance, Raw, count_of, name_and_effect

__all__ = [
    "OBJECTIVE_ATOMS",
    "Condition",
    "ContaminationCard",
    "Objective",
    "ObjectiveKind",
    "PanicCard",
    "SeriousWound",
    "read_contamination",
    "read_objectives",
    "read_panic_cards",
    "read_serious_wounds",
]

ObjectiveKind = Literal["corporate", "personal"]

OBJECTIVE_ATOMS: Final = (
    "signal",
    "weakness-carcass",
    "weakness-egg",
    "weaknesses-discovered",
    "escape-with-egg",
    "escape-with-blue-corpse",
    "player-n-dead",
    "survive-sole",
    "another-survives",
    "ship-reaches-earth",
    "ship-reaches-mars",
    "ship-destroyed",
    "nest-destroyed",
    "queen-killed",
    "all-rooms-explored",
    "pod-items",
)
_OBJECTIVE_KINDS: Final = ("corporate", "personal")


@dataclass(frozen=True, slots=True)
class SeriousWound:
    """One Serious Wound card (facts.md §5)."""

    id: str
    name: str
    effect: str
    text: str
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class ContaminationCard:
    """One Contamination card; ``infected`` is what a scan reveals (facts.md §15)."""

    id: str
    infected: bool
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class Condition:
    """An Objective condition: ``op`` "all"/"any" over ``parts``, or a leaf atom id with optional ``n``."""

    op: str
    parts: tuple[Condition, ...] = ()
    n: int | None = None

    def atoms(self) -> tuple[str, ...]:
        """Every leaf atom id in the tree, depth first."""
        if self.op in ("all", "any"):
            return tuple(atom for part in self.parts for atom in part.atoms())
        return (self.op,)


@dataclass(frozen=True, slots=True)
class Objective:
    """A Corporate or Personal Objective card; removed at setup if ``min_players`` > players (facts.md §8)."""

    id: str
    name: str
    effect: str
    kind: ObjectiveKind
    min_players: int
    condition: Condition
    text: str
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class PanicCard:
    """One Panic card; its effect applies only at Insanity ``level`` or above (VS-RB Panic Cards; facts.md §16)."""

    id: str
    name: str
    effect: str
    level: int
    text: str
    provenance: Provenance


def read_serious_wounds(root: Raw) -> tuple[SeriousWound, ...]:
    copies = Copies()
    cards: list[SeriousWound] = []
    for row in root.tables("card"):
        name, effect = name_and_effect(row)
        count, text, provenance = count_of(row), row.text("text"), row.provenance()
        row.finish()
        cards.extend(SeriousWound(copies.next(effect), name, effect, text, provenance) for _ in range(count))
    return tuple(cards)


def read_contamination(root: Raw) -> tuple[ContaminationCard, ...]:
    copies = Copies()
    cards: list[ContaminationCard] = []
    for row in root.tables("card"):
        infected, count, provenance = row.flag("infected"), count_of(row), row.provenance()
        row.finish()
        stem = "contamination-infected" if infected else "contamination-clean"
        cards.extend(ContaminationCard(copies.next(stem), infected, provenance) for _ in range(count))
    return tuple(cards)


def _condition(value: Any, where: str) -> Condition:
    if isinstance(value, dict) and len(value) == 1 and ("all" in value or "any" in value):
        op, parts = next(iter(value.items()))
        if not isinstance(parts, list) or len(parts) < 2:
            raise ComponentTableError(f"{where}: {op!r} needs a list of at least 2 conditions")
        return Condition(op, tuple(_condition(part, f"{where}.{op}") for part in parts))
    if isinstance(value, dict) and "atom" in value and set(value) <= {"atom", "n"}:
        atom, n = value["atom"], value.get("n")
        if atom not in OBJECTIVE_ATOMS:
            raise ComponentTableError(f"{where}: unknown condition atom {atom!r}")
        if n is not None and (not isinstance(n, int) or isinstance(n, bool)):
            raise ComponentTableError(f"{where}: 'n' must be an integer")
        return Condition(atom, (), n)
    raise ComponentTableError(f"{where}: a condition is {{all = [...]}}, {{any = [...]}} or {{atom = ..., n = ...}}")


def read_objectives(root: Raw) -> tuple[Objective, ...]:
    cards: list[Objective] = []
    for row in root.tables("objective"):
        name, effect = name_and_effect(row)
        cards.append(
            Objective(
                effect,
                name,
                effect,
                cast(ObjectiveKind, row.choice("kind", _OBJECTIVE_KINDS)),
                row.integer("min_players"),
                _condition(row.value("condition"), f"{row.where}.condition"),
                row.text("text"),
                row.provenance(),
            )
        )
        row.finish()
    return tuple(cards)


def read_panic_cards(root: Raw) -> tuple[PanicCard, ...]:
    copies = Copies()
    cards: list[PanicCard] = []
    for row in root.tables("card"):
        name, effect = name_and_effect(row)
        level, count = row.integer("level"), count_of(row)
        if not 1 <= level <= 5:
            raise ComponentTableError(f"{row.where}: a Panic level is 1-5")
        text, provenance = row.text("text"), row.provenance()
        row.finish()
        cards.extend(PanicCard(copies.next(effect), name, effect, level, text, provenance) for _ in range(count))
    return tuple(cards)
