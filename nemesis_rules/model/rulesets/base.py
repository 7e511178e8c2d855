"""The base game as a ruleset value (design.md, principle 5; RU-RB; base-rules-reference.txt).

Built explicitly from the rule families: the turn's actions, the effects of every item, Action
card, Quest Item and room, the base versions of the replaceable steps, and the clauses the base
game states for steps the rulesets share. Importing this module registers nothing anywhere.
"""

from __future__ import annotations

from types import MappingProxyType

from nemesis_rules.model.core.config import GameConfig
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.ruleset import Ruleset, RulesetHooks
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules import (
    action_cards_captain,
    action_cards_everyone,
    action_cards_mechanic,
    action_cards_pilot,
    action_cards_scientist,
    action_cards_scout,
    action_cards_soldier,
    base_hooks,
    effect_actions,
    evacuation,
    intruder_injuries,
    item_effects_blue,
    item_effects_green,
    item_effects_red,
    item_effects_yellow,
    items,
    movement,
    quests,
    rooms,
    rooms_care,
    rooms_doors,
    shoot_and_melee,
    victory,
)
from nemesis_rules.model.rules.attack_cards import BASE_ATTACK_EFFECTS
from nemesis_rules.model.rules.bag import base_bag_development, base_encounter_token
from nemesis_rules.model.rules.contamination import infected_result
from nemesis_rules.model.rules.event_cards import BASE_EVENT_EFFECTS
from nemesis_rules.model.rulesets.build import by_kind, merged


def _face_injuries(state: GameState, face: str, kind: str) -> int:
    return shoot_and_melee.base_face_injuries(face, kind)


def _endurance_clause(state: GameState, intruder: Intruder | None, cards: int) -> str:
    """One card for most Intruders, two for a Breeder or the Queen (RU-RB p.20)."""
    return "base.endurance.single-card" if cards == 1 else "base.endurance.two-cards"


def _escaping(state: GameState, player: int) -> bool:
    """Leaving a room with an Intruder in Combat is an Escape (RU-RB p.17)."""
    return state.in_combat(player)


def _unchanged(state: GameState, *args: object) -> GameState:
    """Nothing happens at this step in the base game."""
    return state


def _no_record(state: GameState, face: str, kind: str, ctx: Context) -> None:
    """The base game's die faces need no ruling to apply."""


def _miniature_limit(config: GameConfig, kind: str) -> int:
    return tables.base(config).miniature_limit(kind)


def _exploration_tokens(config: GameConfig) -> Multiset:
    return Multiset.of(tables.exploration_key(t) for t in tables.base(config).exploration_tokens)


def _weakness_cards(config: GameConfig) -> tuple[str, ...]:
    return tuple(w.id for w in tables.base(config).weaknesses)


HOOKS = RulesetHooks(
    name="base",
    card_prefix="base",
    attack_deck_source="base",
    event_deck_source="base",
    exploration_in_engines=False,
    ignores_doors=False,
    immobile=frozenset(),
    token_supply=tables.base_token_supply,
    miniature_limit=_miniature_limit,
    supply=tables.printed_supply,
    exploration_tokens=_exploration_tokens,
    weakness_cards=_weakness_cards,
    extra_decks=lambda config: [],
    starting_insanity=lambda config: 1,
    bag_setup=lambda state: [base_hooks.FillBag()],
    finish_setup=base_hooks.base_finish_setup,
    exploration_effect=base_hooks.base_exploration_effect,
    on_enter=base_hooks.base_on_enter,
    on_pass=base_hooks.base_on_pass,
    give_slime=base_hooks.give_slime,
    encounter_token=base_encounter_token,
    attack_procedure=base_hooks.base_attack_procedure,
    attack_effects=BASE_ATTACK_EFFECTS,
    event_effects=BASE_EVENT_EFFECTS,
    event_steps=base_hooks.base_event_steps,
    bag_development=base_bag_development,
    injure=base_hooks.base_injure,
    intruder_dies=intruder_injuries.base_intruder_dies,
    infected_result=infected_result,
    on_character_leaves=_unchanged,
    end_of_player_phase=rooms_doors.base_end_of_player_phase,
    fire_damage_extra=base_hooks.base_fire_damage_extra,
    victory_steps=victory.base_victory_steps,
    winners=victory.base_winners,
    face_injuries=_face_injuries,
    end_of_turn=base_hooks.base_end_of_turn,
    judge_endurance=intruder_injuries.base_judge,
    endurance_clause=_endurance_clause,
    encounter_noise_spaces=base_hooks.base_encounter_noise_spaces,
    escaping=_escaping,
    intruder_vanishes=_unchanged,
    on_combat_hit=_no_record,
    larva_cure=item_effects_blue.remove_larva,
)
"""The base game's replaceable steps."""

CLAUSES = MappingProxyType(
    {
        "setup.room-tiles-2": "base.setup.room-tiles-2",
        "setup.exploration-tokens": "base.setup.exploration-tokens",
        "setup.intruder-board": "base.setup.intruder-board",
        "setup.decks": "base.setup.decks",
        "encounter.draw-token": "base.encounter.draw-token",
        "encounter.surprise-attack": "base.encounter.surprise-attack",
        "scan.multiple-infected": "base.contamination.multiple-infected",
        "supply.miniatures": "base.supply.miniatures",
        "round.event-phase-order": "base.round.event-phase-order",
    }
)
"""The clauses the base game states for the steps the rulesets share."""

BASE = Ruleset(
    name="base",
    title="Nemesis (base game)",
    removed_room_tiles=frozenset(),
    hooks=HOOKS,
    actions=by_kind(movement.ACTIONS, shoot_and_melee.ACTIONS, items.ACTIONS, effect_actions.ACTIONS),
    items=merged(
        item_effects_red.ITEM_EFFECTS,
        item_effects_yellow.ITEM_EFFECTS,
        item_effects_green.ITEM_EFFECTS,
        item_effects_blue.ITEM_EFFECTS,
    ),
    action_cards=merged(
        action_cards_everyone.ACTION_CARDS,
        action_cards_captain.ACTION_CARDS,
        action_cards_mechanic.ACTION_CARDS,
        action_cards_pilot.ACTION_CARDS,
        action_cards_scientist.ACTION_CARDS,
        action_cards_scout.ACTION_CARDS,
        action_cards_soldier.ACTION_CARDS,
    ),
    quests=merged(quests.QUESTS),
    rooms=merged(rooms.ROOM_ACTIONS, rooms_care.ROOM_ACTIONS, rooms_doors.ROOM_ACTIONS, evacuation.ROOM_ACTIONS),
    clauses=CLAUSES,
    extra=MappingProxyType({}),
)
"""Nemesis, the base game."""
