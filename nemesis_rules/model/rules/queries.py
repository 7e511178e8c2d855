"""Small rule queries several rule families ask: hand size, movement costs, what a character
carries, which Intruders move and ignore doors, the Surprise Attack threshold, the endurance
modifier of a Weakness (RU-RB p.10, p.17-18, p.22-25; facts.md §5, §8, §14).

The lowest rule family: it knows the core and the data tables, no other family.
"""

from __future__ import annotations

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import Character, GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.data.tables import HEAVY_OBJECTS, hooks, token_number


def hand_size(state: GameState, character: Character, ctx: Context) -> int:
    """5 cards; a Back wound makes it 4 (duplicates do not stack); Cabins make it 6 for a
    character there with no Intruder and no Malfunction (RU-RB p.10, p.25; facts.md §5)."""
    size = 5
    if character.wound_active("back"):
        ctx.fire("base.serious-wound.back")
        size = 4
    room = state.room(character.position)
    if room.tile == "cabins" and not room.malfunction and not state.intruders_at(character.position):
        ctx.fire("base.room.cabins")
        size += 1
    return size


def eggs_in_use(state: GameState) -> int:
    """Egg tokens in play: on the Intruder board (the Nest's), lying in rooms, carried in hand slots
    (a destroyed Egg is in play no more). The 8 in the box bound them all (RU-RB p.3, p.6; facts.md §1)."""
    lying = sum(room.objects.count("egg") for room in state.rooms)
    return state.eggs + lying + sum(c.hands.count("egg") for c in state.characters)


def move_cost(state: GameState, player: int, *, escaping: bool) -> int:
    """Movement costs 1 card; an Escape with a Leg wound costs 2 (facts.md §5)."""
    c = state.character(player)
    if escaping and c.wound_active("leg"):
        return 2
    return 1


def careful_move_cost(state: GameState, player: int) -> int:
    return 2


def carries(character: Character, obj: str) -> bool:
    """Whether a character holds ``obj`` in a hand slot or in the inventory."""
    return obj in character.hands or obj in character.inventory


def item_count(character: Character) -> int:
    """Items a character ends with (Hoarder): hand-slot items, inventory and active quest items;
    Heavy Objects are not items, inactive quest items do not count (facts.md §8)."""
    held = [h for h in character.hands if h not in HEAVY_OBJECTS]
    active = [q for q, status in character.quests if status == "active"]
    return len(held) + character.inventory.total + len(active)


def can_move(state: GameState, intruder: Intruder) -> bool:
    return intruder.kind not in hooks(state.config).immobile


def ignores_doors(state: GameState, intruder: Intruder) -> bool:
    return hooks(state.config).ignores_doors


def attacks_in_event(intruder: Intruder) -> bool:
    return intruder.kind != "lair"


def skip_attack_step(state: GameState) -> bool:
    return "skip-intruder-attack" in state.flags


def surprise_threshold(state: GameState, token: str, ctx: Context) -> int:
    """The number on the token's back; Reaction to Danger lowers it by 1, to at least 1."""
    number = token_number(state.config, token) or 0
    if "reaction-to-danger" in state.discovered and number:
        ctx.fire("base.weakness.reaction-to-danger")
        number = max(1, number - 1)
    return number


def endurance_modifier(state: GameState, intruder: Intruder, blood: int, ctx: Context) -> int:
    """Species on the Brink of Extinction lowers every Intruder's endurance by 1 (facts.md §14)."""
    if "species-on-the-brink-of-extinction" in state.discovered:
        ctx.fire("base.weakness.species-on-the-brink-of-extinction")
        return blood - 1
    return blood


def turn_order(state: GameState) -> tuple[int, ...]:
    """Players clockwise from the First Player token holder (every "in order" procedure)."""
    n = state.config.players
    return tuple((state.first_player - 1 + i) % n + 1 for i in range(n))


def destroys_closed_doors(state: GameState, intruder: Intruder) -> bool:
    """Whether an Intruder moving into a Closed Door destroys it: always, except that with The
    Way of Moving discovered only the Queen and Breeders can (facts.md §14); the others stay
    and the door stays closed."""
    if "the-way-of-moving" in state.discovered:
        return intruder.kind in ("queen", "breeder")
    return True


def active_quest(state: GameState, character: Character, slug: str) -> bool:
    """A Quest Item works once active; a Heavy one only while it is held in a hand slot."""
    if character.quest(slug) != "active":
        return False
    return slug in character.hands or not tables.is_heavy(state.config, slug)


def discard_from_hand(state: GameState, player: int, card: str) -> GameState:
    """A card leaves the hand for the Action discard pile."""
    c = state.character(player)
    return state.with_character(c.evolve(hand=c.hand.remove(card), discard=c.discard.add(card)))
