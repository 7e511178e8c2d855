"""Step 2 of building a situation, for the Characters: who holds what (:mod:`.build`).

Every component comes from where the rules keep it: an Action card from the Character's own cards
(the rest form its deck), a Contamination card or a Serious Wound from its deck, an Item card from its
Item deck or from the Character who let it go (a traded weapon), a Heavy Object from the floor. What
nobody holds any more is dropped as the rules drop it (base.item.drop: an item to its discard pile
or out of the game, a Heavy Object on the floor).
"""

from __future__ import annotations

from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.items import discard_item
from nemesis_rules.situation.fields import CharacterSpec
from nemesis_rules.situation.table import Table, take_from_deck

__all__ = ["arrange_ammo", "arrange_character", "arrange_items"]

WOUND_DECK = "serious-wound"
CONTAMINATION_DECK = "contamination"


def _item_deck(table: Table, item: str) -> str | None:
    for name, cards in tables.item_decks(table.state.config):
        if item in cards:
            return name
    return None


def arrange_character(table: Table, spec: CharacterSpec) -> None:
    """One ``[[character]]``: its room, status, wounds, Insanity, markers and cards (items: :func:`arrange_items`)."""
    where = f"character[player {spec.player}]"
    if spec.player > len(table.state.characters):
        raise table.fail(where, f"player {spec.player} has no Character")
    c = table.state.character(spec.player)
    if spec.name is not None and c.name != spec.name:
        raise table.fail(f"{where}.character", f"setup could not deal {spec.name!r} to player {spec.player}")
    if spec.room is not None:
        if spec.room not in table.state.config.board.positions:
            raise table.fail(f"{where}.room", f"{spec.room!r} is not a board position (01 to 21)")
        c = c.evolve(position=spec.room)
    for name in ("status", "light_wounds", "insanity", "slime", "larva", "signal", "passed"):
        value = getattr(spec, name)
        if value is not None:
            c = c.evolve(**{name: value})
    table.state = table.state.with_character(c)
    if spec.hand is not None or spec.discard is not None:
        _arrange_cards(table, spec, where)
    if spec.serious_wounds is not None:
        _arrange_wounds(table, spec.player, spec.serious_wounds, f"{where}.serious_wounds")
    if spec.dressed is not None:
        c = table.state.character(spec.player)
        table.state = table.state.with_character(c.evolve(dressed=tuple(spec.dressed)))


def _arrange_cards(table: Table, spec: CharacterSpec, where: str) -> None:
    """Hand and discard pile from the Character's own Action cards, the rest its deck; Contamination
    cards go back to their deck and the ones asked for are taken from it."""
    c = table.state.character(spec.player)
    owned = c.hand.union(c.deck).union(c.discard)
    own = owned.difference(_contamination(owned))
    piles = {
        pile: getattr(c, pile) if getattr(spec, pile) is None else Multiset.of(getattr(spec, pile))
        for pile in ("hand", "discard")
    }
    asked = piles["hand"].union(piles["discard"])
    asked = asked.difference(_contamination(asked))
    for card, count in asked.items():
        if own.count(card) < count:
            pile = "hand" if card in piles["hand"] else "discard"
            have = own.count(card)
            raise table.fail(f"{where}.{pile}", f"{card!r} x{count}: the {c.name}'s Action cards hold {have} of it")
    for card in _contamination(owned):
        table.state = _return_contamination(table.state, card)
    for pile, cards in piles.items():
        for card in _contamination(cards):
            take_from_deck(table, CONTAMINATION_DECK, card, f"{where}.{pile}")
    c = table.state.character(spec.player)
    table.state = table.state.with_character(
        c.evolve(hand=piles["hand"], discard=piles["discard"], deck=own.difference(asked))
    )


def _contamination(cards: Multiset) -> Multiset:
    return Multiset((k, n) for k, n in cards.items() if k.startswith("contamination"))


def _return_contamination(state: GameState, card: str) -> GameState:
    deck = state.deck(CONTAMINATION_DECK)
    return state.with_deck(CONTAMINATION_DECK, deck.evolve(unknown=deck.unknown.add(card)))


def _check_items(table: Table, wanted: tuple[str, ...], field: str, *, heavy: bool) -> None:
    config = table.state.config
    for item in wanted:
        if item in tables.HEAVY_OBJECTS:
            if not heavy:
                raise table.fail(field, f"{item!r} is a Heavy Object: it is carried in a hand (carrying)")
            continue
        try:
            tables.item(config, item)
        except KeyError:
            raise table.fail(field, f"unknown item {item!r}") from None
        if tables.is_heavy(config, item) != heavy:
            where = "carried in a hand (carrying)" if not heavy else "kept in the inventory (items)"
            raise table.fail(field, f"{item!r} is {where}")
    if heavy and len(wanted) > 2:
        raise table.fail(field, f"a Character has two hands, not {len(wanted)}")


def arrange_items(table: Table, specs: tuple[CharacterSpec, ...]) -> None:
    """Inventories and hand slots, all Characters at once: what a Character no longer holds is let
    go first, and what one holds now is taken from what was let go (a traded weapon), else from its
    Item deck; what nobody takes is dropped as the rules drop it (base.item.drop: an item to its
    discard pile or out of the game, a Heavy Object on the floor of its room)."""
    loose: list[tuple[str, int]] = []  # (item, player who let it go)
    asked: list[tuple[CharacterSpec, str, tuple[str, ...], bool]] = []
    for spec in specs:
        for field, wanted, heavy in (("items", spec.items, False), ("carrying", spec.carrying, True)):
            if wanted is None:
                continue
            where = f"character[player {spec.player}].{field}"
            _check_items(table, wanted, where, heavy=heavy)
            c = table.state.character(spec.player)
            held = list(c.hands) if heavy else list(c.inventory)
            for item in wanted:
                if item in held:
                    held.remove(item)
            loose.extend((item, spec.player) for item in held)
            asked.append((spec, where, wanted, heavy))
    for spec, where, wanted, heavy in asked:
        c = table.state.character(spec.player)
        before = list(c.hands) if heavy else list(c.inventory)
        for item in wanted:
            if item in before:
                before.remove(item)
                continue
            given = next((entry for entry in loose if entry[0] == item), None)
            if given is not None:
                loose.remove(given)
                continue
            if item in tables.HEAVY_OBJECTS:
                _pick_up(table, spec.player, item)
                continue
            deck = _item_deck(table, item)
            if deck is None:
                raise table.fail(where, f"{item!r} is in no Item deck and nobody let it go")
            take_from_deck(table, deck, item, where)
        c = table.state.character(spec.player)
        if heavy:
            ammo = tuple((w, n) for w, n in c.ammo if w in wanted)
            for item in wanted:
                weapon = tables.weapon(table.state.config, item)
                if weapon is not None and item not in dict(ammo):
                    ammo = (*ammo, (item, weapon.capacity))  # a weapon taken up is fully loaded
            c = c.evolve(hands=wanted, ammo=tuple(sorted(ammo)))
        else:
            c = c.evolve(inventory=Multiset.of(wanted))
        table.state = table.state.with_character(c)
    for item, player in loose:
        if item in tables.HEAVY_OBJECTS:
            position = table.state.character(player).position
            room = table.state.room(position)
            table.state = table.state.with_room(position, room.evolve(objects=room.objects.add(item)))
        else:
            table.state = discard_item(table.state, item)


def _pick_up(table: Table, player: int, item: str) -> None:
    """A Heavy Object now carried: from the floor of the Character's room, else of the first room where
    one lies, else (a new Carcass or Egg) from the supply, which the invariants hold to its count."""
    state = table.state
    here = state.character(player).position
    positions = [here, *(p for p in state.config.board.positions if p != here)]
    for position in positions:
        room = state.room(position)
        if item in room.objects:
            table.state = state.with_room(position, room.evolve(objects=room.objects.remove(item)))
            return


def arrange_ammo(table: Table, spec: CharacterSpec) -> None:
    if spec.ammo is None:
        return
    c = table.state.character(spec.player)
    for weapon, count in spec.ammo.items():
        where = f"character[player {spec.player}].ammo.{weapon}"
        if weapon not in c.hands:
            raise table.fail(where, f"player {spec.player} carries no {weapon!r}")
        found = tables.weapon(table.state.config, weapon)
        if found is None or count > found.capacity:
            top = found.capacity if found is not None else 0
            raise table.fail(where, f"the {weapon} holds 0 to {top} Ammo markers, not {count}")
        c = c.with_ammo(weapon, count)
    table.state = table.state.with_character(c)


def _arrange_wounds(table: Table, player: int, wounds: tuple[str, ...], field: str) -> None:
    c = table.state.character(player)
    deck = table.state.deck(WOUND_DECK)
    table.state = table.state.with_deck(
        WOUND_DECK, deck.evolve(unknown=deck.unknown.union(Multiset.of(c.serious_wounds)))
    )
    for wound in wounds:
        take_from_deck(table, WOUND_DECK, wound, field)
    c = table.state.character(player)
    table.state = table.state.with_character(c.evolve(serious_wounds=tuple(wounds)))
