"""The Void Seeders Contamination check at the end of the game (void-seeders-rulebook.txt,
Gameplay Changes > Contamination Check).

After the engine and coordinates checks, each surviving Character gains 1 Insanity per
Contamination card in their deck, hand and discard pile, stopping at 5 without dying (a
Character already at 5 skips this). Then each one at level 5 shuffles every card into a new
deck and draws 4: any Contamination card, INFECTED or not, kills. Whether the base game's scan
check also runs is ruling vs.ambiguity.contamination-check-infected.
"""

from __future__ import annotations

from dataclasses import dataclass

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import Frame, Step
from nemesis_rules.model.core.multiset import EMPTY
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.victory import CoordinatesCheck, EngineCheck
from nemesis_rules.model.rules.victory import FinalDraw as BaseFinalDraw
from nemesis_rules.model.rules.void_seeders.components import data
from nemesis_rules.model.rules.void_seeders.insanity import raise_insanity

SURVIVING = ("hibernating", "escaped")


def _contamination(state: GameState, player: int) -> int:
    c = state.character(player)
    return sum(n for cards in (c.hand, c.deck, c.discard) for k, n in cards.items() if k.startswith("contamination"))


@dataclass(frozen=True, slots=True)
class InsanityRaise(Step):
    """Step 1: +1 Insanity per Contamination card, up to 5, no death: raises beyond 5 are lost
    (vs.insanity.max)."""

    after_the_end = True

    player: int

    def run(self, state: GameState, ctx: Context) -> GameState:
        c = state.character(self.player)
        if c.status not in SURVIVING:
            # vs.end.contamination-check.raise: only surviving Characters are checked
            return state
        top = data(state.config).insanity_track.max
        if c.insanity >= top:
            ctx.fire("vs.end.contamination-check.skip-raise")
            return state
        ctx.fire("vs.end.contamination-check.raise")
        for _ in range(_contamination(state, self.player)):
            if state.character(self.player).insanity >= top:
                ctx.fire("vs.insanity.max")  # the rest of the raise is lost: the track ends at 5
                break
            state = raise_insanity(state, self.player, ctx, lethal=False)
        return state


@dataclass(frozen=True, slots=True)
class FinalShuffle(Step):
    """Step 2: at level 5, every card into one deck and 4 drawn. ``infected_scan``: the base
    check's trigger instead (ruling reading ``both``, below level 5 with an INFECTED card)."""

    after_the_end = True

    player: int
    infected_scan: bool = False

    def run(self, state: GameState, ctx: Context) -> GameState:
        c = state.character(self.player)
        if c.status not in SURVIVING:
            # vs.end.contamination-check.raise: only surviving Characters are checked
            return state
        everything = c.hand.union(c.deck).union(c.discard)
        if self.infected_scan:
            if c.insanity >= data(state.config).insanity_track.max or "contamination-infected" not in everything:
                # vs.ambiguity.contamination-check-infected: below 5 and without INFECTED there is nothing to scan for
                return state
            ctx.fire("base.end.contamination-check")
        elif c.insanity < data(state.config).insanity_track.max:
            # vs.end.contamination-check.final-draw: only a Character at level 5 makes the final draw
            return state
        else:
            ctx.fire("vs.end.contamination-check.final-draw")
        state = state.with_character(c.evolve(hand=EMPTY, discard=EMPTY, deck=everything))
        return state.push(FinalDraw(self.player, 4)) if everything else state


@dataclass(frozen=True, slots=True)
class FinalDraw(BaseFinalDraw):
    """The base game's four-card draw, under the expansion's clause: any Contamination card kills."""

    clause = "vs.end.contamination-check.final-draw"


def victory_steps(state: GameState, reason: str) -> tuple[Frame, ...]:
    survivors = [c.player for c in state.characters if c.status in SURVIVING]
    if not survivors:
        return ()
    steps: list[Frame] = []
    if "ship-destroyed" not in state.flags:
        steps.extend((EngineCheck(), CoordinatesCheck()))
    both = state.config.ruling("vs.ambiguity.contamination-check-infected") == "both"
    for player in survivors:
        steps.extend((InsanityRaise(player), FinalShuffle(player)))
        if both:
            steps.append(FinalShuffle(player, infected_scan=True))
    return tuple(steps)
