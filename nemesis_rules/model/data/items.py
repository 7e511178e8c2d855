"""The Item decks (red, yellow, green, and the blue crafted items) and the weapon data an item or a
starting weapon carries, with their loaders.

The values are in ``base/items.toml`` (facts.md §6; a weapon's ammo and reloads also §7). Void Seeders
keeps the base decks. A deck holds one card per physical copy, with the id ``<colour>-<slug>-<copy>``
and the effect id ``<slug>`` of the card's name. What an item does when used is a rule: the family
:mod:`nemesis_rules.model.rules.items` (and ``item_effects*``), not this table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, cast

from nemesis_rules.model.data.reading import ComponentTableError, Copies, Provenance, Raw, count_of, name_and_effect

__all__ = [
    "COMBAT_USES",
    "COMPONENT_SYMBOLS",
    "ITEM_COLOURS",
    "CombatUse",
    "ItemCard",
    "Weapon",
    "WeaponKind",
    "read_items",
    "read_weapon",
]

CombatUse = Literal["in", "out", "any"]
WeaponKind = Literal["classic", "energy"]

ITEM_COLOURS: Final = ("red", "yellow", "green", "blue")
COMPONENT_SYMBOLS: Final = ("flame", "cloth", "cross", "wrench", "battery")
COMBAT_USES: Final = ("in", "out", "any")
_WEAPON_KINDS: Final = ("classic", "energy")


@dataclass(frozen=True, slots=True)
class Weapon:
    """Weapon data of an item or starting weapon (facts.md §6, §7).

    ``ability`` is a mechanic id ("none" if plain); ``reloads`` lists what can reload it: item or
    action-card effect ids, or "armory" for the Armory room action.
    """

    kind: WeaponKind
    capacity: int
    ability: str
    reloads: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ItemCard:
    """One Item card of the red, yellow, green or blue (crafted) deck (facts.md §6).

    ``component`` is its crafting symbol (None if it has none); ``recipe`` the two symbols a crafted
    item needs; ``combat`` the icon: "in" / "out" of Combat only, or "any"; ``attaches_to`` the
    weapon kinds an attachment fits (data variant family ``extended-magazine``).
    """

    id: str
    name: str
    effect: str
    colour: str
    component: str | None
    heavy: bool
    one_use: bool
    action_cost: int
    combat: CombatUse
    weapon: Weapon | None
    recipe: tuple[str, str] | None
    text: str
    provenance: Provenance
    attaches_to: tuple[WeaponKind, ...] = ()
    """The kinds of weapon the card attaches to (an attachment such as the Extended Magazine; empty
    for every other card)."""


def read_weapon(row: Raw) -> Weapon:
    return Weapon(
        cast(WeaponKind, row.choice("kind", _WEAPON_KINDS)),
        row.integer("capacity"),
        row.text("ability"),
        row.texts("reloads"),
    )


def read_items(root: Raw) -> dict[str, tuple[ItemCard, ...]]:
    copies = Copies()
    decks: dict[str, list[ItemCard]] = {colour: [] for colour in ITEM_COLOURS}
    for row in root.tables("card"):
        name, effect = name_and_effect(row)
        colour = row.choice("colour", ITEM_COLOURS)
        component = row.choice("component", COMPONENT_SYMBOLS) if row.has("component") else None
        recipe: tuple[str, str] | None = None
        if row.has("recipe"):
            symbols = row.texts("recipe", COMPONENT_SYMBOLS)
            if len(symbols) != 2:
                raise ComponentTableError(f"{row.where}: a recipe needs exactly 2 component symbols")
            recipe = (symbols[0], symbols[1])
        if (recipe is not None) != (colour == "blue"):
            raise ComponentTableError(f"{row.where}: exactly the crafted (blue) items have a recipe")
        weapon_row = row.opt_table("weapon")
        weapon = read_weapon(weapon_row) if weapon_row is not None else None
        if weapon_row is not None:
            weapon_row.finish()
        count = count_of(row)
        card_fields = (
            row.flag("heavy"),
            row.flag("one_use"),
            row.integer("action_cost"),
            cast(CombatUse, row.choice("combat", COMBAT_USES)),
        )
        attaches_to = (
            cast(tuple[WeaponKind, ...], row.texts("attaches_to", _WEAPON_KINDS)) if row.has("attaches_to") else ()
        )
        text, provenance = row.text("text"), row.provenance()
        row.finish()
        for _ in range(count):
            card_id = copies.next(f"{colour}-{effect}")
            decks[colour].append(
                ItemCard(
                    card_id,
                    name,
                    effect,
                    colour,
                    component,
                    *card_fields,
                    weapon,
                    recipe,
                    text,
                    provenance,
                    attaches_to,
                )
            )
    return {colour: tuple(cards) for colour, cards in decks.items()}
