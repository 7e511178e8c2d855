"""Scenarios for the Void Seeders Encounter rulings (void-seeders-rulebook.txt, Void Seeders Rules >
Encounter; Rules Summary > Encounters): which token the Encounter draws is the record's line."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.board.layout import TECH
from nemesis_rules.findings.scenarios import Scenario, scenario
from nemesis_rules.findings.scenarios.vs_states import (
    HOME,
    SILENCE,
    TECH_ROOM,
    after_silence,
    bag_of,
    explore,
    game,
    met_before,
    place,
    set_character,
)
from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.encounter import Encounter, EncounterDraw
from nemesis_rules.model.rules.void_seeders.seeders import DESPOILER_KILLED


def _drawing(state: GameState) -> GameState:
    """Player 1's Encounter in the Hibernatorium, at the token draw; an Intruder was met before
    (each player kept one Objective), so nothing comes between the token and its effect."""
    return met_before(state).push(EncounterDraw(1, HOME))


def _token(token: str) -> tuple[Outcome, ...]:
    return (Outcome("intruder-token", token),)


@scenario("vs.summary.surprise-attack")
def surprise_attack() -> Scenario:
    return Scenario(
        "vs.summary.surprise-attack",
        "player 1 holds 3 cards and draws a Void Seeder token numbered 4: the main text makes them resolve "
        "a Panic card, the Rules Summary raises their Insanity by 1",
        _token("void-seeder-4"),
        _drawing(game()),
    )


@scenario("vs.gap.set-aside-token")
def set_aside_token() -> Scenario:
    return Scenario(
        "vs.gap.set-aside-token",
        "the drawn Void Seeder token goes back to the supply or out of the game",
        _token("void-seeder-2"),
        _drawing(game()),
    )


@scenario("vs.gap.no-lower-miniature")
def no_lower_miniature() -> Scenario:
    lurkers = [("lurker", room) for room in ("01", "06", "07", "08", "12", "13")]
    state = explore(game(), "01", "06", "07", "08", "12", "13")
    return Scenario(
        "vs.gap.no-lower-miniature",
        "player 1 (Insanity 1) draws a Void Seeder token while all six Lurkers are on the board: nothing is "
        "placed, or every Lurker not in Combat lurks (a token each) and one is placed here",
        _token("void-seeder-2"),
        _drawing(place(state, *lurkers)),
    )


@scenario("vs.gap.encounter-blank-last-token")
def encounter_blank_last_token() -> Scenario:
    return Scenario(
        "vs.gap.encounter-blank-last-token",
        "the Blank is the bag's last token: it just goes back, or a random Void Seeder token is added first",
        _token("blank"),
        _drawing(bag_of(game(), "blank")),
    )


@scenario("vs.summary.despoiler-no-return")
def despoiler_no_return() -> Scenario:
    state = set_character(game(), 1, insanity=5)
    state = replace(state, flags=state.flags | {DESPOILER_KILLED})
    return Scenario(
        "vs.summary.despoiler-no-return",
        "after the Despoiler was killed through the Lairs, player 1 at Insanity 5 draws a Void Seeder token: "
        "a Stalker comes instead, or the Despoiler returns",
        _token("void-seeder-2"),
        _drawing(state),
    )


@scenario("vs.summary.encounter-tech-noise")
def encounter_tech_noise() -> Scenario:
    state = explore(set_character(game(), 1, position=TECH_ROOM), TECH_ROOM)
    state = replace(state, noise=frozenset({TECH, "11-14", "06-11"}))
    return Scenario(
        "vs.summary.encounter-tech-noise",
        "an Encounter in Airlock Control, whose technical corridor entrance has Noise: the main text "
        "discards that Noise too, the Rules Summary only the corridors'",
        (SILENCE,),
        after_silence(state, Encounter(1, TECH_ROOM)),
    )
