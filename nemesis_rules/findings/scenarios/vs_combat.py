"""Scenarios for the Void Seeders combat rulings: which die faces hurt which type, the Injury checks
of each type and of the Lairs, defeat, the Despoiler's death and a Void Seeder vanishing into the
technical corridors (void-seeders-rulebook.txt, Void Seeders Rules > Void Seeders Injuries & Death;
Void Seeders Features > Lairs). The die faces and the drawn cards are the record's lines."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.findings.scenarios import Scenario, scenario
from nemesis_rules.findings.scenarios.vs_states import (
    HOME,
    SILENCE,
    TECH_ROOM,
    after_silence,
    explore,
    game,
    place,
    set_character,
    wounded,
)
from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.intruder_injuries import EnduranceDraw, RetreatDirection
from nemesis_rules.model.rules.shoot_and_melee import CombatRoll
from nemesis_rules.model.rules.void_seeders.lairs import DESTROYED_LAIR
from nemesis_rules.model.rules.void_seeders.lurking import FireDamageStep

LAIR_ROOM = "15"


def _cards(*cards: str) -> tuple[Outcome, ...]:
    return tuple(Outcome("attack-card", card) for card in cards)


def _faces(*faces: str) -> tuple[Outcome, ...]:
    return tuple(Outcome("combat-die", face) for face in faces)


def _shots(state: GameState, *targets: int) -> GameState:
    """Player 2 (the Scout's Rifle: no ability) rolls the combat die at each target in turn."""
    return state.push(*(CombatRoll(2, str(target), "rifle", False) for target in targets))


@scenario("vs.gap.combat-die-types")
def combat_die_types() -> Scenario:
    state = place(game(), ("whisperer", HOME), ("lurker", HOME))
    return Scenario(
        "vs.gap.combat-die-types",
        "two Rifle shots roll a Creeper face, at a Whisperer and then at a Lurker: by rank only the Lurker "
        "is hurt, with hits only neither, with any symbol the Whisperer already",
        _faces("creeper", "creeper"),
        _shots(state, 1, 2),
    )


@scenario("vs.data.lair-hit-face")
def lair_hit_face() -> Scenario:
    state = explore(set_character(game(), 2, position=LAIR_ROOM), LAIR_ROOM)
    state = place(state, ("lair", LAIR_ROOM), ("lair", LAIR_ROOM))
    return Scenario(
        "vs.data.lair-hit-face",
        "two Rifle shots at two Lairs roll a Creeper face and then an Adult face: the first hurts a Lair only "
        "when a Creeper is enough, the second unless only hits count",
        _faces("creeper", "adult"),
        _shots(state, 1, 2),
    )


def _endurance(state: GameState, kind: str, injuries: int, cards: int, combine: str) -> GameState:
    state = place(state, (kind, "06", injuries))
    return state.push(EnduranceDraw(1, cards, combine, ()))


@scenario("vs.summary.injury-retreat")
def injury_retreat() -> Scenario:
    return Scenario(
        "vs.summary.injury-retreat",
        "a Lurker with 2 Injuries draws a Retreat card and a blood-2 card: it retreats (main text), or the "
        "lower blood value defeats it (Rules Summary)",
        _cards("scratch-4", "frenzy-1"),
        _endurance(game(), "lurker", 2, 2, "min"),
    )


@scenario("vs.gap.whisperer-retreat")
def whisperer_retreat() -> Scenario:
    return Scenario(
        "vs.gap.whisperer-retreat",
        "a Whisperer's one Injury card shows Retreat: it retreats, or the card just fails to defeat it",
        _cards("scratch-4"),
        _endurance(game(), "whisperer", 1, 1, "one"),
    )


@scenario("vs.summary.defeat-adds-token")
def defeat_adds_token() -> Scenario:
    return Scenario(
        "vs.summary.defeat-adds-token",
        "a Lurker with 2 Injuries is defeated by two blood-2 cards: a random Void Seeder token goes into the "
        "bag (main text), or none (Rules Summary)",
        _cards("frenzy-1", "bite-3"),
        _endurance(game(), "lurker", 2, 2, "min"),
    )


@scenario("vs.summary.despoiler-injury")
def despoiler_injury() -> Scenario:
    state = place(explore(game(), "06"), ("despoiler", "06"))
    state = state.with_room("06", replace(state.room("06"), fire=True))
    return Scenario(
        "vs.summary.despoiler-injury",
        "Fire Damage hurts the Despoiler: one Attack card is drawn to see whether it retreats, or none",
        (SILENCE,),
        after_silence(state, FireDamageStep()),
    )


def _last_lair(destroyed: int) -> GameState:
    state = place(explore(game(), LAIR_ROOM), ("lair", LAIR_ROOM, 9), ("despoiler", "06"))
    state = replace(state, flags=state.flags | {f"{DESTROYED_LAIR}-{n}" for n in range(1, destroyed + 1)})
    return state.push(EnduranceDraw(1, 2, "max", ()))


@scenario("vs.ambiguity.despoiler-kill")
def despoiler_kill() -> Scenario:
    return Scenario(
        "vs.ambiguity.despoiler-kill",
        "the only Lair in play is destroyed while no Destroyed Lair slot is filled: the Despoiler lives on "
        "until all three are, or dies now that no Lair is left",
        _cards("frenzy-1", "bite-3"),
        _last_lair(0),
    )


@scenario("vs.gap.despoiler-death-token")
def despoiler_death_token() -> Scenario:
    return Scenario(
        "vs.gap.despoiler-death-token",
        "the third Lair is destroyed and the Despoiler is removed from the game: no token, or a random Void "
        "Seeder token as for a defeat",
        _cards("frenzy-1", "bite-3"),
        _last_lair(2),
    )


@scenario("vs.gap.tech-corridor-token")
def tech_corridor_token() -> Scenario:
    state = place(explore(game(), TECH_ROOM), ("stalker", TECH_ROOM))
    return Scenario(
        "vs.gap.tech-corridor-token",
        "a Stalker retreating from Airlock Control draws Fear (3), its technical corridor number, and "
        "vanishes: a random Void Seeder token goes into the bag, or nothing",
        (Outcome("event-card", "fear-1"),),
        state.push(RetreatDirection(1)),
    )


@scenario("vs.gap.lair-escape")
def lair_escape() -> Scenario:
    state = explore(wounded(set_character(game(), 1, position=LAIR_ROOM), 1, "leg"), LAIR_ROOM)
    state = place(state, ("lair", LAIR_ROOM))
    return Scenario(
        "vs.gap.lair-escape",
        "player 1, with a Leg wound, leaves a room whose only Intruder is a Lair paying 1 card: an ordinary "
        "move, or refused because an Escape with a Leg wound costs 2",
        (Decision.make(1, "move", to=HOME, pay=("search",)),),
        state,
    )
