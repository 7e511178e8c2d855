"""Nemesis with the Void Seeders expansion as a ruleset value: the base game with its
replacements and insertions (design.md, principle 5; void-seeders-rulebook.txt).

The expansion keeps the base game's actions and replaces, through the same tables: setup (the
Void Seeder board, bag and decks, the Insanity track), the Encounter and its Surprise Attack,
bag development, the per-type Injury checks, the Event Phase (step 8, Lurking, inserted), the
Void Seeder attack and event decks, the end-of-game Contamination check, Rest, the Antidote, the
Clothes, four room actions and the Laboratory Equipment. Nothing is registered anywhere: the
value below is all there is.
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.ruleset import Ruleset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.void_seeders import (
    actions,
    bag,
    changes,
    encounter,
    end,
    injuries,
    insanity,
    lairs,
    lurking,
    rooms,
    seeders,
    setup,
)
from nemesis_rules.model.rules.void_seeders.attack_cards import VS_ATTACK_EFFECTS
from nemesis_rules.model.rules.void_seeders.event_cards import VS_EVENT_EFFECTS
from nemesis_rules.model.rules.void_seeders.panic import PANIC_EFFECTS
from nemesis_rules.model.rules.void_seeders.panic_effects import PANIC_EFFECTS as PANIC_TABLE
from nemesis_rules.model.rulesets.base import BASE
from nemesis_rules.model.rulesets.build import replacing


def _no_nest_fire(state: GameState, ctx: Context) -> GameState:
    """Nothing to add to Fire Damage: the expansion's own event steps cover it (Lurking's)."""
    return state


HOOKS = replace(
    BASE.hooks,
    name="void-seeders",
    card_prefix="vs",
    attack_deck_source="void-seeders",
    event_deck_source="void-seeders",
    exploration_in_engines=True,
    ignores_doors=True,
    immobile=frozenset({"lair"}),
    token_supply=bag.token_supply,
    miniature_limit=setup.miniature_limit,
    exploration_tokens=setup.exploration_tokens,
    weakness_cards=setup.weakness_cards,
    extra_decks=setup.extra_decks,
    starting_insanity=setup.starting_insanity,
    bag_setup=bag.bag_setup,
    finish_setup=setup.finish_setup,
    exploration_effect=setup.exploration_effect,
    on_enter=setup.on_enter,
    give_slime=changes.give_slime,
    encounter_token=encounter.encounter_token,
    attack_procedure=encounter.attack_procedure,
    attack_effects=VS_ATTACK_EFFECTS,
    event_effects=VS_EVENT_EFFECTS,
    event_steps=lurking.event_steps,
    bag_development=bag.bag_development,
    injure=injuries.injure,
    intruder_dies=injuries.intruder_dies,
    infected_result=insanity.infected_result,
    end_of_player_phase=setup.end_of_player_phase,
    fire_damage_extra=_no_nest_fire,
    victory_steps=end.victory_steps,
    face_injuries=injuries.face_injuries,
    end_of_turn=lairs.end_of_turn,
    judge_endurance=injuries.judge,
    endurance_clause=injuries.injury_clause,
    encounter_noise_spaces=encounter.noise_spaces,
    escaping=lairs.escaping,
    intruder_vanishes=seeders.vanishes_into_tech,
    on_combat_hit=injuries.on_combat_hit,
    larva_cure=actions.LARVA_CURE,
)
"""The base game's replaceable steps with the expansion's replacements (the rest, such as
passing and the winners, stay the base game's)."""

CLAUSES = MappingProxyType(
    {
        "setup.room-tiles-2": "vs.setup.room-tiles-2",
        "setup.exploration-tokens": "vs.setup.exploration-tokens",
        "setup.intruder-board": "vs.setup.void-seeder-board",
        "setup.decks": "vs.setup.decks",
        "encounter.draw-token": "vs.encounter.draw-token",
        "supply.miniatures": "vs.supply.miniatures",
    }
)
"""The clauses that hold in the expansion where shared code asks which one does; a shared step
not named here names no clause in the expansion (its own code fires what holds)."""

VOID_SEEDERS = Ruleset(
    name="void-seeders",
    title="Nemesis with the Void Seeders expansion",
    # void-seeders-rulebook.txt, Setup step 2: the Room covered in Slime leaves the "2" pool.
    removed_room_tiles=frozenset({"room-covered-with-slime"}),
    hooks=HOOKS,
    actions=BASE.actions,
    items=replacing(BASE.items, actions.ITEMS),
    action_cards=replacing(BASE.action_cards, actions.ACTION_CARDS),
    quests=replacing(BASE.quests, rooms.QUESTS),
    rooms=replacing(BASE.rooms, rooms.ROOMS),
    clauses=CLAUSES,
    extra=MappingProxyType({PANIC_EFFECTS: PANIC_TABLE}),
)
"""Nemesis with the Void Seeders expansion."""
