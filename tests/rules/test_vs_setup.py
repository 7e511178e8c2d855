"""Known-answer scenarios for setting up a Void Seeders game (void-seeders-rulebook.txt, Setup),
named after clauses."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.void_seeders.components import insanity_token, player_colour
from nemesis_rules.testing import after_setup


def game(players: int = 2, seed: int = 0, variants: dict[str, str] | None = None) -> GameState:
    return after_setup(players, seed, ruleset="void-seeders", variants=variants)


@pytest.mark.parametrize("seed", range(4))
def test_vs_setup_room_tiles_2_no_slime_room(seed: int) -> None:
    state = game(seed=seed)
    assert "room-covered-with-slime" not in {r.tile for r in state.rooms}


def test_vs_setup_exploration_tokens_on_every_tile_and_engine() -> None:
    state = game()
    tokens = [r.token for r in state.rooms if r.token]
    assert len(tokens) == 16 + 3 and not state.exploration_pool
    kinds = [t.rsplit("-", 1)[0] for t in tokens]
    assert kinds.count("lair") == 3 and "slime" not in kinds and "silence" not in kinds
    engines = [p for p, r in state.config.board.printed_rooms.items() if r.startswith("engine")]
    assert all(state.room(p).token for p in engines)


@pytest.mark.parametrize("players", [1, 3, 5])
def test_vs_setup_intruder_bag_blank_seeders_and_insanity_tokens(players: int) -> None:
    state = game(players)
    bag = state.bag
    seeders = sum(n for t, n in bag.items() if t.startswith("void-seeder-"))
    assert bag.count("blank") == 1 and seeders == 2 + players
    assert {t for t in bag.distinct() if t.startswith("insanity-")} == {
        insanity_token(state.config, p) for p in range(1, players + 1)
    }
    assert bag.total + state.token_pool.total == 1 + 16 + players
    assert all(t.startswith("void-seeder-") for t in state.token_pool.distinct())


def test_vs_setup_insanity_tokens_player_colours_follow_the_data_order() -> None:
    state = game(5)
    assert [player_colour(state.config, p) for p in range(1, 6)] == ["blue", "red", "yellow", "green", "purple"]


def test_vs_setup_decks_void_seeder_decks_and_the_panic_deck() -> None:
    state = game()
    vs = tables.void_seeders(state.config)
    assert set(state.deck("event").unknown.distinct()) == {c.id for c in vs.event_cards}
    assert set(state.deck("intruder-attack").unknown.distinct()) == {c.id for c in vs.attack_cards}
    assert state.deck("panic").size == 20


def test_vs_setup_void_seeder_board_eggs_and_three_vs_weaknesses() -> None:
    state = game()
    assert state.eggs == 5 and len(state.weaknesses) == 3
    assert all(w.startswith("vs-weakness-") for w in state.weaknesses)


def test_vs_setup_no_larva_nothing_of_the_base_bag() -> None:
    state = game()
    assert not any(t.startswith(("larva", "adult", "creeper", "queen", "breeder")) for t in state.bag.distinct())


def test_vs_data_token_count_fan_app_variant_has_17() -> None:
    state = game(variants={"vs-tokens": "ab"})
    assert state.bag.total + state.token_pool.total == 1 + 17 + 2


def test_vs_setup_terms_a_void_seeder_is_placed_as_an_intruder() -> None:
    from nemesis_rules.model.rules.void_seeders.seeders import place_void_seeder

    state = game()
    position = state.character(1).position
    ctx = Context()
    after, placed = place_void_seeder(state, "lurker", position, ctx)
    assert "vs.setup.terms" in ctx.fired
    seeder = next(i for i in after.intruders if i.id == placed)
    assert seeder.kind == "lurker" and seeder in after.intruders_at(position)
    assert after.in_combat(1)  # a base rule about Intruders (Combat) holds for a Void Seeder


def test_vs_setup_insanity_track_starts_every_character_at_1() -> None:
    state = game()
    assert [c.insanity for c in state.characters] == [1, 1]
