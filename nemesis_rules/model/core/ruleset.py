"""The shape of a ruleset (design.md, principle 5): a value that holds every rule a game can
look up, built once from rule families and passed into setup through the game's config.

A rule family never registers itself anywhere: it exposes its actions, effects and hooks as
module constants, and a ruleset module (``nemesis_rules.model.rulesets.base``,
``...void_seeders``) assembles them into a :class:`Ruleset`. Shared code asks the game's
ruleset (``state.config.ruleset``) for the rule in force: the action table the turn offers, the
effect of an Action card, a room or an item, the ruleset's version of a replaceable step
(:class:`RulesetHooks`), or the clause a ruleset states for a step the rulesets share.

This module knows no rule: it holds types only, so the core stays below every rule family.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from nemesis_rules.model.core.actions import Decision, ParamValue
    from nemesis_rules.model.core.config import GameConfig
    from nemesis_rules.model.core.engine import Context
    from nemesis_rules.model.core.frames import Frame
    from nemesis_rules.model.core.multiset import Multiset
    from nemesis_rules.model.core.state import GameState, Intruder

Params = Mapping[str, "ParamValue"]


@dataclass(frozen=True, slots=True)
class ActionRule:
    """One kind of action: ``options`` lists its legal decisions for a player now; ``perform``
    applies a legal one (paying included); ``diagnose`` explains a refusal (reason, clause)."""

    kind: str
    clause: str
    options: Callable[[GameState, int], list[Decision]]
    perform: Callable[[GameState, Decision, Context], GameState]
    diagnose: Callable[[GameState, Decision], tuple[str, str]]
    in_combat: bool = False
    """Whether it may be taken in Combat (RU-RB p.24; FAQ Actions 4)."""
    free: bool = False
    """A free action (dropping an object) does not count against the turn's two actions."""
    ordered: bool = False
    """``options`` already lists decisions of its own kind for the player asked, sorted by
    parameters and each once, so the turn takes them as they come
    (``tests/model/test_turn_option_paths.py`` holds each such rule to it)."""


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect of a card, item or room. ``variants(state, player)`` returns the parameter sets
    it can be resolved with now (an empty list: not possible now; ``[{}]``: possible, nothing to
    choose). ``resolve(state, player, params, ctx)`` applies it (pushing frames for anything
    random). ``clause`` is the clause it implements, fired when it is used."""

    clause: str
    variants: Callable[[GameState, int], list[dict[str, ParamValue]]]
    resolve: Callable[[GameState, int, Params, Context], GameState]
    why_not: Callable[[GameState, int, Params], tuple[str, str] | None] | None = None
    """Why parameters ``variants`` leaves out are not open now: (reason, the clause that forbids
    them), or None when the effect's own ``clause`` says it; a refusal then cites the rule that
    forbids rather than the cost of the action."""


@dataclass(frozen=True, slots=True)
class RulesetHooks:
    """A ruleset's replaceable steps, as a table: what the base game does at each, or what the
    expansion does instead (an Encounter token's effect, how an Intruder's endurance is judged,
    which Event Phase steps run ...). Every field is set by the ruleset that builds the table;
    a ruleset built from another replaces only what it changes (``dataclasses.replace``)."""

    name: str
    card_prefix: str
    attack_deck_source: str
    event_deck_source: str
    exploration_in_engines: bool
    ignores_doors: bool
    immobile: frozenset[str]
    token_supply: Callable[[GameConfig], Multiset]
    miniature_limit: Callable[[GameConfig, str], int]
    supply: Callable[[GameConfig, str], int]
    """How many markers or tokens of a kind the ruleset's components hold (Fire, Noise, Eggs ...)."""
    exploration_tokens: Callable[[GameConfig], Multiset]
    weakness_cards: Callable[[GameConfig], tuple[str, ...]]
    extra_decks: Callable[[GameConfig], list[tuple[str, Multiset]]]
    starting_insanity: Callable[[GameConfig], int]
    bag_setup: Callable[[GameState], list[Frame]]
    finish_setup: Callable[[GameState, Context], GameState]
    exploration_effect: Callable[..., tuple[GameState, bool]]
    on_enter: Callable[[GameState, int, str, Context], GameState]
    on_pass: Callable[[GameState, int, Context], GameState]
    give_slime: Callable[[GameState, int, Context], GameState]
    encounter_token: Callable[[GameState, str, int, str, Context], GameState]
    attack_procedure: Callable[[GameState, Intruder, int, str, Context], GameState]
    attack_effects: Mapping[str, Callable[[GameState, Intruder, int, Context], GameState]]
    event_effects: Mapping[str, Callable[[GameState, Context], GameState]]
    event_steps: Callable[[], tuple[Frame, ...]]
    bag_development: Callable[[GameState, str, Context], GameState]
    injure: Callable[[GameState, Intruder, int, Context], GameState]
    intruder_dies: Callable[[GameState, Intruder, Context], GameState]
    infected_result: Callable[[GameState, int, Context], GameState]
    on_character_leaves: Callable[[GameState, int, Context], GameState]
    end_of_player_phase: Callable[[GameState, Context], GameState]
    fire_damage_extra: Callable[[GameState, Context], GameState]
    victory_steps: Callable[[GameState, str], tuple[Frame, ...]]
    winners: Callable[[GameState, tuple[int, ...], Context], tuple[int, ...]]
    face_injuries: Callable[[GameState, str, str], int]
    """Injuries a combat die face deals to a target of a kind."""
    end_of_turn: Callable[[GameState, int, Context], GameState]
    """What happens when a player's turn ends (frames it pushes resolve before the next turn)."""
    judge_endurance: Callable[[GameState, Intruder, str, tuple[str, ...], Context], GameState]
    endurance_clause: Callable[[GameState, Intruder | None, int], str]
    encounter_noise_spaces: Callable[[GameState, str, Context], frozenset[str]]
    """The spaces whose Noise an Encounter discards (step 1)."""
    escaping: Callable[[GameState, int], bool]
    """Whether leaving a Character's room is an Escape (its cost)."""
    intruder_vanishes: Callable[[GameState, Intruder, Context], GameState]
    """What follows an Intruder vanishing into the technical corridors."""
    on_combat_hit: Callable[[GameState, str, str, Context], None]
    """Records the rules (and rulings) that decided what a combat die face did to an Intruder."""
    larva_cure: Callable[[GameState, int, Context], GameState]
    """Curing a Character's Larva (the Antidote, the Surgery): the base game removes it, the
    expansion lowers Insanity as well."""


@dataclass(frozen=True, slots=True, eq=False)
class Ruleset:
    """A named set of rules, as one value (design.md, principle 5).

    ``removed_room_tiles``: tiles taken out of the pools at setup. ``actions``: the actions the
    turn offers, by kind. ``items``, ``action_cards``, ``quests`` and ``rooms``: the effect in
    force of each item, Action card, Quest Item use and room action, by slug or room action id.
    ``hooks``: the replaceable steps. ``clauses``: the clause the ruleset states for a step the
    rulesets share, by step name (:meth:`clause`). ``extra``: tables only one ruleset has (the
    Void Seeders' Panic effects), by name.

    Two rulesets are the same only when they are the same object; a game's config compares
    rulesets by name (a record names its ruleset)."""

    name: str
    title: str
    removed_room_tiles: frozenset[str]
    hooks: RulesetHooks
    actions: Mapping[str, ActionRule]
    items: Mapping[str, Effect]
    action_cards: Mapping[str, Effect]
    quests: Mapping[str, Effect]
    rooms: Mapping[str, Effect]
    clauses: Mapping[str, str]
    extra: Mapping[str, Any]

    def clause(self, step: str) -> str:
        """The clause this ruleset states for the shared ``step``, or "" when it names none (its
        own code then fires what holds)."""
        return self.clauses.get(step, "")

    def __repr__(self) -> str:
        return f"<Ruleset {self.name!r}>"
