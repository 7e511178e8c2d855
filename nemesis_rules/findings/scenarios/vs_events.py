"""Scenarios for the Void Seeders Event Phase rulings: the Lair's Noise roll, Fire Damage, the
Event cards, Lurking and bag development (void-seeders-rulebook.txt, Event Phase Rules; Void
Seeders Features > Lairs; Rules Summary > Lurking, Intruder Bag Development)."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.findings.scenarios import Scenario, scenario
from nemesis_rules.findings.scenarios.vs_states import (
    SILENCE,
    TECH_ROOM,
    after_silence,
    bag_of,
    explore,
    game,
    place,
    set_character,
)
from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules import replaceable
from nemesis_rules.model.rules.void_seeders.bag import BagDevelopmentDraw, BagDevelopmentStep
from nemesis_rules.model.rules.void_seeders.components import insanity_token
from nemesis_rules.model.rules.void_seeders.lurking import FireDamageStep
from nemesis_rules.testing import with_frames


def event_phase(state: GameState) -> GameState:
    """Everyone has passed and the Event Phase runs up to the Event card draw (steps 4-6 change
    nothing here: no Character is in Combat and nothing burns)."""
    for c in state.characters:
        state = set_character(state, c.player, passed=True)
    state = replace(state, pending=(), phase="event")
    return with_frames(state, *replaceable.event_steps(state.config))


def _draw(card: str) -> tuple[Outcome, ...]:
    return (Outcome("event-card", card),)


QUIET_CARD = "fear-1"
"""Fear moves Whisperers and Stalkers and hurts nobody whose Insanity is not above their hand size."""


@scenario("vs.ambiguity.lair-is-void-seeder")
def lair_is_void_seeder() -> Scenario:
    state = place(explore(game(), "18"), ("lair", "18"))
    return Scenario(
        "vs.ambiguity.lair-is-void-seeder",
        "Lurking with a Lair that no Character watches: it stays (only its actions count as an Intruder's), "
        "or it lurks away like any immobile Void Seeder",
        _draw(QUIET_CARD),
        event_phase(state),
    )


@scenario("vs.ambiguity.lurking-tech-neighbours")
def lurking_tech_neighbours() -> Scenario:
    state = explore(set_character(game(), 1, position=TECH_ROOM), TECH_ROOM, "04")
    state = place(state, ("lurker", "04"))
    return Scenario(
        "vs.ambiguity.lurking-tech-neighbours",
        "a Lurker in the Generator (04) and player 1 in Airlock Control (14), joined only by the technical "
        "corridors: it lurks, or it counts as watched",
        _draw(QUIET_CARD),
        event_phase(state),
    )


@scenario("vs.gap.event-unexplored-rooms")
def event_unexplored_rooms() -> Scenario:
    state = explore(game(), "01", "08")
    state = state.with_room("08", replace(state.room("08"), malfunction=True))
    return Scenario(
        "vs.gap.event-unexplored-rooms",
        "Computer System Failure with a Malfunction in the Command Center: only the explored Computer rooms "
        "get one, or the face-down ones too",
        _draw("computer-system-failure-1"),
        event_phase(state),
    )


@scenario("vs.ambiguity.ship-ai-failure")
def ship_ai_failure() -> Scenario:
    state = explore(game(), "06", "08")
    for position in ("06", "08"):
        state = state.with_room(position, replace(state.room(position), malfunction=True))
    return Scenario(
        "vs.ambiguity.ship-ai-failure",
        "Ship AI Failure with Malfunctions in two Computer rooms: the Self-Destruct sequence starts, or (one "
        "Malfunction per room, as printed) the lowest-numbered Computer room gets a Malfunction",
        _draw("ship-ai-failure-1"),
        event_phase(state),
    )


@scenario("vs.gap.fire-eggs")
def fire_eggs() -> Scenario:
    state = explore(game(), "02")
    state = state.with_room("02", replace(state.room("02"), fire=True))
    return Scenario(
        "vs.gap.fire-eggs",
        "Fire Damage while the Nest burns with Eggs on the Void Seeder board: one Egg is destroyed, or none",
        (SILENCE,),
        after_silence(state, FireDamageStep()),
    )


@scenario("vs.gap.empty-bag")
def empty_bag() -> Scenario:
    return Scenario(
        "vs.gap.empty-bag",
        "bag development with an empty bag: nothing happens, or a random Void Seeder token is put in and drawn",
        (SILENCE,),
        after_silence(bag_of(game()), BagDevelopmentStep()),
    )


@scenario("vs.summary.bag-insanity-absent")
def bag_insanity_absent() -> Scenario:
    state = set_character(game(), 2, status="dead")
    token = insanity_token(state.config, 2)
    return Scenario(
        "vs.summary.bag-insanity-absent",
        "bag development draws the Insanity token of player 2, who is dead: it leaves the bag and another "
        "token is drawn (main text), or it just goes back (Rules Summary)",
        (Outcome("intruder-token", token),),
        state.push(BagDevelopmentDraw()),
    )


@scenario("vs.ambiguity.lair-noise-timing")
def lair_noise_timing() -> Scenario:
    state = set_character(explore(game(), "15"), 1, position="15")
    state = place(state, ("lair", "15"))
    return Scenario(
        "vs.ambiguity.lair-noise-timing",
        "player 1 passes in a Lair's room: a Noise roll at once (each turn), or only when the Player Phase ends",
        (Decision.make(1, "pass"), Decision.make(1, "keep-hand")),
        state,
    )


@scenario("vs.data.pod-ejection")
def pod_ejection() -> Scenario:
    return Scenario(
        "vs.data.pod-ejection",
        "Evacuation Pod Ejection is drawn in a two-player game with pods 1 and 4: pod 1 leaves the game (the card "
        "text, the lower number), or pod 4 (facts.md §16, the highest)",
        _draw("evacuation-pod-ejection-1"),
        event_phase(game()),
    )
