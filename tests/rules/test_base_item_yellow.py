"""Known-answer scenarios for the yellow (technical) items' actions, named after their clauses
(facts.md §6). Player 1 is the Scout in the Hibernatorium (11); 19, 20 and 21 are the explored
Engines; 02, 04, 05, 09, 14, 15, 19 and 21 have Technical Corridor entrances."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import IllegalActionError, apply, legal_actions
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.items import free_slots
from nemesis_rules.testing import after_setup, equip, explored, move_character, run, top_frame
from nemesis_rules.testing import item_uses as uses
from nemesis_rules.testing import use_item as use

PAY = ("search",)


@pytest.fixture
def game() -> GameState:
    return equip(equip(after_setup(players=2, seed=3), 2), 1)


# -- Chemicals ----------------------------------------------------------------------------------------


def test_base_item_chemicals_fully_load_the_flamethrower(game: GameState) -> None:
    state = equip(game, 1, "chemicals", "energy-charge", hands=("flamethrower",), ammo=(("flamethrower", 1),))
    assert {d.get("weapon") for d in uses(state, "chemicals")} == {"flamethrower"}
    assert all(d.get("weapon") is None for d in uses(state, "energy-charge"))  # Chemicals only
    state, fired = run(state, [use("chemicals", weapon="flamethrower")])
    assert state.character(1).ammo_of("flamethrower") == 4
    assert "base.item.chemicals" in fired and state.deck("yellow").discard.count("chemicals") == 1


def test_base_item_chemicals_do_not_load_energy_weapons(game: GameState) -> None:
    state = equip(game, 1, "chemicals", ammo=(("rifle", 1),))
    assert uses(state, "chemicals") == []
    with pytest.raises(IllegalActionError) as info:
        apply(state, use("chemicals", weapon="rifle"))
    assert info.value.clause == "base.item.chemicals"  # the item says what it loads


# -- Tools and Duct Tape ---------------------------------------------------------------------------------


def test_base_item_tools_remove_the_malfunction_of_your_room(game: GameState) -> None:
    state = equip(game, 1, "tools")
    state = state.with_room("11", replace(state.room("11"), malfunction=True))
    state, fired = run(state, [use("tools", repair="malfunction")])
    assert not state.room("11").malfunction and "base.item.tools" in fired


def test_base_item_tools_repair_or_break_the_engine_you_stand_in(game: GameState) -> None:
    state = move_character(equip(game, 1, "tools"), 1, "19")
    before = state.engines
    state, fired = run(state, [use("tools", repair="engine")])
    assert type(top_frame(state)).__name__ == "EngineReorder" and "base.room.engine" in fired
    state, _ = run(state, [Decision.make(1, "swap-engine-tokens")])
    assert state.engines[2] == tuple(reversed(before[2]))


def test_base_item_tools_open_or_close_a_door_but_nothing_else_here(game: GameState) -> None:
    state = equip(game, 1, "tools")
    assert {d.get("repair") for d in uses(state, "tools")} == {None}  # no Malfunction, no Engine
    state, _ = run(state, [use("tools", corridor="08-11", door="closed")])
    assert state.door("08-11") == "closed"
    state = equip(state.with_door("08-11", "destroyed"), 1, "tools")
    assert "08-11" not in {d.get("corridor") for d in uses(state, "tools")}


def test_base_item_duct_tape_binds_two_heavy_items_into_one_slot(game: GameState) -> None:
    state = equip(game, 1, "duct-tape", hands=("rifle", "fire-extinguisher"))
    assert free_slots(state.character(1)) == 0
    state, fired = run(state, [use("duct-tape", tape=("fire-extinguisher", "rifle"))])
    assert "taped" in state.character(1).mods and free_slots(state.character(1)) == 1
    assert {"base.item.duct-tape", "base.item.hand-slots"} <= set(fired)


def test_base_item_duct_tape_needs_two_heavy_items_not_objects(game: GameState) -> None:
    state = equip(game, 1, "duct-tape", hands=("rifle", "egg"))
    assert uses(state, "duct-tape") == []
    state = state.with_room("11", replace(state.room("11"), malfunction=True))
    assert {d.get("repair") for d in uses(state, "duct-tape")} == {"malfunction"}


# -- Fire Extinguisher ----------------------------------------------------------------------------------------


def test_base_item_fire_extinguisher_removes_the_fire_of_your_room(game: GameState) -> None:
    state = equip(game, 1, hands=("rifle", "fire-extinguisher"))
    state = state.with_room("11", replace(state.room("11"), fire=True))
    state, fired = run(state, [use("fire-extinguisher", remove="fire")])
    assert not state.room("11").fire and state.character(1).hands == ("rifle",)
    assert state.deck("yellow").discard.count("fire-extinguisher") == 1 and "base.item.one-use" in fired


def test_base_item_fire_extinguisher_makes_an_intruder_retreat(game: GameState) -> None:
    state = equip(game, 1, hands=("rifle", "fire-extinguisher"))
    state = replace(state, intruders=(Intruder(1, "adult", "11"),), next_intruder=2, discovered=frozenset())
    state, _ = run(state, [use("fire-extinguisher", target="1")])
    assert type(top_frame(state)).__name__ == "RetreatDirection"
    state, _ = run(state, [Outcome("event-card", "hunt-1")])  # number 2: corridor 06-11
    assert state.intruders[0].position == "06" and state.intruders[0].injuries == 0


def test_base_item_fire_extinguisher_needs_fire_or_an_intruder(game: GameState) -> None:
    state = equip(game, 1, hands=("rifle", "fire-extinguisher"))
    assert uses(state, "fire-extinguisher") == []
    with pytest.raises(IllegalActionError):
        apply(state, use("fire-extinguisher", remove="fire"))


# -- Clothes ----------------------------------------------------------------------------------------------------


def test_base_item_clothes_discard_the_slime_marker(game: GameState) -> None:
    state = equip(game, 1, "clothes", slime=True)
    state, fired = run(state, [use("clothes", remove="slime")])
    assert not state.character(1).slime and "base.item.clothes" in fired


def test_base_item_clothes_dress_one_serious_wound(game: GameState) -> None:
    state = equip(game, 1, "clothes", serious_wounds=("leg", "back"))
    assert {d.get("wound") for d in uses(state, "clothes")} == {"back", "leg"}
    state, fired = run(state, [use("clothes", wound="leg")])
    assert state.character(1).dressed == ("leg",) and "base.wound.dress" in fired


def test_base_item_clothes_need_slime_or_an_undressed_wound(game: GameState) -> None:
    state = equip(game, 1, "clothes", serious_wounds=("leg",), dressed=("leg",))
    assert uses(state, "clothes") == []


# -- moving and looking ------------------------------------------------------------------------------------------


def test_base_item_technical_corridor_plans_move_between_entrances(game: GameState) -> None:
    state = move_character(equip(game, 1, "technical-corridor-plans"), 1, "19")
    targets = {d.get("to") for d in uses(state, "technical-corridor-plans")}
    assert targets == {"02", "04", "05", "09", "14", "15", "21"}
    state, fired = run(state, [use("technical-corridor-plans", to="21")])
    assert state.character(1).position == "21" and "base.item.technical-corridor-plans" in fired
    assert type(top_frame(state)).__name__ == "NoiseRoll"


def test_base_item_technical_corridor_plans_need_an_entrance_here(game: GameState) -> None:
    state = equip(game, 1, "technical-corridor-plans")  # the Hibernatorium has no entrance
    assert uses(state, "technical-corridor-plans") == []


def test_base_item_space_suit_moves_from_a_yellow_room_to_another(game: GameState) -> None:
    state = move_character(explored(equip(game, 1, "space-suit"), "04", "10", "18"), 1, "04")
    assert {d.get("to") for d in uses(state, "space-suit")} == {"10", "18"}
    state, fired = run(state, [use("space-suit", to="18")])
    c = state.character(1)
    assert c.position == "18" and c.hand.total == 0 and {"rest", "demolition", "search"} <= set(c.discard)
    assert "base.item.space-suit" in fired


def test_base_item_space_suit_only_from_a_yellow_room(game: GameState) -> None:
    state = explored(equip(game, 1, "space-suit"), "04", "10")
    assert uses(state, "space-suit") == []  # the Hibernatorium is not yellow


def test_base_item_nemesis_plans_look_at_two_tiles_not_tokens(game: GameState) -> None:
    state = equip(game, 1, "nemesis-plans")
    state, fired = run(state, [use("nemesis-plans", peek="02")])
    assert type(top_frame(state)).__name__ == "PeekTile"
    assert Decision.make(1, "peek-tile", at="02") not in legal_actions(state)
    state, _ = run(state, [Decision.make(1, "peek-tile", at="03")])
    seen = {f for f in state.flags if f.startswith("seen:1:")}
    assert seen == {"seen:1:tile:02", "seen:1:tile:03"} and "base.item.nemesis-plans" in fired
