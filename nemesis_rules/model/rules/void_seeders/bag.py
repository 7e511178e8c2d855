"""The Intruder bag with Void Seeder, Blank and Character Insanity tokens: filling it at setup,
adding random Void Seeder tokens, and bag development (void-seeders-rulebook.txt, Setup 10 and
18; Event Phase Rules > 9: Intruder Bag Development; Rules Summary > Intruder Bag Development).
"""

from __future__ import annotations

from dataclasses import dataclass

from nemesis_rules.model.core.config import GameConfig
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import ChanceNode, Frame, Step
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.noise import bag_noise_rolls
from nemesis_rules.model.rules.queries import turn_order
from nemesis_rules.model.rules.void_seeders.components import (
    BLANK,
    SEEDER_TOKEN,
    absent,
    data,
    insanity_token,
    is_insanity_token,
    is_seeder_token,
    seeders_in_supply,
    token_owner,
)
from nemesis_rules.model.rules.void_seeders.panic import ResolvePanic


def token_supply(config: GameConfig) -> Multiset:
    """Every numbered Void Seeder token starts beside the board; setup draws the bag's share at
    random from there (VS-RB Setup 10)."""
    return Multiset.of(tables.token_key(t) for t in data(config).void_seeder_tokens)


@dataclass(frozen=True, slots=True)
class AddRandomToken(Step):
    """Add one random Void Seeder token from the supply to the bag; nothing if none is left.
    ``clause`` names the rule that asks for it."""

    clause: str

    def run(self, state: GameState, ctx: Context) -> GameState:
        if not seeders_in_supply(state):
            ctx.fire(self.clause)
            return state
        return state.push(SupplyTokenDraw(self.clause))


@dataclass(frozen=True, slots=True)
class SupplyTokenDraw(ChanceNode):
    """Which Void Seeder token comes from the supply (each token equally likely)."""

    reason: str
    chance = "void-seeder-token"
    clause = "vs.bag.blank"

    def clause_for(self, state: GameState) -> str:
        return self.reason

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        return tuple((t, n) for t, n in state.token_pool.items() if is_seeder_token(t) and n > 0)

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        return state.evolve(token_pool=state.token_pool.remove(outcome), bag=state.bag.add(outcome))


def add_random_tokens(state: GameState, count: int, clause: str) -> GameState:
    """Queue ``count`` random Void Seeder tokens from the supply into the bag."""
    return state.push(*(AddRandomToken(clause) for _ in range(count))) if count else state


@dataclass(frozen=True, slots=True)
class FillBag(Step):
    """Setup step 10: the Blank and 2 random Void Seeder tokens, and 1 more per player. The
    Insanity tokens follow after the draft (step 18, :func:`add_insanity_tokens`)."""

    def run(self, state: GameState, ctx: Context) -> GameState:
        ctx.fire("vs.setup.intruder-bag", "vs.supply.tokens")  # the Blank and the tokens come from the box's supply
        composition = dict(data(state.config).setup_bag.composition(state.config.players))
        state = state.evolve(bag=state.bag.add(BLANK, composition.get(BLANK, 0)))
        return add_random_tokens(state, composition.get(SEEDER_TOKEN, 0), "vs.setup.intruder-bag")


def bag_setup(state: GameState) -> list[Frame]:
    return [FillBag()]


def add_insanity_tokens(state: GameState, ctx: Context) -> GameState:
    """Setup step 18: one Insanity token of each player's colour into the bag."""
    ctx.fire("vs.setup.insanity-tokens", "vs.insanity.tokens")
    tokens = Multiset.of(insanity_token(state.config, p) for p in range(1, state.config.players + 1))
    return state.evolve(bag=state.bag.union(tokens))


@dataclass(frozen=True, slots=True)
class BagDevelopmentStep(Step):
    """Step 9: draw one token from the bag (ruling vs.gap.empty-bag when it is empty)."""

    def run(self, state: GameState, ctx: Context) -> GameState:
        if not state.bag:
            reading = ctx.gap(
                state,
                "vs.gap.empty-bag",
                "vs.event.bag-development",
                "bag development must draw from the Intruder bag but it is empty",
            )
            if reading == "no-intruder" or not seeders_in_supply(state):
                return state
            return state.push(AddRandomToken("vs.gap.empty-bag"), BagDevelopmentStep())
        return state.push(BagDevelopmentDraw())


@dataclass(frozen=True, slots=True)
class BagDevelopmentDraw(ChanceNode):
    """The drawn token (still counted in the bag while its effect resolves)."""

    chance = "intruder-token"
    clause = "vs.event.bag-development"

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        return state.bag.items()

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        return bag_development(state, outcome, ctx)


def bag_development(state: GameState, token: str, ctx: Context) -> GameState:
    """What the drawn token does (VS-RB Event step 9)."""

    if is_seeder_token(token):
        ctx.fire("vs.bag.void-seeder-return", "vs.bag.void-seeder-noise")
        return state.push(*bag_noise_rolls(state, turn_order(state)))
    if is_insanity_token(token):
        player = token_owner(state.config, token)
        if absent(state, player):
            reading = ctx.gap(
                state,
                "vs.summary.bag-insanity-absent",
                "vs.bag.insanity-absent",
                f"the Insanity token of player {player}, whose Character is no longer aboard, is drawn",
            )
            if reading == "remove-redraw":
                ctx.fire("vs.bag.insanity-absent")
                state = state.evolve(bag=state.bag.remove(token), removed=state.removed.add(f"token:{token}"))
                return state.push(BagDevelopmentStep())
            return state
        ctx.fire("vs.bag.insanity-panic")
        return state.push(ResolvePanic(player))
    ctx.fire("vs.bag.blank")
    return state.push(AddRandomToken("vs.bag.blank"))
