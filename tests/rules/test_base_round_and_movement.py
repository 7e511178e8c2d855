"""Known-answer scenarios for the round, movement, noise and encounters, named after clauses."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.board.layout import TECH
from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import IllegalActionError, apply, legal_actions
from nemesis_rules.model.core.state import Intruder
from nemesis_rules.model.rules.noise import NoiseRoll
from nemesis_rules.testing import after_setup, move_character, run, turn_of, with_frames, with_hand


@pytest.fixture
def game():  # type: ignore[no-untyped-def]
    state = after_setup(players=2, seed=3)
    state = with_hand(state, 1, "search", "search", "rest", "interruption", "demolition")
    # player 2 shares the room; without an Interruption card no interruption window opens
    return with_hand(state, 2, "search")


def test_base_setup_places_every_tile_and_token() -> None:
    state = after_setup(players=3, seed=1)
    tiles = [r.tile for r in state.rooms]
    assert all(tiles)
    assert sum(1 for r in state.rooms if r.token) == 16
    assert len(state.pods) == 3 and all(p.locked for p in state.pods)
    assert [p.section for p in sorted(state.pods, key=lambda p: p.number)] == ["A", "B", "A"]
    assert state.bag.total == 1 + 4 + 1 + 1 + 3 + 3
    assert state.room("11").objects.count("corpse-blue") == 1
    assert {c.position for c in state.characters} == {"11"}
    assert all(len(c.objectives) == 2 and c.hand.total == 5 for c in state.characters)


def test_base_move_adjacent_refuses_a_room_without_a_corridor(game) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalActionError) as info:
        apply(game, Decision.make(1, "move", to="07", pay=("search",)))
    assert info.value.clause == "base.move.adjacent"
    assert "no corridor from 11 to 07" in info.value.reason


def test_base_cost_paid_from_hand(game) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalActionError) as info:
        apply(game, Decision.make(1, "move", to="15", pay=("reload",)))
    assert info.value.clause == "base.cost.paid-from-hand"


def test_base_cost_contamination_cannot_pay(game) -> None:  # type: ignore[no-untyped-def]
    state = with_hand(game, 1, "contamination", "rest")
    moves = [a for a in legal_actions(state) if isinstance(a, Decision) and a.kind == "move"]
    assert moves and all(a.cards() == ("rest",) for a in moves)
    with pytest.raises(IllegalActionError) as info:
        apply(state, Decision.make(1, "move", to="15", pay=("contamination",)))
    assert info.value.clause == "base.cost.contamination-cannot-pay"


def test_base_careful_move_choose_corridor_places_the_chosen_noise(game) -> None:  # type: ignore[no-untyped-def]
    state, fired = run(game, [Decision.make(1, "careful-move", to="15", noise="15-16", pay=("rest", "search"))])
    assert "15-16" in state.noise
    assert "base.careful-move.choose-corridor" in fired
    assert state.character(1).position == "15" and state.character(1).hand.total == 3
    assert state.room("15").explored


def test_base_careful_move_not_in_combat(game) -> None:  # type: ignore[no-untyped-def]
    state = replace(game, intruders=(Intruder(1, "adult", "11"),), next_intruder=2)
    kinds = {a.kind for a in legal_actions(state) if isinstance(a, Decision)}
    assert "careful-move" not in kinds and "move" in kinds
    with pytest.raises(IllegalActionError) as info:
        apply(state, Decision.make(1, "careful-move", to="15", noise="15-16", pay=("rest", "search")))
    assert info.value.clause == "base.careful-move.not-in-combat"


def test_base_round_turn_one_action_then_pass(game) -> None:  # type: ignore[no-untyped-def]
    state, _ = run(game, [Decision.make(1, "careful-move", to="15", noise="15-16", pay=("rest", "search"))])
    # careful movement replaces the noise roll, so player 1 decides again at once
    assert turn_of(state) == 1 and state.pending[-1].done == 1  # type: ignore[attr-defined]
    state, fired = run(state, [Decision.make(1, "pass"), Decision.make(1, "keep-hand")])
    assert state.character(1).passed and "base.round.pass-voluntary" in fired
    assert turn_of(state) == 2


def test_base_round_turn_two_actions_end_the_turn(game) -> None:  # type: ignore[no-untyped-def]
    state, _ = run(game, [Decision.make(1, "careful-move", to="15", noise="15-16", pay=("rest", "search"))])
    back = Decision.make(1, "careful-move", to="11", noise="06-11", pay=("demolition", "interruption"))
    state, _ = run(state, [back])
    assert turn_of(state) == 2 and not state.character(1).passed


def test_base_round_passed_no_actions() -> None:
    state = after_setup(players=2, seed=3)
    state, _ = run(state, [Decision.make(1, "pass"), Decision.make(1, "keep-hand")])
    state, _ = run(state, [Decision.make(2, "pass"), Decision.make(2, "keep-hand")])
    # both passed: the Event Phase runs and the time marker moves
    assert state.time == 1 and state.phase == "event"
    assert state.pending[-1].chance == "event-card"  # type: ignore[attr-defined]


def test_base_noise_second_marker_encounter(game) -> None:  # type: ignore[no-untyped-def]
    corridor = game.config.board.space_by_number["11"][1]
    state = replace(game, noise=frozenset({corridor}))
    state = with_frames(state, NoiseRoll(1, "11"))
    state, fired = run(state, [Outcome("noise-roll", "1")])
    assert "base.noise.second-marker-encounter" in fired
    assert "base.encounter.discard-noise" in fired
    assert not (state.noise & set(state.config.board.spaces_at["11"]))
    assert state.pending[-1].chance == "intruder-token"


def test_base_noise_number_places_a_marker(game) -> None:  # type: ignore[no-untyped-def]
    state = with_frames(game, NoiseRoll(1, "11"))
    state, fired = run(state, [Outcome("noise-roll", "4")])
    assert "11-14" in state.noise and "base.noise.number" in fired


def test_base_tech_corridor_shared_noise() -> None:
    state = after_setup(players=2, seed=4)
    state = move_character(state, 1, "02")
    state = with_frames(state, NoiseRoll(1, "02"))
    state, fired = run(state, [Outcome("noise-roll", "1")])
    assert TECH in state.noise and "base.tech-corridor.shared-noise" in fired
    # the same space seen from another entrance: a roll of its number there is an Encounter
    state = move_character(state, 1, "19")
    state = with_frames(state, NoiseRoll(1, "19"))
    state, fired = run(state, [Outcome("noise-roll", "3")])
    assert "base.noise.second-marker-encounter" in fired


def test_base_noise_danger_fills_corridors(game) -> None:  # type: ignore[no-untyped-def]
    state = with_frames(game, NoiseRoll(1, "11"))
    state, fired = run(state, [Outcome("noise-roll", "danger")])
    assert set(state.config.board.spaces_at["11"]) <= state.noise
    assert "base.noise.danger-fills-corridors" in fired


def test_base_noise_danger_pulls_neighbours_in(game) -> None:  # type: ignore[no-untyped-def]
    state = replace(game, intruders=(Intruder(1, "adult", "15"), Intruder(2, "creeper", "14")), next_intruder=3)
    state = with_frames(state, NoiseRoll(1, "11"))
    state, fired = run(state, [Outcome("noise-roll", "danger")])
    assert {i.position for i in state.intruders} == {"11"}
    assert "base.noise.danger" in fired and not state.noise


def test_base_noise_slimed_silence_reads_as_danger(game) -> None:  # type: ignore[no-untyped-def]
    state = game.with_character(replace(game.character(1), slime=True))
    state = with_frames(state, NoiseRoll(1, "11"))
    state, fired = run(state, [Outcome("noise-roll", "silence")])
    assert "base.noise.slimed-silence" in fired
    assert set(state.config.board.spaces_at["11"]) <= state.noise


def test_base_noise_silence_does_nothing(game) -> None:  # type: ignore[no-untyped-def]
    state = with_frames(game, NoiseRoll(1, "11"))
    state, fired = run(state, [Outcome("noise-roll", "silence")])
    assert not state.noise and "base.noise.silence" in fired


def test_base_encounter_surprise_attack_below_the_token_number(game) -> None:  # type: ignore[no-untyped-def]
    state = with_hand(game, 1, "search")
    state = replace(state, noise=frozenset({"11-15"}))
    state = with_frames(state, NoiseRoll(1, "11"))
    state, fired = run(state, [Outcome("noise-roll", "1"), Outcome("intruder-token", "adult-3")])
    assert [i.kind for i in state.intruders] == ["adult"]
    assert state.intruders[0].token == "adult-3"
    assert "base.encounter.first-encounter" in fired
    # first both players keep an objective, then the surprise attack draws an attack card
    for player in (1, 2):
        keep = next(a for a in legal_actions(state) if a.player == player)  # type: ignore[union-attr]
        state = apply(state, keep)
    assert state.pending[-1].chance == "attack-card"


def test_base_encounter_no_surprise_attack_with_enough_cards(game) -> None:  # type: ignore[no-untyped-def]
    state = replace(game, noise=frozenset({"11-15"}), first_encounter=True)
    state = with_frames(state, NoiseRoll(1, "11"))
    state, fired = run(state, [Outcome("noise-roll", "1"), Outcome("intruder-token", "adult-3")])
    assert "base.move.escape-attacks" not in fired
    assert state.pending[-1].__class__.__name__ == "Turn"


def test_base_encounter_blank(game) -> None:  # type: ignore[no-untyped-def]
    state = replace(game, noise=frozenset({"11-15"}))
    before = state.bag.count("blank")
    state = with_frames(state, NoiseRoll(1, "11"))
    state, fired = run(state, [Outcome("noise-roll", "1"), Outcome("intruder-token", "blank")])
    assert "base.encounter.blank" in fired
    assert set(state.config.board.spaces_at["11"]) <= state.noise
    assert state.bag.count("blank") == before and not state.intruders


def test_base_move_escape_attacks_largest_first(game) -> None:  # type: ignore[no-untyped-def]
    state = replace(
        game,
        intruders=(Intruder(1, "creeper", "11"), Intruder(2, "queen", "11")),
        next_intruder=3,
        first_encounter=True,
    )
    state, fired = run(state, [Decision.make(1, "move", to="15", pay=("search",))])
    assert "base.move.escape-attacks" in fired
    assert state.pending[-1].chance == "attack-card"
    assert state.pending[-1].intruder == 2  # the Queen attacks first
