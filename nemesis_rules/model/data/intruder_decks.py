"""The decks on the Intruders' side: Attack cards, Event cards and Weakness cards (with the Weakness
slots of the Intruder board), base and Void Seeders, with their loaders.

The values are in ``attack_cards.toml``, ``event_cards.toml`` and ``weaknesses.toml`` of ``base/``
(facts.md §3, §4, §14) and of ``void_seeders/`` (facts.md §16; void-seeders-rulebook.txt). A deck holds
one card per physical copy, with the id ``<slug>-<copy>`` (base Weakness cards ``<slug>``) and the
effect id ``<slug>`` of the card's name; the clause catalogue names an effect
``<ruleset>.<deck>.<effect>`` (``base.event-card.hunt``). These are the tables only, not the rule
family :mod:`nemesis_rules.model.rules.decks` (a deck that runs out); the cards' effects are the
families ``attack_cards`` and ``event_cards`` (and their Void Seeders counterparts).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, cast

from nemesis_rules.model.data.reading import ComponentTableError, Copies, Provenance, Raw, name_and_effect, slug

__all__ = [
    "AttackCard",
    "Disposal",
    "EventCard",
    "Weakness",
    "WeaknessSetup",
    "read_attack_cards",
    "read_event_cards",
    "read_weaknesses",
]

Disposal = Literal["discard", "remove-and-reshuffle", "shuffle-back"]
_DISPOSALS: Final = ("discard", "remove-and-reshuffle", "shuffle-back")


@dataclass(frozen=True, slots=True)
class AttackCard:
    """One Intruder / Void Seeder Attack card (facts.md §3, §16).

    ``blood`` is the endurance value (None = the Retreat arrow); the effect applies only if the
    attacker's type is in ``attackers``.
    """

    id: str
    name: str
    effect: str
    blood: int | None
    attackers: tuple[str, ...]
    text: str
    provenance: Provenance

    @property
    def retreat(self) -> bool:
        """True if the card shows the Retreat arrow instead of a blood value."""
        return self.blood is None


@dataclass(frozen=True, slots=True)
class EventCard:
    """One Event card (facts.md §4; Void Seeders facts.md §16).

    ``corridor`` is the movement number, ``movers`` the Intruder types that move, ``disposal`` what
    happens to the card afterwards. ``parameters`` holds effect details that differ between cards with
    the same effect id (e.g. which Escape Pod an ejection removes).
    """

    id: str
    name: str
    effect: str
    corridor: int
    movers: tuple[str, ...]
    disposal: Disposal
    text: str
    parameters: tuple[tuple[str, str], ...]
    provenance: Provenance

    def parameter(self, key: str) -> str | None:
        """The value of one effect parameter, or None."""
        return dict(self.parameters).get(key)


@dataclass(frozen=True, slots=True)
class Weakness:
    """One Weakness card (facts.md §14; Void Seeders: names unknown, facts.md §16)."""

    id: str
    name: str
    effect: str
    text: str
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class WeaknessSetup:
    """The Weakness slots of the Intruder / Void Seeder board, keyed to what the Laboratory analyses."""

    slots: tuple[str, ...]
    provenance: Provenance


def read_attack_cards(root: Raw, types: tuple[str, ...]) -> tuple[AttackCard, ...]:
    copies = Copies()
    cards: list[AttackCard] = []
    for row in root.tables("card"):
        name, effect = name_and_effect(row)
        blood_values = row.value("blood")
        if not isinstance(blood_values, list) or not blood_values:
            raise ComponentTableError(f"{row.where}: 'blood' must be a non-empty list")
        attackers = row.texts("attackers", types)
        text, provenance = row.text("text"), row.provenance()
        row.finish()
        for value in blood_values:
            if value == "retreat":
                blood = None
            elif isinstance(value, int) and not isinstance(value, bool) and value > 0:
                blood = value
            else:
                raise ComponentTableError(
                    f"{row.where}: blood value {value!r} is neither a positive number nor 'retreat'"
                )
            cards.append(AttackCard(copies.next(effect), name, effect, blood, attackers, text, provenance))
    return tuple(cards)


def read_event_cards(root: Raw, types: tuple[str, ...]) -> tuple[EventCard, ...]:
    copies = Copies()
    cards: list[EventCard] = []
    for row in root.tables("card"):
        name, effect = name_and_effect(row)
        corridor = row.integer("corridor")
        if not 1 <= corridor <= 4:
            raise ComponentTableError(f"{row.where}: corridor number must be 1-4")
        movers = row.texts("movers", types)
        disposal = cast(Disposal, row.choice("disposal", _DISPOSALS))
        parameters: tuple[tuple[str, str], ...] = ()
        if row.has("parameters"):
            params = row.value("parameters")
            if not isinstance(params, dict) or not all(isinstance(v, str) for v in params.values()):
                raise ComponentTableError(f"{row.where}: 'parameters' must be a table of strings")
            parameters = tuple(sorted(params.items()))
        text, provenance = row.text("text"), row.provenance()
        row.finish()
        cards.append(
            EventCard(copies.next(effect), name, effect, corridor, movers, disposal, text, parameters, provenance)
        )
    return tuple(cards)


def read_weaknesses(root: Raw) -> tuple[tuple[Weakness, ...], WeaknessSetup]:
    setup_row = root.table("setup")
    setup = WeaknessSetup(setup_row.texts("slots"), setup_row.provenance())
    setup_row.finish()
    cards: list[Weakness] = []
    for row in root.tables("card"):
        name, effect = row.text("name"), row.text("effect")
        provenance = row.provenance()
        if effect != slug(name) and not (effect == "unknown" and provenance.status == "reconstructed"):
            raise ComponentTableError(f"{row.where}: effect {effect!r} is not the slug of {name!r}")
        card_id = row.text("id") if row.has("id") else effect
        cards.append(Weakness(card_id, name, effect, row.text("text"), provenance))
        row.finish()
    return tuple(cards), setup
