"""Setup with the expansion, and what entering and exploring a room changes
(void-seeders-rulebook.txt, Setup; Void Seeders Features > Lairs; Void Seeders Rules > Entering a
Room with a Void Seeder).

The Slime room leaves the "2" pool (the ruleset value); the exploration pool loses 2 Slime and
2 Silence tokens and gains 3 Lair tokens, one on every room tile and in every Engine; the
Void Seeder Event and Attack decks replace the base ones, the Panic deck joins them; 3 random
Void Seeder Weaknesses; the bag gets its tokens (:mod:`.bag`); every Character's Insanity
starts at 1. The Engines start explored, so a token lying there is revealed on the first entry
(ruling vs.gap.engine-exploration-token): setup turns them face down.
"""

from __future__ import annotations

from nemesis_rules.model.core.config import GameConfig
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.base_hooks import base_exploration_effect
from nemesis_rules.model.rules.rooms_doors import base_end_of_player_phase, decompressing
from nemesis_rules.model.rules.ship import doors_of
from nemesis_rules.model.rules.void_seeders.bag import add_insanity_tokens
from nemesis_rules.model.rules.void_seeders.components import LAIR, PANIC_DECK, data, is_void_seeder
from nemesis_rules.model.rules.void_seeders.lairs import reveal_lair


def exploration_tokens(config: GameConfig) -> Multiset:
    return Multiset.of(tables.exploration_key(t) for t in data(config).exploration_tokens)


def weakness_cards(config: GameConfig) -> tuple[str, ...]:
    return tuple(w.id for w in data(config).weaknesses)


def extra_decks(config: GameConfig) -> list[tuple[str, Multiset]]:
    """The Panic deck joins the decks beside the board (VS-RB Setup 11)."""
    return [(PANIC_DECK, Multiset.of(card.id for card in data(config).panic_cards))]


def starting_insanity(config: GameConfig) -> int:
    return data(config).insanity_track.start


def miniature_limit(config: GameConfig, kind: str) -> int:
    return data(config).miniature_limit(kind)


def finish_setup(state: GameState, ctx: Context) -> GameState:
    """Setup steps 18-19: Insanity tokens into the bag, Insanity tracks at 1; Engines holding a
    token wait face down for their first visitor."""
    ctx.fire(
        "vs.setup.room-tiles-2",
        "vs.setup.exploration-tokens",
        "vs.setup.void-seeder-board",
        "vs.setup.decks",
        "vs.setup.insanity-track",
        "vs.setup.no-larva",
    )
    state = add_insanity_tokens(state, ctx)
    engines = [p for p, room in state.config.board.printed_rooms.items() if room.startswith("engine")]
    if any(state.room(p).token for p in engines):
        reading = ctx.gap(
            state,
            "vs.gap.engine-exploration-token",
            "vs.setup.exploration-tokens",
            "an Exploration token lies in an Engine, which starts explored",
        )
        if reading == "first-entry":
            for position in engines:
                if state.room(position).token:
                    state = state.with_room(position, state.room(position).evolve(explored=False))
    return state


def exploration_effect(
    state: GameState, kind: str, player: int, position: str, via: str | None, careful: bool, ctx: Context
) -> tuple[GameState, bool]:
    """A revealed exploration token; returns whether the Noise roll still happens. A Lair: no roll
    (vs.lair.exploration-token). Slime means nothing here (vs.change.slime). In an Engine no
    item counter is set (vs.setup.engine-no-items)."""

    if state.config.board.printed_rooms.get(position, "").startswith("engine"):
        ctx.fire("vs.setup.engine-no-items")
    if kind == LAIR:
        return reveal_lair(state, position, ctx), False
    if kind == "slime":
        ctx.fire("vs.change.slime")
        return state, True
    return base_exploration_effect(state, kind, player, position, via, careful, ctx)


def on_enter(state: GameState, player: int, position: str, ctx: Context) -> GameState:
    """Entering a room with a Void Seeder starts no Encounter: both are in Combat at once
    (vs.encounter.enter-occupied); so does a Lair (vs.lair.combat)."""
    here = state.intruders_at(position)
    if any(is_void_seeder(i) for i in here):
        ctx.fire("vs.encounter.enter-occupied")
    if any(i.kind == LAIR for i in here):
        ctx.fire("vs.lair.combat")
    return state


def end_of_player_phase(state: GameState, ctx: Context) -> GameState:
    """The end of the Player Phase as in the base game (the pods, the emergency decompression, the
    check for the last Character); a Lair in a decompressed room is destroyed with it
    (vs.lair.airlock). Then the Event Phase begins with its Void Seeders steps (vs.event.step-order)."""

    sealed = [p for p in decompressing(state) if all(state.door(c) == "closed" for c in doors_of(state, p))]
    if any(i.kind == LAIR and i.position in sealed for i in state.intruders):
        ctx.fire("vs.lair.airlock")
    ctx.fire("vs.event.step-order")
    return base_end_of_player_phase(state, ctx)
