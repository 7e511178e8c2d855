"""Known-answer tests for the Intruder Attack cards, death, the endurance check, the
Self-Destruct track and the end of the game (RU-RB p.11-12, p.20-21; facts.md §3, §5, §12, §13,
§15), named after their clause ids (issue #8)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.engine import Context, settle
from nemesis_rules.model.core.frames import Frame
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.attack import AttackCardDraw
from nemesis_rules.model.rules.endgame import end_game
from nemesis_rules.model.rules.events import TimeStep
from nemesis_rules.model.rules.intruder_injuries import injure
from nemesis_rules.model.rules.victory import EngineCheck
from nemesis_rules.model.rules.wounds import SeriousWound, kill
from nemesis_rules.testing import after_setup, run, top_frame, with_frames, with_hand, with_intruders

HAND = ("search", "search", "rest", "interruption", "demolition")


@pytest.fixture(scope="module")
def game() -> GameState:
    """Seed 3, two players in room 11: player 1 with five cards, player 2 (the Soldier) with
    one card and no reaction to an attack; the escape pods still locked."""
    state = with_hand(after_setup(players=2, seed=3), 1, *HAND)
    return with_hand(state, 2, "search")


def settled(state: GameState, *frames: Frame) -> tuple[GameState, list[str]]:
    ctx = Context()
    return settle(state.push(*frames), ctx), ctx.fired


def wounded(state: GameState, player: int, serious: int) -> GameState:
    wounds = ("arm", "leg", "back")[:serious]
    return state.with_character(replace(state.character(player), serious_wounds=wounds))


def attack(state: GameState, kind: str, card: str, *more: str) -> tuple[GameState, list[str]]:
    """An Intruder of ``kind`` in room 11 attacks player 2 with ``card``; ``more`` chance
    outcomes (``chance:outcome``) follow."""
    state = with_frames(with_intruders(state, Intruder(1, kind, "11")), AttackCardDraw(1, 2))
    outcomes = [Outcome("attack-card", card)] + [Outcome(*m.split(":", 1)) for m in more]
    return run(state, outcomes)


# -- attack cards -----------------------------------------------------------------------------------


def test_base_attack_card_bite_one_serious_wound(game: GameState) -> None:
    after, fired = attack(wounded(game, 2, 1), "adult", "bite-1", "serious-wound:hand")
    assert after.character(2).status == "active"
    assert len(after.character(2).serious_wounds) == 2
    assert "base.attack-card.bite" in fired


def test_base_attack_card_bite_kills_with_two_serious_wounds(game: GameState) -> None:
    after, fired = attack(wounded(game, 2, 2), "adult", "bite-1")
    assert after.character(2).status == "dead"
    assert "base.attack-card.bite" in fired


def test_base_attack_card_tail_attack_kills_with_one_serious_wound(game: GameState) -> None:
    after, fired = attack(wounded(game, 2, 1), "queen", "tail-attack-1")
    assert after.character(2).status == "dead"
    assert "base.attack-card.tail-attack" in fired


def test_base_attack_card_tail_attack_wounds_the_unwounded(game: GameState) -> None:
    after, fired = attack(game, "queen", "tail-attack-1", "serious-wound:arm")
    assert after.character(2).status == "active" and after.character(2).serious_wounds == ("arm",)
    assert "base.attack-card.tail-attack" in fired


def test_base_attack_card_claw_attack_two_light_wounds_and_contamination(game: GameState) -> None:
    after, fired = attack(game, "adult", "claw-attack-1", "contamination-card:contamination")
    c = after.character(2)
    assert c.light_wounds == 2 and c.serious_wounds == ()
    assert c.discard.count("contamination") == 1
    assert "base.attack-card.claw-attack" in fired


def test_base_attack_card_scratch_one_light_wound_and_contamination(game: GameState) -> None:
    after, fired = attack(game, "creeper", "scratch-1", "contamination-card:contamination")
    c = after.character(2)
    assert c.light_wounds == 1 and c.discard.count("contamination") == 1
    assert "base.attack-card.scratch" in fired


def test_base_attack_card_slime_marker_and_contamination(game: GameState) -> None:
    after, fired = attack(game, "adult", "slime-1", "contamination-card:contamination")
    c = after.character(2)
    assert c.slime and c.light_wounds == 0 and c.discard.count("contamination") == 1
    assert "base.attack-card.slime" in fired


def test_base_attack_card_frenzy_hits_everyone_in_the_room(game: GameState) -> None:
    # player 1 (two Serious Wounds) dies; player 2 (none) takes one
    state = wounded(game, 1, 2)
    after, fired = attack(state, "breeder", "frenzy-1", "serious-wound:hand")
    assert after.character(1).status == "dead"
    assert after.character(2).status == "active" and after.character(2).serious_wounds == ("hand",)
    assert "base.attack-card.frenzy" in fired


def test_base_attack_card_summoning_places_an_intruder_that_does_not_attack(game: GameState) -> None:
    after, fired = attack(game, "creeper", "summoning-1", "intruder-token:adult-2")
    kinds = sorted(i.kind for i in after.intruders if i.position == "11")
    assert kinds == ["adult", "creeper"]
    assert after.bag.count("adult-2") == game.bag.count("adult-2") - 1
    assert not isinstance(top_frame(after), AttackCardDraw)  # no Surprise Attack by the newcomer
    assert after.character(2).light_wounds == 0 and after.character(2).serious_wounds == ()
    assert "base.attack-card.summoning" in fired


def test_base_attack_card_transformation_a_breeder_replaces_the_creeper(game: GameState) -> None:
    after, fired = attack(game, "creeper", "transformation-1")
    assert [i.kind for i in after.intruders] == ["breeder"]
    assert not isinstance(top_frame(after), AttackCardDraw)  # the target holds a card: no attack
    assert "base.attack-card.transformation" in fired


def test_base_attack_card_transformation_surprise_attacks_an_empty_hand(game: GameState) -> None:
    after, fired = attack(with_hand(game, 2), "creeper", "transformation-1")
    assert [i.kind for i in after.intruders] == ["breeder"]
    frame = top_frame(after)
    assert isinstance(frame, AttackCardDraw) and frame.target == 2
    assert "base.attack-card.transformation" in fired


# -- death --------------------------------------------------------------------------------------------


def test_base_death_fourth_wound_a_light_wound_kills_with_three_serious(game: GameState) -> None:
    after, fired = attack(wounded(game, 2, 3), "creeper", "scratch-1", "contamination-card:contamination")
    assert after.character(2).status == "dead"
    assert "base.death.fourth-wound" in fired


def test_base_death_fourth_wound_not_with_two_serious(game: GameState) -> None:
    after, fired = settled(wounded(game, 2, 2), SeriousWound(2))
    assert after.character(2).status == "active"
    assert "base.death.fourth-wound" not in fired


def test_base_death_corpse_a_red_corpse_in_the_room(game: GameState) -> None:
    ctx = Context()
    after = kill(game, 2, ctx, "test")
    assert after.character(2).status == "dead"
    assert after.room("11").objects.count("corpse-red") == game.room("11").objects.count("corpse-red") + 1
    assert "base.death.corpse" in ctx.fired


def test_base_death_corpse_drops_every_heavy_object(game: GameState) -> None:
    c = game.character(2)
    state = game.with_character(replace(c, hands=("carcass", "knife"), inventory=Multiset.of(["medkit"])))
    after = kill(state, 2, Context(), "test")
    assert after.room("11").objects.count("carcass") == 1
    assert "carcass" not in after.character(2).hands


def test_base_death_pods_unlock_at_the_first_death(game: GameState) -> None:
    assert all(p.locked for p in game.pods)
    ctx = Context()
    after = kill(game, 2, ctx, "test")
    assert all(not p.locked for p in after.pods)
    assert "base.death.pods-unlock" in ctx.fired


def test_base_death_pods_unlock_only_the_first_death(game: GameState) -> None:
    # player 1 died before (the pods left locked here): a second death unlocks nothing
    state = game.with_character(replace(game.character(1), status="dead"))
    ctx = Context()
    after = kill(state, 2, ctx, "test")
    assert all(p.locked for p in after.pods)
    assert "base.death.pods-unlock" not in ctx.fired


# -- endurance ----------------------------------------------------------------------------------------


def endurance(state: GameState, kind: str, injuries: int, *cards: str) -> tuple[GameState, list[str]]:
    """``injuries`` injuries on an Intruder of ``kind`` in room 11; ``cards`` drawn."""
    ctx = Context()
    state = with_intruders(state, Intruder(1, kind, "11"))
    state = settle(injure(state, 1, injuries, ctx), ctx)
    after, fired = run(state, [Outcome("attack-card", card) for card in cards])
    return after, ctx.fired + fired


def test_base_endurance_single_card_an_adult_dies_at_its_blood_value(game: GameState) -> None:
    after, fired = endurance(game, "adult", 3, "scratch-2")  # blood 3
    assert after.intruders == ()
    assert "base.endurance.single-card" in fired


def test_base_endurance_single_card_an_adult_survives_above_its_injuries(game: GameState) -> None:
    after, fired = endurance(game, "adult", 2, "scratch-2")  # blood 3
    assert [i.injuries for i in after.intruders] == [2]
    assert "base.endurance.single-card" in fired


def test_base_endurance_two_cards_a_breeder_sums_two_cards(game: GameState) -> None:
    after, fired = endurance(game, "breeder", 4, "scratch-1", "scratch-2")  # 2 + 3 = 5 > 4
    assert [i.injuries for i in after.intruders] == [4]
    assert "base.endurance.two-cards" in fired
    after, fired = endurance(game, "breeder", 5, "scratch-1", "scratch-2")  # 5 <= 5
    assert after.intruders == ()
    assert "base.endurance.two-cards" in fired


def test_base_endurance_carcass_left_by_a_killed_adult(game: GameState) -> None:
    before = game.room("11").objects.count("carcass")
    after, fired = endurance(game, "adult", 3, "scratch-2")
    assert after.room("11").objects.count("carcass") == before + 1
    assert "base.endurance.carcass" in fired


def test_base_endurance_carcass_not_for_a_larva(game: GameState) -> None:
    before = game.room("11").objects.count("carcass")
    after, fired = endurance(game, "larva", 1)
    assert after.intruders == () and after.room("11").objects.count("carcass") == before
    assert "base.endurance.carcass" not in fired


# -- the Self-Destruct track ------------------------------------------------------------------------


def first_space(state: GameState, flag: str) -> int:
    return next(s for s in range(20) if flag in tables.self_destruct_flags(replace(state, self_destruct=s)))


def red_space(state: GameState) -> int:
    return next(t for t in range(40) if "jump" in tables.time_flags(replace(state, time=t)))


def test_base_self_destruct_advance_moves_with_the_time_marker(game: GameState) -> None:
    after, fired = settled(replace(game, self_destruct=0, time=0), TimeStep())
    assert after.time == 1 and after.self_destruct == 1
    assert "base.self-destruct.advance" in fired
    idle, fired = settled(replace(game, time=0), TimeStep())
    assert idle.self_destruct is None and "base.self-destruct.advance" not in fired


def test_base_self_destruct_lock_unlocks_every_pod_at_yellow(game: GameState) -> None:
    yellow = first_space(game, "pods-unlock")
    before, fired = settled(replace(game, self_destruct=yellow - 2, time=0), TimeStep())
    assert all(p.locked for p in before.pods) and "base.self-destruct.lock" not in fired
    after, fired = settled(replace(game, self_destruct=yellow - 1, time=0), TimeStep())
    assert after.self_destruct == yellow
    assert all(not p.locked for p in after.pods)
    assert "base.self-destruct.lock" in fired


def test_base_self_destruct_jump_destroys_the_ship(game: GameState) -> None:
    state = replace(game, self_destruct=0, time=red_space(game) - 1)
    state = state.with_character(replace(state.character(1), status="hibernating"))
    after, fired = settled(state, TimeStep())
    assert after.end is not None and after.end.reason == "ship-destroyed-self-destruct"
    assert "ship-destroyed" in after.flags
    assert after.character(1).status == "dead"  # even the hibernating
    assert "base.self-destruct.jump" in fired


# -- the end of the game ----------------------------------------------------------------------------


def test_base_end_destruction_at_the_skull(game: GameState) -> None:
    skull = first_space(game, "explosion")
    state = replace(game, self_destruct=skull - 1, time=0)
    state = state.with_character(replace(state.character(1), status="hibernating"))
    after, fired = settled(state, TimeStep())
    assert after.end is not None and after.end.reason == "ship-destroyed-self-destruct"
    assert after.end.survivors == ()
    assert "base.end.destruction" in fired


def test_base_end_destruction_a_ninth_fire_kills_awake_and_asleep(game: GameState) -> None:
    state = game.with_character(replace(game.character(1), status="hibernating"))
    state = state.with_character(replace(state.character(2), status="escaped"))
    ctx = Context()
    after = settle(end_game(state, "ship-destroyed-ninth-fire", ctx), ctx)
    assert after.end is not None
    assert after.character(1).status == "dead" and after.end.survivors == (2,)
    assert "base.end.destruction" in ctx.fired


def test_base_end_check_needed_only_with_a_survivor(game: GameState) -> None:
    ctx = Context()
    over = end_game(game, "hyperjump", ctx)
    assert not any(isinstance(f, EngineCheck) for f in over.pending)
    over = settle(over, ctx)
    assert over.end is not None and over.end.survivors == () and over.end.winners == ()
    asleep = game.with_character(replace(game.character(1), status="hibernating"))
    checked = end_game(asleep, "hyperjump", Context())
    assert any(isinstance(f, EngineCheck) for f in checked.pending)


def test_base_end_survival_pod_or_hibernation_on_a_ship_that_arrives(game: GameState) -> None:
    # two Damaged engines: the ship does not arrive; the sleeper dies, the pod survivor lives
    engines = (("damaged", "working"), ("damaged", "working"), ("working", "damaged"))
    state = replace(game, engines=engines)
    state = state.with_character(replace(state.character(1), status="hibernating"))
    state = state.with_character(replace(state.character(2), status="escaped"))
    ctx = Context()
    after = settle(end_game(state, "hyperjump", ctx), ctx)
    assert after.end is not None and after.end.survivors == (2,)
    assert after.character(1).status == "dead"
    intact = replace(state, engines=(("working", "damaged"),) * 3)
    ctx = Context()
    arrived = settle(end_game(intact, "hyperjump", ctx), ctx)
    assert arrived.end is not None and arrived.end.survivors == (1, 2)
    assert "base.end.survival" in ctx.fired
    nobody = replace(intact, characters=tuple(replace(c, status="dead") for c in intact.characters))
    ctx = Context()
    settle(end_game(nobody, "hyperjump", ctx), ctx)
    assert "base.end.survival" not in ctx.fired  # nobody survives: nothing to check


def test_base_objective_jump_no_kill_intruders_stay_aboard(game: GameState) -> None:
    state = with_intruders(replace(game, time=red_space(game) - 1), Intruder(1, "adult", "11"))
    after, fired = settled(state, TimeStep())
    assert after.end is not None and after.end.reason == "hyperjump"
    assert [i.kind for i in after.intruders] == ["adult"]
    assert "queen-killed" not in after.flags and "ship-destroyed" not in after.flags
    assert "base.time.jump" in fired
    assert "base.objective.jump-no-kill" in fired
