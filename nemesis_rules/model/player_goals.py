"""Goals of the goal-seeking player about items, crafting and the Weaknesses (see
:mod:`nemesis_rules.model.players`): which decision to prefer so items are used in the
conditions their cards name, and where to walk on an errand.

Every preference is a probability, so seeded games stay varied (and the same for the same seed):

* **Use an item in its moment** (facts.md §6): an item's legal variants already encode the
  condition its card names (a Taser needs a target in the room, a key its room, a Space Suit a
  yellow room, Chemicals a Flamethrower to load, a Decoy Intruders next door); the player takes
  such a use of a rarely seen item (:data:`IN_ITS_MOMENT`) when it is offered, the Antidote only
  while contaminated, Military Drugs only with a Contamination card in hand, a Taser on an
  Intruder rather than a Character, a Grenade only into a neighbouring room (its blast wounds
  every Character in the target room, the thrower too).
* **Craft** whenever a recipe can be paid (base.craft.recipes); **search** a room with items
  left (base.search.draw-two); when keeping one of two cards drawn, prefer the one that
  completes a recipe, then a weapon or a rarely seen item.
* **Shoot with a found or crafted weapon** (the Prototypes, the Flamethrower) when In Combat.
* **The Weaknesses** (RU-RB p.21, p.24): pick up a Corpse, Carcass or Egg whose Weakness is
  hidden, carry it to the explored Laboratory (:func:`item_destination`) and analyse it there;
  activate and use the Characters' quest items (Laboratory Equipment, Security Key, Orbital
  Maneuvering System).
* **Errands** (:func:`item_destination`): the Laboratory with an object to analyse, the nearest
  working Computer room with the Self-Destruct or Comms Key, an Evacuation Section with the
  Evacuation Key, the Cockpit for the Scout's Security Key, and the nearest Corpse, Carcass or
  Egg with a hidden Weakness while the Laboratory is known and a hand is free.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from nemesis_rules.board.graph import Board
from nemesis_rules.model import tables
from nemesis_rules.model.actions import Action, Decision
from nemesis_rules.model.multiset import Multiset
from nemesis_rules.model.state import Character, GameState

__all__ = ["item_destination", "item_goal"]

IN_ITS_MOMENT = 0.85
"""How often an offered use of a :data:`RARE_USES` item (its condition holds) is taken."""
CRAFT = 0.85
"""How often an offered craft is taken."""
SEARCH = 0.5
"""How often, out of Combat, a room with items left is searched when the Search card is playable."""
KEEP = 0.8
"""How often the kept card of a search is the preferred one (see :func:`_keep_score`)."""
SHOOT = 0.6
"""How often, In Combat, a found or crafted weapon shoots."""
ANALYSE = 0.95
"""How often the Laboratory's analysis (or the Laboratory Equipment) is used when offered."""
QUEST = 0.6
"""How often a quest item is activated or used when offered."""
PICK_UP = 0.6
"""How often an object with a hidden Weakness is picked up when offered."""

RARE_USES = frozenset(
    {
        "antidote",
        "chemicals",
        "comms-key",
        "decoy",
        "evacuation-key",
        "extended-magazine",
        "fire-extinguisher",
        "molotov",
        "military-drugs",
        "self-destruct-key",
        "smoke-grenade",
        "space-suit",
        "taser",
        "technical-corridor-plans",
        "nemesis-plans",
        "recon-drone",
        "adrenaline-injection",
        "alcohol",
        "grenade",
    }
)
"""Items whose use the player prefers in the moment their card names (their variants say when)."""
FOUND_WEAPONS = frozenset({"prototype-pistol", "prototype-rifle", "prototype-shotgun", "flamethrower"})
"""Weapons that are found or crafted, not carried from the start."""
OBJECT_SLOTS = {
    "corpse-blue": "character-corpse",
    "corpse-red": "character-corpse",
    "carcass": "intruder-carcass",
    "egg": "intruder-egg",
}
"""The Weakness slot each Heavy Object is analysed for (RU-RB p.21, p.24)."""
COMPUTER_KEYS = ("self-destruct-key", "comms-key")
CONTAMINATION = "contamination"


def _contaminated(cards: Multiset) -> bool:
    """Whether a multiset of Action cards holds a Contamination card."""
    return any(card.startswith(CONTAMINATION) for card in cards.distinct())


def _condition_holds(state: GameState, decision: Decision) -> bool:
    """Whether an offered item use fits the moment its card is for (beyond its legal variants)."""
    item = decision.get("item")
    c = state.character(decision.player)
    if item == "antidote":
        return c.larva or _contaminated(c.hand) or _contaminated(c.deck) or _contaminated(c.discard)
    if item == "military-drugs":
        return _contaminated(c.hand)
    if item == "taser":
        return decision.get("target") is not None
    if item == "grenade":  # thrown next door: its blast wounds every Character in the target room
        target = decision.get("target")
        return any(str(i.id) == target and i.position != c.position for i in state.intruders)
    return True


def _weakness_hidden(state: GameState, obj: str) -> bool:
    """Whether the Weakness that ``obj`` is analysed for is still hidden."""
    slot = OBJECT_SLOTS.get(obj)
    if slot is None:
        return False
    slots = tables.base(state.config).weakness_setup.slots
    if slot not in slots or slots.index(slot) >= len(state.weaknesses):
        return False
    return state.weaknesses[slots.index(slot)] not in state.discovered


def _pick(rng: random.Random, options: list[Action]) -> Action:
    return options[rng.randrange(len(options))]


def item_goal(state: GameState, rng: random.Random, decisions: tuple[Action, ...]) -> Action | None:
    """The item-related decision a goal calls for here, if any (see the module notes)."""
    from nemesis_rules.model.rules.items import SearchKeep
    from nemesis_rules.model.rules.round import Turn

    frame = state.pending[-1] if state.pending else None
    if isinstance(frame, SearchKeep):
        return _keep(state, rng, frame.player, decisions)
    if not isinstance(frame, Turn):
        return None
    buckets: dict[str, list[Action]] = {}
    for a in decisions:
        if not isinstance(a, Decision):
            continue
        kind = a.kind
        if kind == "use-item":
            if a.get("item") in RARE_USES and _condition_holds(state, a):
                buckets.setdefault("use", []).append(a)
        elif kind == "craft":
            buckets.setdefault("craft", []).append(a)
        elif kind == "room-action":
            if a.get("room") == "laboratory":
                buckets.setdefault("analyse", []).append(a)
        elif kind in ("activate-quest", "use-quest"):
            bucket = "analyse" if a.get("item") == "laboratory-equipment" and kind == "use-quest" else "quest"
            buckets.setdefault(bucket, []).append(a)
        elif kind == "shoot":
            if a.get("weapon") in FOUND_WEAPONS:
                buckets.setdefault("shoot", []).append(a)
        elif kind == "pick-up":
            if _weakness_hidden(state, str(a.get("object"))):
                buckets.setdefault("pick-up", []).append(a)
        elif kind == "play-card" and a.get("card") == "search":
            buckets.setdefault("search", []).append(a)
    if not buckets:
        return None
    for bucket, chance in (
        ("analyse", ANALYSE),
        ("craft", CRAFT),
        ("use", IN_ITS_MOMENT),
        ("shoot", SHOOT),
        ("quest", QUEST),
        ("pick-up", PICK_UP),
        ("search", SEARCH),
    ):
        options = buckets.get(bucket)
        if options and rng.random() < chance:
            if bucket == "use":
                return _pick(rng, _by_item(options, rng))
            return _pick(rng, options)
    return None


def _by_item(options: list[Action], rng: random.Random) -> list[Action]:
    """The uses of one item, the item drawn uniformly (so an item with many variants is not favoured)."""
    items = sorted({str(a.get("item")) for a in options if isinstance(a, Decision)})
    chosen = items[rng.randrange(len(items))]
    return [a for a in options if isinstance(a, Decision) and a.get("item") == chosen]


def _keep_score(state: GameState, character: Character, card: str) -> int:
    """How much the player wants to keep ``card``: 3 if it completes a recipe with the inventory,
    2 for a weapon, 1 for an item of :data:`RARE_USES`, 0 otherwise."""
    component = getattr(tables.item(state.config, card), "component", None)
    if component:
        have = {getattr(tables.item(state.config, s), "component", None) for s in character.inventory.distinct()}
        for crafted in state.deck("blue").unknown.distinct():
            recipe = getattr(tables.item(state.config, crafted), "recipe", None)
            if recipe and component in recipe:
                other = recipe[1] if recipe[0] == component else recipe[0]
                if other in have:
                    return 3
    if tables.weapon(state.config, card) is not None:
        return 2
    return 1 if card in RARE_USES else 0


def _keep(state: GameState, rng: random.Random, player: int, decisions: tuple[Action, ...]) -> Action | None:
    """Keep the card with the best :func:`_keep_score` (now and then: no preference)."""
    if rng.random() >= KEEP:
        return None
    character = state.character(player)
    scored: dict[int, list[Action]] = {}
    for a in decisions:
        if isinstance(a, Decision) and a.kind == "keep-item":
            scored.setdefault(_keep_score(state, character, str(a.get("item"))), []).append(a)
    if len(scored) < 2:
        return None
    return _pick(rng, scored[max(scored)])


# -- errands ----------------------------------------------------------------------------------------


@lru_cache(maxsize=32)
def _distances(board: Board, target: str) -> Mapping[str, int]:
    """Corridor steps from every position to ``target`` (the static board: computed once)."""
    dist = {target: 0}
    queue = deque([target])
    while queue:
        here = queue.popleft()
        for there in board.neighbours[here]:
            if there not in dist:
                dist[there] = dist[here] + 1
                queue.append(there)
    return MappingProxyType(dist)


def _nearest(state: GameState, home: str, targets: list[str]) -> str | None:
    board = state.config.board
    far = len(board.neighbours)
    return min(targets, key=lambda p: (_distances(board, p).get(home, far), p)) if targets else None


def _explored_tiles(state: GameState) -> dict[str, list[str]]:
    """Explored positions by their room tile."""
    out: dict[str, list[str]] = {}
    for position, tile in state.placed_tiles:
        if state.room(position).explored:
            out.setdefault(tile, []).append(position)
    for position, tile in state.config.board.printed_rooms.items():
        out.setdefault(tile, []).append(position)
    return out


def item_destination(state: GameState, player: int) -> str | None:
    """Where an item errand takes ``player`` (a board position), if anywhere (see the module notes)."""
    c = state.character(player)
    carried = [h for h in c.hands if h in OBJECT_SLOTS]
    keys = [k for k in COMPUTER_KEYS if k in c.inventory and (k != "comms-key" or _signal_sent(state, player))]
    security = c.quest("security-key") == "inactive"
    evacuation = "evacuation-key" in c.inventory
    free_hand = len(c.hands) < 2
    if not (carried or keys or security or evacuation or free_hand):
        return None
    tiles = _explored_tiles(state)
    laboratory = tiles.get("laboratory", [])
    if laboratory and any(_weakness_hidden(state, o) for o in carried):
        return laboratory[0]
    if keys:
        target = _nearest(state, c.position, _computer_rooms(state, tiles))
        if target is not None:
            return target
    if evacuation:
        target = _nearest(
            state, c.position, tiles.get("evacuation-section-a", []) + tiles.get("evacuation-section-b", [])
        )
        if target is not None:
            return target
    if security and tiles.get("cockpit"):
        return tiles["cockpit"][0]
    if laboratory and free_hand and not carried:
        lying = [
            p
            for p in state.config.board.positions
            if any(_weakness_hidden(state, o) for o in state.room(p).objects.distinct())
        ]
        return _nearest(state, c.position, lying)
    return None


def _computer_rooms(state: GameState, tiles: dict[str, list[str]]) -> list[str]:
    """Explored rooms with a working Computer."""
    return [
        p
        for tile, positions in tiles.items()
        if tables.room_has_computer(state.config, tile)
        for p in positions
        if not state.room(p).malfunction
    ]


def _signal_sent(state: GameState, player: int) -> bool:
    """Whether another living Character sent the Signal (the Comms Key's condition)."""
    return any(o.player != player and o.signal and o.status != "dead" for o in state.characters)
