"""Scenarios for the base game's gap rulings (``base.gap.*``): a deck or supply runs out, an escape pod
is launched, locked or ejected with someone inside, a decompression or a Retreat happens twice, nobody
ever chose an Objective.

Each builder starts from a seeded two-player game after setup (:func:`nemesis_rules.testing.after_setup`)
and arranges the one thing the gap needs (an emptied deck, an exhausted supply, a character waiting in a
pod), keeping every component accounted for, so that the snapshot is a state the engine could hold. The
lines are what the players and the dice do next; the readings part at the line that meets the gap.
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import Final

from nemesis_rules.findings.scenarios import Scenario, no_situation, scenario
from nemesis_rules.findings.scenarios.base_arrange import (
    at,
    event_phase_lines,
    explored,
    game,
    hand,
    holding,
    intruder,
    last_turn,
    lines_until,
    position_of,
    with_steps,
)
from nemesis_rules.model.core.actions import Action, Decision, Outcome
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import Deck, GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.attack import IntruderAttack
from nemesis_rules.model.rules.encounter import Encounter
from nemesis_rules.model.rules.round import BeginTurn

__all__ = ["UNREACHABLE"]

UNREACHABLE: Final = MappingProxyType(
    {
        "base.gap.noise-supply": "the printed board has 29 places for a Noise marker (28 corridors and one "
        "technical-corridor space) and the box 30 markers, so the supply never runs out",
    }
)
"""Gap rulings without a scenario, and why none can exist."""
for _ruling, _reason in UNREACHABLE.items():
    no_situation(_ruling, _reason)


# -- escape pods -------------------------------------------------------------------------------------


def _section_a(state: GameState) -> tuple[GameState, str, int]:
    """Evacuation Section A explored, its room, and its pod unlocked (the other pods stay locked)."""
    position = position_of(state, "evacuation-section-a")
    pod = min(p.number for p in state.pods if p.section == "A")
    state = explored(state, position)
    return replace(state, pods=tuple(replace(p, locked=p.number != pod) for p in state.pods)), position, pod


@scenario("base.gap.pod-launch-companions")
def pod_launch_companions() -> Scenario:
    """Player 2 waits in pod A; player 1 boards it and launches it at once."""
    state, position, pod = _section_a(game(seed=3))
    state = hand(at(at(state, 1, position), 2, position), 2, "basic-repairs", "full-auto", "search")
    state = state.with_character(replace(state.character(2), passed=True))
    state = replace(state, pods=tuple(replace(p, occupants=(2,)) if p.number == pod else p for p in state.pods))
    board = Decision.make(1, "room-action", room="evacuation-section-a", pod=str(pod), pay=("demolition", "scavenging"))
    return Scenario(
        "base.gap.pod-launch-companions",
        "player 1 boards the escape pod player 2 waits in and launches it: both escape, player 2 stays "
        "behind in the section, or the engine stops at the gap",
        (board, Outcome("noise-roll", "silence"), Decision.make(1, "launch-pod")),
        before=state,
    )


@scenario("base.gap.locked-pod-launch")
def locked_pod_launch() -> Scenario:
    """Player 1 begins a turn seated in a pod that was locked again after they boarded."""
    state, position, pod = _section_a(game(seed=3))
    state = at(state, 1, position)
    state = replace(
        state, pods=tuple(replace(p, occupants=(1,), locked=True) if p.number == pod else p for p in state.pods)
    )
    state = with_steps(state.pop(), BeginTurn(1))
    return Scenario(
        "base.gap.locked-pod-launch",
        "player 1 waits in a pod locked again after boarding and launches it: they escape, or the launch is refused",
        (Decision.make(1, "launch-pod"),),
        before=state,
    )


# -- the Event Phase: decks and the bag run out ---------------------------------------------------------


@scenario("base.gap.event-deck-empty")
def event_deck_empty() -> Scenario:
    """Every Event card is out of the game when the Event Phase draws one."""
    state = last_turn(game(seed=3))
    event = state.deck("event")
    state = replace(state, removed=state.removed.union(Multiset.of(f"event:{c}" for c in event.unknown)))
    state = state.with_deck("event", Deck())
    return Scenario(
        "base.gap.event-deck-empty",
        "the last player passes and the Event Phase must draw from an empty Event deck with an empty "
        "discard pile: the step is skipped (bag development follows), or the engine stops at the gap",
        event_phase_lines(2),
        before=state,
    )


@scenario("base.gap.empty-bag")
def empty_bag() -> Scenario:
    """Bag development with every Intruder token beside the board."""
    state = last_turn(game(seed=3))
    state = replace(state, bag=Multiset(), token_pool=state.token_pool.union(state.bag))
    return Scenario(
        "base.gap.empty-bag",
        "bag development draws from an empty Intruder bag: nothing happens and the round ends, or an "
        "Adult token goes in first and is drawn",
        (*event_phase_lines(2), Outcome("event-card", "damage-1")),
        before=state,
    )


def _bag_development(state: GameState, token: str) -> tuple[Action, ...]:
    return (*event_phase_lines(2), Outcome("event-card", "damage-1"), Outcome("intruder-token", token))


@scenario("base.gap.egg-supply")
def egg_supply() -> Scenario:
    """The Queen token is drawn in bag development with all eight Eggs in the Nest."""
    state = last_turn(game(seed=3))
    state = replace(state, eggs=8)
    return Scenario(
        "base.gap.egg-supply",
        "bag development draws the Queen with nobody in the Nest and all 8 Eggs in use: no Egg is added, or a ninth is",
        _bag_development(state, "queen-4"),
        before=state,
    )


@scenario("base.gap.token-supply-exhausted")
def token_supply_exhausted() -> Scenario:
    """A Larva token is drawn in bag development with every Adult token already in the bag."""
    state = last_turn(game(seed=3))
    adults = Multiset((t, n) for t, n in state.token_pool.items() if t.startswith("adult"))
    state = replace(state, bag=state.bag.union(adults), token_pool=state.token_pool.difference(adults))
    return Scenario(
        "base.gap.token-supply-exhausted",
        "bag development draws a Larva with no Adult token left beside the board: the Larva leaves the "
        "bag anyway, or it stays in",
        _bag_development(state, "larva-1"),
        before=state,
    )


# -- wounds and contamination -----------------------------------------------------------------------------


def _attacked(state: GameState, kind: str, token: str | None) -> GameState:
    """An Intruder of ``kind`` attacks player 1 in their room; its attack card is to be drawn."""
    state, attacker = intruder(state, kind, state.character(1).position, token)
    return with_steps(state, IntruderAttack(attacker, 1, "event"))


@scenario("base.gap.serious-wound-deck-empty")
def serious_wound_deck_empty() -> Scenario:
    """Every Serious Wound card has been healed into the discard pile when an Adult bites."""
    state = game(seed=3)
    wounds = state.deck("serious-wound")
    state = state.with_deck("serious-wound", Deck(discard=wounds.unknown))
    state = _attacked(state, "adult", "adult-3")
    return Scenario(
        "base.gap.serious-wound-deck-empty",
        "an Adult's Bite gives a Serious Wound while every Serious Wound card lies in the discard pile: "
        "the wound counts without a card, or the engine stops at the gap",
        (Outcome("attack-card", "bite-1"),),
        before=state,
    )


@scenario("base.gap.contamination-deck-empty")
def contamination_deck_empty() -> Scenario:
    """Every Contamination card is out of the game when a Creeper's Scratch contaminates."""
    state = game(seed=3)
    cards = state.deck("contamination").unknown
    state = replace(state, removed=state.removed.union(Multiset.of(f"contamination:{c}" for c in cards)))
    state = _attacked(state.with_deck("contamination", Deck()), "creeper", "creeper-1")
    return Scenario(
        "base.gap.contamination-deck-empty",
        "a Scratch must give a Contamination card from an empty deck: none is taken, or the engine stops at the gap",
        (Outcome("attack-card", "scratch-1"),),
        before=state,
    )


# -- Intruder miniatures -----------------------------------------------------------------------------------


@scenario("base.gap.miniature-exhausted")
def miniature_exhausted() -> Scenario:
    """The Queen (placed from the Nest, her token still in the bag) is on the board when an Encounter
    draws the Queen token."""
    state = game(seed=3)
    nest = position_of(state, "nest")
    state = explored(state, nest)
    state, _ = intruder(state, "queen", nest)
    state = with_steps(state, Encounter(1, state.character(1).position))
    return Scenario(
        "base.gap.miniature-exhausted",
        "an Encounter draws the Queen token while the only Queen miniature stands in the Nest: she leaves "
        "the Nest and appears here, or nothing is placed",
        (Outcome("intruder-token", "queen-4"),),
        before=state,
    )


@scenario("base.gap.ejected-pod-occupied")
def ejected_pod_occupied() -> Scenario:
    """Player 1 waits in pod A when the Event Phase draws Evacuation Pod Ejection."""
    state, position, pod = _section_a(last_turn(game(seed=3)))
    state = at(state, 1, position)
    state = replace(state, pods=tuple(replace(p, occupants=(1,)) if p.number == pod else p for p in state.pods))
    return Scenario(
        "base.gap.ejected-pod-occupied",
        "Evacuation Pod Ejection removes the pod player 1 waits in: they leave with it (escaped), or they "
        "are put back in the section",
        (*event_phase_lines(2), Outcome("event-card", "evacuation-pod-ejection-1")),
        before=state,
    )


# -- rooms and items --------------------------------------------------------------------------------------


@scenario("base.gap.second-decompression")
def second_decompression() -> Scenario:
    """Player 1 in Airlock Control decompresses one yellow room, then another in the same turn."""
    state = game(seed=2)
    airlock = position_of(state, "airlock-control")
    for room in (airlock, position_of(state, "fire-control-system"), position_of(state, "engine-control-room")):
        state = explored(state, room)
    state = hand(at(state, 1, airlock), 2, "demolition", "reconnaissance", "search")

    def decompress(target: str, pay: tuple[str, str]) -> Decision:
        return Decision.make(1, "room-action", room="airlock-control", target=target, pay=pay)

    return Scenario(
        "base.gap.second-decompression",
        "a second emergency decompression starts while the first room still holds the only Decompression "
        "token: the token moves, both rooms decompress, or the engine stops at the gap",
        (
            decompress(position_of(state, "fire-control-system"), ("demolition", "rest")),
            decompress(position_of(state, "engine-control-room"), ("search", "search")),
        ),
        before=state,
    )


@scenario("base.gap.item-deck-empty")
def item_deck_empty() -> Scenario:
    """Player 1 searches the Canteen while every green Item card lies in the discard pile."""
    state = game(seed=3)
    canteen = position_of(state, "canteen")
    state = at(explored(state, canteen), 1, canteen)
    state = state.with_deck("green", Deck(discard=state.deck("green").unknown))
    return Scenario(
        "base.gap.item-deck-empty",
        "a search draws from a green Item deck whose cards are all discarded: the discard pile is "
        "reshuffled and a card drawn, or the engine stops at the gap",
        (Decision.make(1, "play-card", card="search", pay=()), Outcome("item-card", "bandages")),
        before=state,
    )


@scenario("base.gap.item-retreat-after-retreat")
def item_retreat_after_retreat() -> Scenario:
    """Player 1 tases an Adult whose endurance check already makes it retreat."""
    state = hand(game(seed=3), 2, "basic-repairs", "full-auto", "search")
    state, _ = intruder(holding(state, 1, "blue", "taser"), "adult", state.character(1).position, "adult-3")
    taser = Decision.make(1, "use-item", item="taser", pay=("search",), target="1")
    return Scenario(
        "base.gap.item-retreat-after-retreat",
        "the Taser's Injury makes the Adult retreat (a Bite's Retreat icon), then the Taser's own Retreat "
        "comes: it is spent, the Adult flees again, or the engine stops at the gap",
        (taser, Outcome("attack-card", "bite-4"), Outcome("event-card", "hunt-1")),
        before=state,
    )


def _heavy_in_hands(state: GameState, player: int, colour: str, item: str) -> GameState:
    """``player`` carries one Heavy ``item`` card, taken from the ``colour`` Item deck, in a hand slot."""
    deck = state.deck(colour)
    state = state.with_deck(colour, replace(deck, unknown=deck.unknown.remove(item)))
    c = state.character(player)
    return state.with_character(replace(c, hands=(*c.hands, item)))


@scenario("base.gap.heavy-item-full-hands")
def heavy_item_full_hands() -> Scenario:
    """Player 1 trades a Fire Extinguisher to player 2, whose hands hold an Assault Rifle and another
    Fire Extinguisher; player 2 accepts."""
    state = _heavy_in_hands(
        _heavy_in_hands(game(seed=3), 1, "yellow", "fire-extinguisher"), 2, "yellow", "fire-extinguisher"
    )
    trade = Decision.make(1, "trade", give="fire-extinguisher", partner="2", pay=("search",), take="")
    return Scenario(
        "base.gap.heavy-item-full-hands",
        "player 2 accepts a Heavy Item with both hand slots full: they drop a Heavy thing of their choice "
        "(here the Assault Rifle), or the engine stops at the gap",
        (
            trade,
            Decision.make(2, "no-interruption"),
            Decision.make(2, "accept-trade"),
            Decision.make(2, "drop", item="assault-rifle"),
        ),
        before=state,
    )


@scenario("base.gap.interrupted-one-use-item")
def interrupted_one_use_item() -> Scenario:
    """Player 2 interrupts player 1's use of Synthetic Food (a one-use item); player 1 lets it stand."""
    state = holding(game(seed=3), 1, "green", "synthetic-food")
    use = Decision.make(1, "use-item", item="synthetic-food", pay=("search",))
    return Scenario(
        "base.gap.interrupted-one-use-item",
        "an Interruption cancels a one-use item's action: the item stays, it is discarded, or the engine "
        "stops at the gap",
        (use, Decision.make(2, "interrupt"), Decision.make(1, "no-interruption")),
        before=state,
    )


# -- objectives ---------------------------------------------------------------------------------------------


@scenario("base.gap.objectives-never-chosen")
def objectives_never_chosen() -> Scenario:
    """Player 1, the last one alive, launches a pod without ever having met an Intruder; only their
    second Objective (Ab Ovo: the Egg Weakness discovered) is fulfilled."""
    state, position, pod = _section_a(game(seed=3))
    state = at(state, 1, position)
    state = replace(state, pods=tuple(replace(p, occupants=(1,)) if p.number == pod else p for p in state.pods))
    state = state.with_character(replace(state.character(2), status="dead"))
    slots = dict(zip(tables.base(state.config).weakness_setup.slots, state.weaknesses, strict=False))
    state = replace(state, discovered=state.discovered | {slots["intruder-egg"]})
    first = state.character(1)  # seed 3 deals Ab Ovo, then Hoarder: Ab Ovo goes second
    state = state.with_character(replace(first, objectives=tuple(reversed(first.objectives))))
    state = with_steps(state.pop(), BeginTurn(1))
    return Scenario(
        "base.gap.objectives-never-chosen",
        "the lone survivor still holds both Objectives and fulfils only the second: they win, or they do not",
        (Decision.make(1, "launch-pod"),),
        before=state,
    )


@scenario("base.gap.solo-objectives")
def solo_objectives() -> Scenario:
    """A one-player game: setup deals no Objective."""
    return Scenario(
        "base.gap.solo-objectives",
        "setup of a one-player game finds no Objective for one player: the game goes on with survival as "
        "the goal, or the engine stops at the gap",
        lines_until("base.gap.solo-objectives", players=1),
        players=1,
    )


# -- doors ------------------------------------------------------------------------------------------------


@scenario("base.gap.door-token-taken")
def door_token_taken() -> Scenario:
    """All 12 Door tokens on the board (ten Closed Doors, two Destroyed) away from player 1's room;
    player 1 closes a Door with an Energy Charge (player 2 holds no cards)."""
    state = hand(holding(game(seed=3), 1, "red", "energy-charge"), 2)  # player 2 cannot interrupt
    here = state.character(1).position
    away = [c for c in state.config.board.corridors if c not in state.config.board.corridors_at[here]]
    for corridor in away[:10]:
        state = state.with_door(corridor, "closed")
    for corridor in away[10:12]:
        state = state.with_door(corridor, "destroyed")
    corridor = state.config.board.corridors_at[here][0]
    close = Decision.make(1, "use-item", item="energy-charge", corridor=corridor, door="closed", pay=("search",))
    return Scenario(
        "base.gap.door-token-taken",
        "a 13th Door is closed: the token comes off a Closed Door (that corridor opens) or off a "
        "Destroyed Door (that corridor becomes an ordinary open one)",
        (close,),
        before=state,
    )
