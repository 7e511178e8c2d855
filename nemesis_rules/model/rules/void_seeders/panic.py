"""Panic cards (void-seeders-rulebook.txt, Void Seeders Features > Panic Cards; Gameplay Changes >
Interruption Action; Rules Summary > Panic Cards).

Resolving a Panic card: draw the top card of the Panic deck and compare its value with the
Character's Insanity. Lower, or an effect that cannot be carried out: +1 Insanity. Otherwise
each other Character in the room holding an Interruption card may cancel the effect (then no
Insanity either); if nobody does, the effect resolves. The 14 effects of the 20 cards
(facts.md §16) are in :mod:`.panic_effects`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import cast

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import ChanceNode, Step
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.interruption import open_interruption
from nemesis_rules.model.rules.void_seeders.components import PANIC_DECK, panic_card
from nemesis_rules.model.rules.void_seeders.insanity import raise_insanity


@dataclass(frozen=True, slots=True)
class ResolvePanic(Step):
    """``player`` resolves a Panic card (vs.panic.draw)."""

    player: int

    def run(self, state: GameState, ctx: Context) -> GameState:
        if not state.character(self.player).active:
            ctx.gap(
                state,
                "vs.gap.panic-absent-character",
                "vs.panic.draw",
                f"player {self.player} must resolve a Panic card but the Character is no longer in play",
            )
            return state
        deck = state.deck(PANIC_DECK)
        if not deck.draw_outcomes():
            ctx.gap(
                state,
                "vs.gap.panic-deck-empty",
                "vs.panic.draw",
                "a Panic card must be drawn but every Panic card is in the discard pile",
            )
            state = state.with_deck(PANIC_DECK, deck.reshuffled())
            if not state.deck(PANIC_DECK).draw_outcomes():
                return state
        return state.push(PanicDraw(self.player))


@dataclass(frozen=True, slots=True)
class PanicRule:
    """One Panic card's effect: ``resolvable(state, player, ctx)``, can it be carried out now;
    ``resolve`` does it. The effects are in :mod:`.panic_effects`; the ruleset holds them."""

    resolvable: Callable[[GameState, int, Context], bool]
    resolve: Callable[[GameState, int, Context], GameState]


PANIC_EFFECTS = "panic-effects"
"""The name of the Panic effects table among the ruleset's extra tables."""


def panic_effects(state: GameState) -> Mapping[str, PanicRule]:
    """The game's Panic effects by card effect slug, as its ruleset holds them."""
    return cast("Mapping[str, PanicRule]", state.config.ruleset.extra[PANIC_EFFECTS])


@dataclass(frozen=True, slots=True)
class PanicDraw(ChanceNode):
    """The top card of the Panic deck; it goes to the Panic discard pile."""

    player: int
    chance = "panic-card"
    clause = "vs.panic.draw"

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        return state.deck(PANIC_DECK).draw_outcomes()

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        state = state.with_deck(PANIC_DECK, state.deck(PANIC_DECK).remove_top(outcome).discarded(outcome))
        card = panic_card(state.config, outcome)
        if state.character(self.player).insanity < card.level:
            ctx.fire("vs.panic.below-value")
            return raise_insanity(state, self.player, ctx)
        if not panic_effects(state)[card.effect].resolvable(state, self.player, ctx):
            return panic_failed(state, self.player, ctx)
        return interruption_window(state, self.player, card.effect)


def panic_failed(state: GameState, player: int, ctx: Context) -> GameState:
    """The effect cannot be carried out: +1 Insanity instead (vs.panic.unresolvable)."""
    ctx.fire("vs.panic.unresolvable")
    return raise_insanity(state, player, ctx)


def interruption_window(state: GameState, player: int, effect: str) -> GameState:
    """Before the effect: another Character in the room (ruling vs.summary.panic-interrupt: any
    Character) may cancel it with an Interruption card, which may itself be interrupted; a
    cancelled effect gives no Insanity (the base game's Interruption window)."""

    anywhere = state.config.ruling("vs.summary.panic-interrupt") == "any-player"
    position = state.character(player).position
    return open_interruption(
        state, player, position, PanicEffect(player, effect), PanicCancelled(player, effect), anywhere=anywhere
    )


@dataclass(frozen=True, slots=True)
class PanicCancelled(Step):
    """An Interruption cancelled the effect: nothing happens, not even the Insanity."""

    player: int
    effect: str

    def run(self, state: GameState, ctx: Context) -> GameState:
        ctx.fire("vs.panic.interrupt", "vs.change.interruption", "vs.panic.interrupt-no-insanity")
        return state


@dataclass(frozen=True, slots=True)
class PanicEffect(Step):
    """Resolve the card's effect (vs.panic.resolve, vs.panic-card.<effect>)."""

    player: int
    effect: str

    def run(self, state: GameState, ctx: Context) -> GameState:
        if not state.character(self.player).active:
            # base.hibernation.out-of-play: a Character out of play (dead, hibernating, escaped) takes no further part
            return state
        ctx.fire("vs.panic.resolve", f"vs.panic-card.{self.effect}")
        return panic_effects(state)[self.effect].resolve(state, self.player, ctx)


@dataclass(frozen=True, slots=True)
class RaiseInsanity(Step):
    """+1 Insanity for ``player`` as a queued step (after earlier parts of an effect)."""

    player: int

    def run(self, state: GameState, ctx: Context) -> GameState:
        return raise_insanity(state, self.player, ctx)
