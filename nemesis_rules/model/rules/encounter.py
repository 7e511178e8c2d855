"""Encounters (RU-RB p.18; base-rules-reference.txt, Encounters; facts.md §1, §13).

Clear the Noise markers around the room, draw a token from the Intruder bag, place that
Intruder in the room, the token set aside; a Surprise Attack when the encountering player
holds fewer cards than the token's number. The Blank: noise in every corridor, an Adult if
it was the last token, the Blank back. The first Intruder placed in the game makes every
player keep one objective. The ruleset's table decides what each token does.
"""

from __future__ import annotations

from dataclasses import dataclass

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import ChanceNode, Choice, Step
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules import replaceable
from nemesis_rules.model.rules.queries import turn_order


@dataclass(frozen=True, slots=True)
class Encounter(Step):
    """Step 1: discard every Noise marker around the room (technical entrance included)."""

    player: int
    position: str

    def run(self, state: GameState, ctx: Context) -> GameState:
        if not state.character(self.player).active:
            # base.hibernation.out-of-play: a Character out of play (dead, hibernating, escaped) takes no further part
            return state
        # the ruleset's table names its own clause for which markers go (base.encounter.discard-noise)
        spaces = tables.hooks(state.config).encounter_noise_spaces(state, self.position, ctx)
        state = state.evolve(noise=state.noise - spaces)
        if not state.bag:
            reading = ctx.gap(
                state,
                "base.gap.empty-bag",
                "base.encounter.draw-token",
                "an Encounter must draw from the Intruder bag but it is empty",
            )
            if reading == "no-intruder":
                return state
            if reading == "add-adult" and "adult" in {t.split("-")[0] for t in state.token_pool}:
                token = min(t for t in state.token_pool if t.startswith("adult"))
                state = state.evolve(bag=state.bag.add(token), token_pool=state.token_pool.remove(token))
            if not state.bag:
                return state
        return state.push(EncounterDraw(self.player, self.position))


@dataclass(frozen=True, slots=True)
class EncounterDraw(ChanceNode):
    """Step 2: draw one token from the Intruder bag; the ruleset's table resolves it."""

    player: int
    position: str
    chance = "intruder-token"
    clause = "base.encounter.draw-token"

    def clause_for(self, state: GameState) -> str:
        """Step 2 as the game's ruleset words it (Void Seeders: its own Encounter draw)."""
        return state.config.ruleset.clause("encounter.draw-token")

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        return state.bag.items()

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        state = state.evolve(bag=state.bag.remove(outcome))
        return replaceable.encounter_token_effect(state, outcome, self.player, self.position, ctx)


def first_encounter(state: GameState, ctx: Context) -> GameState:
    """The first Intruder in the game: every player keeps one of their two objectives (RU-RB p.12)."""
    if state.first_encounter:
        # base.encounter.first-encounter: only the game's first Encounter asks for the Objectives
        return state
    ctx.fire("base.encounter.first-encounter")
    state = state.evolve(first_encounter=True)

    choosers = [
        KeepObjective(p)
        for p in turn_order(state)
        if state.character(p).active and len(state.character(p).objectives) > 1
    ]
    return state.push(*choosers)


@dataclass(frozen=True, slots=True)
class KeepObjective(Choice):
    """Keep one objective card; the other is discarded face down (base.objective.choose)."""

    clause = "base.objective.choose"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        return tuple(
            sorted(
                {
                    Decision.make(self.player, "keep-objective", objective=o)
                    for o in state.character(self.player).objectives
                }
            )
        )

    def diagnose(self, state: GameState, decision: Decision) -> tuple[str, str]:
        held = ", ".join(state.character(self.player).objectives)
        return f"player {self.player} must keep one of their objectives ({held})", self.clause

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        c = state.character(self.player)
        kept = decision.text("objective")
        ctx.fire("base.objective.choose")
        dropped = [o for o in c.objectives if o != kept]
        state = state.evolve(removed=state.removed.union(Multiset.of(f"objective:{o}" for o in dropped)))
        return state.with_character(c.evolve(objectives=(kept,)))
