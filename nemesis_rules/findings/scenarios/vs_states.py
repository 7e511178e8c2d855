"""Building blocks for the Void Seeders ruling scenarios (the ``vs_*`` modules of this package).

Every scenario starts from the same seeded two-player Void Seeders game at the first player's
first turn (seed 0: the Mechanic and the Scout in the Hibernatorium, 11; Lair tokens in 04, 15 and
18) and arranges the situation with ``dataclasses.replace``. A rule that the first line of the
record must reach sits under a chance node the line resolves: a Noise roll of ``silence`` changes
nothing in this expansion (no Slime), so :func:`after_silence` is the neutral way to run the steps
beneath it during the replay, under each reading, instead of while the snapshot is built.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import replace
from functools import cache

from nemesis_rules.model.core.actions import Action, Outcome
from nemesis_rules.model.core.frames import Frame
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.game import start, step
from nemesis_rules.model.rules.noise import NoiseRoll
from nemesis_rules.players.play import choose
from nemesis_rules.testing import after_setup

__all__ = [
    "HOME",
    "LAIR_ROOMS",
    "SILENCE",
    "TECH_ROOM",
    "after_silence",
    "bag_of",
    "contaminated",
    "explore",
    "game",
    "hand",
    "met_before",
    "place",
    "set_character",
    "setup_lines",
    "take",
    "wounded",
]

HOME = "11"
"""The Hibernatorium, where both Characters start."""
LAIR_ROOMS = ("04", "15", "18")
"""Where seed 0 put the three Lair tokens (04 and 15 have a technical corridor entrance)."""
TECH_ROOM = "14"
"""Airlock Control: next to the Hibernatorium, with a technical corridor entrance."""
SILENCE = Outcome("noise-roll", "silence")
"""The line that resolves :func:`after_silence`'s Noise roll."""


@cache
def _start(seed: int) -> GameState:
    return after_setup(2, seed, ruleset="void-seeders")


def game(
    hands: Iterable[tuple[int, tuple[str, ...]]] = ((1, ("search", "demolition", "rest")), (2, ("search",))),
    seed: int = 0,
) -> GameState:
    """The seeded game at player 1's first turn, each listed player holding exactly those cards
    (see :func:`hand`)."""
    state = _start(seed)
    for player, cards in hands:
        state = hand(state, player, *cards)
    return state


def set_character(state: GameState, player: int, **changes: object) -> GameState:
    """``state`` with fields of ``player``'s Character replaced."""
    return state.with_character(replace(state.character(player), **changes))  # type: ignore[arg-type]


def hand(state: GameState, player: int, *cards: str) -> GameState:
    """``player`` holds exactly ``cards``, taken from their hand and deck; the rest of the hand is
    shuffled back into the deck (every card stays where the box says it can be)."""
    c = state.character(player)
    pool = c.hand.union(c.deck)
    chosen = Multiset.of(cards)
    if not pool.contains_all(chosen):
        raise ValueError(f"player {player} has no {', '.join(cards)} among their action cards")
    return state.with_character(replace(c, hand=chosen, deck=pool.difference(chosen)))


def take(state: GameState, deck: str, card: str) -> tuple[GameState, str]:
    """``card`` taken out of the shared ``deck`` (to be given to someone)."""
    pile = state.deck(deck)
    return state.with_deck(deck, replace(pile, unknown=pile.unknown.remove(card))), card


def contaminated(state: GameState, player: int, card: str, *, into: str = "hand") -> GameState:
    """``player`` gains the Contamination card ``card`` from its deck, into their hand or deck."""
    state, _ = take(state, "contamination", card)
    c = state.character(player)
    if into == "hand":
        return state.with_character(replace(c, hand=c.hand.add(card)))
    return state.with_character(replace(c, deck=c.deck.add(card)))


def wounded(state: GameState, player: int, *wounds: str) -> GameState:
    """``player`` has the Serious Wounds ``wounds``, taken from the Serious Wound deck."""
    for wound in wounds:
        state, _ = take(state, "serious-wound", wound)
    c = state.character(player)
    return state.with_character(replace(c, serious_wounds=(*c.serious_wounds, *wounds)))


def explore(state: GameState, *positions: str) -> GameState:
    """The rooms at ``positions`` explored, their exploration tokens resolved and removed."""
    for position in positions:
        room = state.room(position)
        if room.token:
            state = replace(state, removed=state.removed.add(f"exploration:{room.token}"))
        state = state.with_room(position, replace(room, explored=True, token=None))
    return state


def met_before(state: GameState) -> GameState:
    """An Intruder was met before: each player kept their first Objective, the other went out."""
    for c in state.characters:
        dropped = Multiset.of(f"objective:{o}" for o in c.objectives[1:])
        state = replace(
            set_character(state, c.player, objectives=c.objectives[:1]), removed=state.removed.union(dropped)
        )
    return replace(state, first_encounter=True)


def bag_of(state: GameState, *tokens: str) -> GameState:
    """Only ``tokens`` left in the Intruder bag; the Void Seeder tokens drawn from it are back in the
    supply (as after their Encounters), the others out of the game."""
    keep = Multiset.of(tokens)
    drawn = state.bag.difference(keep)
    numbered = Multiset.of(t for t in drawn if t.startswith("void-seeder"))
    others = Multiset.of(f"token:{t}" for t in drawn if not t.startswith("void-seeder"))
    return replace(state, bag=keep, token_pool=state.token_pool.union(numbered), removed=state.removed.union(others))


def place(state: GameState, *intruders: tuple[str, str] | tuple[str, str, int]) -> GameState:
    """``state`` with exactly these miniatures (kind, room[, injuries]) on the board, ids from 1."""
    placed = tuple(
        Intruder(n, kind, where, injuries=rest[0] if rest else 0)
        for n, (kind, where, *rest) in enumerate(intruders, start=1)
    )
    return replace(state, intruders=placed, next_intruder=len(placed) + 1)


def after_silence(state: GameState, *frames: Frame, player: int = 1) -> GameState:
    """``frames`` pending (the first resolves first) beneath ``player``'s Noise roll, which the
    line :data:`SILENCE` resolves without effect."""
    position = state.character(player).position
    return state.push(NoiseRoll(player, position), *frames)


def setup_lines(ruleset: str, players: int, seed: int, rulings: dict[str, str] | None = None) -> tuple[Action, ...]:
    """The setup of a seeded game, line by line, up to the first player's first turn."""
    rng = random.Random(seed)
    state = start(ruleset, players, rulings)
    lines: list[Action] = []
    while not (state.phase == "player" and type(state.pending[-1]).__name__ == "Turn"):
        action = choose(state, rng)
        lines.append(action)
        state = step(state, action).state
    return tuple(lines)
