"""Scenarios for the Void Seeders Panic and Insanity rulings: Panic cards, the Insanity track, Rest,
Surgery, the Scientist's Laboratory Equipment and the end-of-game Contamination check
(void-seeders-rulebook.txt, Void Seeders Features > Panic Cards, Insanity Track; Gameplay Changes;
Rules Summary). The drawn cards and the players' choices are the record's lines."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.findings.scenarios import Scenario, scenario
from nemesis_rules.findings.scenarios.vs_states import (
    HOME,
    SILENCE,
    after_silence,
    contaminated,
    explore,
    game,
    hand,
    place,
    set_character,
    wounded,
)
from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.state import Deck, GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.attack import AttackCardDraw
from nemesis_rules.model.rules.events import TimeStep
from nemesis_rules.model.rules.void_seeders.components import PANIC_DECK
from nemesis_rules.model.rules.void_seeders.panic import PanicDraw


def _panic(card: str) -> tuple[Outcome, ...]:
    return (Outcome("panic-card", card),)


def _rest(insanity: str, scan: str) -> tuple[Decision, ...]:
    return (Decision.make(1, "play-card", card="rest", insanity=insanity, pay=(), scan=scan),)


@scenario("vs.summary.panic-interrupt")
def panic_interrupt() -> Scenario:
    state = set_character(game(), 1, insanity=3)
    state = hand(set_character(explore(state, "06"), 2, position="06"), 2, "interruption")
    return Scenario(
        "vs.summary.panic-interrupt",
        "player 1 resolves Self-Mutilation while player 2, holding an Interruption card, is in the next room: "
        "only a Character in the same room may cancel it (main text), or any player (Rules Summary)",
        _panic("self-mutilation-1"),
        state.push(PanicDraw(1)),
    )


@scenario("vs.gap.panic-partial-effect")
def panic_partial_effect() -> Scenario:
    return Scenario(
        "vs.gap.panic-partial-effect",
        "Ripping of the Bandages with no Dressed Serious Wound: the Light Wound alone resolves it, or the "
        "card cannot be resolved and Insanity rises",
        _panic("ripping-of-the-bandages-1"),
        set_character(game(), 1, insanity=2).push(PanicDraw(1)),
    )


@scenario("vs.gap.panic-move-escape")
def panic_move_escape() -> Scenario:
    state = place(set_character(game(), 1, insanity=2), ("lurker", HOME))
    return Scenario(
        "vs.gap.panic-move-escape",
        "Blind Escape sends player 1 out of a room with a Lurker (Fear: corridor 3): the Lurker attacks first, "
        "as in an Escape, or not",
        (*_panic("blind-escape-1"), Outcome("event-card", "fear-1")),
        state.push(PanicDraw(1)),
    )


def _attacked(state: GameState, card: str) -> tuple[Outcome, ...]:
    """The Attack card drawn for the Void Seeder (id 1) attacking player 1."""
    return (Outcome("attack-card", card),)


@scenario("vs.gap.panic-absent-character")
def panic_absent_character() -> Scenario:
    state = wounded(game(), 1, "arm", "back", "hand")
    state = place(state, ("stalker", HOME))
    return Scenario(
        "vs.gap.panic-absent-character",
        "Dread's Serious Wound kills player 1 (a fourth) before the card's Panic card: none is drawn, or the "
        "engine stops at the gap",
        _attacked(state, "dread-1"),
        state.push(AttackCardDraw(1, 1)),
    )


@scenario("vs.gap.panic-deck-empty")
def panic_deck_empty() -> Scenario:
    state = place(game(), ("lurker", HOME))
    panic = state.deck(PANIC_DECK)
    state = state.with_deck(PANIC_DECK, Deck(discard=panic.unknown))
    return Scenario(
        "vs.gap.panic-deck-empty",
        "Dismay makes player 1 resolve a Panic card while every Panic card is in the discard pile: the pile "
        "is reshuffled, or the engine stops at the gap",
        (*_attacked(state, "dismay-1"), Outcome("contamination-card", "contamination")),
        state.push(AttackCardDraw(1, 1)),
    )


@scenario("vs.ambiguity.insanity-floor")
def insanity_floor() -> Scenario:
    return Scenario(
        "vs.ambiguity.insanity-floor",
        "player 1 at Insanity 4 rests and lowers it: to 3, or not at all once the level of no return is reached",
        _rest("lower", "no"),
        set_character(game(), 1, insanity=4),
    )


@scenario("vs.summary.rest-insanity")
def rest_insanity() -> Scenario:
    return Scenario(
        "vs.summary.rest-insanity",
        "player 1 at Insanity 2 rests without lowering it: allowed (main text: may), or refused (Rules Summary: "
        "lowers)",
        _rest("keep", "no"),
        set_character(game(), 1, insanity=2),
    )


@scenario("vs.summary.rest-scan")
def rest_scan() -> Scenario:
    state = contaminated(game(((1, ("rest",)),)), 1, "contamination")
    return Scenario(
        "vs.summary.rest-scan",
        "player 1 rests and scans a Contamination card: allowed (main text), or refused (Rules Summary: Rest "
        "only lowers Insanity)",
        _rest("keep", "yes"),
        state,
    )


@scenario("vs.ambiguity.surgery-below-3")
def surgery_below_3() -> Scenario:
    state = explore(set_character(game(), 1, position="12", insanity=2), "12")
    return Scenario(
        "vs.ambiguity.surgery-below-3",
        "player 1 at Insanity 2 uses the Surgery: Insanity stays at 2 (Surgery only lowers), or becomes 3",
        (Decision.make(1, "room-action", pay=("demolition", "search"), room="surgery"),),
        state,
    )


@scenario("vs.ambiguity.contamination-check-infected")
def contamination_check_infected() -> Scenario:
    state = contaminated(game(((1, ()),)), 1, "contamination-infected", into="deck")
    state = set_character(state, 1, status="hibernating", insanity=2)
    jump = next(n for n, space in enumerate(tables.time_track(state.config).spaces) if "jump" in space.flags)
    working = tuple(tuple(sorted(stack, key=lambda engine: engine != "working")) for stack in state.engines)
    card = tables.coordinates_cards(state.config)[state.coordinates or ""]
    earth = next(d for d in "ABCD" if card.destination(d) == "earth")
    state = replace(state, time=jump - 1, round=jump, engines=working, destination=earth)  # one Time step a round
    return Scenario(
        "vs.ambiguity.contamination-check-infected",
        "the hyperjump to Earth with player 1 hibernating at Insanity 2 and one INFECTED card: Insanity rises to 3 and "
        "that is all, or the base game's check also shuffles and draws 4 cards",
        (SILENCE,),
        after_silence(state, TimeStep(), player=2),
    )


@scenario("vs.gap.lab-equipment-corpse")
def lab_equipment_corpse() -> Scenario:
    state = game(((1, ("search",)), (2, ("search", "rest"))), seed=1)
    quests = tuple((q, "active" if q == "laboratory-equipment" else s) for q, s in state.character(2).quests)
    state = set_character(state, 2, insanity=3, quests=quests)
    return Scenario(
        "vs.gap.lab-equipment-corpse",
        "player 1 passes; player 2, the Scientist at Insanity 3, uses Laboratory Equipment on their own Insanity: "
        "it discovers that Weakness as the Laboratory would, or it works only on an Egg or a Carcass",
        (
            Decision.make(1, "pass"),
            Decision.make(1, "keep-hand"),
            Decision.make(2, "use-quest", item="laboratory-equipment", object="character-insanity", pay=("search",)),
        ),
        state,
    )
