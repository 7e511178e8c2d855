"""Small arrangements the base scenarios share: a seeded game after setup, a character moved or given a
hand, a room explored, the Event Phase one pass away.

Each keeps every component where the invariants look for it (a card stays among its owner's cards, an
exploration token leaves the game when its room is explored), so that a scenario's snapshot is a state
the engine could hold. This module registers no scenario.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace

from nemesis_rules.model.core.actions import Action, Decision
from nemesis_rules.model.core.engine import step
from nemesis_rules.model.core.frames import Frame
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.game import start
from nemesis_rules.players.play import choose
from nemesis_rules.testing import after_setup, run, with_frames

__all__ = [
    "at",
    "event_phase_lines",
    "explored",
    "game",
    "hand",
    "holding",
    "intruder",
    "last_turn",
    "lines_until",
    "position_of",
    "setup_lines",
    "with_steps",
]


def game(seed: int = 3, players: int = 2, rulings: Mapping[str, str] | None = None) -> GameState:
    """A base game of ``players`` played from ``seed`` up to the first player's first turn."""
    return after_setup(players=players, seed=seed, rulings=rulings)


def position_of(state: GameState, tile: str) -> str:
    """The room position holding ``tile``."""
    rooms = zip(state.config.board.positions, state.rooms, strict=True)
    return next(position for position, room in rooms if room.tile == tile)


def at(state: GameState, player: int, position: str) -> GameState:
    """``player``'s character stands in ``position``."""
    return state.with_character(replace(state.character(player), position=position))


def explored(state: GameState, position: str) -> GameState:
    """The room at ``position`` explored: its exploration token leaves the game and the item counter is set,
    as exploring does (RU-RB p.14-15)."""
    room = state.room(position)
    if room.explored:
        return state
    items = None
    if room.token is not None:
        _, count = tables.parse_exploration_token(room.token)
        items = count if tables.room_has_item_counter(state.config, room.tile) else None
        state = replace(state, removed=state.removed.add(f"exploration:{room.token}"))
    return state.with_room(position, replace(room, explored=True, token=None, items=items))


def hand(state: GameState, player: int, *cards: str) -> GameState:
    """``player`` holds exactly ``cards`` (taken from their own action cards); the rest of their cards
    form their deck."""
    c = state.character(player)
    owned = c.hand.union(c.deck).union(c.discard)
    wanted = Multiset.of(cards)
    if not owned.contains_all(wanted):
        raise ValueError(f"player {player} does not own all of {cards}")
    return state.with_character(replace(c, hand=wanted, deck=owned.difference(wanted), discard=Multiset()))


def with_steps(state: GameState, *frames: Frame) -> GameState:
    """``frames`` put on the pending stack and run up to the next decision or chance node."""
    return with_frames(state, *frames)


def last_turn(state: GameState) -> GameState:
    """Player 1 passes in the first round (keeping their hand): player 2's turn is the last before the
    Event Phase."""
    state, _ = run(state, [Decision.make(1, "pass"), Decision.make(1, "keep-hand")])
    return state


def event_phase_lines(player: int) -> tuple[Action, ...]:
    """``player`` passes and keeps their hand: the Player Phase ends."""
    return (Decision.make(player, "pass"), Decision.make(player, "keep-hand"))


def holding(state: GameState, player: int, colour: str, item: str) -> GameState:
    """``player`` carries one ``item`` card taken from the ``colour`` Item deck, in their inventory."""
    deck = state.deck(colour)
    state = state.with_deck(colour, replace(deck, unknown=deck.unknown.remove(item)))
    c = state.character(player)
    return state.with_character(replace(c, inventory=c.inventory.add(item)))


def intruder(state: GameState, kind: str, position: str, token: str | None = None) -> tuple[GameState, int]:
    """An Intruder of ``kind`` placed in ``position`` with its bag token ``token`` (taken from beside the
    board); returns the state and the Intruder's id."""
    if token is not None:
        state = replace(state, token_pool=state.token_pool.remove(token))
    new = Intruder(state.next_intruder, kind, position, token=token)
    return replace(state.with_intruder(new), next_intruder=new.id + 1), new.id


def lines_until(ruling: str, players: int, ruleset: str = "base", seed: int = 1) -> tuple[Action, ...]:
    """The lines of a new game played from ``seed`` up to and including the step whose transition meets
    ``ruling`` (under its default reading)."""
    rng = random.Random(seed)
    state = start(ruleset, players)
    actions: list[Action] = []
    while state.end is None:
        action = choose(state, rng)
        transition = step(state, action)
        actions.append(action)
        if any(gap.ruling == ruling for gap in transition.gaps):
            return tuple(actions)
        state = transition.state
    raise ValueError(f"a {players}-player game from seed {seed} never meets {ruling}")


def setup_lines(players: int = 2, seed: int = 3, ruleset: str = "base") -> tuple[Action, ...]:
    """The lines of a new game's setup played from ``seed`` (as :func:`game` plays it), up to the first
    player's first turn."""
    rng = random.Random(seed)
    state = start(ruleset, players)
    actions: list[Action] = []
    while not (state.phase == "player" and state.round == 1 and type(state.pending[-1]).__name__ == "Turn"):
        action = choose(state, rng)
        actions.append(action)
        state = step(state, action).state
    return tuple(actions)
