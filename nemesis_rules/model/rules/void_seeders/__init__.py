"""The Void Seeders expansion as a ruleset value (design.md, principle 5; void-seeders-rulebook.txt).

The expansion replaces and inserts steps and effects through the same hook table the base game
uses (:class:`~nemesis_rules.model.data.tables.RulesetHooks`); importing this package registers its
table under the name ``void-seeders``. The rule families:

* :mod:`.setup` and :mod:`.bag` — setup, the Intruder bag with Void Seeder, Blank and Insanity
  tokens, bag development (step 9);
* :mod:`.insanity` — the Insanity track: :func:`raise_insanity` / :func:`lower_insanity`;
* :mod:`.panic` and :mod:`.panic_effects` — Panic cards, the Interruption window, the 14 effects;
* :mod:`.encounter` — Encounter tokens and the Surprise Attack;
* :mod:`.seeders` — placing miniatures (the next lower type when one runs out);
* :mod:`.lairs` — Lairs: revealing, Noise rolls, destruction, the Despoiler's death;
* :mod:`.injuries` — per-type Injury checks, defeat, combat die faces;
* :mod:`.lurking` — the Event Phase steps, Fire Damage and step 8 (Lurking);
* :mod:`.event_cards`, :mod:`.attack_cards` — the Void Seeder decks;
* :mod:`.changes` — Rest / Shower Room / Canteen / Surgery / Antidote / Laboratory entry points;
* :mod:`.end` — the Contamination check at the end of the game.
"""

from __future__ import annotations

from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules import victory
from nemesis_rules.model.rules.base_hooks import base_on_pass
from nemesis_rules.model.rules.ruleset_clauses import register_clauses
from nemesis_rules.model.rules.void_seeders import (
    bag,
    changes,
    encounter,
    end,
    injuries,
    insanity,
    lairs,
    lurking,
    seeders,
    setup,
)
from nemesis_rules.model.rules.void_seeders.attack_cards import VS_ATTACK_EFFECTS
from nemesis_rules.model.rules.void_seeders.changes import (
    can_analyse_insanity,
    rest_variants,
    vs_antidote_insanity,
    vs_rest_effect,
    vs_surgery_insanity,
)
from nemesis_rules.model.rules.void_seeders.event_cards import VS_EVENT_EFFECTS
from nemesis_rules.model.rules.void_seeders.insanity import lower_insanity, raise_insanity
from nemesis_rules.model.rules.void_seeders.panic import ResolvePanic

__all__ = [
    "VOID_SEEDERS_HOOKS",
    "ResolvePanic",
    "can_analyse_insanity",
    "lower_insanity",
    "raise_insanity",
    "rest_variants",
    "vs_antidote_insanity",
    "vs_rest_effect",
    "vs_surgery_insanity",
]


def _unchanged(state: GameState, *args: object) -> GameState:
    """Nothing to add: the expansion's own steps cover this hook."""
    return state


VOID_SEEDERS_HOOKS = tables.RulesetHooks(
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
    on_pass=base_on_pass,
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
    on_character_leaves=_unchanged,
    end_of_player_phase=setup.end_of_player_phase,
    fire_damage_extra=_unchanged,
    victory_steps=end.victory_steps,
    winners=victory.base_winners,
    face_injuries=injuries.face_injuries,
    end_of_turn=lairs.end_of_turn,
    judge_endurance=injuries.judge,
    endurance_clause=injuries.injury_clause,
    encounter_noise_spaces=encounter.noise_spaces,
    escaping=lairs.escaping,
    intruder_vanishes=seeders.vanishes_into_tech,
    on_combat_hit=injuries.on_combat_hit,
)
tables.register_hooks(VOID_SEEDERS_HOOKS)
# the clauses that hold in the expansion where shared code asks which one does
register_clauses(
    "void-seeders",
    {
        "setup.room-tiles-2": "vs.setup.room-tiles-2",
        "setup.exploration-tokens": "vs.setup.exploration-tokens",
        "setup.intruder-board": "vs.setup.void-seeder-board",
        "setup.decks": "vs.setup.decks",
        "encounter.draw-token": "vs.encounter.draw-token",
        "supply.miniatures": "vs.supply.miniatures",
    },
)

# The changes to base actions (Rest, the Antidote, the rooms) register into the base tables.
from nemesis_rules.model.rules.void_seeders import actions, rooms  # noqa: E402, F401
