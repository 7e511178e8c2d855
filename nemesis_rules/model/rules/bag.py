"""What the base game's Intruder tokens do when drawn: in an Encounter (RU-RB p.18) and in bag
development (Event step 8, RU-RB p.10, p.31; facts.md §1).

Token ids are ``<type>-<number>`` (``adult-3``) and ``blank``.
"""

from __future__ import annotations

from dataclasses import dataclass

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import ChanceNode
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules import queries
from nemesis_rules.model.rules.attack import IntruderAttack
from nemesis_rules.model.rules.encounter import Encounter, first_encounter
from nemesis_rules.model.rules.intruders import on_board, place_intruder
from nemesis_rules.model.rules.noise import bag_noise_rolls, fill_noiseless
from nemesis_rules.model.rules.queries import turn_order


def token_type(token: str) -> str:
    return token.rsplit("-", 1)[0] if token[-1].isdigit() else token


def _from_pool(state: GameState, kind: str) -> GameState:
    """Move one token of ``kind`` from the pool beside the board into the bag (if any is left)."""
    tokens = sorted(t for t in state.token_pool if token_type(t) == kind)
    if not tokens:
        # base.bag.blank: nothing is added when the supply beside the board has no such token (facts.md §1)
        return state
    return state.evolve(bag=state.bag.add(tokens[0]), token_pool=state.token_pool.remove(tokens[0]))


_GROWS_INTO = {"larva": "adult", "creeper": "breeder"}


def _grow_token(state: GameState, token: str, kind: str, ctx: Context) -> GameState:
    """A Larva (Creeper) drawn in development leaves the bag and an Adult (Breeder) token goes in
    (facts.md §1). With none of those left beside the board the texts are silent: ruling
    base.gap.token-supply-exhausted either lets the drawn token leave anyway (``nothing``, the
    Blank's stated fallback) or keeps it in the bag (``keep-token``)."""
    ctx.fire(f"base.bag.{kind}")
    grown = _GROWS_INTO[kind]
    if not any(token_type(t) == grown for t in state.token_pool):
        reading = ctx.gap(
            state,
            "base.gap.token-supply-exhausted",
            f"base.bag.{kind}",
            f"a {kind} token drawn in bag development must add a {grown} token but none is left",
        )
        if reading == "keep-token":
            return state
    ctx.fire("base.bag.removed-to-pool")  # the drawn token joins the supply beside the board
    state = state.evolve(bag=state.bag.remove(token), token_pool=state.token_pool.add(token))
    return _from_pool(state, grown)


def base_encounter_token(state: GameState, token: str, player: int, position: str, ctx: Context) -> GameState:
    """An Encounter's drawn token (already out of the bag)."""

    if token == "blank":
        ctx.fire("base.encounter.blank")
        state = fill_noiseless(state, position, ctx)
        if not state.bag:
            ctx.fire("base.encounter.blank")
            if not any(token_type(t) == "adult" for t in state.token_pool):
                # the Encounter's Blank names no fallback when no Adult token is left (facts.md §1 gives the
                # bag development's Blank one: nothing); ruling base.gap.blank-no-adult decides
                ctx.gap(
                    state,
                    "base.gap.blank-no-adult",
                    "base.encounter.blank",
                    "the Blank was the bag's last token in an Encounter and no Adult token is left to add",
                )
            state = _from_pool(state, "adult")
        return state.evolve(bag=state.bag.add(token))
    kind = token_type(token)
    ctx.fire("base.encounter.set-aside")
    state, intruder_id = place_intruder(state, kind, position, token, ctx)
    if not intruder_id:
        return state
    frames = []
    threshold = queries.surprise_threshold(state, token, ctx)
    if state.character(player).hand.total < threshold:
        frames.append(IntruderAttack(intruder_id, player, "surprise"))
    state = state.push(*frames)
    return first_encounter(state, ctx)


def base_bag_development(state: GameState, token: str, ctx: Context) -> GameState:
    """Bag development: the drawn token's effect (the token is still counted in the bag here)."""

    kind = token_type(token)
    if kind in ("larva", "creeper"):
        return _grow_token(state, token, kind, ctx)
    if kind in ("adult", "breeder"):
        ctx.fire(f"base.bag.{kind}")
        return state.push(*bag_noise_rolls(state, turn_order(state)))
    if kind == "queen":
        nest = [p for p in state.config.board.positions if state.room(p).tile == "nest" and state.room(p).explored]
        here = [c for c in state.characters if c.active and nest and c.position == nest[0]]
        if here and on_board(state, "queen") < tables.miniature_limit(state.config, "queen"):
            ctx.fire("base.bag.queen-in-nest")
            state, _ = place_intruder(state, "queen", nest[0], None, ctx)
            first = min(here, key=lambda c: turn_order(state).index(c.player))
            return state.push(Encounter(first.player, nest[0]))
        ctx.fire("base.bag.queen-egg")
        if queries.eggs_in_use(state) >= tables.supply(state.config, "egg"):  # Eggs carried or dropped count too
            reading = ctx.gap(
                state,
                "base.gap.egg-supply",
                "base.bag.queen-egg",
                "bag development adds an Egg but all 8 Egg tokens are in use",
            )
            if reading == "nothing":
                return state
        return state.evolve(eggs=state.eggs + 1)
    ctx.fire("base.bag.blank")
    return _from_pool(state, "adult")


@dataclass(frozen=True, slots=True)
class SummoningDraw(ChanceNode):
    """Summoning: draw a token and place that Intruder in the room; it does not attack now."""

    position: str
    chance = "intruder-token"
    clause = "base.attack-card.summoning"

    def outcomes(self, state: GameState) -> tuple[tuple[str, int], ...]:
        return state.bag.items()

    def resolve(self, state: GameState, outcome: str, ctx: Context) -> GameState:
        state = state.evolve(bag=state.bag.remove(outcome))
        if outcome == "blank":
            state = fill_noiseless(state, self.position, ctx)
            return state.evolve(bag=state.bag.add(outcome))
        state, _ = place_intruder(state, token_type(outcome), self.position, outcome, ctx)
        return state
