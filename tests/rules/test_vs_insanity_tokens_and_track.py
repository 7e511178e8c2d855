"""Known-answer tests for the Insanity components: one coloured Insanity token per player goes into the
bag, and the symbols along the Insanity track, named after their clause ids. They play from a plain
setup of any player count, as in test_vs_setup.py; test_vs_insanity.py plays from a two-player game."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.multiset import EMPTY, Multiset
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.void_seeders.bag import add_insanity_tokens
from nemesis_rules.testing import after_setup


def game(players: int = 2, seed: int = 0, variants: dict[str, str] | None = None) -> GameState:
    return after_setup(players, seed, ruleset="void-seeders", variants=variants)


def test_vs_insanity_tokens_one_per_player_colour_goes_into_the_bag() -> None:
    state = replace(game(3), bag=EMPTY)
    ctx = Context()
    state = add_insanity_tokens(state, ctx)
    assert state.bag == Multiset.of(["insanity-blue", "insanity-red", "insanity-yellow"])
    assert "vs.insanity.tokens" in ctx.fired and "vs.setup.insanity-tokens" in ctx.fired


def test_vs_insanity_track_symbols_by_level() -> None:
    track = tables.void_seeders(game().config).insanity_track
    assert [track.type_at(level) for level in range(1, 6)] == [
        "lurker",
        "whisperer",
        "whisperer",
        "stalker",
        "despoiler",
    ]
