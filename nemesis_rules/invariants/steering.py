"""Steering coverage play toward clauses that need many steps of the same tendency (issue #4).

Coverage play (:mod:`.fuzzing`) prefers a kind of action never taken, or an action whose very
next step fires an unseen clause. Some clauses need a whole game leaning one way, and one-step
novelty never gets there:

* ``base.door.exhaustion`` fires when a Door is closed while all 12 Door tokens are on the
  board (RU-RB p.9: "take any door token from the board"); random play holds at most about six;
* ``base.end.quarantine-mars`` needs a hibernating holder of Quarantine on a ship bound for
  Mars, and the crew sets course for Earth;
* an Item's use whose card has been drawn before (so novelty play no longer seeks it) but that
  needs the right moment (Chemicals reload a Flamethrower that has fired);
* ``base.supply.adult-exhaustion``: all 8 Adults on the board at once;
* ``base.pod.step-out`` and ``base.pod.intruder-ejects`` need a Character waiting in an Escape
  Pod over a turn; random play boards about one pod in twelve games and mostly launches at once;
* the Objective clauses (``base.objective.<effect>``, and ``base.end.quarantine-mars``) fire
  only when a survivor holding the card reaches the victory check, and few characters survive.

A :class:`Steer` names the clauses it leads to, a gate (whether it is worth steering now) and a
predicate over one legal action (a decision or a chance outcome) that moves the game that way.
:data:`STEERS` is the table. While one of its clauses is unseen and the gate holds, coverage
play takes, now and then (the steer's rate: :data:`DOORS_RATE`, :data:`OBJECTIVES_RATE`,
:data:`SPARING_RATE`, :data:`MARS_RATE`, :data:`ITEMS_RATE`, :data:`ADULTS_RATE`, :data:`PODS_RATE`,
:data:`HUNT_RATE`), one of the actions the predicate
selects. Choosing chance outcomes is legitimate for a fuzzer: every outcome chosen is a possible
one. Predicates look only at the action, the state and the frame on top of the stack (no
look-ahead), so they stay cheap enough to run at every step; and each steer declares the decision
kinds and chance nodes it can want, so that :func:`steered` asks only the steers a node concerns
(:func:`steered_plain` asks them all; tests/invariants/test_steering_fast.py holds the two equal).

``base.supply.components`` (a ninth non-Larva Intruder dying with all 8 Carcass tokens out;
every Noise marker on the board cannot happen on the printed board: 30 markers, 28 corridors and
the technical corridor) needs a massacre: random play places about 0.7 Carcass a game. Steering
every game toward killing was measured to stall at 5 Carcasses out and to cost three clauses it
used to reach (``base.supply.adult-exhaustion`` among them); the ``hunt`` steer therefore acts
only in games of :data:`HUNT_PLAYERS` or more players where a Carcass already lies (a fight the
crew is winning), and there it takes nearly every attack, hit, kill and spared Character.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import cache
from typing import TypeVar, cast

from nemesis_rules.model.core.actions import Action, Decision, Outcome
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.data.vocabulary import WORDS
from nemesis_rules.model.rules import replaceable
from nemesis_rules.model.rules.attack import AttackCardDraw
from nemesis_rules.model.rules.encounter import EncounterDraw
from nemesis_rules.model.rules.intruder_injuries import EnduranceDraw, carcasses_out
from nemesis_rules.model.rules.setup import ObjectiveDraw
from nemesis_rules.model.rules.shoot_and_melee import CombatRoll
from nemesis_rules.rulebook import catalogue

T = TypeVar("T")

DOORS_RATE = 0.9
"""How often a Door-closing decision is taken when there is one (they are rare: a Command Center,
an Airlock Control, a card or an item; twelve Doors must be held at once)."""
ITEMS_RATE = 0.5
"""How often an Item card whose use is unseen is drawn (or crafted) when one can be."""
NEEDED_FOR = {"flamethrower": ("chemicals",)}
"""Items another item's use needs: Chemicals reload only a Flamethrower that has fired."""
ADULTS_RATE = 0.5
"""How often an Intruder token that places an Adult is drawn, until all 8 are on the board."""
MARS_RATE = 0.9
"""How often the ship's course is set for Mars while a living Character keeps Quarantine."""
PODS_RATE = 0.9
"""How often a Character in an Escape Pod waits (or, while stepping out is unseen, steps out)."""
HUNT_RATE = 0.9
"""How often, in a hunting game, an attack or an outcome that brings, injures or kills an
Intruder (or spares a Character) is taken."""
HUNT_PLAYERS = 4
"""The fewest players a hunting game has (more Characters, more firepower)."""
HUNT_FROM = 1
"""How many Carcasses must be out before a game turns into a hunt."""
OBJECTIVES_RATE = 0.5
"""How often an Objective card whose clause is unseen is dealt (or kept) when one can be."""
SPARING_RATE = 0.7
"""How often an outcome that spares the Characters is taken while one holds an unseen Objective."""

DOOR_EXHAUSTION = "base.door.exhaustion"
CARCASS_SUPPLY = "base.supply.components"
ADULT_SUPPLY = "base.supply.adult-exhaustion"
STEP_OUT = "base.pod.step-out"
EJECTS = "base.pod.intruder-ejects"
BROUGHT = frozenset({"creeper", "adult", "breeder", "queen"})
"""Intruder tokens that bring an Intruder leaving a Carcass (a Larva leaves none)."""
QUARANTINE_MARS = "base.end.quarantine-mars"
DOOR_ROOMS = frozenset({"command-center", "airlock-control"})
"""Rooms whose action closes Doors (RU-RB p.25: Command Center, Airlock Control)."""
BULKHEADS = "bulkheads-open"
"""The Event card that opens every closed Door (its copies are ``bulkheads-open-<n>``)."""
GENTLE_ATTACKS = frozenset({"slime", "scratch"})
"""Intruder Attack cards that deal no Serious Wound (RU-RB p.20: Slime gives a Slime marker,
Scratch a Contamination card and a Light Wound)."""


@dataclass(frozen=True, slots=True)
class Steer:
    """One entry of the steering table: while one of ``clauses`` is unseen and ``gate`` holds,
    ``wants`` picks the legal actions that lead toward it."""

    name: str
    rate: float
    """How often, when the steer is active and some legal action fits it, one of those is taken."""
    clauses: Callable[[GameState], tuple[str, ...]]
    """The clauses it leads to: a function of the game's kind (ruleset and card variants) alone."""
    gate: Callable[[GameState, AbstractSet[str]], bool]
    wants: Callable[[GameState, Action, AbstractSet[str]], bool]
    decisions: frozenset[str] = frozenset()
    """The decision kinds ``wants`` can hold for: it holds for no decision of another kind."""
    chances: frozenset[str] = frozenset()
    """The chance nodes (by name) whose outcomes ``wants`` can hold for: it holds for no other
    outcome. Predicates that ask the frame on top of the stack (an Attack card drawn by
    :class:`AttackCardDraw`) name that frame's chance: a legal outcome carries its node's name."""

    def active(self, state: GameState, seen: AbstractSet[str]) -> bool:
        """Whether one of its clauses that a game of this ruleset can meet is unseen, and the gate holds."""
        for c in self.pursued(state):  # a loop: any() over a generator costs more at every step
            if c not in seen:
                return self.gate(state, seen)
        return False

    def pursued(self, state: GameState) -> tuple[str, ...]:
        """Its clauses that a game of this kind can meet (``clauses`` filtered by :func:`pursued`),
        kept per steer and kind of game: the plain equivalent filters at every step."""
        key = (self.name, state.config.ruleset.name, state.config.card_variants)
        found = _PURSUED.get(key)
        if found is None:
            reachable = pursued(state.config.ruleset.name)
            found = _PURSUED[key] = tuple(c for c in self.clauses(state) if c in reachable)
        return found


_PURSUED: dict[tuple[str, str, object], tuple[str, ...]] = {}


@cache
def pursued(ruleset: str) -> frozenset[str]:
    """The clauses worth steering toward in a game of ``ruleset``: those in force under it that the
    catalogue does not call unreachable there (no Carcass supply to exhaust in Void Seeders)."""
    clauses = catalogue().values()
    return frozenset(c.id for c in clauses if c.applies_to(ruleset) and c.unreachable_under(ruleset) is None)


def _per_game_kind(state: GameState, table: dict[object, T], build: Callable[[GameState], T]) -> T:
    """``build(state)`` kept per ruleset and set of card variants (all a game's card tables depend
    on): steering asks at every step."""
    key = (state.config.ruleset.name, state.config.card_variants)
    found = table.get(key)
    if found is None:
        found = table[key] = build(state)
    return found


# -- door exhaustion --------------------------------------------------------------------------------


def closes_doors(state: GameState, action: Action, seen: AbstractSet[str]) -> bool:
    """A decision that closes Doors or leads to closing them: a Command Center setting with no
    open Door, any ``door=closed`` (the Pilot's card, items, quest items), a Security Key switch
    of an open Door, the room action of the Command Center or Airlock Control, the Command
    Center's choice of room; and an Event card other than Bulkheads Open (which opens every
    closed Door)."""
    if not isinstance(action, Decision):
        return action.chance == "event-card" and not action.outcome.startswith(BULKHEADS)
    if action.kind == "set-doors":
        return not any(s.endswith("=open") for s in action.cards("doors"))
    if action.get("door") == "closed":
        return True
    if action.kind == "switch-door":
        return state.door(action.text("corridor")) == "open"
    if action.kind == "room-action":
        return action.get("room") in DOOR_ROOMS
    return action.kind == "doors-of"


# -- escape pods ------------------------------------------------------------------------------------


def waits_in_pod(state: GameState, action: Action, seen: AbstractSet[str]) -> bool:
    """In an Escape Pod: wait instead of launching (an Intruder reaching the section then ejects
    everyone, RU-RB p.26), or step out while that is unseen."""
    if not isinstance(action, Decision):
        return False
    if action.kind == "leave-pod":
        return STEP_OUT not in seen
    return action.kind in ("wait-in-pod", "stay-in-pod")


# -- items ------------------------------------------------------------------------------------------


def item_clause(state: GameState, slug: str) -> str:
    """The clause an Item card's use names (``base.item.<effect>``)."""
    card = tables.item(state.config, slug)
    return f"base.item.{getattr(card, 'effect', slug)}"


def _unseen_item(state: GameState, slug: str, seen: AbstractSet[str]) -> bool:
    uses = item_clauses(state)
    try:
        wanted = (item_clause(state, slug), *(item_clause(state, n) for n in NEEDED_FOR.get(slug, ())))
    except KeyError:  # not an Item card of this game
        return False
    return any(c in uses and c not in seen for c in wanted)


def brings_unused_items(state: GameState, action: Action, seen: AbstractSet[str]) -> bool:
    """An Item card drawn, or crafted, whose use (or the use of an item it serves,
    :data:`NEEDED_FOR`) is unseen: the card itself has often been drawn already, so novelty
    play no longer seeks it."""
    if isinstance(action, Outcome):
        return action.chance == "item-card" and _unseen_item(state, action.outcome, seen)
    if action.kind == "craft":
        made = action.get("item")
        return isinstance(made, str) and _unseen_item(state, made, seen)
    return False


def item_clauses(state: GameState) -> tuple[str, ...]:
    """The use clauses of the Item cards of the game's decks that its ruleset's catalogue holds
    (Void Seeders replaces the Clothes and drops the Antidote's)."""
    return _per_game_kind(state, _ITEM_CLAUSES, _build_item_clauses)


def _build_item_clauses(state: GameState) -> tuple[str, ...]:
    ruleset = state.config.ruleset.name
    ids = {item_clause(state, slug) for _, deck in tables.item_decks(state.config) for slug in deck.distinct()}
    known = catalogue()
    return tuple(sorted(c for c in ids if c in known and ruleset in known[c].rulesets))


_ITEM_CLAUSES: dict[object, tuple[str, ...]] = {}


# -- the Adult supply -------------------------------------------------------------------------------


def brings_adults(state: GameState, action: Action, seen: AbstractSet[str]) -> bool:
    """An Intruder token drawn that places an Adult (an Encounter, a Summoning)."""
    return isinstance(action, Outcome) and action.chance == "intruder-token" and action.outcome.startswith("adult")


# -- the Carcass supply -----------------------------------------------------------------------------


def hunting(state: GameState, seen: AbstractSet[str]) -> bool:
    """A game worth turning into a hunt: :data:`HUNT_PLAYERS` or more players, and at least
    :data:`HUNT_FROM` Carcass out already."""
    return state.config.players >= HUNT_PLAYERS and carcasses_out(state) >= HUNT_FROM


def hunts(state: GameState, action: Action, seen: AbstractSet[str]) -> bool:
    """An attack on an Intruder (Melee, Shoot, an item aimed at one); a combat die face that injures the target; an
    endurance card whose blood the target's Injuries reach (it dies); at an Encounter, a token
    that brings an Intruder leaving a Carcass; an Intruder's attack that spares its victim."""
    if isinstance(action, Decision):
        if action.kind == "use-item":  # a Taser, Grenade or the like aimed at an Intruder
            target = action.get("target")
            return target is not None and any(str(i.id) == target for i in state.intruders)
        return action.kind in ("melee", "shoot")
    frame = state.pending[-1]
    if isinstance(frame, CombatRoll):
        return injures_target(state, frame, action.outcome)
    if isinstance(frame, EnduranceDraw):
        hurt = next((i for i in state.intruders if i.id == frame.intruder), None)
        blood = tables.attack_card(state.config, action.outcome).blood
        return hurt is not None and blood is not None and blood <= hurt.injuries
    if isinstance(frame, EncounterDraw):  # tokens are spelled kind-number: "adult-2"
        return action.outcome.partition("-")[0] in BROUGHT
    if isinstance(frame, AttackCardDraw):
        return spares_characters(state, action, seen)
    return False


def injures_target(state: GameState, roll: CombatRoll, face: str) -> bool:
    """Whether the combat die ``face`` injures the Intruder ``roll`` is aimed at."""
    kind = next((i.kind for i in state.intruders if str(i.id) == roll.target), "")
    return bool(kind) and replaceable.face_injuries(state, face, kind) > 0


# -- objectives -------------------------------------------------------------------------------------


def objective_clause(state: GameState, objective: str) -> str:
    """The clause the victory check names for an Objective card (``base.objective.<effect>``)."""
    return _per_game_kind(state, _OBJECTIVE_CLAUSE, _build_objective_clauses).get(
        objective, f"base.objective.{objective}"
    )


def _build_objective_clauses(state: GameState) -> dict[str, str]:
    return {o.id: f"base.objective.{o.effect}" for o in tables.base(state.config).objectives}


_OBJECTIVE_CLAUSE: dict[object, dict[str, str]] = {}


def _objective_clauses(state: GameState) -> tuple[str, ...]:
    return _per_game_kind(state, _OBJECTIVE_CLAUSES, lambda s: (*_build_objective_clauses(s).values(), QUARANTINE_MARS))


_OBJECTIVE_CLAUSES: dict[object, tuple[str, ...]] = {}


def _unseen_objective(state: GameState, objective: str, seen: AbstractSet[str]) -> bool:
    if objective == "quarantine" and QUARANTINE_MARS not in seen:
        return True
    return objective_clause(state, objective) not in seen


def deals_unseen_objectives(state: GameState, action: Action, seen: AbstractSet[str]) -> bool:
    """At the deal, an Objective card whose clause is unseen; at the first Encounter, keeping it."""
    if isinstance(action, Decision):
        kept = action.get("objective")
        return action.kind == "keep-objective" and isinstance(kept, str) and _unseen_objective(state, kept, seen)
    return isinstance(state.pending[-1], ObjectiveDraw) and _unseen_objective(state, action.outcome, seen)


def quarantine_held(state: GameState, seen: AbstractSet[str]) -> bool:
    """Whether a living Character keeps Quarantine (the one card a Mars arrival spares)."""
    return any(c.alive and c.objectives[:1] == ("quarantine",) for c in state.characters)


def sets_course_for_mars(state: GameState, action: Action, seen: AbstractSet[str]) -> bool:
    """A Cockpit decision that sets the ship's destination to Mars (by the Coordinates card in
    play), so a hibernating holder of Quarantine meets ``base.end.quarantine-mars``."""
    if not isinstance(action, Decision) or action.get("flight") != "set-destination":
        return False
    card = tables.coordinates_cards(state.config).get(state.coordinates or "")
    return card is not None and card.destination(str(action.get("destination"))) == "mars"


def holds_unseen_objective(state: GameState, seen: AbstractSet[str]) -> bool:
    """Whether a living Character holds an Objective whose clause is unseen."""
    return any(
        _unseen_objective(state, objective, seen) for c in state.characters if c.alive for objective in c.objectives
    )


def spares_characters(state: GameState, action: Action, seen: AbstractSet[str]) -> bool:
    """A chance outcome that spares the Characters: an Intruder Attack card without the
    attacker's symbol (a miss) or one of :data:`GENTLE_ATTACKS`, a Noise roll of Silence, a
    blank Intruder token at an Encounter, a combat die face that injures the Intruder attacked."""
    if not isinstance(action, Outcome):
        return False
    frame = state.pending[-1]
    if isinstance(frame, AttackCardDraw):
        attacker = next((i for i in state.intruders if i.id == frame.intruder), None)
        card = tables.attack_card(state.config, action.outcome)
        return attacker is not None and (attacker.kind not in card.attackers or card.effect in GENTLE_ATTACKS)
    if action.chance == "noise-roll":
        return action.outcome == "silence"
    if isinstance(frame, EncounterDraw):
        return action.outcome == "blank"
    if isinstance(frame, CombatRoll):
        return injures_target(state, frame, action.outcome)
    return False


def _always(state: GameState, seen: AbstractSet[str]) -> bool:
    return True


def _taking(param: str) -> frozenset[str]:
    """The decision kinds whose word takes ``param`` (the vocabulary: a decision of another kind
    never names it)."""
    return frozenset(w.kind for w in WORDS.values() if param in w.names)


_CLOSING = frozenset({"set-doors", "switch-door", "room-action", "doors-of"}) | _taking("door")
"""The decisions :func:`closes_doors` can hold for (any ``door=closed``, and the words it names)."""
_SPARING = frozenset({"attack-card", "noise-roll", "intruder-token", "combat-die"})
"""The chance nodes :func:`spares_characters` reads: AttackCardDraw, the Noise roll, EncounterDraw,
CombatRoll (and its Soldier variants, which keep its name)."""

STEERS: tuple[Steer, ...] = (
    Steer(
        "door-exhaustion",
        DOORS_RATE,
        lambda s: (DOOR_EXHAUSTION,),
        _always,
        closes_doors,
        _CLOSING,
        frozenset({"event-card"}),
    ),
    Steer(
        "objective-deal",
        OBJECTIVES_RATE,
        _objective_clauses,
        _always,
        deals_unseen_objectives,
        frozenset({"keep-objective"}),
        frozenset({ObjectiveDraw.chance}),
    ),
    Steer("survivors", SPARING_RATE, _objective_clauses, holds_unseen_objective, spares_characters, chances=_SPARING),
    Steer("mars", MARS_RATE, lambda s: (QUARANTINE_MARS,), quarantine_held, sets_course_for_mars, _taking("flight")),
    Steer(
        "items",
        ITEMS_RATE,
        item_clauses,
        _always,
        brings_unused_items,
        frozenset({"craft"}),
        frozenset({"item-card"}),
    ),
    Steer(
        "adults", ADULTS_RATE, lambda s: (ADULT_SUPPLY,), _always, brings_adults, chances=frozenset({"intruder-token"})
    ),
    Steer(
        "pods",
        PODS_RATE,
        lambda s: (STEP_OUT, EJECTS),
        _always,
        waits_in_pod,
        frozenset({"leave-pod", "wait-in-pod", "stay-in-pod"}),
    ),
    Steer(
        "hunt",
        HUNT_RATE,
        lambda s: (CARCASS_SUPPLY,),
        hunting,
        hunts,
        frozenset({"use-item", "melee", "shoot"}),
        frozenset({CombatRoll.chance, EnduranceDraw.chance, EncounterDraw.chance, AttackCardDraw.chance}),
    ),
)
"""The steering table, asked in this order (see :func:`steered`)."""


def steered(state: GameState, options: Sequence[Action], seen: AbstractSet[str], rng: random.Random) -> Action | None:
    """The first steer (table order) that is active, has legal actions fitting it and is drawn
    (its ``rate``) picks one of them at random; None when no steer does. The generator is asked
    only where some action fits a steer, so a game no steer applies to plays as before.

    ``options`` are the legal actions of ``state``: all decisions, or all outcomes of one chance
    node. This is :func:`steered_plain`, asking only the steers that can want an option of this
    node (:attr:`Steer.decisions`, :attr:`Steer.chances`): the others have no fitting action, so
    they draw nothing from ``rng`` there, and whether they are active does not matter."""
    if not options:
        return None
    if isinstance(options[0], Outcome):
        return _first_drawn(_BY_CHANCE.get(options[0].chance, ()), state, options, seen, rng)
    decisions = cast("Sequence[Decision]", options)
    kinds = {d.kind for d in decisions}
    if kinds.isdisjoint(_WANTED_KINDS):
        return None
    for steer in STEERS:
        wanted = steer.decisions
        if wanted.isdisjoint(kinds) or not steer.active(state, seen):
            continue
        chosen = [d for d in decisions if d.kind in wanted and steer.wants(state, d, seen)]
        if chosen and rng.random() < steer.rate:
            return chosen[rng.randrange(len(chosen))]
    return None


def steered_plain(
    state: GameState, options: Sequence[Action], seen: AbstractSet[str], rng: random.Random
) -> Action | None:
    """:func:`steered` as it reads: every steer of the table asked of every option (the test
    holding :func:`steered` to it plays seeded games)."""
    return _first_drawn(STEERS, state, options, seen, rng)


def _first_drawn(
    steers: Sequence[Steer], state: GameState, options: Sequence[Action], seen: AbstractSet[str], rng: random.Random
) -> Action | None:
    """The first of ``steers`` that is active, has options fitting it and is drawn picks one of them."""
    for steer in steers:
        if not steer.active(state, seen):
            continue
        fitting = [a for a in options if steer.wants(state, a, seen)]
        if fitting and rng.random() < steer.rate:
            return fitting[rng.randrange(len(fitting))]
    return None


_BY_CHANCE: dict[str, tuple[Steer, ...]] = {
    chance: tuple(s for s in STEERS if chance in s.chances) for s0 in STEERS for chance in s0.chances
}
"""Chance node name → the steers that can want one of its outcomes, in table order."""
_WANTED_KINDS = frozenset(kind for s in STEERS for kind in s.decisions)
"""Every decision kind some steer can want."""
