"""Known-answer tests for the combat die, Shoot and Melee (facts.md §15; base-rules-reference.txt,
Combat), named after their clause ids: each sets up the situation the clause speaks of and checks the
state after."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import legal_actions
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.shoot_and_melee import CombatRoll
from nemesis_rules.model.rules.wounds import ContaminationDraw
from nemesis_rules.testing import after_setup, run, top_frame, with_frames, with_hand, with_intruders


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11: the Scout (player 1, Rifle with 4 Ammo, three cards) and
    the Soldier (no cards)."""
    state = with_hand(after_setup(players=2, seed=3), 1, "search", "rest", "demolition")
    return with_hand(state, 2)  # no cards: no Interruption window opens


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
