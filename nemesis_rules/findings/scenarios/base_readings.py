"""Scenarios for the base game's ambiguities and source contradictions (rulings ``base.ambiguity.*``,
``base.ref.*``, ``base.source.*`` and ``base.de.*``): for each, a state (or a new game) and a few lines in
which the readings of the ruling lead to different states, or one reading refuses a line another accepts.

The states are built the way the rule tests build them: a seeded setup played to the first player's first
turn (player 1 the Scout and player 2 the Soldier, both in the Hibernatorium, 11, whose neighbours are 06,
08, 14 and 15), then arranged with :func:`dataclasses.replace`.
"""

from __future__ import annotations

from dataclasses import replace
from random import Random

from nemesis_rules.findings.scenarios import Scenario, no_situation, scenario
from nemesis_rules.findings.scenarios.base_arrange import explored
from nemesis_rules.model.core.actions import Action, Decision, Outcome
from nemesis_rules.model.core.engine import apply, legal_actions
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.game import start
from nemesis_rules.model.rules.events import BagDevelopmentStep, TimeStep
from nemesis_rules.model.rules.hands import DrawUp
from nemesis_rules.model.rules.noise import NoiseRoll
from nemesis_rules.model.rules.setup import PodDraw
from nemesis_rules.model.rules.ship import STARTED_THIS_ROUND
from nemesis_rules.players.strategies import uniform
from nemesis_rules.testing import after_setup, with_frames, with_intruders, with_ruling

ITEM_DECKS = ("red", "blue", "green", "yellow")


def _game(players: int = 2, seed: int = 3) -> GameState:
    """A game after setup (seed 3, two players: the Scout, player 1, and the Soldier, player 2, in 11)."""
    return after_setup(players=players, seed=seed)


def _take(state: GameState, player: int, *items: str) -> GameState:
    """``player`` takes ``items`` out of the face-down item decks into the inventory (so every card stays
    in exactly one place)."""
    c = state.character(player)
    for item in items:
        colour = next(d for d in ITEM_DECKS if item in state.deck(d).unknown)
        deck = state.deck(colour)
        state = state.with_deck(colour, replace(deck, unknown=deck.unknown.remove(item)))
        c = replace(c, inventory=c.inventory.add(item))
    return state.with_character(c)


def _lines(state: GameState, *actions: Action) -> tuple[Action, ...]:
    """``actions`` with every other player's Interruption window declined where one opens (found by
    playing them from ``state``, so give it the reading under which they are all legal)."""
    out: list[Action] = []
    for action in actions:
        state = apply(state, action)
        out.append(action)
        while True:
            passes = [a for a in legal_actions(state) if isinstance(a, Decision) and a.kind == "no-interruption"]
            if not passes:
                break
            state = apply(state, passes[0])
            out.append(passes[0])
    return tuple(out)


def _without_interruption(state: GameState, player: int) -> GameState:
    """``player``'s Interruption card swapped from the hand into the Action deck for the first other card
    of the deck, so no Interruption window opens for them."""
    c = state.character(player)
    if "interruption" not in c.hand:
        return state
    other = next(card for card in c.deck.distinct() if card != "interruption")
    hand = c.hand.remove("interruption").add(other)
    return state.with_character(replace(c, hand=hand, deck=c.deck.remove(other).add("interruption")))


def _use(player: int, item: str, pay: tuple[str, ...], **params: str | tuple[str, ...]) -> Decision:
    return Decision.make(player, "use-item", item=item, pay=pay, **params)


@scenario("base.ambiguity.decoy-doors")
def decoy_doors() -> Scenario:
    """An Adult in 14 behind the closed Door 11-14; the Scout throws the Decoy into 15."""
    state = with_intruders(_take(_game(), 1, "decoy"), Intruder(1, "adult", "14")).with_door("11-14", "closed")
    return Scenario(
        "base.ambiguity.decoy-doors",
        "the Adult in 14 is pulled to the Decoy in 15 through a closed Door under ignore-doors and stays in 14 "
        "under doors-block",
        _lines(state, _use(1, "decoy", ("search",), to="15")),
        before=state,
    )


def _to_event_card(state: GameState) -> tuple[GameState, tuple[Action, ...]]:
    """Both players pass and keep their hands: the Event Phase draws an Event card next."""
    lines = tuple(Decision.make(p, kind) for p in (1, 2) for kind in ("pass", "keep-hand"))
    for line in lines:
        state = apply(state, line)
    return state, lines


@scenario("base.ambiguity.malfunction-event-target")
def malfunction_event_target() -> Scenario:
    """The Cockpit (01, the lowest-numbered explored room) already has a Malfunction when the Malfunction
    event is drawn."""
    state = _game()
    state = state.with_room("01", replace(state.room("01"), malfunction=True))
    _, lines = _to_event_card(state)
    return Scenario(
        "base.ambiguity.malfunction-event-target",
        "the Malfunction event finds the Cockpit (01) already malfunctioning: nothing happens under nothing, "
        "the Hibernatorium (11) gets the Malfunction under next-without",
        (*lines, Outcome("event-card", "malfunction-1")),
        before=state,
    )


@scenario("base.ambiguity.event-unexplored-rooms")
def event_unexplored_rooms() -> Scenario:
    """Every green room (02, 07, 16, 17) is still face down when Life Support Failure is drawn."""
    state = _game()
    _, lines = _to_event_card(state)
    return Scenario(
        "base.ambiguity.event-unexplored-rooms",
        "Life Support Failure with every green room unexplored: no Malfunction under explored-only, one in "
        "each face-down green room (02, 07, 16, 17) under all-rooms",
        (*lines, Outcome("event-card", "life-support-failure-1")),
        before=state,
    )


@scenario("base.ambiguity.intercom-motivation")
def intercom_motivation() -> Scenario:
    """The Captain (player 1, in 11) has the Intercom active and plays Motivation; the Scientist
    (player 2) stands in the Comms Room (04), a working Computer room."""
    state = explored(after_setup(players=2, seed=1), "04")
    captain = state.character(1)
    state = state.with_character(replace(captain, quests=(("log-key", "inactive"), ("intercom", "active"))))
    state = state.with_character(replace(state.character(2), position="04"))
    return Scenario(
        "base.ambiguity.intercom-motivation",
        "Motivation with the Intercom: the Scientist in the Comms Room (04) draws a card too under "
        "every-computer-room, only the Captain draws under your-room-only",
        _lines(state, Decision.make(1, "play-card", card="motivation", pay=())),
        before=state,
    )


@scenario("base.ambiguity.molotov-closed-door")
def molotov_closed_door() -> Scenario:
    """An Adult in 15 behind the closed Door 11-15; the Scout (in 11) holds a Molotov Cocktail."""
    ruling = "base.ambiguity.molotov-closed-door"
    state = with_intruders(_take(_game(), 1, "molotov"), Intruder(1, "adult", "15")).with_door("11-15", "closed")
    throw = _use(1, "molotov", ("search",), at="15")
    return Scenario(
        ruling,
        "the Molotov thrown through the closed Door 11-15 is refused under blocked and sets 15 on fire "
        "under not-blocked",
        _lines(with_ruling(state, ruling, "not-blocked"), throw),
        before=state,
    )


@scenario("base.ambiguity.self-destruct-key-hibernation")
def self_destruct_key_hibernation() -> Scenario:
    """The Scout holds the Self-Destruct Key in the Comms Room (04) while the Soldier hibernates."""
    ruling = "base.ambiguity.self-destruct-key-hibernation"
    state = explored(_take(_game(), 1, "self-destruct-key"), "04")
    state = state.with_character(replace(state.character(1), position="04"))
    state = state.with_character(replace(state.character(2), status="hibernating"))
    start = _use(1, "self-destruct-key", ("search",), sequence="start")
    return Scenario(
        ruling,
        "starting the self-destruct sequence while a Character hibernates is refused under as-generator "
        "and starts the sequence under no-condition",
        _lines(with_ruling(state, ruling, "no-condition"), start),
        before=state,
    )


@scenario("base.source.evac-malfunction")
def evac_malfunction() -> Scenario:
    """The Scout stands in Evacuation Section A (13) with a Malfunction; its pod 3 is unlocked."""
    ruling = "base.source.evac-malfunction"
    state = explored(_game(), "13")
    state = state.with_room("13", replace(state.room("13"), malfunction=True))
    state = state.with_character(replace(state.character(1), position="13"))
    state = replace(state, pods=tuple(replace(p, locked=p.number != 3) for p in state.pods))
    state = _without_interruption(state, 2)
    board = Decision.make(1, "room-action", room="evacuation-section-a", pod="3", pay=("demolition", "search"))
    return Scenario(
        ruling,
        "boarding pod 3 from the malfunctioning Evacuation Section A is refused under blocks and seats the "
        "Scout under no-block",
        (board,),
        before=state,
    )


def _first(state: GameState, kind: str, **params: str) -> Decision:
    """The first legal decision of ``kind`` whose parameters include ``params`` (a payment chosen by the
    engine's own ordering)."""
    return next(
        a
        for a in legal_actions(state)
        if isinstance(a, Decision) and a.kind == kind and all(a.get(k) == v for k, v in params.items())
    )


@scenario("base.de.explore-roll")
def explore_roll() -> Scenario:
    """The Scout (in 11) moves into the unexplored Command Center (06), whose token is Silence."""
    state = _game()
    return Scenario(
        "base.de.explore-roll",
        "the Silence token of the room the Scout explores cancels the Noise roll under token-may-cancel; "
        "the roll still follows under always-roll",
        _lines(state, _first(state, "move", to="06")),
        before=state,
    )


@scenario("base.ref.danger-in-combat")
def danger_in_combat() -> Scenario:
    """The Soldier fights an Adult in the Monitoring Room (15); the Scout, in 11 next door, rolls Danger."""
    state = explored(_game(), "15")
    state = with_intruders(state, Intruder(1, "adult", "15"))
    state = with_frames(state.with_character(replace(state.character(2), position="15")), NoiseRoll(1, "11"))
    return Scenario(
        "base.ref.danger-in-combat",
        "Danger in 11 next to an Adult In Combat in 15: Noise markers fill the corridors of 11 under "
        "not-in-combat, the Adult leaves the Soldier for 11 under all-neighbours",
        (Outcome("noise-roll", "danger"),),
        before=state,
    )


@scenario("base.source.intruder-unexplored-room")
def intruder_unexplored_room() -> Scenario:
    """An Adult in the Cockpit (01); the Event Phase draws Bulkheads Open, whose movement (Adults,
    corridor 1) takes it into the unexplored Storage (03)."""
    state = with_intruders(_game(), Intruder(1, "adult", "01"))
    _, lines = _to_event_card(state)
    return Scenario(
        "base.source.intruder-unexplored-room",
        "the Adult's event movement ends in the unexplored Storage (03): the tile stays face down under "
        "stay-hidden, is turned and its token removed unresolved under flip-no-token",
        (*lines, Outcome("event-card", "bulkheads-open-1")),
        before=state,
    )


@scenario("base.de.death-wounds")
def death_wounds() -> Scenario:
    """The Scout has 2 Light Wounds and an undressed Bleeding Serious Wound, and passes (Bleeding: 1 Light
    Wound on passing)."""
    state = _game()
    deck = state.deck("serious-wound")
    state = state.with_deck("serious-wound", replace(deck, unknown=deck.unknown.remove("bleeding")))
    state = state.with_character(replace(state.character(1), light_wounds=2, serious_wounds=("bleeding",)))
    return Scenario(
        "base.de.death-wounds",
        "a fourth wound (2 Light, 1 Serious, then Bleeding's Light Wound): it becomes a second Serious "
        "Wound under serious, the Scout dies under any-kind",
        _lines(state, Decision.make(1, "pass")),
        before=state,
    )


@scenario("base.de.melee-contamination")
def melee_contamination() -> Scenario:
    """An Adult in 11 with both Characters; the Scout attacks it in Melee and draws a Contamination card."""
    state = with_intruders(_game(), Intruder(1, "adult", "11"))
    melee = _first(state, "melee", target="1")
    lines = _lines(state, melee)
    return Scenario(
        "base.de.melee-contamination",
        "the Contamination card the Scout takes for the Melee goes to the Action discard pile under discard "
        "and into the Action deck under shuffle-into-deck",
        (*lines, Outcome("contamination-card", "contamination")),
        before=state,
    )


@scenario("base.de.escape-pods")
def escape_pods() -> Scenario:
    """A new two-player game, its setup played up to and including the Escape Pod draws."""

    rng = Random(1)
    state = start("base", 2)
    lines: list[Action] = []
    while not lines or not isinstance(lines[-1], Outcome) or lines[-1].chance != PodDraw.chance or state.pods == ():
        action = uniform(state, rng)
        state = apply(state, action)
        lines.append(action)
    return Scenario(
        "base.de.escape-pods",
        "with two players, the second Escape Pod drawn completes setup step 7 under by-player-count; under "
        "four-always two more pods are still to be drawn",
        tuple(lines),
        ruleset="base",
        players=2,
    )


_SILENCE = Outcome("noise-roll", "silence")
"""A line that resolves a Noise roll without effect, so that the steps beneath it run in the replay."""


@scenario("base.de.bag-development-count")
def bag_development_count() -> Scenario:
    """Two players; bag development is pending beneath the Scout's Noise roll (Silence)."""

    state = _game()
    state = state.push(NoiseRoll(1, state.character(1).position), BagDevelopmentStep())
    token = sorted(state.bag.distinct())[0]
    return Scenario(
        "base.de.bag-development-count",
        f"bag development draws {token}; under one that is all, under one-per-player a second token is "
        "still to be drawn",
        (_SILENCE, Outcome("intruder-token", token)),
        before=state,
    )


@scenario("base.de.self-destruct-rounds")
def self_destruct_rounds() -> Scenario:
    """The self-destruct sequence was started in this round's Player Phase; the Time step is pending
    beneath the Scout's Noise roll (Silence)."""

    state = _game()
    state = replace(
        state, self_destruct=tables.self_destruct_start(state.config), flags=state.flags | {STARTED_THIS_ROUND}
    )
    state = state.push(NoiseRoll(1, state.character(1).position), TimeStep())
    return Scenario(
        "base.de.self-destruct-rounds",
        "the Event Phase of the round the sequence started in: the Self-Destruct marker moves under "
        "track-moves and stays under full-rounds",
        (_SILENCE,),
        before=state,
    )


no_situation(
    "base.ref.roll-goes-nowhere",
    "every room of the printed board covers the Noise numbers 1-4 exactly once (facts.md §9), so no game "
    "on it rolls a number that goes nowhere; the 'nothing' reading only matters for a layout of one's own, "
    "which `board --check --layout` reports",
)
no_situation(
    "base.ambiguity.two-number-corridors",
    "the 'parallel' reading is not implemented: it needs a board variant that splits each of the 8 "
    "links bearing two numbers into two corridors with their own Door and Noise marker",
)


@scenario("base.de.draw-five")
def draw_five() -> Scenario:
    """The Scout holds 3 cards; the draw is pending beneath the Scout's Noise roll (Silence)."""

    state = _game()
    c = state.character(1)
    kept = tuple(sorted(c.hand.distinct()))[:3]
    dropped = c.hand
    for card in kept:
        dropped = dropped.remove(card)
    state = state.with_character(replace(c, hand=c.hand.difference(dropped), discard=c.discard.union(dropped)))
    state = state.push(NoiseRoll(1, state.character(1).position), DrawUp(1))
    first, second = sorted(state.character(1).deck.distinct())[:2]
    return Scenario(
        "base.de.draw-five",
        "holding 3 cards, the Scout draws 2 under up-to-five and is done; under draw-five 3 more are still to be drawn",
        (_SILENCE, Outcome("action-card", first), Outcome("action-card", second)),
        before=state,
    )
