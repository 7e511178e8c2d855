"""Known-answer scenarios for the five kinds of Serious Wound card and for dressing, which
cancels each of them (facts.md §5). Player 1 is the Scout (Rifle) in the Hibernatorium (11);
player 2 the Soldier, with no Interruption card in hand."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import Context, legal_actions
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules import queries
from nemesis_rules.model.rules.items import free_slots, hand_slots
from nemesis_rules.model.rules.wounds import SeriousWound
from nemesis_rules.testing import after_setup, run, top_frame, with_frames


@pytest.fixture
def game() -> GameState:
    return wounded(wounded(after_setup(players=2, seed=3), 2), 1)


def wounded(state: GameState, player: int, *wounds: str, dressed: tuple[str, ...] = (), **fields: object) -> GameState:
    c = state.character(player)
    c = replace(c, hand=Multiset.of(("search", "rest", "demolition")), serious_wounds=wounds, dressed=dressed)
    return state.with_character(replace(c, **fields))  # type: ignore[arg-type]


def decisions(state: GameState, kind: str) -> list[Decision]:
    return [a for a in legal_actions(state) if isinstance(a, Decision) and a.kind == kind]


# -- Back ----------------------------------------------------------------------------------------------------


def test_base_serious_wound_back_draws_up_to_four(game: GameState) -> None:
    ctx = Context()
    assert queries.hand_size(game, wounded(game, 1, "back").character(1), ctx) == 4
    assert "base.serious-wound.back" in ctx.fired
    two = wounded(game, 1, "back", "back").character(1)
    assert queries.hand_size(game, two, Context()) == 4  # duplicates do not stack


def test_base_serious_wound_back_dressed_has_no_effect(game: GameState) -> None:
    c = wounded(game, 1, "back", dressed=("back",)).character(1)
    assert queries.hand_size(game, c, Context()) == 5


# -- Leg ------------------------------------------------------------------------------------------------------


def test_base_serious_wound_leg_makes_escape_cost_two(game: GameState) -> None:
    state = replace(wounded(game, 1, "leg"), intruders=(Intruder(1, "adult", "11"),), next_intruder=2)
    moves = decisions(state, "move")
    assert moves and all(len(m.cards()) == 2 for m in moves)
    calm = wounded(game, 1, "leg")
    assert all(len(m.cards()) == 1 for m in decisions(calm, "move"))  # only an Escape costs more


def test_base_serious_wound_leg_dressed_has_no_effect(game: GameState) -> None:
    state = replace(wounded(game, 1, "leg", dressed=("leg",)), intruders=(Intruder(1, "adult", "11"),))
    assert all(len(m.cards()) == 1 for m in decisions(state, "move"))


# -- Hand -----------------------------------------------------------------------------------------------------


def test_base_serious_wound_hand_adds_one_to_item_actions(game: GameState) -> None:
    state = wounded(game, 1, "hand", inventory=Multiset.of(("tools",)))
    uses = decisions(state, "use-item")
    assert uses and all(len(u.cards()) == 2 for u in uses)
    shots = decisions(replace(state, intruders=(Intruder(1, "adult", "11"),), next_intruder=2), "shoot")
    assert shots and all(len(s.cards()) == 1 for s in shots)  # Shooting is not an item action (FAQ)


def test_base_serious_wound_hand_dressed_has_no_effect(game: GameState) -> None:
    state = wounded(game, 1, "hand", dressed=("hand",), inventory=Multiset.of(("tools",)))
    assert all(len(u.cards()) == 1 for u in decisions(state, "use-item"))


# -- Bleeding -------------------------------------------------------------------------------------------------


def test_base_serious_wound_bleeding_costs_a_light_wound_on_passing(game: GameState) -> None:
    state, fired = run(wounded(game, 1, "bleeding"), [Decision.make(1, "pass"), Decision.make(1, "keep-hand")])
    assert "base.serious-wound.bleeding" in fired
    assert state.character(1).light_wounds == 1


def test_base_serious_wound_bleeding_costs_a_light_wound_on_a_forced_pass(game: GameState) -> None:
    state = wounded(game, 1, "bleeding", inventory=Multiset.of(("antidote",)))
    use = Decision.make(1, "use-item", item="antidote", pay=("search",))
    state, fired = run(state, [use, Outcome("contamination-card", "contamination")])
    assert state.character(1).passed and state.character(1).light_wounds == 1
    assert "base.serious-wound.bleeding" in fired


def test_base_serious_wound_bleeding_dressed_has_no_effect(game: GameState) -> None:
    state = wounded(game, 1, "bleeding", dressed=("bleeding",), inventory=Multiset.of(("antidote",)))
    use = Decision.make(1, "use-item", item="antidote", pay=("search",))
    state, fired = run(state, [use, Outcome("contamination-card", "contamination")])
    assert state.character(1).passed and state.character(1).light_wounds == 0
    assert "base.serious-wound.bleeding" not in fired


# -- Arm --------------------------------------------------------------------------------------------------------


def test_base_serious_wound_arm_forces_a_drop_when_two_heavy_things_are_held(game: GameState) -> None:
    state = wounded(game, 1, hands=("rifle", "egg"))
    state = with_frames(state, SeriousWound(1))
    state, fired = run(state, [Outcome("serious-wound", "arm")])
    assert type(top_frame(state)).__name__ == "ArmDrop" and "base.serious-wound.arm" in fired
    assert {d.get("item") for d in legal_actions(state)} == {"egg", "rifle"}  # type: ignore[union-attr]
    state, _ = run(state, [Decision.make(1, "drop", item="egg")])
    c = state.character(1)
    assert c.hands == ("rifle",) and c.serious_wounds == ("arm",) and state.room("11").objects.count("egg") == 1
    assert hand_slots(c) == 1 and free_slots(c) == 0


def test_base_serious_wound_arm_with_one_heavy_thing_drops_nothing(game: GameState) -> None:
    state = with_frames(wounded(game, 1, hands=("rifle",)), SeriousWound(1))
    state, _ = run(state, [Outcome("serious-wound", "arm")])
    assert type(top_frame(state)).__name__ == "Turn" and state.character(1).hands == ("rifle",)


def test_base_serious_wound_arm_leaves_one_hand_slot(game: GameState) -> None:
    state = wounded(game, 1, "arm", hands=("rifle",))
    state = state.with_room("11", replace(state.room("11"), objects=Multiset.of(("egg",))))
    assert decisions(state, "pick-up") == []
    dressed = wounded(game, 1, "arm", dressed=("arm",), hands=("rifle",))
    dressed = dressed.with_room("11", replace(dressed.room("11"), objects=Multiset.of(("egg",))))
    assert hand_slots(dressed.character(1)) == 2 and decisions(dressed, "pick-up")
