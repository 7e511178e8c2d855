"""Contamination cards: scanning, Larvae and death by infection (RU-RB p.20-21; facts.md §15).

Scanning shows whether a card is INFECTED. An INFECTED result puts a Larva on the character
board (several in one scan give one Larva, FAQ); with a Larva already there the character
dies and a Creeper appears in the room.
"""

from __future__ import annotations

from dataclasses import dataclass

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import ChanceNode, Step
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules import replaceable
from nemesis_rules.model.rules.healing import note_several_infected
from nemesis_rules.model.rules.intruders import place_intruder
from nemesis_rules.model.rules.wounds import kill

INFECTED = "contamination-infected"


def infected_result(state: GameState, player: int, ctx: Context) -> GameState:
    """The base game's consequence of an INFECTED scan result (the ruleset may replace it)."""

    c = state.character(player)
    if c.larva:
        ctx.fire("base.contamination.second-larva-death")
        state = kill(state, player, ctx, "a second infection")
        state = state.with_character(state.character(player).evolve(larva=False))
        state, _ = place_intruder(state, "creeper", c.position, None, ctx)
        return state
    ctx.fire("base.contamination.scan-infected-larva")
    return state.with_character(c.evolve(larva=True))


@dataclass(frozen=True, slots=True)
class EclosionDraw(Step):
    """Eclosion: a character draws ``left`` more cards from its deck, then scans the
    Contamination cards drawn; the drawn cards are discarded (facts.md §4)."""

    player: int
    left: int
    drawn: tuple[str, ...]

    def on_drop(self, state: GameState) -> GameState:
        c = state.character(self.player)
        return state.with_character(c.evolve(discard=c.discard.union(Multiset.of(self.drawn))))

    def run(self, state: GameState, ctx: Context) -> GameState:
        c = state.character(self.player)
        if not c.active:
            # base.hibernation.out-of-play: a Character out of play (dead, hibernating, escaped) takes no further part
            return state
        if self.left > 0 and (c.deck or c.discard):
            if not c.deck:
                ctx.fire("base.round.reshuffle-discard")
                state = state.with_character(c.evolve(deck=c.discard, discard=c.deck))
            return state.push(EclosionCard(self.player, self.left, self.drawn))
        c = state.character(self.player)
        state = state.with_character(c.evolve(discard=c.discard.union(Multiset.of(self.drawn))))
        if INFECTED in self.drawn:
            if self.drawn.count(INFECTED) > 1:
                note_several_infected(state, ctx)
            return replaceable.infected_result(state, self.player, ctx)
        return state


@dataclass(frozen=True, slots=True)
class EclosionCard(ChanceNode):
    player: int
    left: int
    drawn: tuple[str, ...]
    chance = "action-card"
    clause = "base.event-card.eclosion"

    def on_drop(self, state: GameState) -> GameState:
        c = state.character(self.player)
        return state.with_character(c.evolve(discard=c.discard.union(Multiset.of(self.drawn))))

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        return state.character(self.player).deck.items()

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        c = state.character(self.player)
        state = state.with_character(c.evolve(deck=c.deck.remove(outcome)))
        return state.push(EclosionDraw(self.player, self.left - 1, (*self.drawn, outcome)))
