"""The expansion's tokens come from its box: Void Seeder tokens, one Blank, and a Character Insanity
token per player (void-seeders-rulebook.txt, Components; facts.md §16)."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.game import start
from nemesis_rules.model.rules.void_seeders.bag import FillBag
from nemesis_rules.testing import after_setup


def game(players: int = 2, seed: int = 0, variants: dict[str, str] | None = None) -> GameState:
    return after_setup(players, seed, ruleset="void-seeders", variants=variants)


@pytest.mark.parametrize("players", [1, 3, 5])
def test_vs_supply_tokens_bag_and_supply_hold_exactly_the_box(players: int) -> None:
    state = after_setup(players=players, seed=2, ruleset="void-seeders")
    everything = state.bag.union(state.token_pool)
    seeders = sum(n for token, n in everything.items() if token.startswith("void-seeder-"))
    assert seeders == 16  # the rulebook's count (ruling vs.data.token-count's default)
    assert everything.count("blank") == 1
    assert sum(n for token, n in everything.items() if token.startswith("insanity-")) == players


def test_vs_supply_tokens_setup_fills_the_bag_from_the_box() -> None:
    state = start("void-seeders", 2)
    ctx = Context()
    filled = FillBag().run(state, ctx)
    assert "vs.supply.tokens" in ctx.fired
    assert filled.bag.count("blank") == 1


def test_vs_supply_tokens_counts() -> None:
    vs = tables.void_seeders(game().config)
    assert (len(vs.void_seeder_tokens), len(vs.blank_tokens), len(vs.insanity_tokens)) == (16, 1, 7)
