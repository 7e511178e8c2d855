"""The goal-seeking player's Void Seeders goals (nemesis_rules.players.goals_vs), and the
expansion clauses they made reachable (void-seeders-rulebook.txt, Gameplay Changes; Components)."""

from __future__ import annotations

import random
from dataclasses import replace

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import Context, chance_outcomes, legal_actions
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.interruption import InterruptionChoice
from nemesis_rules.model.rules.void_seeders.changes import vs_rest_effect, vs_surgery_insanity
from nemesis_rules.model.rules.void_seeders.end import InsanityRaise
from nemesis_rules.model.rules.void_seeders.lurking import FireDamageStep
from nemesis_rules.model.rules.void_seeders.panic import ResolvePanic
from nemesis_rules.model.rules.void_seeders.rooms import shower
from nemesis_rules.model.rules.void_seeders.seeders import place_void_seeder
from nemesis_rules.players.goals_vs import void_seeders_goal
from nemesis_rules.players.play import play_game
from nemesis_rules.players.strategies import goal_seeking
from nemesis_rules.testing import (
    after_setup,
    explored,
    move_character,
    run,
    with_frames,
    with_hand,
    with_intruders,
    with_ruling,
)

AIRLOCK, COMMS, GENERATOR, NEST = "14", "13", "04", "02"
"""Where seed 0 of :func:`game` lays the Airlock Control, two yellow rooms and the Nest."""


class Always(random.Random):
    """A generator whose every probability check passes (``random()`` is 0)."""

    def random(self) -> float:
        return 0.0


class Never(random.Random):
    """A generator whose every probability check fails (``random()`` is just below 1)."""

    def random(self) -> float:
        return 0.999999


def game(players: int = 2) -> GameState:
    state = after_setup(players, 0, ruleset="void-seeders")
    for p in range(1, players + 1):
        state = with_hand(state, p, "search", "demolition")
    return state


def at(state: GameState, player: int, level: int) -> GameState:
    return state.with_character(replace(state.character(player), insanity=level))


def goal(state: GameState, rng: random.Random | None = None) -> Decision | None:
    wanted = void_seeders_goal(state, rng or Always(0), legal_actions(state))
    assert wanted is None or isinstance(wanted, Decision)
    return wanted


# -- the player's goals -----------------------------------------------------------------------------


def test_base_games_get_no_void_seeders_goal() -> None:
    state = after_setup(2, 0)
    assert void_seeders_goal(state, Always(0), legal_actions(state)) is None


def test_a_panic_card_effect_is_interrupted_by_the_character_holding_the_card() -> None:
    state = with_hand(at(game(), 1, 3), 2, "interruption", "search")
    state = with_frames(state, ResolvePanic(1))
    state, _ = run(state, [Outcome("panic-card", "pyromaniac-1")])
    assert isinstance(state.pending[-1], InterruptionChoice)
    assert goal(state) == Decision.make(2, "interrupt")
    assert goal(state, Never(0)) is None  # the probability decides, not the goal alone


def test_an_ordinary_action_is_let_pass_to_keep_the_interruption_card() -> None:
    state = with_hand(game(), 2, "interruption", "search")
    state, _ = run(state, [Decision.make(1, "move", to="06", pay=("search",))])
    assert isinstance(state.pending[-1], InterruptionChoice)
    assert goal(state) == Decision.make(2, "no-interruption")


def test_with_only_interruption_cards_left_the_character_passes() -> None:
    state = with_hand(game(), 1, "interruption")
    assert goal(state) == Decision.make(1, "pass")


def test_the_airlock_control_is_aimed_at_a_room_with_a_lair() -> None:
    state = move_character(explored(game(), AIRLOCK, COMMS), 1, AIRLOCK)
    state = with_intruders(state, Intruder(1, "lair", COMMS))
    wanted = goal(state)
    assert wanted is not None and wanted.kind == "room-action"
    assert (wanted.get("room"), wanted.get("target")) == ("airlock-control", COMMS)


def test_of_the_airlock_controls_targets_the_room_with_the_lair_comes_first() -> None:
    state = move_character(explored(game(), AIRLOCK, COMMS, GENERATOR), 1, AIRLOCK)
    options = legal_actions(state)
    targets = {a.get("target") for a in options if isinstance(a, Decision) and a.get("room") == "airlock-control"}
    assert targets == {COMMS, GENERATOR}
    state = with_intruders(state, Intruder(1, "lair", COMMS))
    picks = {void_seeders_goal(state, Always(seed), legal_actions(state)) for seed in range(20)}
    assert {(a.get("room"), a.get("target")) for a in picks if isinstance(a, Decision)} == {("airlock-control", COMMS)}


def test_a_lair_the_airlock_control_can_seal_sends_the_character_there() -> None:
    state = with_intruders(explored(game(), AIRLOCK, COMMS), Intruder(1, "lair", COMMS))
    state = with_hand(state, 1, "interruption", "search", "demolition")  # even when holding an Interruption
    wanted = goal(state)
    assert wanted is not None and wanted.kind in ("move", "careful-move") and wanted.get("to") == AIRLOCK


def test_in_the_nest_a_held_egg_is_dropped_and_the_next_one_taken() -> None:
    state = move_character(explored(game(), NEST), 1, NEST)
    wanted = goal(state)
    assert wanted is not None and (wanted.kind, wanted.get("room")) == ("room-action", "nest")
    c = state.character(1)
    state = state.with_character(replace(c, hands=(*c.hands, "egg")))
    options = legal_actions(state)
    assert Decision.make(1, "drop", item="egg") in options
    picks = {void_seeders_goal(state, Always(seed), options) for seed in range(20)}
    assert Decision.make(1, "drop", item="egg") in picks


def test_a_character_holding_an_interruption_walks_towards_another() -> None:
    state = move_character(with_hand(game(), 1, "interruption", "search", "demolition"), 2, "04")
    wanted = goal(state)
    assert wanted is not None and wanted.kind in ("move", "careful-move")
    assert wanted.get("to") == "08"  # 11 -> 08 -> 04


def test_the_goals_pick_legal_decisions_and_repeat_per_seed() -> None:
    def checked(state: GameState, rng: random.Random) -> Decision | Outcome:
        if not chance_outcomes(state):
            options = legal_actions(state)
            first, twin = random.Random(), random.Random()
            first.setstate(rng.getstate())
            twin.setstate(rng.getstate())  # copies: the game itself draws from rng unchanged
            wanted = void_seeders_goal(state, first, options)
            assert wanted is None or wanted in options
            assert void_seeders_goal(state, twin, options) == wanted  # the same draws, the same goal
        return goal_seeking(state, rng)

    for seed in (3, 4):
        first, log = play_game(seed, 3, "void-seeders", chooser=checked)
        again, log_again = play_game(seed, 3, "void-seeders")
        assert log.actions == log_again.actions and first == again


# -- the clauses the goals reach (engine changes made for them) -------------------------------------


def test_vs_change_slime_the_shower_room_washes_off_no_slime() -> None:
    ctx = Context()
    state = shower(at(game(), 1, 2), 1, {"insanity": "lower", "scan": "no"}, ctx)
    assert state.character(1).insanity == 1 and not state.character(1).slime
    assert "vs.change.slime" in ctx.fired


def test_vs_insanity_no_board_miniature_surgery_has_no_larva_to_remove() -> None:
    ctx = Context()
    state = vs_surgery_insanity(at(game(), 1, 4), 1, ctx)
    assert state.character(1).insanity == 3 and not state.character(1).larva
    assert "vs.insanity.no-board-miniature" in ctx.fired


def test_vs_change_reduction_limited_rest_at_3_keeps_the_level() -> None:
    ctx = Context()
    state = vs_rest_effect(at(game(), 1, 3), 1, ctx, lower=False, scan=False)
    assert state.character(1).insanity == 3 and "vs.change.reduction-limited" in ctx.fired
    ctx = Context()
    vs_rest_effect(at(game(), 1, 2), 1, ctx, lower=False, scan=False)
    assert "vs.change.reduction-limited" not in ctx.fired  # keeping was a choice, not the track


def test_vs_supply_miniatures_a_second_stalker_is_not_placed() -> None:
    state = with_intruders(game(), Intruder(1, "stalker", "04"))
    ctx = Context()
    state, new = place_void_seeder(state, "stalker", "06", ctx)
    placed = next(i for i in state.intruders if i.id == new)
    assert placed.kind != "stalker" and placed.position == "06"
    assert "vs.supply.miniatures" in ctx.fired and "vs.encounter.lower-type" in ctx.fired


def test_vs_insanity_max_the_final_raise_stops_at_5() -> None:
    state = at(game(), 1, 4)
    c = state.character(1)
    contaminated = c.hand.add("contamination").add("contamination")
    state = state.with_character(replace(c, status="hibernating", hand=contaminated))
    ctx = Context()
    state = InsanityRaise(1).run(state, ctx)
    assert state.character(1).insanity == 5 and state.character(1).status == "hibernating"
    assert "vs.insanity.max" in ctx.fired


def test_base_nest_destroyed_when_fire_burns_the_last_egg() -> None:
    state = with_ruling(game(), "vs.gap.fire-eggs", "eggs-burn")
    state = replace(state, eggs=1).with_room(NEST, replace(state.room(NEST), fire=True))
    ctx = Context()
    state = FireDamageStep().run(state, ctx)
    assert state.eggs == 0 and "base.nest.destroyed" in ctx.fired
