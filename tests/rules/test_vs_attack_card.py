"""Known-answer scenarios for the Void Seeder Attack cards (facts.md §16). Void Seeder movement through
closed Doors is in test_vs_movement.py."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.attack import IntruderAttack
from nemesis_rules.testing import after_setup, move_character, run, with_frames


def game(kind: str, wounds: tuple[str, ...] = ()) -> GameState:
    state = after_setup(2, 0, ruleset="void-seeders")
    state = move_character(state, 2, "15")
    state = state.with_character(replace(state.character(1), serious_wounds=wounds))
    return replace(state, intruders=(Intruder(1, kind, "11"),), next_intruder=2)


def attack(state: GameState, card: str) -> tuple[GameState, list[str]]:
    state = with_frames(state, IntruderAttack(1, 1, "event"))
    return run(state, [Outcome("attack-card", card)])


def chance(state: GameState) -> str:
    return str(getattr(state.pending[-1], "chance", ""))


def test_vs_attack_card_symbol_missing_type_misses() -> None:
    state, fired = attack(game("lurker"), "frenzy-1")
    assert "vs.attack-card.frenzy" not in fired and chance(state) != "serious-wound"


def test_vs_attack_card_frenzy_kills_with_two_serious_wounds() -> None:
    state, fired = attack(game("stalker", ("arm", "leg")), "frenzy-1")
    assert state.character(1).status == "dead" and "vs.attack-card.frenzy" in fired


def test_vs_attack_card_scratch_light_wound_and_contamination() -> None:
    state, _ = attack(game("lurker"), "scratch-1")
    assert chance(state) == "contamination-card"
    state, _ = run(state, [Outcome("contamination-card", "contamination")])
    assert state.character(1).light_wounds == 1 and "contamination" in state.character(1).discard


def test_vs_attack_card_duplicate_adds_a_miniature_that_does_not_attack() -> None:
    state, fired = attack(game("whisperer"), "duplicate-1")
    assert [i.kind for i in state.intruders] == ["whisperer", "whisperer"]
    assert "vs.attack-card.duplicate" in fired and chance(state) != "attack-card"


def test_vs_attack_card_dread_serious_wound_then_panic() -> None:
    state, _ = attack(game("stalker"), "dread-1")
    assert chance(state) == "serious-wound"
    state, _ = run(state, [Outcome("serious-wound", state.pending[-1].outcomes(state)[0][0])])  # type: ignore[attr-defined]
    assert chance(state) == "panic-card"


def test_vs_attack_card_braineating_kills_a_wounded_target() -> None:
    state, _ = attack(game("despoiler", ("arm",)), "braineating-1")
    assert state.character(1).status == "dead"


def test_vs_attack_card_braineating_two_serious_wounds_otherwise() -> None:
    state, _ = attack(game("despoiler"), "braineating-2")
    assert sum(1 for f in state.pending if type(f).__name__ in ("SeriousWound", "SeriousWoundDraw")) == 2


def test_vs_attack_card_bite_one_serious_wound() -> None:
    state, _ = attack(game("whisperer", ("arm",)), "bite-1")
    assert chance(state) == "serious-wound"


def test_vs_attack_card_dismay_contamination_then_panic() -> None:
    state, _ = attack(game("lurker"), "dismay-1")
    assert chance(state) == "contamination-card"
    state, _ = run(state, [Outcome("contamination-card", "contamination")])
    assert chance(state) == "panic-card"
