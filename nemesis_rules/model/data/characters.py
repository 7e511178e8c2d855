"""The six base Characters: each one's draft colour, starting weapon, Action deck (the shared
cards and its own) and two Quest Items, with their loader.

The values are in ``base/characters.toml`` (facts.md §7); Void Seeders keeps the base Characters. Ids:
action cards ``<character>-<slug>-<copy>`` (every Character's deck has its own copies of the shared
cards), starting weapons and quest items ``<character>-<slug>``. The weapon data is the Item decks'
:class:`~nemesis_rules.model.data.items.Weapon`. What a card or a Quest Item does is a rule (the
``action_cards_*`` families and :mod:`nemesis_rules.model.rules.quests`), not this table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from nemesis_rules.model.data.items import COMBAT_USES, CombatUse, Weapon, read_weapon
from nemesis_rules.model.data.reading import ComponentTableError, Copies, Provenance, Raw, count_of, name_and_effect

__all__ = [
    "ActionCard",
    "Character",
    "QuestActivation",
    "QuestItem",
    "StartingWeapon",
    "read_characters",
]


@dataclass(frozen=True, slots=True)
class StartingWeapon:
    """A Character's starting weapon, Heavy and fully loaded at setup (facts.md §7)."""

    id: str
    name: str
    effect: str
    character: str
    heavy: bool
    weapon: Weapon
    text: str
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class ActionCard:
    """One card of a Character's Action deck; cost = the card + ``extra_cost`` (facts.md §7)."""

    id: str
    name: str
    effect: str
    character: str
    extra_cost: int
    combat: CombatUse
    text: str
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class QuestActivation:
    """How a Quest Item is activated: in a ``room`` (a room-name slug) or by discarding one of ``discard``."""

    room: str | None
    discard: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class QuestItem:
    """One of a Character's two Quest Items (facts.md §7). ``use_cost`` None = no action needed."""

    id: str
    name: str
    effect: str
    character: str
    activation: QuestActivation
    use_cost: int | None
    one_use: bool
    heavy: bool
    combat: CombatUse
    text: str
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class Character:
    """A base Character: draft colour, starting weapon, 10 Action cards, 2 Quest Items (facts.md §7)."""

    id: str
    name: str
    draft_colour: str
    weapon: StartingWeapon
    action_cards: tuple[ActionCard, ...]
    quest_items: tuple[QuestItem, ...]
    provenance: Provenance


def _action_cards(rows: tuple[Raw, ...], character: str, copies: Copies) -> list[ActionCard]:
    cards: list[ActionCard] = []
    for row in rows:
        name, effect = name_and_effect(row)
        count, extra_cost = count_of(row), row.integer("extra_cost")
        combat = cast(CombatUse, row.choice("combat", COMBAT_USES))
        text, provenance = row.text("text"), row.provenance()
        row.finish()
        cards.extend(
            ActionCard(
                copies.next(f"{character}-{effect}"), name, effect, character, extra_cost, combat, text, provenance
            )
            for _ in range(count)
        )
    return cards


def _quest_item(row: Raw, character: str) -> QuestItem:
    name, effect = name_and_effect(row)
    activation_row = row.table("activation")
    room = activation_row.opt_text("room")
    discard = activation_row.texts("discard") if activation_row.has("discard") else ()
    activation_row.finish()
    if (room is None) == (not discard):
        raise ComponentTableError(f"{row.where}: activation needs exactly one of 'room' or 'discard'")
    item = QuestItem(
        f"{character}-{effect}",
        name,
        effect,
        character,
        QuestActivation(room, discard),
        row.opt_integer("use_cost"),
        row.flag("one_use"),
        row.flag("heavy"),
        cast(CombatUse, row.choice("combat", COMBAT_USES)),
        row.text("text"),
        row.provenance(),
    )
    row.finish()
    return item


def read_characters(root: Raw) -> tuple[Character, ...]:
    characters: list[Character] = []
    for row in root.tables("character"):
        character_id, name = row.text("id"), row.text("name")
        draft_colour, provenance = row.text("draft_colour"), row.provenance()
        weapon_row = row.table("weapon")
        weapon_name, weapon_effect = name_and_effect(weapon_row)
        weapon = StartingWeapon(
            f"{character_id}-{weapon_effect}",
            weapon_name,
            weapon_effect,
            character_id,
            weapon_row.flag("heavy"),
            read_weapon(weapon_row),
            weapon_row.text("text"),
            weapon_row.provenance(),
        )
        weapon_row.finish()
        copies = Copies()
        # The shared cards are read again for every Character, so each deck gets its own card ids.
        actions = _action_cards(root.tables("shared_action_card"), character_id, copies)
        actions += _action_cards(row.tables("action_card"), character_id, copies)
        quests = tuple(_quest_item(quest_row, character_id) for quest_row in row.tables("quest_item"))
        row.finish()
        characters.append(Character(character_id, name, draft_colour, weapon, tuple(actions), quests, provenance))
    return tuple(characters)
