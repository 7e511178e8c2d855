"""Known-answer tests for bag-development tokens, the combat die, Melee and Shoot (issue #8):
each sets up the situation the clause speaks of and checks the state after."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import legal_actions
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.bag import token_type
from nemesis_rules.model.rules.events import BagDevelopmentDraw
from nemesis_rules.model.rules.shoot_and_melee import CombatRoll
from nemesis_rules.model.rules.wounds import ContaminationDraw
from nemesis_rules.testing import after_setup, run, top_frame, with_frames, with_hand, with_intruders


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11: the Scout (player 1, Rifle with 4 Ammo, three cards) and
    the Soldier (no cards)."""
    state = with_hand(after_setup(players=2, seed=3), 1, "search", "rest", "demolition")
    return with_hand(state, 2)  # no cards: no Interruption window opens


def develop(state: GameState, token: str) -> tuple[GameState, list[str]]:
    """Draw ``token`` in bag development."""
    return run(with_frames(state, BagDevelopmentDraw()), [Outcome("intruder-token", token)])


def count(bag: Multiset, kind: str) -> int:
    return sum(n for t, n in bag.items() if token_type(t) == kind)


# -- bag development ---------------------------------------------------------------------------


def test_base_bag_larva_leaves_the_bag_and_an_adult_comes_in(game: GameState) -> None:
    after, fired = develop(game, "larva-1")
    assert count(after.bag, "larva") == count(game.bag, "larva") - 1
    assert count(after.bag, "adult") == count(game.bag, "adult") + 1
    assert count(after.token_pool, "adult") == count(game.token_pool, "adult") - 1
    assert "base.bag.larva" in fired


def test_base_bag_creeper_leaves_the_bag_and_a_breeder_comes_in(game: GameState) -> None:
    after, fired = develop(game, "creeper-1")
    assert count(after.bag, "creeper") == count(game.bag, "creeper") - 1
    assert count(after.bag, "breeder") == count(game.bag, "breeder") + 1
    assert "base.bag.creeper" in fired


def test_base_bag_removed_to_pool_a_larva_token_joins_the_supply(game: GameState) -> None:
    # the Larva token taken out of the bag is beside the board again, ready to come back
    after, fired = develop(game, "larva-1")
    assert count(after.token_pool, "larva") == count(game.token_pool, "larva") + 1
    assert "base.bag.removed-to-pool" in fired


def test_base_bag_adult_every_player_not_in_combat_rolls_for_noise(game: GameState) -> None:
    after, fired = develop(game, "adult-2")
    assert after.bag == game.bag  # the token goes back
    assert top_frame(after).chance == "noise-roll"  # type: ignore[attr-defined]
    assert "base.bag.adult" in fired


def test_base_bag_adult_a_character_in_combat_does_not_roll(game: GameState) -> None:
    # an Intruder in room 11 puts both Characters In Combat: nobody rolls
    state = with_intruders(game, Intruder(1, "creeper", "11"))
    after, fired = develop(state, "adult-2")
    assert after.pending == state.pending and after.bag == state.bag
    assert "base.bag.adult" in fired


def test_base_bag_breeder_has_the_adult_effect(game: GameState) -> None:
    state = replace(game, bag=game.bag.add("breeder-3"))
    after, fired = develop(state, "breeder-3")
    assert after.bag == state.bag
    assert top_frame(after).chance == "noise-roll"  # type: ignore[attr-defined]
    assert "base.bag.breeder" in fired


def test_base_bag_blank_adds_an_adult_and_stays(game: GameState) -> None:
    after, fired = develop(game, "blank")
    assert count(after.bag, "blank") == 1
    assert count(after.bag, "adult") == count(game.bag, "adult") + 1
    assert "base.bag.blank" in fired


def test_base_bag_blank_adds_nothing_when_no_adult_is_left(game: GameState) -> None:
    pool = Multiset.of(t for t, n in game.token_pool.items() if token_type(t) != "adult" for _ in range(n))
    state = replace(game, token_pool=pool)
    after, fired = develop(state, "blank")
    assert after.bag == state.bag and "base.bag.blank" in fired


def test_base_bag_queen_egg_with_nobody_in_the_nest_adds_an_egg(game: GameState) -> None:
    after, fired = develop(game, "queen-4")
    assert after.eggs == game.eggs + 1 and after.bag == game.bag
    assert not any(i.kind == "queen" for i in after.intruders)
    assert "base.bag.queen-egg" in fired and "base.bag.queen-in-nest" not in fired


def test_base_bag_queen_in_nest_places_the_queen_and_an_encounter(game: GameState) -> None:
    state = game.with_room("09", replace(game.room("09"), explored=True, token=None))
    state = state.with_character(replace(state.character(1), position="09"))
    after, fired = develop(state, "queen-4")
    queens = [i for i in after.intruders if i.kind == "queen"]
    assert [q.position for q in queens] == ["09"] and after.eggs == state.eggs
    assert "base.bag.queen-in-nest" in fired


# -- the combat die ----------------------------------------------------------------------------


def roll(game: GameState, kind: str, face: str) -> tuple[GameState, list[str]]:
    """Player 1 shoots (Rifle: no ability) an Intruder of ``kind`` with 0 Injuries; the die shows ``face``."""
    state = with_frames(with_intruders(game, Intruder(1, kind, "11")), CombatRoll(1, "1", "rifle", False))
    return run(state, [Outcome("combat-die", face)])


def injuries(state: GameState) -> int:
    return next((i.injuries for i in state.intruders if i.id == 1), -1)


@pytest.mark.parametrize("kind", ["adult", "creeper"])
def test_base_combat_die_adult_injures_a_creeper_or_adult(game: GameState, kind: str) -> None:
    after, fired = roll(game, kind, "adult")
    assert injuries(after) in (1, -1)  # injured (or killed outright)
    assert injuries(after) != 0 and "base.combat.die-adult" in fired


def test_base_combat_die_adult_does_not_hurt_a_breeder(game: GameState) -> None:
    after, _ = roll(game, "breeder", "adult")
    assert injuries(after) == 0


def test_base_combat_die_creeper_injures_a_creeper_only(game: GameState) -> None:
    after, fired = roll(game, "creeper", "creeper")
    assert injuries(after) != 0 and "base.combat.die-creeper" in fired
    after, _ = roll(game, "adult", "creeper")
    assert injuries(after) == 0


@pytest.mark.parametrize("kind", ["adult", "breeder", "queen"])
def test_base_combat_die_single_injures_any_intruder(game: GameState, kind: str) -> None:
    after, fired = roll(game, kind, "single")
    assert injuries(after) == 1 and "base.combat.die-single" in fired


def test_base_combat_die_blank_misses(game: GameState) -> None:
    after, fired = roll(game, "creeper", "blank")
    assert injuries(after) == 0 and "base.combat.die-blank" in fired


def test_base_combat_injury_markers_stay_on_the_intruder(game: GameState) -> None:
    after, fired = roll(game, "queen", "single")
    assert injuries(after) == 1 and "base.combat.injury-markers" in fired
    # a second hit adds to the first
    again = with_frames(after, CombatRoll(1, "1", "rifle", False))
    after2, _ = run(again, [Outcome("combat-die", "single")])
    assert injuries(after2) in (2, -1)


# -- Shoot and Melee ---------------------------------------------------------------------------


def test_base_combat_shoot_spends_one_ammo_and_rolls(game: GameState) -> None:
    state = with_intruders(game, Intruder(1, "adult", "11"))
    ammo = state.character(1).ammo_of("rifle")
    after, fired = run(state, [Decision.make(1, "shoot", weapon="rifle", target="1", pay=("search",))])
    assert after.character(1).ammo_of("rifle") == ammo - 1
    assert isinstance(top_frame(after), CombatRoll)
    assert "base.combat.shoot" in fired and "base.cost.basic-action" in fired
    assert after.character(1).hand.total == state.character(1).hand.total - 1


def test_base_combat_shoot_needs_ammo(game: GameState) -> None:
    from nemesis_rules.model.core.engine import IllegalActionError, check

    state = with_intruders(game, Intruder(1, "adult", "11"))
    state = state.with_character(state.character(1).with_ammo("rifle", 0))
    with pytest.raises(IllegalActionError) as err:
        check(state, Decision.make(1, "shoot", weapon="rifle", target="1", pay=("search",)))
    assert err.value.clause == "base.combat.shoot"


def melee(game: GameState, kind: str) -> GameState:
    state = with_intruders(game, Intruder(1, kind, "11"))
    after, _ = run(state, [Decision.make(1, "melee", target="1", pay=("search",))])
    return after


def test_base_combat_melee_contamination_first_gives_a_contamination_card(game: GameState) -> None:
    state = with_intruders(game, Intruder(1, "adult", "11"))
    after, fired = run(state, [Decision.make(1, "melee", target="1", pay=("search",))])
    assert after.pending[-2:] == (CombatRoll(1, "1", "", False), ContaminationDraw(1, False))
    after, _ = run(after, [legal_actions(after)[0]])
    assert isinstance(top_frame(after), CombatRoll)  # the roll comes after the card
    discard = after.character(1).discard
    assert any(card.startswith("contamination") for card, _ in discard.items())
    assert "base.combat.melee-contamination" in fired


def test_base_combat_melee_max_one_a_double_deals_one_injury(game: GameState) -> None:
    state = with_frames(with_intruders(game, Intruder(1, "queen", "11")), CombatRoll(1, "1", "", False))
    after, fired = run(state, [Outcome("combat-die", "double")])
    assert injuries(after) == 1 and "base.combat.melee-max-one" in fired


def test_base_combat_melee_miss_wound_a_harmless_symbol_gives_a_serious_wound(game: GameState) -> None:
    state = with_frames(with_intruders(game, Intruder(1, "adult", "11")), CombatRoll(1, "1", "", False))
    after, fired = run(state, [Outcome("combat-die", "creeper")])
    assert injuries(after) == 0 and "base.combat.melee-miss-wound" in fired
    assert top_frame(after).chance == "serious-wound"  # type: ignore[attr-defined]
