"""Scenarios for the base game's data rulings (``base.data.*``): which numbers and symbols the components
carry when two sources disagree.

Most are a snapshot just before the component is used (an Encounter's token, an attack card, an Event
card, a quest item's activation, a crafting recipe), where one reading accepts a line the other refuses
or the two resolve it differently. The Contamination deck's make-up is fixed at setup, so its scenario is
a new game.

Not every data ruling can have one: the noise die's and the combat die's readings have the same faces in
different numbers, so a record (which names each face rolled) replays the same under both; the board's
corridor count and technical-entrance count are decided by the one printed board the engine builds (see
:data:`UNPLAYABLE`).
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
    position_of,
    setup_lines,
    with_steps,
)
from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.rules.attack import IntruderAttack

__all__ = ["UNPLAYABLE"]

UNPLAYABLE: Final = MappingProxyType(
    {
        "base.data.noise-die": "both dice show 1-4, Silence and Danger, only on different numbers of sides: "
        "a record names the face rolled, so it replays the same under both (only the odds differ)",
        "base.data.combat-die": "the three dice show blank, Creeper, Adult, single and double hits, only on "
        "different numbers of sides: a record names the face rolled, so it replays the same under each",
        "base.data.corridor-count": "no list of 33 corridors exists; the engine builds the one printed board "
        "(28 corridors), so 'reference-33' cannot be played and choosing it is refused as bad input",
        "base.data.tech-entrance-count": "one entrance per room or one per number share the same Noise "
        "space, so the readings give the same states (the ruling says so itself)",
    }
)
"""Data rulings without a scenario, and why none can exist."""
for _ruling, _reason in UNPLAYABLE.items():
    no_situation(_ruling, _reason)


@scenario("base.data.token-thresholds")
def token_thresholds() -> Scenario:
    """A new two-player game's setup: the Intruder tokens go into the bag and beside the board."""
    return Scenario(
        "base.data.token-thresholds",
        "setup fills the Intruder bag and the pool with tokens whose backs carry the Surprise Attack "
        "numbers: per token as printed (Adults 2, 3 or 4), or per type as the reference tables them "
        "(every Adult 4), so the same bag holds different tokens",
        setup_lines(),
    )


@scenario("base.data.computer-rooms")
def computer_rooms() -> Scenario:
    """The Pilot in the Surgery plays Old Friend (the Room action of a room without a Computer)."""
    state = game(seed=0)
    surgery = position_of(state, "surgery")
    state = at(explored(state, surgery), 1, surgery)
    return Scenario(
        "base.data.computer-rooms",
        "the Pilot plays Old Friend in the Surgery: allowed where the Surgery has no Computer (printed "
        "tiles), refused where it has one (reference)",
        (Decision.make(1, "play-card", card="old-friend", use="room-action", pay=()),),
        before=state,
    )


@scenario("base.data.infected-count")
def infected_count() -> Scenario:
    """A new two-player game's setup, which lays out the Contamination deck."""
    return Scenario(
        "base.data.infected-count",
        "a new game's Contamination deck holds 7 INFECTED cards and 20 clean ones, or 13 and 14",
        setup_lines(),
    )


@scenario("base.data.pistol-ammo")
def pistol_ammo() -> Scenario:
    """The Scientist, their Pistol at 2 Ammo, uses the Armory (load 2, up to the capacity)."""
    state = last_turn(game(seed=1))
    armory = position_of(state, "armory")
    state = at(explored(state, armory), 2, armory)
    state = state.with_character(state.character(2).with_ammo("pistol", 2))
    load = Decision.make(2, "room-action", room="armory", weapon="pistol", pay=("blocking-access", "rest"))
    return Scenario(
        "base.data.pistol-ammo",
        "the Scientist loads a Pistol holding 2 Ammo in the Armory: it takes a third (capacity 3), or the "
        "action is refused (capacity 2, already full)",
        (load,),
        before=state,
    )


@scenario("base.data.extended-magazine")
def extended_magazine() -> Scenario:
    """The Captain (player 1), holding an Extended Magazine, attaches it to the Revolver (a Classic weapon)."""
    state = holding(game(seed=1), 1, "red", "extended-magazine")
    attach = Decision.make(1, "use-item", item="extended-magazine", weapon="revolver", pay=())
    return Scenario(
        "base.data.extended-magazine",
        "the Captain attaches an Extended Magazine to the Revolver: refused (the printed card fits only an "
        "Energy weapon), or the Revolver gains 2 Ammo and 2 capacity (any weapon)",
        (attach,),
        before=state,
    )


@scenario("base.data.summoning-attackers")
def summoning_attackers() -> Scenario:
    """The Queen attacks player 1 and the Summoning card is drawn."""
    state, queen = intruder(game(seed=3), "queen", "11")
    state = with_steps(state, IntruderAttack(queen, 1, "event"))
    return Scenario(
        "base.data.summoning-attackers",
        "a Queen's attack draws Summoning: it works for the Queen (scan), or misses (the knowledge base "
        "lists Creeper and Breeder)",
        (Outcome("attack-card", "summoning-1"),),
        before=state,
    )


@scenario("base.data.event-movers-pn")
def event_movers() -> Scenario:
    """A Breeder alone in a room when the Event Phase draws Hatching."""
    state = last_turn(game(seed=3))
    state, _ = intruder(state, "breeder", "06", "breeder-3")
    return Scenario(
        "base.data.event-movers-pn",
        "Hatching moves Adults and Breeders (scan), or Creepers and Adults (knowledge base): the lone "
        "Breeder moves, or stays",
        (*event_phase_lines(2), Outcome("event-card", "hatching-1")),
        before=state,
    )


@scenario("base.data.duct-tape-component")
def duct_tape_component() -> Scenario:
    """Player 1 holds an Energy Charge (battery) and Duct Tape, and crafts a Taser (battery + wrench)."""
    state = holding(holding(game(seed=3), 1, "yellow", "duct-tape"), 1, "yellow", "energy-charge")
    craft = Decision.make(1, "craft", item="taser", parts=("energy-charge", "duct-tape"), pay=("demolition",))
    return Scenario(
        "base.data.duct-tape-component",
        "crafting a Taser from an Energy Charge and Duct Tape: refused when Duct Tape carries no "
        "component (scan), allowed when it carries a wrench",
        (craft,),
        before=state,
    )


@scenario("base.data.pilot-quest-activation")
def pilot_quest_activation() -> Scenario:
    """The Pilot stands in the Fire Control System with the Evacuation Key inactive."""
    state = game(seed=0)
    room = position_of(state, "fire-control-system")
    state = at(explored(state, room), 1, room)
    activate = Decision.make(1, "activate-quest", item="evacuation-key", pay=("demolition",))
    return Scenario(
        "base.data.pilot-quest-activation",
        "the Pilot activates the Evacuation Key in the Fire Control System: allowed by the scanned card, "
        "refused by the knowledge base (which wants an Energy Charge discarded)",
        (activate,),
        before=state,
    )


@scenario("base.data.holo-computer-activation")
def holo_computer_activation() -> Scenario:
    """The Scientist stands in the Generator with the Holo Computer inactive."""
    state = last_turn(game(seed=1))
    room = position_of(state, "generator")
    state = at(explored(state, room), 2, room)
    activate = Decision.make(2, "activate-quest", item="holo-computer", pay=("rest",))
    return Scenario(
        "base.data.holo-computer-activation",
        "the Scientist activates the Holo Computer in the Generator: allowed by the scanned card, refused "
        "by the knowledge base (Emergency Room)",
        (activate,),
        before=state,
    )


@scenario("base.ambiguity.time-track-hibernation")
def time_track_hibernation() -> Scenario:
    """The Time marker stands on space 8, the first blue one; player 1 is in the Hibernatorium."""
    state = hand(game(seed=3), 2, "basic-repairs", "full-auto", "search")
    state = replace(state, time=7)
    hibernate = Decision.make(1, "room-action", room="hibernatorium", pay=("demolition", "scavenging"))
    return Scenario(
        "base.ambiguity.time-track-hibernation",
        "player 1 tries to hibernate with the Time marker on space 8: the chambers are open (first blue "
        "space), or they open one round later",
        (hibernate, Outcome("noise-roll", "silence")),
        before=state,
    )
