"""The bridge between the rules and the data: component tables for a config, and the
ruleset's table of rule hooks (design.md, principles 5 and 10).

Rule modules ask this module for numbers and cards (never reading TOML themselves), and for
the ruleset's version of a replaceable step (what an Encounter token does, how an Intruder's
endurance is checked, which Event Phase steps run). A ruleset supplies a :class:`RulesetHooks`
table; the base game's is :data:`BASE_HOOKS`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING

from nemesis_rules.board.rooms import Room, room_catalogue
from nemesis_rules.errors import BadInputError
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.data import cards

if TYPE_CHECKING:
    from nemesis_rules.model.core.config import GameConfig
    from nemesis_rules.model.core.engine import Context
    from nemesis_rules.model.core.frames import Frame
    from nemesis_rules.model.core.state import Character, GameState, Intruder

# -- rulings and data variants -----------------------------------------------------------


def resolve_game_rulings(overrides: Mapping[str, str]) -> dict[str, str]:
    """Every ruling with its reading: the catalogue's defaults, then ``overrides`` (checked)."""
    from nemesis_rules.rulebook.rulings import resolve_rulings

    try:
        return dict(resolve_rulings(overrides))
    except (KeyError, ValueError, LookupError) as exc:
        raise BadInputError(str(exc.args[0]) if exc.args else str(exc), "--ruling") from None


def resolve_game_variants(overrides: Mapping[str, str]) -> dict[str, str]:
    """Every data-variant family with its option (defaults first in :data:`cards.DATA_VARIANTS`)."""
    families = dict(cards.DATA_VARIANTS)
    families["computers"] = ("printed", "reference")
    out = {family: options[0] for family, options in families.items()}
    for family, option in overrides.items():
        if family not in families:
            raise BadInputError(
                f"unknown data variant family {family!r} (choose from {', '.join(families)})", "--variant"
            )
        if option not in families[family]:
            raise BadInputError(
                f"unknown option {option!r} for {family} (choose from {', '.join(families[family])})", "--variant"
            )
        out[family] = option
    return out


def card_variant_key(variants: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """The variants that choose component tables, sorted: the cache key of those tables."""
    return tuple(sorted((k, v) for k, v in variants.items() if k in cards.DATA_VARIANTS))


def _card_variants(config: GameConfig) -> tuple[tuple[str, str], ...]:
    return config.card_variants


@cache
def _base(variants: tuple[tuple[str, str], ...]) -> cards.BaseComponents:
    return cards.base_components(dict(variants))


@cache
def _vs(variants: tuple[tuple[str, str], ...]) -> cards.VoidSeedersComponents:
    return cards.void_seeders_components(dict(variants))


def base(config: GameConfig) -> cards.BaseComponents:
    variants = config.card_variants
    last = _LAST_BASE[0]
    if last is not None and last[0] is variants:  # the game's own tuple: no hashing it again
        return last[1]
    found = _base(variants)
    _LAST_BASE[0] = (variants, found)
    return found


_LAST_BASE: list[tuple[tuple[tuple[str, str], ...], cards.BaseComponents] | None] = [None]
"""The components last looked up, with the very variants tuple they were for (rules ask for
them thousands of times a game, always with the same config)."""


def void_seeders(config: GameConfig) -> cards.VoidSeedersComponents:
    return _vs(_card_variants(config))


def hooks(config: GameConfig) -> RulesetHooks:
    table = HOOKS.get(config.ruleset.name)
    if table is None:
        _load_hooks()
        table = HOOKS[config.ruleset.name]
    return table


# -- rooms --------------------------------------------------------------------------------


def rooms(config: GameConfig) -> Mapping[str, Room]:
    return room_catalogue(config.variants.get("computers", "printed"))


def room_colour(config: GameConfig, tile: str) -> str:
    return rooms(config)[tile].colour


def room_has_computer(config: GameConfig, tile: str) -> bool:
    return rooms(config)[tile].computer


def room_can_malfunction(config: GameConfig, tile: str | None) -> bool:
    return tile is not None and rooms(config)[tile].can_malfunction


def room_has_item_counter(config: GameConfig, tile: str | None) -> bool:
    return tile is not None and rooms(config)[tile].item_counter


# -- components -----------------------------------------------------------------------------


def token_key(token: cards.IntruderToken) -> str:
    """Bag tokens read like the game: ``adult-3`` (type and back number), ``blank``."""
    return token.type if token.number is None else f"{token.type}-{token.number}"


@cache
def _token_numbers(variants: tuple[tuple[str, str], ...]) -> Mapping[str, int | None]:
    return {token_key(t): t.number for t in _base(variants).intruder_tokens}


def token_supply(config: GameConfig) -> Multiset:
    """Every Intruder token of the ruleset not in the bag at the start (the pool beside the board)."""
    return hooks(config).token_supply(config)


def base_token_supply(config: GameConfig) -> Multiset:
    everything = Multiset.of(token_key(t) for t in base(config).intruder_tokens)
    return everything.difference(base_setup_bag(config))


@cache
def _setup_bag(variants: tuple[tuple[str, str], ...], players: int) -> Multiset:
    components = _base(variants)
    by_type: dict[str, list[str]] = {}
    for t in components.intruder_tokens:
        by_type.setdefault(t.type, []).append(token_key(t))
    chosen: list[str] = []
    for kind, count in components.setup_bag.composition(players):
        # Which Adult numbers start in the bag is not stated; the lowest numbers are taken
        # (ruling base.gap.setup-adult-numbers decides between this and a random draw).
        chosen.extend(sorted(by_type[kind], key=lambda k: (len(k), k))[:count])
    return Multiset.of(chosen)


def base_setup_bag(config: GameConfig) -> Multiset:
    return _setup_bag(_card_variants(config), config.players)


def token_number(config: GameConfig, token: str) -> int | None:
    return _token_numbers(_card_variants(config)).get(token)


def face_injuries(state: GameState, face: str, kind: str) -> int:
    """Injuries a combat die face deals to a target of ``kind`` (the ruleset may extend the
    table to its own Intruder types)."""
    return hooks(state.config).face_injuries(state, face, kind)


def surprise_threshold(state: GameState, token: str, ctx: Context) -> int:
    """The number on the token's back; Reaction to Danger lowers it by 1, to at least 1."""
    number = token_number(state.config, token) or 0
    if "reaction-to-danger" in state.discovered and number:
        ctx.fire("base.weakness.reaction-to-danger")
        number = max(1, number - 1)
    return number


def miniature_limit(config: GameConfig, kind: str) -> int:
    return hooks(config).miniature_limit(config, kind)


def supply(config: GameConfig, name: str) -> int:
    return base(config).supply(name).count


def noise_supply(config: GameConfig) -> int:
    return supply(config, "noise")


def noise_die(config: GameConfig) -> tuple[tuple[str, int], ...]:
    return base(config).noise_die.weights()


def exploration_tokens(config: GameConfig) -> Multiset:
    return hooks(config).exploration_tokens(config)


def exploration_key(token: cards.ExplorationToken) -> str:
    return f"{token.kind}-{token.items}"


def parse_exploration_token(token: str | None) -> tuple[str, int]:
    if token is None:
        return "none", 0
    kind, _, items = token.rpartition("-")
    return kind, int(items)


def exploration_in_engines(config: GameConfig) -> bool:
    return hooks(config).exploration_in_engines


def coordinates_cards(config: GameConfig) -> Mapping[str, cards.CoordinatesCard]:
    return _coordinates_cards(config.card_variants)


@cache
def _coordinates_cards(variants: tuple[tuple[str, str], ...]) -> Mapping[str, cards.CoordinatesCard]:
    """The Coordinates cards by id, once per choice of component tables (the players ask at every decision)."""
    return MappingProxyType({c.id: c for c in _base(variants).coordinates})


def pods_for(config: GameConfig) -> int:
    """Escape Pods in play: 2, 3 or 4 by player count (facts.md §9), or all four under the German
    overview's reading (ruling ``base.de.escape-pods=four-always``)."""
    if config.rulings.get("base.de.escape-pods") == "four-always":
        return len(pod_numbers(config))
    return base(config).escape_pods.count_for(config.players)


def pod_numbers(config: GameConfig) -> tuple[int, ...]:
    return base(config).escape_pods.numbers


def starting_eggs(config: GameConfig) -> int:
    return base(config).supply("egg").at_start or 0


def weakness_cards(config: GameConfig) -> tuple[str, ...]:
    return hooks(config).weakness_cards(config)


def character_names(config: GameConfig) -> tuple[str, ...]:
    return tuple(c.id for c in base(config).characters)


def action_deck(config: GameConfig, character: str) -> Multiset:
    return Multiset.of(card.effect for card in base(config).character(character).action_cards)


def action_card(config: GameConfig, character: str, effect: str) -> cards.ActionCard:
    return next(c for c in base(config).character(character).action_cards if c.effect == effect)


def starting_weapon(config: GameConfig, character: str) -> tuple[str, int]:
    """The starting weapon's slug and its capacity (it starts fully loaded, VS-RB Setup 19 D)."""
    weapon = base(config).character(character).weapon
    return weapon.effect, weapon.weapon.capacity


def quest_items(config: GameConfig, character: str) -> tuple[str, ...]:
    return tuple(q.effect for q in base(config).character(character).quest_items)


ItemLike = cards.ItemCard | cards.StartingWeapon | cards.QuestItem


@cache
def _items(variants: tuple[tuple[str, str], ...]) -> Mapping[str, ItemLike]:
    b = _base(variants)
    table: dict[str, ItemLike] = {}
    for colour in ("red", "yellow", "green", "blue"):
        for item in b.item_deck(colour):
            table.setdefault(item.effect, item)
    for character in b.characters:
        table[character.weapon.effect] = character.weapon
        for quest in character.quest_items:
            table.setdefault(quest.effect, quest)
    return table


def item(config: GameConfig, slug: str) -> ItemLike:
    """An Item card, starting weapon or quest item, by slug."""
    return _items(_card_variants(config))[slug]


def weapon(config: GameConfig, slug: str) -> cards.Weapon | None:
    found = _items(_card_variants(config)).get(slug)
    return getattr(found, "weapon", None)


def is_heavy(config: GameConfig, slug: str) -> bool:
    """Heavy Objects and Heavy items take a hand slot (RU-RB p.22-23)."""
    if slug in HEAVY_OBJECTS:
        return True
    found = _items(_card_variants(config)).get(slug)
    return bool(found is not None and found.heavy)


HEAVY_OBJECTS = ("egg", "carcass", "corpse-blue", "corpse-red")


def item_decks(config: GameConfig) -> tuple[tuple[str, Multiset], ...]:
    """The red, yellow and green Item decks and the crafted deck (``blue``), by slug, as printed."""
    return _item_decks(_card_variants(config))


@cache
def _item_decks(variants: tuple[tuple[str, str], ...]) -> tuple[tuple[str, Multiset], ...]:
    b = _base(variants)
    return tuple(
        (colour, Multiset.of(i.effect for i in b.item_deck(colour))) for colour in ("red", "yellow", "green", "blue")
    )


def objective_decks(config: GameConfig) -> tuple[Multiset, Multiset]:
    b = base(config)
    return (
        Multiset.of(o.id for o in b.objectives_for(config.players, "corporate")),
        Multiset.of(o.id for o in b.objectives_for(config.players, "personal")),
    )


@cache
def _attack_cards(variants: tuple[tuple[str, str], ...], ruleset: str) -> Mapping[str, cards.AttackCard]:
    deck = _vs(variants).attack_cards if ruleset == "void-seeders" else _base(variants).attack_cards
    return {c.id: c for c in deck}


def attack_card(config: GameConfig, card: str) -> cards.AttackCard:
    return _attack_cards(_card_variants(config), hooks(config).attack_deck_source)[card]


def attack_deck_name(config: GameConfig) -> str:
    return "intruder-attack"


@cache
def _event_cards(variants: tuple[tuple[str, str], ...], ruleset: str) -> Mapping[str, cards.EventCard]:
    deck = _vs(variants).event_cards if ruleset == "void-seeders" else _base(variants).event_cards
    return {c.id: c for c in deck}


@dataclass(frozen=True, slots=True)
class EventCardView:
    """What the Event step needs of a card."""

    number: int
    movers: tuple[str, ...]
    effect: str
    after: str
    card: cards.EventCard


def event_card(config: GameConfig, card: str) -> EventCardView:
    c = _event_cards(_card_variants(config), hooks(config).event_deck_source)[card]
    after = {"discard": "discard", "remove-and-reshuffle": "remove-reshuffle", "shuffle-back": "shuffle-back"}
    return EventCardView(c.corridor, c.movers, c.effect, after[c.disposal], c)


def shared_decks(config: GameConfig) -> list[tuple[str, Multiset]]:
    """The decks beside the board at setup, shuffled (as multisets)."""
    b = base(config)
    attack = _attack_cards(_card_variants(config), hooks(config).attack_deck_source)
    events = _event_cards(_card_variants(config), hooks(config).event_deck_source)
    decks = [
        ("event", Multiset.of(events)),
        ("intruder-attack", Multiset.of(attack)),
        ("serious-wound", Multiset.of(w.effect for w in b.serious_wounds)),
        (
            "contamination",
            Multiset.of("contamination-infected" if c.infected else "contamination" for c in b.contamination),
        ),
    ]
    decks.extend(item_decks(config))
    decks.extend(hooks(config).extra_decks(config))
    return sorted(decks)


def card_clause_prefix(config: GameConfig) -> str:
    return hooks(config).card_prefix


def time_track(config: GameConfig) -> cards.Track:
    return base(config).time_track


def time_track_start(config: GameConfig) -> int:
    return time_track(config).start_index


def time_flags(state: GameState) -> tuple[str, ...]:
    spaces = time_track(state.config).spaces
    return spaces[min(state.time, len(spaces) - 1)].flags


def self_destruct_start(config: GameConfig) -> int:
    return base(config).self_destruct_track.start_index


def self_destruct_flags(state: GameState) -> tuple[str, ...]:
    if state.self_destruct is None:
        return ()
    spaces = base(state.config).self_destruct_track.spaces
    return spaces[min(state.self_destruct, len(spaces) - 1)].flags


def starting_insanity(config: GameConfig) -> int:
    return hooks(config).starting_insanity(config)


# -- small rule queries used by several families ---------------------------------------


def hand_size(state: GameState, character: Character, ctx: Context) -> int:
    """5 cards; a Back wound makes it 4 (duplicates do not stack); Cabins make it 6 for a
    character there with no Intruder and no Malfunction (RU-RB p.10, p.25; facts.md §5)."""
    size = 5
    if character.wound_active("back"):
        ctx.fire("base.serious-wound.back")
        size = 4
    room = state.room(character.position)
    if room.tile == "cabins" and not room.malfunction and not state.intruders_at(character.position):
        ctx.fire("base.room.cabins")
        size += 1
    return size


def move_cost(state: GameState, player: int, *, escaping: bool) -> int:
    """Movement costs 1 card; an Escape with a Leg wound costs 2 (facts.md §5)."""
    c = state.character(player)
    if escaping and c.wound_active("leg"):
        return 2
    return 1


def careful_move_cost(state: GameState, player: int) -> int:
    return 2


def carries(character: Character, obj: str) -> bool:
    """Whether a character holds ``obj`` in a hand slot or in the inventory."""
    return obj in character.hands or obj in character.inventory


def item_count(character: Character) -> int:
    """Items a character ends with (Hoarder): hand-slot items, inventory and active quest items;
    Heavy Objects are not items, inactive quest items do not count (facts.md §8)."""
    held = [h for h in character.hands if h not in HEAVY_OBJECTS]
    active = [q for q, status in character.quests if status == "active"]
    return len(held) + character.inventory.total + len(active)


def can_move(state: GameState, intruder: Intruder) -> bool:
    return intruder.kind not in hooks(state.config).immobile


def ignores_doors(state: GameState, intruder: Intruder) -> bool:
    return hooks(state.config).ignores_doors


def attacks_in_event(intruder: Intruder) -> bool:
    return intruder.kind != "lair"


def skip_attack_step(state: GameState) -> bool:
    return "skip-intruder-attack" in state.flags


# -- hooks dispatched through the ruleset's table -----------------------------------------


def bag_setup_frames(state: GameState) -> list[Frame]:
    return hooks(state.config).bag_setup(state)


def finish_setup(state: GameState, ctx: Context) -> GameState:
    return hooks(state.config).finish_setup(state, ctx)


def exploration_effect(
    state: GameState, kind: str, player: int, position: str, via: str | None, careful: bool, ctx: Context
) -> tuple[GameState, bool]:
    return hooks(state.config).exploration_effect(state, kind, player, position, via, careful, ctx)


def on_enter(state: GameState, player: int, position: str, ctx: Context) -> GameState:
    return hooks(state.config).on_enter(state, player, position, ctx)


def on_pass(state: GameState, player: int, ctx: Context) -> GameState:
    return hooks(state.config).on_pass(state, player, ctx)


def give_slime(state: GameState, player: int, ctx: Context) -> GameState:
    return hooks(state.config).give_slime(state, player, ctx)


def encounter_token_effect(state: GameState, token: str, player: int, position: str, ctx: Context) -> GameState:
    return hooks(state.config).encounter_token(state, token, player, position, ctx)


def attack_procedure(state: GameState, intruder: Intruder, target: int, why: str, ctx: Context) -> GameState:
    return hooks(state.config).attack_procedure(state, intruder, target, why, ctx)


def attack_effect(state: GameState, effect: str, intruder: Intruder, target: int, ctx: Context) -> GameState:
    return hooks(state.config).attack_effects[effect](state, intruder, target, ctx)


def event_effect(state: GameState, effect: str, ctx: Context) -> GameState:
    return hooks(state.config).event_effects[effect](state, ctx)


def event_steps(config: GameConfig) -> tuple[Frame, ...]:
    return hooks(config).event_steps()


def bag_development_effect(state: GameState, token: str, ctx: Context) -> GameState:
    return hooks(state.config).bag_development(state, token, ctx)


def injure(state: GameState, intruder: Intruder, count: int, ctx: Context) -> GameState:
    return hooks(state.config).injure(state, intruder, count, ctx)


def endurance_modifier(state: GameState, intruder: Intruder, blood: int, ctx: Context) -> int:
    """Species on the Brink of Extinction lowers every Intruder's endurance by 1 (facts.md §14)."""
    if "species-on-the-brink-of-extinction" in state.discovered:
        ctx.fire("base.weakness.species-on-the-brink-of-extinction")
        return blood - 1
    return blood


def judge_endurance(
    state: GameState, intruder: Intruder, combine: str, drawn: tuple[str, ...], ctx: Context
) -> GameState:
    """Judge an Intruder's endurance check once its attack cards are drawn (combat.EnduranceCheck)."""
    return hooks(state.config).judge_endurance(state, intruder, combine, drawn, ctx)


def endurance_clause(state: GameState, intruder: Intruder | None, cards: int) -> str:
    """The clause an endurance check's card draw implements (the ruleset's, per Intruder type)."""
    return hooks(state.config).endurance_clause(state, intruder, cards)


def intruder_dies(state: GameState, intruder: Intruder, ctx: Context) -> GameState:
    return hooks(state.config).intruder_dies(state, intruder, ctx)


def infected_result(state: GameState, player: int, ctx: Context) -> GameState:
    return hooks(state.config).infected_result(state, player, ctx)


def on_character_leaves(state: GameState, player: int, ctx: Context) -> GameState:
    return hooks(state.config).on_character_leaves(state, player, ctx)


def end_of_player_phase(state: GameState, ctx: Context) -> GameState:
    return hooks(state.config).end_of_player_phase(state, ctx)


def fire_damage_extra(state: GameState, ctx: Context) -> GameState:
    return hooks(state.config).fire_damage_extra(state, ctx)


def eject_pod(state: GameState, *, lowest: bool, ctx: Context) -> GameState:
    """Remove the lowest- (or highest-) numbered escape pod still aboard."""
    aboard = [p for p in state.pods if not p.launched]
    if not aboard:
        return state
    pod = min(aboard, key=lambda p: p.number) if lowest else max(aboard, key=lambda p: p.number)
    if pod.occupants:
        reading = ctx.gap(
            state,
            "base.gap.ejected-pod-occupied",
            "base.event-card.evacuation-pod-ejection",
            f"escape pod {pod.number} is ejected with characters waiting inside",
        )
        if reading == "occupants-leave":
            from nemesis_rules.model.rules.pods import leave_play

            ctx.fire("base.pod.launch")
            for player in pod.occupants:
                state = leave_play(state, player, "escaped", ctx)
    state = state.evolve(
        pods=tuple(p for p in state.pods if p.number != pod.number),
        removed=state.removed.add(f"pod:{pod.number}"),
    )
    return state


def victory_steps(state: GameState, reason: str) -> tuple[Frame, ...]:
    return hooks(state.config).victory_steps(state, reason)


def winners(state: GameState, survivors: tuple[int, ...], ctx: Context) -> tuple[int, ...]:
    return hooks(state.config).winners(state, survivors, ctx)


def _base_face_injuries(state: GameState, face: str, kind: str) -> int:
    from nemesis_rules.model.rules.fighting import base_face_injuries

    return base_face_injuries(face, kind)


def _base_judge_endurance(
    state: GameState, intruder: Intruder, combine: str, drawn: tuple[str, ...], ctx: Context
) -> GameState:
    from nemesis_rules.model.rules.combat import base_judge

    return base_judge(state, intruder, combine, drawn, ctx)


def _base_endurance_clause(state: GameState, intruder: Intruder | None, cards: int) -> str:
    return "base.endurance.single-card" if cards == 1 else "base.endurance.two-cards"


def _base_end_of_turn(state: GameState, player: int, ctx: Context) -> GameState:
    from nemesis_rules.model.rules.base_hooks import base_end_of_turn

    return base_end_of_turn(state, player, ctx)


def _base_encounter_noise_spaces(state: GameState, position: str, ctx: Context) -> frozenset[str]:
    return frozenset(state.config.board.spaces_at[position])


def _base_escaping(state: GameState, player: int) -> bool:
    return state.in_combat(player)


def _base_intruder_vanishes(state: GameState, intruder: Intruder, ctx: Context) -> GameState:
    return state


def _base_on_combat_hit(state: GameState, face: str, kind: str, ctx: Context) -> None:
    return None


def end_of_turn(state: GameState, player: int, ctx: Context) -> GameState:
    """The ruleset's effects when ``player``'s turn ends (Void Seeders: a Noise roll in a Lair's
    room). Frames it pushes must resolve before the next turn begins."""
    return hooks(state.config).end_of_turn(state, player, ctx)


@dataclass(frozen=True, slots=True)
class RulesetHooks:
    """A ruleset's replaceable rules, as a table (design.md, principle 5)."""

    name: str
    card_prefix: str
    attack_deck_source: str
    event_deck_source: str
    exploration_in_engines: bool
    ignores_doors: bool
    immobile: frozenset[str]
    token_supply: Callable[[GameConfig], Multiset]
    miniature_limit: Callable[[GameConfig, str], int]
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
    # Hooks added later carry the base implementation as their default, so a ruleset's table
    # only names what it replaces.
    face_injuries: Callable[[GameState, str, str], int] = field(default=_base_face_injuries)
    end_of_turn: Callable[[GameState, int, Context], GameState] = field(default=_base_end_of_turn)
    judge_endurance: Callable[[GameState, Intruder, str, tuple[str, ...], Context], GameState] = field(
        default=_base_judge_endurance
    )
    endurance_clause: Callable[[GameState, Intruder | None, int], str] = field(default=_base_endurance_clause)
    # The spaces whose Noise an Encounter discards (step 1); whether leaving a Character's room is
    # an Escape (its cost); what follows an Intruder vanishing into the technical corridors.
    encounter_noise_spaces: Callable[[GameState, str, Context], frozenset[str]] = field(
        default=_base_encounter_noise_spaces
    )
    escaping: Callable[[GameState, int], bool] = field(default=_base_escaping)
    intruder_vanishes: Callable[[GameState, Intruder, Context], GameState] = field(default=_base_intruder_vanishes)
    # Records the rules (and rulings) that decided what a combat die face did to an Intruder of a kind.
    on_combat_hit: Callable[[GameState, str, str, Context], None] = field(default=_base_on_combat_hit)


HOOKS: dict[str, RulesetHooks] = {}


def register_hooks(table: RulesetHooks) -> None:
    HOOKS[table.name] = table


def _load_hooks() -> None:
    from nemesis_rules.model.rules import (
        base_hooks,  # noqa: F401  (importing registers the table)
        void_seeders,  # noqa: F401  (registers "void-seeders")
    )
