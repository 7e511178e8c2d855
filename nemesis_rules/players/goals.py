"""Goals of the goal-seeking player about items, crafting and the Weaknesses (see
:mod:`nemesis_rules.players.strategies`): which decision to prefer so items are used in the
conditions their cards name, and where to walk on an errand.

Every preference is a probability, so seeded games stay varied (and the same for the same seed):

* **Use an item in its moment** (facts.md §6): an item's legal variants already encode the
  condition its card names (a Taser needs a target in the room, a key its room, a Space Suit a
  yellow room, Chemicals a Flamethrower to load, a Decoy Intruders next door); the player takes
  such a use of a rarely seen item (:data:`IN_ITS_MOMENT`) when it is offered, the Antidote only
  while contaminated, Military Drugs only with a Contamination card in hand, a Taser on an
  Intruder rather than a Character, a Grenade only into a neighbouring room (its blast wounds
  every Character in the target room, the thrower too).
* **Reload the Flamethrower** (facts.md §6, base.item.chemicals): Chemicals are the only
  way to reload a Flamethrower that has shot; a character holding one keeps Chemicals from a
  search (as if they completed a recipe), searches a yellow or white room for them (both
  :data:`RELOAD`) and uses them to reload (:data:`RELOAD`) before crafting them into
  something else.
* **Send the Signal** (RU-RB p.24, base.room.comms-room) when the Comms Room offers it
  (:data:`SIGNAL`): Objectives ask for it, and the Comms Key (base.item.comms-key) shows an
  Objective of a Character who sent it.
* **Craft** whenever a recipe can be paid (base.craft.recipes); **search** a room with items
  left (base.search.draw-two); when keeping one of two cards drawn, prefer the one that
  completes a recipe, then a weapon or a rarely seen item.
* **Shoot with a found or crafted weapon** (the Prototypes, the Flamethrower) when In Combat.
* **The Weaknesses** (RU-RB p.21, p.24): pick up a Corpse, Carcass or Egg whose Weakness is
  hidden, carry it to the explored Laboratory (:func:`item_destination`) and analyse it there;
  activate and use the Characters' quest items (Laboratory Equipment, Security Key, Orbital
  Maneuvering System).
* **Carry an object to be analysed** (RU-RB p.21, p.24): with a Corpse, Carcass or Egg whose
  Weakness is hidden, now and then step towards the explored Laboratory (never exploring to
  find it); only into rooms without Intruder or Fire, and never once the hibernation chambers
  are open. A Malfunction in the Laboratory (no room action there) is
  repaired first.
* **Scan and react**: play Rest with two Contamination cards or more in hand (each scan may
  find several INFECTED ones: base.contamination.multiple-infected); ignore a Surprise Attack
  with Nerves of Steel (or a Larva's with the Armor) when it is offered.
* **Escape pods** (:func:`pod_goal`, RU-RB p.26): now and then wait in the pod for a companion,
  step out when an Intruder comes next door, else launch.
* **Errands** (:func:`item_destination`): the Laboratory with an object to analyse, the nearest
  working Computer room with the Self-Destruct or Comms Key, an Evacuation Section with the
  Evacuation Key, the Cockpit for the Scout's Security Key, and the nearest Corpse, Carcass or
  Egg with a hidden Weakness while the Laboratory is known and a hand is free.
"""

from __future__ import annotations

import random

from nemesis_rules.model.core.actions import Action, Decision
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import Character, GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.action_cards_reactive import AttackReaction
from nemesis_rules.model.rules.evacuation import LaunchOrWait
from nemesis_rules.model.rules.items import SearchKeep, capacity
from nemesis_rules.model.rules.pods import pod_of, seats, section_position
from nemesis_rules.model.rules.round import PodTurn, Turn
from nemesis_rules.players.paths import closer_moves, listed, steps

__all__ = ["item_destination", "item_goal", "pod_goal"]

REPAIR_MALFUNCTION = ("repair", "malfunction")
"""The parameter of a decision that repairs a Malfunction."""

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
TO_LABORATORY = 0.3
"""How often a character carrying an object with a hidden Weakness steps towards the known Laboratory
(measured: at 0.7, and with walks to unexplored rooms to find it, half the Void Seeders survivors died)."""
WAIT_FOR_COMPANION = 0.2
"""How often a character just seated in a pod waits (and passes) while a companion could still come."""
STAY_IN_POD = 0.5
"""How often a character waiting in a pod, unthreatened, goes on waiting rather than launching."""
STEP_OUT = 0.5
"""How often a character waiting in a pod steps out when an Intruder is next door."""
IGNORE_ATTACK = 0.9
"""How often a Surprise Attack (or a Larva's) is ignored with Nerves of Steel or the Armor when they allow it."""
REST = 0.7
"""How often Rest is played to scan a hand holding two Contamination cards or more."""
RELOAD = 0.9
"""How often offered Chemicals reload the held Flamethrower (their variants: it is not full)."""
FLAMETHROWER = "flamethrower"
SIGNAL = 0.6
"""How often the Comms Room's Signal is sent when offered."""

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


def _contamination_cards(state: GameState, player: int) -> int:
    """How many Contamination cards ``player`` holds in hand (scanned or not)."""
    hand = state.character(player).hand
    return sum(hand.count(card) for card in hand.distinct() if card.startswith(CONTAMINATION))


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


def _seeks_chemicals(state: GameState, player: int) -> bool:
    """Whether ``player`` holds a Flamethrower that has shot, has no Chemicals to reload it, and
    stands in a room whose search may draw them (yellow, or white: the searcher picks)."""

    c = state.character(player)
    if FLAMETHROWER not in c.hands or "chemicals" in c.inventory:
        return False
    if c.ammo_of(FLAMETHROWER) >= capacity(state, player, FLAMETHROWER):
        return False
    tile = state.room(c.position).tile
    return tile is not None and tables.room_colour(state.config, tile) in ("yellow", "white")


def _weakness_hidden(state: GameState, obj: str) -> bool:
    """Whether the Weakness that ``obj`` is analysed for is still hidden."""
    slot = OBJECT_SLOTS.get(obj)
    if slot is None:
        return False
    slots = tables.base(state.config).weakness_setup.slots
    if slot not in slots or slots.index(slot) >= len(state.weaknesses):
        return False
    return state.weaknesses[slots.index(slot)] not in state.discovered


def _laboratory_blocked(state: GameState, player: int) -> bool:
    """Whether ``player`` stands in the Laboratory, its Malfunction barring the analysis (no room
    action in a room with a Malfunction) of an object there whose Weakness is hidden."""
    c = state.character(player)
    room = state.room(c.position)
    if room.tile != "laboratory" or not room.malfunction:
        return False
    return any(_weakness_hidden(state, o) for o in (*c.hands, *room.objects.distinct()))


def _pick(rng: random.Random, options: list[Action]) -> Action:
    return options[rng.randrange(len(options))]


def item_goal(state: GameState, rng: random.Random, decisions: tuple[Action, ...]) -> Action | None:
    """The item-related decision a goal calls for here, if any (see the module notes)."""

    frame = state.pending[-1] if state.pending else None
    if isinstance(frame, SearchKeep):
        return _keep(state, rng, frame.player, decisions)
    if isinstance(frame, AttackReaction):
        ignore: list[Action] = [a for a in decisions if isinstance(a, Decision) and a.kind == "ignore-attack"]
        return _pick(rng, ignore) if ignore and rng.random() < IGNORE_ATTACK else None
    if not isinstance(frame, Turn):
        return None
    buckets: dict[str, list[Action]] = {}
    for a in listed(decisions).others:  # most decisions are moves, and no item goal is one
        kind = a.kind
        if kind == "use-item":
            if a.get("item") == "chemicals" and a.get("weapon") == FLAMETHROWER:
                buckets.setdefault("reload", []).append(a)
            elif a.get("item") in RARE_USES and _condition_holds(state, a):
                buckets.setdefault("use", []).append(a)
        elif kind == "craft":
            buckets.setdefault("craft", []).append(a)
        elif kind == "room-action":
            if a.get("room") == "laboratory":
                buckets.setdefault("analyse", []).append(a)
            elif a.get("room") == "comms-room":
                buckets.setdefault("signal", []).append(a)
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
            buckets.setdefault("reload" if _seeks_chemicals(state, frame.player) else "search", []).append(a)
        elif kind == "play-card" and a.get("card") == "rest" and _contamination_cards(state, frame.player) >= 2:
            buckets.setdefault("rest", []).append(a)
        if REPAIR_MALFUNCTION in a.params and _laboratory_blocked(state, frame.player):  # a test in C (names once)
            buckets.setdefault("analyse", []).append(a)
    if not state.in_combat(frame.player):
        walk = _errand_walk(state, rng, frame.player, decisions)
        if walk is not None:
            buckets["errand"] = [walk]
    if not buckets:
        return None
    for bucket, chance in (
        ("analyse", ANALYSE),
        ("reload", RELOAD),
        ("rest", REST),
        ("craft", CRAFT),
        ("use", IN_ITS_MOMENT),
        ("signal", SIGNAL),
        ("shoot", SHOOT),
        ("quest", QUEST),
        ("pick-up", PICK_UP),
        ("search", SEARCH),
        ("errand", 1.0),  # its chance was drawn when the walk was chosen
    ):
        options = buckets.get(bucket)
        if options and rng.random() < chance:
            if bucket in ("use", "craft"):
                return _pick(rng, _by_item(options, rng))
            return _pick(rng, options)
    return None


def _by_item(options: list[Action], rng: random.Random) -> list[Action]:
    """The uses of one item, the item drawn uniformly (so an item with many variants is not favoured)."""
    items = sorted({str(a.get("item")) for a in options if isinstance(a, Decision)})
    chosen = items[rng.randrange(len(items))]
    return [a for a in options if isinstance(a, Decision) and a.get("item") == chosen]


def _keep_score(state: GameState, character: Character, card: str) -> int:
    """How much the player wants to keep ``card``: 3 if it completes a recipe with the inventory
    (or is Chemicals to reload a held Flamethrower), 2 for a weapon, 1 for an item of
    :data:`RARE_USES`, 0 otherwise."""
    if card == "chemicals" and FLAMETHROWER in character.hands:
        return 3
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


def _errand_walk(state: GameState, rng: random.Random, player: int, decisions: tuple[Action, ...]) -> Decision | None:
    """A step with an object whose Weakness is hidden (RU-RB p.21, p.24: the Laboratory reveals
    it) towards the explored Laboratory (:data:`TO_LABORATORY`). Only out of danger (no Intruder
    or Fire in the room entered) and before the hibernation chambers open (late in the game the
    way out comes first); never exploring to find the Laboratory (it cost lives when measured)."""
    c = state.character(player)
    if not any(_weakness_hidden(state, h) for h in c.hands) or "hibernation" in tables.time_flags(state):
        return None
    targets = _explored_tiles(state).get("laboratory")
    if not targets or c.position in targets or rng.random() >= TO_LABORATORY:
        return None
    board = state.config.board
    danger = {i.position for i in state.intruders}
    danger.update(p for p, r in zip(board.positions, state.rooms, strict=True) if r.fire)
    nearer = closer_moves(state, player, targets, decisions, danger)
    plain = [a for a in nearer if a.kind == "move"]
    options = plain or nearer
    return options[rng.randrange(len(options))] if options else None


def _nearest(state: GameState, home: str, targets: list[str]) -> str | None:
    board = state.config.board
    return min(targets, key=lambda p: (steps(board, home, p), p)) if targets else None


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


# -- escape pods ------------------------------------------------------------------------------------


def pod_goal(state: GameState, rng: random.Random, decisions: tuple[Action, ...]) -> Action | None:
    """In an escape pod (RU-RB p.26): just seated, now and then wait for a companion who could
    still come (:data:`WAIT_FOR_COMPANION`) instead of launching at once; on a turn begun in the
    pod, step out when an Intruder is next door (:data:`STEP_OUT`; one entering the section
    would eject everyone: base.pod.intruder-ejects), else wait on (:data:`STAY_IN_POD`) while a
    companion could still come, else launch. ``None`` elsewhere (the caller launches)."""

    frame = state.pending[-1] if state.pending else None
    if not isinstance(frame, (LaunchOrWait, PodTurn)):
        return None
    player = frame.player
    pod = pod_of(state, player)
    if pod is None:
        return None
    late = "hibernation" in tables.time_flags(state) or state.self_destruct is not None
    companion = (
        not late
        and len(pod.occupants) < seats(state)
        and any(o.active and o.player not in pod.occupants for o in state.characters)
    )
    wanted: str | None = None
    if isinstance(frame, LaunchOrWait):
        wanted = "wait-in-pod" if companion and rng.random() < WAIT_FOR_COMPANION else "launch-pod"
    else:
        section = section_position(state, pod.section)
        board = state.config.board
        threatened = section is not None and any(i.position in board.neighbours[section] for i in state.intruders)
        if threatened and rng.random() < STEP_OUT:
            wanted = "leave-pod"
        elif companion and not threatened and rng.random() < STAY_IN_POD:
            wanted = "stay-in-pod"
        else:
            wanted = "launch-pod"
    return next((a for a in decisions if isinstance(a, Decision) and a.kind == wanted), None)
