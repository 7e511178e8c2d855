"""Wounds, Contamination cards and death (RU-RB p.20-21; base-rules-reference.txt,
Wounds and contamination; facts.md §5).

Three Light Wounds become a Serious Wound; a character with three Serious Wounds who suffers
any further wound dies. A Serious Wound acts when it arrives (a duplicate adds nothing; an Arm
wound leaves one hand slot, so what no longer fits is dropped). Gaining Contamination puts a
card from the Contamination deck into the character's action discard pile.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import ChanceNode, Choice, Step
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules import replaceable
from nemesis_rules.model.rules.endgame import end_game
from nemesis_rules.model.rules.items import drop_options, drop_until_fits, free_slots

DEATH_AT_SERIOUS = 3


def light_wounds(state: GameState, player: int, count: int, ctx: Context) -> GameState:
    """Queue ``count`` Light Wounds for ``player`` (resolved one by one)."""
    return state.push(*(LightWound(player) for _ in range(count))) if count else state


def serious_wounds(state: GameState, player: int, count: int, ctx: Context) -> GameState:
    return state.push(*(SeriousWound(player) for _ in range(count))) if count else state


def contaminate(state: GameState, player: int, count: int, ctx: Context) -> GameState:
    return state.push(*(GainContamination(player) for _ in range(count))) if count else state


def dies_of_a_further_wound(state: GameState, player: int, ctx: Context) -> bool:
    """Whether one more wound kills ``player``: with 3 Serious Wounds it does (the rulebook and the
    reference); with more than three wounds of both kinds counted together only under the German overview's
    reading (ruling base.de.death-wounds, reading ``any-kind``)."""
    c = state.character(player)
    if len(c.serious_wounds) >= DEATH_AT_SERIOUS:
        return True
    if c.light_wounds + len(c.serious_wounds) < DEATH_AT_SERIOUS:
        return False
    reading = ctx.gap(
        state,
        "base.de.death-wounds",
        "base.death.fourth-wound",
        "a further wound to a Character with three or more wounds, fewer than three of them Serious",
    )
    return reading == "any-kind"


@dataclass(frozen=True, slots=True)
class LightWound(Step):
    """One Light Wound: with 3 Serious Wounds it kills; the third Light Wound becomes Serious."""

    player: int

    def run(self, state: GameState, ctx: Context) -> GameState:
        c = state.character(self.player)
        if not c.active:
            # base.hibernation.out-of-play: a Character out of play (dead, hibernating, escaped) takes no further part
            return state
        if dies_of_a_further_wound(state, c.player, ctx):
            ctx.fire("base.death.fourth-wound")
            return kill(state, self.player, ctx, "a further wound with 3 Serious Wounds")
        ctx.fire("base.wound.light-track")
        if c.light_wounds + 1 >= 3:
            ctx.fire("base.wound.light-conversion")
            state = state.with_character(c.evolve(light_wounds=0))
            return state.push(SeriousWound(self.player))
        return state.with_character(c.evolve(light_wounds=c.light_wounds + 1))


@dataclass(frozen=True, slots=True)
class SeriousWound(Step):
    """One Serious Wound: with 3 already it kills; otherwise draw a Serious Wound card."""

    player: int

    def run(self, state: GameState, ctx: Context) -> GameState:
        c = state.character(self.player)
        if not c.active:
            # base.hibernation.out-of-play: a Character out of play (dead, hibernating, escaped) takes no further part
            return state
        if dies_of_a_further_wound(state, c.player, ctx):
            ctx.fire("base.death.fourth-wound")
            return kill(state, self.player, ctx, "a further wound with 3 Serious Wounds")
        deck = state.deck("serious-wound")
        if not deck.draw_outcomes():
            reading = ctx.gap(
                state,
                "base.gap.serious-wound-deck-empty",
                "base.wound.serious-card",
                "a Serious Wound card must be drawn but the deck is empty",
            )
            if reading == "count-without-card":
                return state.with_character(c.evolve(serious_wounds=(*c.serious_wounds, "unknown")))
        return state.push(SeriousWoundDraw(self.player))


@dataclass(frozen=True, slots=True)
class SeriousWoundDraw(ChanceNode):
    player: int
    chance = "serious-wound"
    clause = "base.wound.serious-card"

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        return state.deck("serious-wound").draw_outcomes()

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        state = state.with_deck("serious-wound", state.deck("serious-wound").remove_top(outcome))
        c = state.character(self.player)
        state = state.with_character(c.evolve(serious_wounds=(*c.serious_wounds, outcome)))
        return serious_wound_arrives(state, self.player, outcome, ctx)


@dataclass(frozen=True, slots=True)
class GainContamination(Step):
    """Take the top Contamination card into your action discard pile (RU-RB p.20), or, with
    ``into_deck``, shuffle it into your Action deck (a Melee's card under ruling
    base.de.melee-contamination, reading ``shuffle-into-deck``)."""

    player: int
    into_deck: bool = False

    def run(self, state: GameState, ctx: Context) -> GameState:
        if not state.character(self.player).active:
            # base.hibernation.out-of-play: a Character out of play (dead, hibernating, escaped) takes no further part
            return state
        deck = state.deck("contamination")
        if not deck.draw_outcomes():
            reading = ctx.gap(
                state,
                "base.gap.contamination-deck-empty",
                "base.contamination.gain",
                "a Contamination card must be taken but the deck is empty",
            )
            if reading == "nothing":
                return state
        return state.push(ContaminationDraw(self.player, self.into_deck))


@dataclass(frozen=True, slots=True)
class ContaminationDraw(ChanceNode):
    player: int
    into_deck: bool = False
    chance = "contamination-card"
    clause = "base.contamination.gain"

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        return state.deck("contamination").draw_outcomes()

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        state = state.with_deck("contamination", state.deck("contamination").remove_top(outcome))
        c = state.character(self.player)
        if self.into_deck:
            return state.with_character(c.evolve(deck=c.deck.add(outcome)))
        return state.with_character(c.evolve(discard=c.discard.add(outcome)))


def kill(state: GameState, player: int, ctx: Context, cause: str) -> GameState:
    """A character dies: a red Corpse in the room; the first death unlocks every escape pod
    (RU-RB p.12, p.21). The end of the game is checked once the current procedure settles."""

    c = state.character(player)
    if not c.active:
        # base.hibernation.out-of-play: a Character already out of play dies no second time
        return state
    ctx.fire("base.death.corpse")
    first_death = all(x.status != "dead" for x in state.characters)
    dropped = [h for h in c.hands if h in tables.HEAVY_OBJECTS]  # Heavy Objects fall to the floor
    kept = tuple(h for h in c.hands if h not in tables.HEAVY_OBJECTS)
    state = state.with_character(c.evolve(status="dead", passed=True, hands=kept))
    room = state.room(c.position)
    objects = room.objects.add("corpse-red")
    for heavy in dropped:
        objects = objects.add(heavy)
    state = state.with_room(c.position, room.evolve(objects=objects))
    if first_death:
        ctx.fire("base.death.pods-unlock")
        state = state.evolve(pods=tuple(replace(p, locked=False) for p in state.pods))
    state = replaceable.on_character_leaves(state, player, ctx)
    return state.push(CheckLastCharacter())


@dataclass(frozen=True, slots=True)
class CheckLastCharacter(Step):
    """When the last active character leaves play, the Self-Destruct marker (if running), else
    the Time marker, moves to its last space and that ending resolves (RU-RB p.11)."""

    def run(self, state: GameState, ctx: Context) -> GameState:
        if any(c.active for c in state.characters) or state.end is not None:
            # base.end.last-character: the end comes only when no Character is active
            return state

        ctx.fire("base.end.last-character")
        if state.self_destruct is not None:
            return end_game(state, "last-character-left-self-destruct", ctx)
        return end_game(state, "last-character-left-hyperjump", ctx)


def serious_wound_arrives(state: GameState, player: int, wound: str, ctx: Context) -> GameState:
    """A Serious Wound card just drawn (it is already on the character). A duplicate of an
    undressed wound adds no effect (duplicates do not stack); an Arm wound leaves one hand
    slot, so a character holding more than fits drops one of them, by their choice (facts.md §5)."""
    c = state.character(player)
    if c.serious_wounds.count(wound) - 1 > c.dressed.count(wound):
        ctx.fire("base.wound.duplicates")
        return state
    if wound != "arm":
        # base.serious-wound.arm: only the Arm wound makes a Character drop an item at once
        return state
    ctx.fire("base.serious-wound.arm")
    if free_slots(state.character(player)) < 0:
        return state.push(ArmDrop(player))
    return state


@dataclass(frozen=True, slots=True)
class ArmDrop(Choice):
    """An Arm wound: the character drops a Heavy Item or Object until the rest fits in one
    slot (an object stays in the room, an item is discarded)."""

    clause = "base.serious-wound.arm"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        return drop_options(state, self.player)

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        return drop_until_fits(state, self, decision, ctx)

    def diagnose(self, state: GameState, decision: Decision) -> tuple[str, str]:
        return "with an Arm wound one of the Heavy things held must be dropped now", self.clause
