"""Known-answer scenarios for the Soldier's Action cards (Covering Fire, Taking Aim, Full Auto,
Nerves of Steel), named after their clauses."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import Context, IllegalActionError, apply, legal_actions, settle
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.action_cards_common import EscapeOffer
from nemesis_rules.model.rules.action_cards_reactive import AttackReaction, before_attack
from nemesis_rules.model.rules.action_cards_soldier import AimReroll
from nemesis_rules.model.rules.attack import AttackCardDraw
from nemesis_rules.testing import after_setup, run, top_frame


def soldier(*hand: str, ammo: int = 5) -> GameState:
    """Player 1 the Soldier with the Assault Rifle in the Hibernatorium (11) with an Adult;
    player 2 the Scout there too, holding nothing that interrupts."""
    state = after_setup(players=2, seed=3)
    one = replace(
        state.character(1),
        name="soldier",
        hand=Multiset.of(hand),
        hands=("assault-rifle",),
        ammo=(("assault-rifle", ammo),),
        quests=(("autoloader", "inactive"), ("armor", "inactive")),
    )
    two = replace(
        state.character(2), name="scout", hand=Multiset.of(("search",)), hands=("rifle",), ammo=(("rifle", 4),)
    )
    state = state.with_character(one).with_character(two)
    return replace(state, intruders=(Intruder(1, "adult", "11"),), next_intruder=2)


def plays(state: GameState, card: str) -> list[Decision]:
    return [
        a for a in legal_actions(state) if isinstance(a, Decision) and a.kind == "play-card" and a.get("card") == card
    ]


def test_base_action_card_covering_fire_lets_you_and_another_escape_unattacked() -> None:
    state = soldier("covering-fire")
    play = Decision.make(1, "play-card", card="covering-fire", weapon="assault-rifle", to="06", partner="2", pay=())
    assert play in plays(state, "covering-fire")
    state, fired = run(state, [play])
    # 06 holds a Silence token: no noise roll, so the other Character decides at once
    assert state.character(1).position == "06"
    assert state.character(1).ammo_of("assault-rifle") == 4
    frame = top_frame(state)
    assert isinstance(frame, EscapeOffer) and frame.player == 2
    state, _ = run(state, [Decision.make(2, "escape-unattacked", to="06")])
    assert state.character(2).position == "06"
    assert "base.move.escape-attacks" not in fired
    assert "base.action-card.covering-fire" in fired


def test_base_action_card_covering_fire_partner_may_stay() -> None:
    state = soldier("covering-fire")
    state, _ = run(
        state, [Decision.make(1, "play-card", card="covering-fire", weapon="assault-rifle", partner="2", pay=())]
    )
    state, _ = run(state, [Decision.make(2, "stay")])
    assert state.character(2).position == "11" and state.character(1).position == "11"


def test_base_action_card_covering_fire_only_in_combat() -> None:
    state = replace(soldier("covering-fire"), intruders=())
    assert plays(state, "covering-fire") == []
    with pytest.raises(IllegalActionError) as info:
        apply(state, Decision.make(1, "play-card", card="covering-fire", weapon="assault-rifle", to="06", pay=()))
    assert info.value.clause == "base.combat.allowed-actions"


def test_base_action_card_taking_aim_rerolls_the_die_once() -> None:
    state = soldier("taking-aim")
    state, _ = run(
        state, [Decision.make(1, "play-card", card="taking-aim", weapon="assault-rifle", target="1", pay=())]
    )
    assert state.character(1).ammo_of("assault-rifle") == 4
    state, _ = run(state, [Outcome("combat-die", "blank")])
    assert isinstance(top_frame(state), AimReroll)
    state, more = run(state, [Decision.make(1, "reroll"), Outcome("combat-die", "double")])
    # double hit 2, the rifle's +1 on a hit: 3 Injuries, then the endurance check
    assert state.intruders[0].injuries == 3
    assert "base.action-card.taking-aim" in more and "base.combat.die-double" in more


def test_base_action_card_taking_aim_needs_an_energy_weapon() -> None:
    state = soldier("taking-aim")
    state = state.with_character(replace(state.character(1), hands=("revolver",), ammo=(("revolver", 3),)))
    assert plays(state, "taking-aim") == []


def test_base_action_card_full_auto_adds_one_injury_per_two_ammo_even_on_a_miss() -> None:
    state = soldier("full-auto", ammo=5)
    state, fired = run(
        state, [Decision.make(1, "play-card", card="full-auto", weapon="assault-rifle", target="1", pay=())]
    )
    assert state.character(1).ammo_of("assault-rifle") == 0
    state, _ = run(state, [Outcome("combat-die", "blank")])
    assert state.intruders[0].injuries == 2
    assert "base.action-card.full-auto" in fired


def test_base_action_card_full_auto_keeps_the_rifle_bonus_on_a_hit() -> None:
    state = soldier("full-auto", ammo=4)
    state, _ = run(state, [Decision.make(1, "play-card", card="full-auto", weapon="assault-rifle", target="1", pay=())])
    state, _ = run(state, [Outcome("combat-die", "single")])
    assert state.intruders[0].injuries == 1 + 2 + 1


def test_base_action_card_full_auto_needs_rifle_ammo() -> None:
    state = soldier("full-auto", ammo=0)
    assert plays(state, "full-auto") == []


def test_base_action_card_nerves_of_steel_ignores_a_surprise_attack() -> None:
    state = soldier("nerves-of-steel", "search")
    ctx = Context()
    state = settle(before_attack(state, state.intruders[0], 1, "surprise", ctx), ctx)
    frame = top_frame(state)
    assert isinstance(frame, AttackReaction) and frame.player == 1
    state, fired = run(state, [Decision.make(1, "ignore-attack", card="nerves-of-steel")])
    assert "nerves-of-steel" in state.character(1).discard and "nerves-of-steel" not in state.character(1).hand
    assert not any(isinstance(f, AttackCardDraw) for f in state.pending)
    assert "base.action-card.nerves-of-steel" in fired


def test_base_action_card_nerves_of_steel_taking_the_attack_draws_its_card() -> None:
    state = soldier("nerves-of-steel")
    ctx = Context()
    state = settle(before_attack(state, state.intruders[0], 1, "surprise", ctx), ctx)
    state, _ = run(state, [Decision.make(1, "take-attack")])
    assert isinstance(top_frame(state), AttackCardDraw)
    assert "nerves-of-steel" in state.character(1).hand


def test_base_action_card_nerves_of_steel_not_against_other_attacks() -> None:
    state = soldier("nerves-of-steel")
    ctx = Context()
    state = settle(before_attack(state, state.intruders[0], 1, "event", ctx), ctx)
    assert isinstance(top_frame(state), AttackCardDraw)
