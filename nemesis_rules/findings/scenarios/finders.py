"""Scenarios for the rulings the methodical finders raised (issue #23): the universals finder's
Noise roll after an attempt on the Eggs In Combat, and why the German overview's five-action cap
can have no situation."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.findings.scenarios import Scenario, no_situation, scenario
from nemesis_rules.findings.scenarios.vs_states import SILENCE, after_silence, explore, game, place, set_character
from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.multiset import EMPTY, Multiset
from nemesis_rules.model.core.state import Intruder
from nemesis_rules.model.rules.encounter import EncounterDraw
from nemesis_rules.model.rules.item_effects import DrawActionCards
from nemesis_rules.model.rules.noise import BagNoise
from nemesis_rules.model.rules.shoot_and_melee import EGGS, CombatRoll
from nemesis_rules.testing import after_setup


@scenario("vs.ambiguity.egg-noise-in-combat")
def egg_noise_in_combat() -> Scenario:
    state = game()
    nest = next(p for p in state.config.board.positions if state.room(p).tile == "nest")
    state = explore(set_character(state, 2, position=nest), nest)
    state = replace(place(state, ("lair", nest)), eggs=5)
    return Scenario(
        "vs.ambiguity.egg-noise-in-combat",
        f"the Scout, In Combat with a Lair in the Nest ({nest}), shoots the Eggs with the Rifle: under 'roll' a "
        "Noise roll follows, under 'no-roll' none does",
        (Outcome("combat-die", "single"),),
        state.push(CombatRoll(2, EGGS, "rifle", False)),
        ruleset="void-seeders",
    )


@scenario("base.ambiguity.bag-noise-combat-timing")
def bag_noise_combat_timing() -> Scenario:
    state = set_character(after_setup(2, 3), 2, position="08")
    state = replace(state, intruders=(Intruder(1, "adult", "08"),), next_intruder=2)
    return Scenario(
        "base.ambiguity.bag-noise-combat-timing",
        "an Adult token's Noise rolls: player 1 rolls Silence, and player 2, not In Combat at the draw, now has "
        "an Adult in room 08: under 'at-roll' they do not roll, under 'at-draw' they do",
        (SILENCE,),
        after_silence(state, BagNoise(2, "08")),
    )


@scenario("base.gap.action-cards-exhausted")
def action_cards_exhausted() -> Scenario:
    state = after_setup(2, 3)
    c = state.character(1)
    state = state.with_character(c.evolve(hand=c.hand.union(c.deck).union(c.discard), deck=EMPTY, discard=EMPTY))
    return Scenario(
        "base.gap.action-cards-exhausted",
        "player 1 holds every Action card when an effect makes them draw one: under 'draw-nothing' nothing is "
        "drawn, under 'strict' the engine stops at the gap",
        (SILENCE,),
        after_silence(state, DrawActionCards(1, 1)),
    )


@scenario("base.gap.blank-no-adult")
def blank_no_adult() -> Scenario:
    state = after_setup(2, 3)
    adults = Multiset.of(t for t, n in state.token_pool.items() if t.startswith("adult") for _ in range(n))
    gone = Multiset.of(f"token:{t}" for t, n in state.bag.items() if t != "blank" for _ in range(n))
    state = replace(
        state,
        bag=Multiset.of(("blank",)),
        token_pool=state.token_pool.difference(adults),
        removed=state.removed.union(gone).union(Multiset.of(f"token:{t}" for t, n in adults.items() for _ in range(n))),
    )
    return Scenario(
        "base.gap.blank-no-adult",
        "player 1's Encounter draws the Blank, the bag's last token, with no Adult token left beside the board: "
        "under 'nothing' the Blank goes back alone, under 'strict' the engine stops at the gap",
        (Outcome("intruder-token", "blank"),),
        state.push(EncounterDraw(1, state.character(1).position)),
    )


no_situation(
    "base.de.five-actions",
    "its reading 'five' cannot be played: the engine counts no actions per round, so every game plays 'cards'",
)
