"""Noise: the noise roll, Noise markers, Silence and Danger (RU-RB p.14-15;
base-rules-reference.txt, Noise; facts.md §15).

Results 1-4 put a Noise marker in the room's corridor (or technical entrance) bearing that
number; a marker already there means an Encounter instead. Danger pulls every neighbouring
Intruder not in Combat into the room, or, with none, fills every noiseless corridor.
Silence does nothing unless the character is slimed, then it reads as Danger.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from nemesis_rules.board.layout import TECH
from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import ChanceNode, Choice, Step
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules import queries
from nemesis_rules.model.rules.encounter import Encounter
from nemesis_rules.model.rules.intruders import move_intruder
from nemesis_rules.model.rules.items import pay_cards
from nemesis_rules.model.rules.payment import payments
from nemesis_rules.model.rules.queries import active_quest


def place_noise(state: GameState, position: str, space: str, player: int, ctx: Context) -> GameState:
    """A Noise marker in ``space`` (a corridor id or TECH) at ``position``: if one is already
    there, an Encounter happens in ``position`` instead (one marker per corridor, RU-RB p.15)."""
    if space in state.noise:
        ctx.fire("base.noise.second-marker-encounter")

        return state.push(Encounter(player, position))
    if len(state.noise) >= tables.noise_supply(state.config):
        ctx.fire("base.supply.components")  # every Noise marker is on the board
        reading = ctx.gap(
            state,
            "base.gap.noise-supply",
            "base.supply.components",
            "a Noise marker must be placed but all of them are on the board",
        )
        if reading == "nothing":
            return state
    ctx.fire("base.noise.number")
    if space != TECH and state.door(space) == "closed":
        ctx.fire("base.noise.doors-ignored")  # a Closed Door does not stop Noise
    return state.evolve(noise=state.noise | {space})


def fill_noiseless(state: GameState, position: str, ctx: Context) -> GameState:
    """A Noise marker in every corridor (and technical entrance) of ``position`` that has none."""
    spaces = [s for s in state.config.board.spaces_at[position] if s not in state.noise]
    if any(s != TECH and state.door(s) == "closed" for s in spaces):
        ctx.fire("base.noise.doors-ignored")  # a Closed Door does not stop Noise
    room = max(0, tables.noise_supply(state.config) - len(state.noise))
    if len(spaces) > room:
        reading = ctx.gap(
            state,
            "base.gap.noise-supply",
            "base.supply.components",
            "Noise markers must be placed but too few are left in the supply",
        )
        if reading == "nothing":
            spaces = spaces[:room]
    return state.evolve(noise=state.noise | frozenset(spaces))


@dataclass(frozen=True, slots=True)
class NoiseRoll(ChanceNode):
    """A character's noise roll in ``position`` with the noise die of the data variant."""

    player: int
    position: str
    chance = "noise-roll"
    clause = "base.noise.number"

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        return tables.noise_die(state.config)

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        if (reacting := noise_roll_reaction(state, self.player, self.position, outcome)) is not None:
            return reacting  # the Motion Scanner's reroll window comes first
        c = state.character(self.player)
        if outcome == "silence":
            if c.slime:
                ctx.fire("base.noise.slimed-silence")
                return danger(state, self.position, self.player, ctx)
            ctx.fire("base.noise.silence")
            return state
        if outcome == "danger":
            ctx.fire("base.noise.danger")
            return danger(state, self.position, self.player, ctx)
        space = state.config.board.space_by_number[self.position].get(int(outcome))
        if space is None:
            ctx.fire("base.noise.number")
            return state
        # the number names exactly one corridor (its numbers hold from both ends) or the
        # technical entrance, which bears the numbers no corridor of the room uses
        ctx.fire("base.noise.number", "base.noise.unique-numbers")
        if space == TECH:
            ctx.fire("base.ship.tech-entrances", "base.tech-corridor.shared-noise")
        else:
            ctx.fire("base.ship.corridors")
        return place_noise(state, self.position, space, self.player, ctx)


def danger(state: GameState, position: str, player: int, ctx: Context) -> GameState:
    """Danger: every Intruder in a neighbouring room and not in Combat moves in (the reference
    omits 'not in Combat': ruling base.ref.danger-in-combat); if there is none, a Noise marker in
    every noiseless corridor of the room (RU-RB p.15; FAQ: all corridors already noisy means nothing
    happens)."""

    board = state.config.board
    neighbours = [i for i in state.intruders if i.position in board.neighbours[position] and queries.can_move(state, i)]
    in_combat = [i for i in neighbours if state.characters_at(i.position)]
    all_neighbours = bool(in_combat) and (
        ctx.gap(
            state,
            "base.ref.danger-in-combat",
            "base.noise.danger",
            "Danger with an Intruder In Combat in a neighbouring room",
        )
        == "all-neighbours"
    )
    movers = neighbours if all_neighbours else [i for i in neighbours if i not in in_combat]
    if not movers:
        ctx.fire("base.noise.danger-fills-corridors")
        if all(s in state.noise for s in board.spaces_at[position]):
            ctx.fire("base.noise.danger-all-noisy")  # every corridor is noisy already: nothing happens
        return fill_noiseless(state, position, ctx)
    ctx.fire("base.noise.danger")
    for intruder in movers:
        corridor = board.corridor_between[(intruder.position, position)]
        state = move_intruder(state, intruder.id, corridor, ctx)
    return state


@dataclass(frozen=True, slots=True)
class RollNoise(Step):
    """Make a noise roll (queued as a step so that earlier effects resolve first)."""

    player: int
    position: str

    def run(self, state: GameState, ctx: Context) -> GameState:
        if not state.character(self.player).active:
            # base.hibernation.out-of-play: a Character out of play (dead, hibernating, escaped) takes no further part
            return state
        return state.push(NoiseRoll(self.player, self.position))


BAG_NOISE_RULING = "base.ambiguity.bag-noise-combat-timing"


@dataclass(frozen=True, slots=True)
class BagNoise(Step):
    """One player's Noise roll of a bag development (an Adult or Breeder token; a Void Seeder token):
    every player in turn order rolls, except Characters In Combat (facts.md §1). Whether 'In Combat' is
    judged when the token is drawn or when this player's roll comes, after an earlier roll's Danger may
    have brought an Intruder in, is ruling base.ambiguity.bag-noise-combat-timing."""

    player: int
    position: str

    def run(self, state: GameState, ctx: Context) -> GameState:
        if not state.character(self.player).active:
            # base.hibernation.out-of-play: a Character out of play (dead, hibernating, escaped) takes no further part
            return state
        if state.in_combat(self.player):
            reading = ctx.gap(
                state,
                BAG_NOISE_RULING,
                "base.bag.adult",
                "an earlier Noise roll of this bag development put a Character In Combat before its own roll",
            )
            if reading == "at-roll":
                return state
        return state.push(NoiseRoll(self.player, self.position))


def bag_noise_rolls(state: GameState, players: Iterable[int]) -> tuple[BagNoise, ...]:
    """The bag development's Noise rolls: every active player of ``players`` (in turn order) not In
    Combat when the token is drawn."""
    return tuple(
        BagNoise(p, state.character(p).position)
        for p in players
        if state.character(p).active and not state.in_combat(p)
    )


EGG_NOISE_RULING = "vs.ambiguity.egg-noise-in-combat"


@dataclass(frozen=True, slots=True)
class EggNoise(Step):
    """The Noise roll that follows each attempt on the Nest's Eggs (facts.md §9, base.nest.destroy-eggs).
    With Void Seeders a Character In Combat rolls for Noise only because of a Lair (the rulebook's
    'the only way', vs.lair.noise-roll); where that ruling is in force and the attacker is In Combat,
    ruling vs.ambiguity.egg-noise-in-combat decides whether the roll still happens."""

    player: int
    position: str

    def run(self, state: GameState, ctx: Context) -> GameState:
        if not state.character(self.player).active:
            # base.hibernation.out-of-play: a Character out of play (dead, hibernating, escaped) takes no further part
            return state
        if EGG_NOISE_RULING in state.config.rulings and state.in_combat(self.player):
            reading = ctx.gap(
                state,
                EGG_NOISE_RULING,
                "base.nest.destroy-eggs",
                "a Character In Combat attacked the Nest's Eggs, which a Noise roll follows",
            )
            if reading == "no-roll":
                return state
        return state.push(NoiseRoll(self.player, self.position))


# -- the Motion Scanner/Sensor: a Noise roll rerolled -------------------------------------------

MOTION_SCANNER = "motion-scanner-sensor"
REROLLED = "noise-rerolled"
"""A flag set only while a rerolled (or kept) Noise roll resolves, so no second window opens."""


def noise_roll_reaction(state: GameState, player: int, position: str, outcome: str) -> GameState | None:
    """After ``player``'s Noise roll came up ``outcome``: the state with a reroll window, when
    the player holds an active Motion Scanner, is out of Combat and has a card to discard;
    None when no window opens (the roll then resolves as usual)."""
    if REROLLED in state.flags or not _scanner_ready(state, player):
        return None
    return state.push(ScannerReroll(player, position, outcome))


def _scanner_ready(state: GameState, player: int) -> bool:
    c = state.character(player)
    return (
        c.active
        and active_quest(state, c, MOTION_SCANNER)
        and not state.in_combat(player)
        and bool(payments(c.hand, 1))
    )


def resolve_noise(state: GameState, player: int, position: str, outcome: str, ctx: Context) -> GameState:
    """Resolve a Noise roll result with the reroll window closed."""

    marked = state.evolve(flags=state.flags | {REROLLED})
    after = NoiseRoll(player, position).resolve(marked, outcome, ctx)
    return after.evolve(flags=after.flags - {REROLLED})


@dataclass(frozen=True, slots=True)
class ScannerReroll(Choice):
    """Keep the Noise roll, or discard 1 card from the hand to roll it again (once)."""

    position: str
    outcome: str
    clause = "base.quest-item.motion-scanner-sensor"

    def options(self, state: GameState) -> tuple[Decision, ...]:
        out = [Decision.make(self.player, "keep-noise-roll", result=self.outcome)]
        hand = state.character(self.player).hand
        out.extend(Decision.make(self.player, "reroll-noise", pay=cards) for cards in payments(hand, 1))
        return tuple(sorted(out))

    def resolve(self, state: GameState, decision: Decision, ctx: Context) -> GameState:
        if decision.kind == "keep-noise-roll":
            return resolve_noise(state, self.player, self.position, self.outcome, ctx)
        ctx.fire(self.clause)
        state = pay_cards(state, self.player, decision.cards())
        return state.push(NoiseReroll(self.player, self.position))


@dataclass(frozen=True, slots=True)
class NoiseReroll(NoiseRoll):
    """The Noise roll made again; its result stands (no second reaction window)."""

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        return resolve_noise(state, self.player, self.position, outcome, ctx)
