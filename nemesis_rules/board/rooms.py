"""The room catalogue: every room tile and printed room with its colour, Computer and action.

Source: shared/rules/facts.md §9 (printed tiles, the default). base-rules-reference.txt gives
four more rooms a Computer; that is the data variant ``computers=reference``
(ruling ``base.data.computer-rooms``).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from types import MappingProxyType
from typing import Any, Literal

from nemesis_rules.errors import BadInputError
from nemesis_rules.provenance import Provenance

Tier = Literal["1", "2", "printed"]
Colour = Literal["red", "yellow", "green", "white", "none"]
COMPUTER_VARIANTS: tuple[str, ...] = ("printed", "reference")


@dataclass(frozen=True, slots=True)
class Room:
    """One room kind. ``action`` is the suffix of its clause id ``base.room.<action>``."""

    id: str
    name: str
    tier: Tier
    colour: Colour
    computer: bool
    action: str
    summary: str
    searchable: bool
    item_counter: bool
    can_malfunction: bool
    passive: bool
    provenance: Provenance

    @property
    def clause(self) -> str:
        return f"base.room.{self.action}"

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "tier": self.tier,
            "colour": self.colour,
            "computer": self.computer,
            "action": self.clause,
            "summary": self.summary,
            "searchable": self.searchable,
            "item_counter": self.item_counter,
            "can_malfunction": self.can_malfunction,
            "passive": self.passive,
            "source": self.provenance.as_dict(),
        }


@cache
def _raw() -> dict[str, Any]:
    text = (files("nemesis_rules.board") / "data" / "rooms.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


@cache
def room_catalogue(computers: str = "printed") -> Mapping[str, Room]:
    """All 25 room kinds by id, with the Computer icons of the chosen data variant."""
    raw = _raw()
    if computers not in COMPUTER_VARIANTS:
        raise BadInputError(
            f"unknown data variant computers={computers!r} (choose from {', '.join(COMPUTER_VARIANTS)})"
        )
    extra = frozenset(raw["variants"]["computers"][computers])
    base_source = str(raw["source"])
    reference_source = str(raw["variants"]["computers"]["reference_source"])
    rooms: dict[str, Room] = {}
    for entry in raw["room"]:
        rid = str(entry["id"])
        computer = bool(entry["computer"]) or rid in extra
        provenance = Provenance.from_table(entry, base_source)
        if rid in extra and not entry["computer"]:
            provenance = Provenance(
                reference_source,
                "reconstructed",
                "data variant computers=reference: base-rules-reference.txt shows a Computer "
                "that the printed tile does not have",
            )
        searchable = bool(entry.get("searchable", True))
        rooms[rid] = Room(
            id=rid,
            name=str(entry["name"]),
            tier=entry["tier"],
            colour=entry["colour"],
            computer=computer,
            action=str(entry["action"]),
            summary=str(entry["summary"]),
            searchable=searchable,
            item_counter=bool(entry.get("item_counter", searchable)),
            can_malfunction=bool(entry.get("can_malfunction", True)),
            passive=bool(entry.get("passive", False)),
            provenance=provenance,
        )
    return MappingProxyType(rooms)


def tiles(tier: Literal["1", "2"]) -> tuple[str, ...]:
    """The ids of the room tiles of one tier, in catalogue order."""
    return tuple(r.id for r in room_catalogue().values() if r.tier == tier)
