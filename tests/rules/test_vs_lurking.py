"""Known-answer tests for Lurking: its choice of rooms, the Noise it leaves and the tokens it returns to
the bag, and the readings of technical-corridor neighbours and of Lairs (void-seeders-rulebook.txt,
Event Phase Rules, step 8, Lurking; Rules Summary > Lurking), named after their clause and ruling ids."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.void_seeders.lurking import LurkingStep
from nemesis_rules.testing import after_setup, move_character, run, with_frames, with_hand, with_intruders


def game(rulings: dict[str, str] | None = None, players: int = 2) -> GameState:
    state = after_setup(players, 0, ruleset="void-seeders", rulings=rulings)
    for p in range(1, players + 1):
        state = with_hand(state, p, "search", "demolition")
    return state


def place(state: GameState, *intruders: Intruder) -> GameState:
    return replace(state, intruders=tuple(sorted(intruders)), next_intruder=max(i.id for i in intruders) + 1)


def test_vs_lurking_find_only_seeders_with_no_character_next_door_lurk() -> None:
    state = after_setup(players=2, seed=3, ruleset="void-seeders")
    state = move_character(move_character(with_hand(with_hand(state, 1), 2), 1, "11"), 2, "11")
    # room 15 is next to room 11 (the Door closed: Void Seeders ignore it); room 01 is not
    state = with_intruders(state, Intruder(1, "lurker", "01"), Intruder(2, "lurker", "15"))
    state = state.with_door("11-15", "closed")
    assert "01" not in state.config.board.neighbours["11"] and "15" in state.config.board.neighbours["11"]
    ctx = Context()
    after = LurkingStep().run(state, ctx)
    assert [(i.id, i.position) for i in after.intruders] == [(2, "15")]
    assert "vs.lurking.find" in ctx.fired


def test_vs_lurking_noise_find_and_remove() -> None:
    # players in 11; a Lurker two rooms away in 03 lurks, a Whisperer next door in 15 does not
    state = place(game(), Intruder(1, "lurker", "03"), Intruder(2, "whisperer", "15"))
    state = replace(state, noise=frozenset())
    ctx = Context()
    state = with_frames(state, LurkingStep())
    assert [i.id for i in state.intruders] == [2]
    assert set(state.config.board.spaces_at["03"]) <= state.noise
    assert state.pending[-1].chance == "void-seeder-token"  # type: ignore[attr-defined]
    del ctx


def test_vs_lurking_remove_adds_a_random_token_per_miniature() -> None:
    state = place(game(), Intruder(1, "lurker", "03"), Intruder(2, "whisperer", "03"))
    bag = state.bag.total
    state = with_frames(state, LurkingStep())
    state, fired = run(
        state, [Outcome("void-seeder-token", "void-seeder-1"), Outcome("void-seeder-token", "void-seeder-2")]
    )
    assert state.bag.total == bag + 2 and not state.intruders and "vs.lurking.remove" in fired


def test_vs_ambiguity_lurking_tech_neighbours_corridors_only() -> None:
    tech = sorted(game().config.board.technical_positions)
    state = move_character(move_character(place(game(), Intruder(1, "lurker", tech[0])), 1, tech[-1]), 2, tech[-1])
    assert not with_frames(state, LurkingStep()).intruders


def test_vs_ambiguity_lurking_tech_neighbours_include_tech() -> None:
    state = game({"vs.ambiguity.lurking-tech-neighbours": "include-tech"})
    tech = sorted(state.config.board.technical_positions)
    state = move_character(move_character(place(state, Intruder(1, "lurker", tech[0])), 1, tech[-1]), 2, tech[-1])
    assert with_frames(state, LurkingStep()).intruders == state.intruders


def test_vs_ambiguity_lair_is_void_seeder_actions_only_lairs_never_lurk() -> None:
    state = place(game(), Intruder(1, "lair", "03"))
    assert with_frames(state, LurkingStep()).intruders == state.intruders


def test_vs_ambiguity_lair_is_void_seeder_immobile_void_seeder_lurks() -> None:
    state = place(game({"vs.ambiguity.lair-is-void-seeder": "immobile-void-seeder"}), Intruder(1, "lair", "03"))
    assert not with_frames(state, LurkingStep()).intruders
