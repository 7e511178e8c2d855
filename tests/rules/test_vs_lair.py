"""Known-answer scenarios for Lairs (void-seeders-rulebook.txt, Void Seeders Features > Lairs;
Rules Summary > Lairs), named after clauses and rulings."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import Context, legal_actions
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules import replaceable
from nemesis_rules.model.rules.intruder_injuries import Retreat, injure
from nemesis_rules.model.rules.noise import danger
from nemesis_rules.model.rules.void_seeders.lairs import DESTROYED_LAIR, destroyed_lairs
from nemesis_rules.testing import after_setup, move_character, run, with_frames, with_hand

# seed 0 puts a Lair token on room 15 (next to the Hibernatorium, 11)
LAIR_ROOM = "15"


def game(rulings: dict[str, str] | None = None) -> GameState:
    state = after_setup(2, 0, ruleset="void-seeders", rulings=rulings)
    assert state.room(LAIR_ROOM).token == "lair-0"
    return with_hand(with_hand(state, 1, "search", "demolition", "rest"), 2, "search", "demolition")


def with_lair(state: GameState, position: str = LAIR_ROOM, injuries: int = 0) -> GameState:
    state = state.with_room(position, replace(state.room(position), explored=True, token=None))
    return replace(state, intruders=(Intruder(1, "lair", position, injuries),), next_intruder=2)


def test_vs_lair_exploration_token_places_a_lair_without_a_noise_roll() -> None:
    state, fired = run(game(), [Decision.make(1, "move", to=LAIR_ROOM, pay=("search",))])
    assert [i.kind for i in state.intruders_at(LAIR_ROOM)] == ["lair"]
    assert "vs.lair.exploration-token" in fired and "base.noise.number" not in fired
    assert not any(getattr(f, "chance", "") == "noise-roll" for f in state.pending)


def test_vs_lair_combat_a_character_with_a_lair_is_in_combat() -> None:
    state, fired = run(game(), [Decision.make(1, "move", to=LAIR_ROOM, pay=("search",))])
    assert state.in_combat(1) and "vs.lair.combat" in fired


def test_vs_data_lair_item_counter_two_by_default() -> None:
    state, _ = run(game(), [Decision.make(1, "move", to=LAIR_ROOM, pay=("search",))])
    assert state.room(LAIR_ROOM).items == 2


def test_vs_data_lair_item_counter_zero_reading() -> None:
    state, _ = run(
        game({"vs.data.lair-item-counter": "zero"}), [Decision.make(1, "move", to=LAIR_ROOM, pay=("search",))]
    )
    assert state.room(LAIR_ROOM).items == 0


def test_vs_lair_noise_roll_at_the_end_of_a_turn_each_turn_reading() -> None:
    state = move_character(with_lair(game()), 1, LAIR_ROOM)
    ctx = Context()
    after = with_frames(replaceable.end_of_turn(state, 1, ctx))
    assert after.pending[-1].chance == "noise-roll" and after.pending[-1].player == 1  # type: ignore[attr-defined]
    assert "vs.lair.noise-roll" in ctx.fired
    # a character elsewhere rolls nothing
    assert replaceable.end_of_turn(state, 2, Context()) is state


def test_vs_lair_noise_roll_when_a_player_passes_in_a_lair_room() -> None:
    state = move_character(with_lair(game()), 1, LAIR_ROOM)
    state, fired = run(state, [Decision.make(1, "pass"), Decision.make(1, "keep-hand")])
    assert "vs.lair.noise-roll" in fired
    # the roll comes before the next player's turn
    assert state.pending[-1].chance == "noise-roll" and state.pending[-1].player == 1  # type: ignore[attr-defined]
    state, _ = run(state, [Outcome("noise-roll", "silence")])
    assert type(state.pending[-1]).__name__ in ("Turn", "BeginTurn") and state.pending[-1].player == 2  # type: ignore[attr-defined]


def test_vs_ambiguity_lair_noise_timing_once_per_round_rolls_before_the_time_track() -> None:
    state = game({"vs.ambiguity.lair-noise-timing": "once-per-round"})
    state = move_character(with_lair(state), 1, LAIR_ROOM)
    assert replaceable.end_of_turn(state, 1, Context()) is state
    time = state.time
    state, fired = run(state, [Decision.make(1, "pass"), Decision.make(1, "keep-hand")])
    state, fired = run(state, [Decision.make(2, "pass"), Decision.make(2, "keep-hand")])
    assert "vs.lair.noise-roll" in fired and state.time == time
    assert state.pending[-1].chance == "noise-roll" and state.pending[-1].player == 1  # type: ignore[attr-defined]


def test_vs_lair_immobile_retreat_and_danger_leave_it_in_place() -> None:
    state = with_lair(game())
    ctx = Context()
    assert danger(state, "11", 1, ctx).intruders == state.intruders
    assert with_frames(state, Retreat(1)).intruders == state.intruders


def _injure(state: GameState, intruder: int, count: int) -> GameState:
    return with_frames(injure(state, intruder, count, Context()))


def test_vs_lair_injury_check_two_cards_the_higher_blood() -> None:
    state = _injure(with_lair(game(), injuries=1), 1, 1)
    assert state.intruders[0].injuries == 2
    state, fired = run(state, [Outcome("attack-card", "frenzy-1"), Outcome("attack-card", "scratch-3")])
    # blood 2 and 4: the higher (4) is more than 2 Injuries, the Lair stands
    assert state.intruders and "vs.lair.injury-check" in fired


def test_vs_lair_carcass_and_destroyed_slot_when_destroyed() -> None:
    state = _injure(with_lair(game(), injuries=1), 1, 1)
    state, fired = run(state, [Outcome("attack-card", "frenzy-1"), Outcome("attack-card", "bite-3")])
    assert not state.intruders and state.room(LAIR_ROOM).objects.count("carcass") == 1
    assert destroyed_lairs(state) == 1 and f"{DESTROYED_LAIR}-1" in state.flags
    assert "vs.lair.carcass" in fired and "vs.lair.destroyed-slot" in fired


def test_vs_lair_retreat_survives_whatever_the_blood() -> None:
    state = _injure(with_lair(game(), injuries=5), 1, 1)
    state, fired = run(state, [Outcome("attack-card", "frenzy-1"), Outcome("attack-card", "scratch-4")])
    assert [i.position for i in state.intruders] == [LAIR_ROOM] and "vs.lair.retreat-survives" in fired


def _last_lair(rulings: dict[str, str] | None = None, destroyed: int = 2) -> GameState:
    state = with_lair(game(rulings), injuries=9)
    despoiler = Intruder(2, "despoiler", "06")
    state = replace(state, intruders=(*state.intruders, despoiler), next_intruder=3)
    return replace(state, flags=state.flags | {f"{DESTROYED_LAIR}-{n}" for n in range(1, destroyed + 1)})


def _destroy(state: GameState) -> tuple[GameState, list[str]]:
    state = _injure(state, 1, 1)
    return run(state, [Outcome("attack-card", "frenzy-1"), Outcome("attack-card", "bite-3")])


def test_vs_lair_despoiler_killed_with_the_third_lair() -> None:
    state, fired = _destroy(_last_lair())
    assert not state.intruders and {"despoiler-killed", "queen-killed"} <= state.flags
    assert "vs.lair.despoiler-killed" in fired and "vs.lair.great-hunt" in fired
    assert "vs.gap.despoiler-death-token" in fired and not any(
        getattr(f, "chance", "") == "void-seeder-token" for f in state.pending
    )


def test_vs_ambiguity_despoiler_kill_all_three_waits_for_every_slot() -> None:
    state, _ = _destroy(_last_lair(destroyed=0))
    assert "despoiler-killed" not in state.flags and [i.kind for i in state.intruders] == ["despoiler"]


def test_vs_ambiguity_despoiler_kill_all_in_play_kills_with_the_last_lair_on_board() -> None:
    state, _ = _destroy(_last_lair({"vs.ambiguity.despoiler-kill": "all-in-play"}, destroyed=0))
    assert "despoiler-killed" in state.flags and not state.intruders


def test_vs_gap_despoiler_death_token_add_token_reading() -> None:
    state, _ = _destroy(_last_lair({"vs.gap.despoiler-death-token": "add-token"}))
    assert state.pending[-1].chance == "void-seeder-token"  # type: ignore[attr-defined]


def test_vs_gap_engine_exploration_token_first_entry_turns_engines_face_down() -> None:
    state = game()
    engines = [p for p, r in state.config.board.printed_rooms.items() if r.startswith("engine")]
    assert all(state.room(p).token and not state.room(p).explored for p in engines)


def test_vs_gap_engine_exploration_token_never_leaves_them_explored() -> None:
    state = after_setup(2, 0, ruleset="void-seeders", rulings={"vs.gap.engine-exploration-token": "never"})
    engines = [p for p, r in state.config.board.printed_rooms.items() if r.startswith("engine")]
    assert all(state.room(p).token and state.room(p).explored for p in engines)


def test_vs_lair_counts_as_intruder_shoot_may_target_it() -> None:
    state = move_character(with_lair(game()), 1, LAIR_ROOM)
    kinds = {a.kind for a in legal_actions(state) if isinstance(a, Decision) and a.get("target") == "1"}
    assert kinds == {"shoot", "melee"}


def test_vs_gap_lair_escape_plain_move_the_lair_does_not_attack() -> None:
    state = move_character(with_lair(game()), 1, LAIR_ROOM)
    state, fired = run(state, [Decision.make(1, "move", to="11", pay=("search",))])
    assert state.character(1).position == "11" and "vs.gap.lair-escape" in fired
    assert not any(getattr(f, "chance", "") == "attack-card" for f in state.pending)
