"""Known-answer scenarios for the red (military) items' actions, named after their clauses
(facts.md §6). Player 1 is the Scout (Rifle, Energy, capacity 4) in the Hibernatorium (11),
whose neighbours are 06, 08, 14 and 15; player 2 the Soldier, also in 11."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import IllegalActionError, apply
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.item_effects import item_action_cost
from nemesis_rules.model.rules.items import capacity, weapon_leaves
from nemesis_rules.testing import (
    after_setup,
    equip,
    explored,
    move_character,
    run,
    top_frame,
    with_intruders,
    with_ruling,
)
from nemesis_rules.testing import item_uses as uses
from nemesis_rules.testing import use_item as use

PAY = ("search",)


@pytest.fixture
def game() -> GameState:
    return equip(equip(after_setup(players=2, seed=3), 2), 1)


# -- Energy Charge ----------------------------------------------------------------------------------


def test_base_item_energy_charge_fully_loads_an_energy_weapon(game: GameState) -> None:
    state = equip(game, 1, "energy-charge", ammo=(("rifle", 1),))
    state, fired = run(state, [use("energy-charge", weapon="rifle")])
    c = state.character(1)
    assert c.ammo_of("rifle") == 4
    assert "energy-charge" not in c.inventory and state.deck("red").discard.count("energy-charge") == 1
    assert {"base.item.energy-charge", "base.item.one-use", "base.item.ammo-capacity"} <= set(fired)


def test_base_item_energy_charge_refuses_full_and_classic_weapons(game: GameState) -> None:
    full = equip(game, 1, "energy-charge")
    assert all(d.get("weapon") is None for d in uses(full, "energy-charge"))
    classic = equip(game, 1, "energy-charge", hands=("revolver",), ammo=(("revolver", 1),))
    assert all(d.get("weapon") is None for d in uses(classic, "energy-charge"))
    with pytest.raises(IllegalActionError) as info:
        apply(classic, use("energy-charge", weapon="revolver"))
    assert info.value.clause == "base.item.energy-charge"  # the item says what it loads


def test_base_item_energy_charge_opens_or_closes_a_door_of_your_room(game: GameState) -> None:
    state = equip(game, 1, "energy-charge")
    doors = {(d.get("corridor"), d.get("door")) for d in uses(state, "energy-charge")}
    assert doors == {("06-11", "closed"), ("08-11", "closed"), ("11-14", "closed"), ("11-15", "closed")}
    state, _ = run(state, [use("energy-charge", corridor="11-15", door="closed")])
    assert state.door("11-15") == "closed"


def test_base_item_energy_charge_reloads_prototype_weapons(game: GameState) -> None:
    state = equip(game, 1, "energy-charge", hands=("prototype-pistol",), ammo=(("prototype-pistol", 1),))
    state, _ = run(state, [use("energy-charge", weapon="prototype-pistol")])
    assert state.character(1).ammo_of("prototype-pistol") == 3


def test_base_item_energy_charge_costs_nothing_for_a_weapon_with_the_autoloader(game: GameState) -> None:
    state = equip(game, 2, "energy-charge", ammo=(("assault-rifle", 1),), mods=frozenset({"autoloader:assault-rifle"}))
    assert capacity(state, 2, "assault-rifle") == 6
    assert item_action_cost(state, 2, "energy-charge", {"weapon": "assault-rifle"}) == 0
    assert item_action_cost(state, 2, "energy-charge", {"corridor": "11-15", "door": "closed"}) == 1


# -- Grenade ---------------------------------------------------------------------------------------------


def test_base_item_grenade_hurts_the_target_and_everyone_else_there(game: GameState) -> None:
    state = with_intruders(equip(game, 1, "grenade"), Intruder(1, "larva", "06"), Intruder(2, "larva", "06"))
    state = move_character(state, 2, "06")
    state, fired = run(state, [use("grenade", target="1")])
    assert state.intruders == ()  # both larvae die: 2 Injuries to the target, 1 to the other
    assert type(top_frame(state)).__name__ == "SeriousWoundDraw" and top_frame(state).player == 2  # type: ignore[attr-defined]
    state, _ = run(state, [Outcome("serious-wound", "leg")])
    assert state.character(2).serious_wounds == ("leg",) and state.character(1).serious_wounds == ()
    assert "base.item.grenade" in fired and "base.endurance.larva" in fired


def test_base_item_grenade_in_your_room_wounds_you_too(game: GameState) -> None:
    state = with_intruders(equip(game, 1, "grenade"), Intruder(1, "adult", "11"))
    state = move_character(state, 2, "06")
    state, _ = run(state, [use("grenade", target="1")])
    assert state.intruders[0].injuries == 2
    state, _ = run(state, [Outcome("attack-card", "scratch-4")])  # blood 6: it survives
    state, _ = run(state, [Outcome("serious-wound", "back")])
    assert state.character(1).serious_wounds == ("back",)


def test_base_item_grenade_is_stopped_by_a_closed_door(game: GameState) -> None:
    state = with_intruders(equip(game, 1, "grenade"), Intruder(1, "adult", "06"), Intruder(2, "adult", "15"))
    assert {d.get("target") for d in uses(state, "grenade")} == {"1", "2"}
    state = state.with_door("06-11", "closed")
    assert {d.get("target") for d in uses(state, "grenade")} == {"2"}
    with pytest.raises(IllegalActionError):
        apply(state, use("grenade", target="1"))


def test_base_item_grenade_destroys_two_eggs_in_the_nest(game: GameState) -> None:
    state = move_character(equip(game, 1, "grenade"), 1, "08")
    state = state.with_room("09", replace(state.room("09"), explored=True, token=None))
    state, fired = run(state, [use("grenade", target="eggs")])
    assert state.eggs == 3
    assert "base.nest.item-eggs" in fired
    assert type(top_frame(state)).__name__ == "NoiseRoll"


# -- Smoke Grenade ------------------------------------------------------------------------------------------


def test_base_item_smoke_grenade_others_discard_and_you_leave_unharmed(game: GameState) -> None:
    state = with_intruders(equip(game, 1, "smoke-grenade"), Intruder(1, "adult", "11"))
    state = equip(state, 2)
    state, fired = run(state, [use("smoke-grenade", to="15")])
    assert type(top_frame(state)).__name__ == "DiscardOne" and top_frame(state).player == 2  # type: ignore[attr-defined]
    state, _ = run(state, [Decision.make(2, "discard", card="rest")])
    assert state.character(2).hand.total == 2 and "rest" in state.character(2).discard
    assert state.character(1).position == "15" and state.room("15").explored
    assert "base.move.escape-attacks" not in fired and "base.item.smoke-grenade" in fired


def test_base_item_smoke_grenade_only_in_combat(game: GameState) -> None:
    state = equip(game, 1, "smoke-grenade")
    assert uses(state, "smoke-grenade") == []
    with pytest.raises(IllegalActionError):
        apply(state, use("smoke-grenade", to="15"))


# -- Recon Drone ---------------------------------------------------------------------------------------------


def test_base_item_recon_drone_looks_at_a_tile_and_its_token(game: GameState) -> None:
    state = equip(game, 1, "recon-drone")
    peeks = {d.get("peek") for d in uses(state, "recon-drone")}
    assert "02" in peeks and "01" not in peeks and "11" not in peeks  # explored rooms are not offered
    state, fired = run(state, [use("recon-drone", peek="02")])
    assert {"seen:1:tile:02", "seen:1:token:02"} <= state.flags
    assert "base.item.recon-drone" in fired


# -- Decoy ---------------------------------------------------------------------------------------------------


def test_base_item_decoy_pulls_every_neighbouring_intruder(game: GameState) -> None:
    state = with_intruders(
        equip(game, 1, "decoy"), Intruder(1, "larva", "06"), Intruder(2, "adult", "14"), Intruder(3, "adult", "11")
    )
    state = move_character(state, 2, "06")
    state, fired = run(state, [use("decoy", to="15")])
    # the Larva was in Combat with player 2: it attacks once (crawls onto the board) before leaving
    assert state.character(2).larva and "base.attack.larva" in fired
    state, _ = run(state, [Outcome("contamination-card", "contamination")])  # the Larva's card
    assert {(i.id, i.position) for i in state.intruders} == {(2, "15"), (3, "11")}


def test_base_item_decoy_doors_ruling_decides_closed_doors(game: GameState) -> None:
    state = with_intruders(equip(game, 1, "decoy"), Intruder(1, "adult", "14")).with_door("11-14", "closed")
    default, fired = run(state, [use("decoy", to="15")])
    assert default.intruders[0].position == "15" and "base.ambiguity.decoy-doors" in fired
    strict = with_ruling(state, "base.ambiguity.decoy-doors", "doors-block")
    after, _ = run(strict, [use("decoy", to="15")])
    assert after.intruders[0].position == "14"
    assert "14" not in {d.get("to") for d in uses(strict, "decoy")}


# -- Extended Magazine --------------------------------------------------------------------------------------


def test_base_item_extended_magazine_adds_two_ammo_and_two_capacity(game: GameState) -> None:
    state = equip(game, 1, "extended-magazine", "energy-charge", ammo=(("rifle", 1),))
    state, fired = run(state, [use("extended-magazine", pay=(), weapon="rifle")])
    c = state.character(1)
    assert c.ammo_of("rifle") == 3 and "extended-magazine:rifle" in c.mods
    assert "extended-magazine" not in c.inventory
    assert capacity(state, 1, "rifle") == 6
    state, _ = run(state, [use("energy-charge", weapon="rifle")])
    assert state.character(1).ammo_of("rifle") == 6
    assert "base.item.extended-magazine" in fired


def test_base_item_extended_magazine_not_in_combat_nor_twice(game: GameState) -> None:
    state = with_intruders(equip(game, 1, "extended-magazine"), Intruder(1, "adult", "11"))
    assert uses(state, "extended-magazine") == []
    attached = equip(game, 1, "extended-magazine", mods=frozenset({"extended-magazine:rifle"}))
    assert uses(attached, "extended-magazine") == []


def test_base_item_extended_magazine_fits_only_an_energy_weapon_by_default() -> None:
    # ruling base.data.extended-magazine's default (the printed card): an Energy weapon only
    state = equip(after_setup(players=2, seed=7), 1, "extended-magazine")  # the Captain (Revolver)
    assert state.config.rulings["base.data.extended-magazine"] == "energy"
    assert state.character(1).hands == ("revolver",) and uses(state, "extended-magazine") == []
    with pytest.raises(IllegalActionError) as info:
        apply(state, use("extended-magazine", pay=(), weapon="revolver"))
    assert info.value.clause == "base.item.extended-magazine"
    flamethrower = equip(state, 1, "extended-magazine", hands=("flamethrower",), ammo=(("flamethrower", 1),))
    assert uses(flamethrower, "extended-magazine") == []
    with pytest.raises(IllegalActionError) as info:
        apply(flamethrower, use("extended-magazine", pay=(), weapon="flamethrower"))
    assert info.value.clause == "base.item.extended-magazine"
    energy = equip(state, 1, "extended-magazine", hands=("revolver", "rifle"), ammo=(("rifle", 1),))
    assert [d.get("weapon") for d in uses(energy, "extended-magazine")] == ["rifle"]


def test_base_data_extended_magazine_any_weapon_fits_a_classic_weapon() -> None:
    rulings = {"base.data.extended-magazine": "any-weapon"}
    state = equip(after_setup(players=2, seed=7, rulings=rulings), 1, "extended-magazine")
    assert state.config.variants["extended-magazine"] == "any"
    flamethrower = equip(state, 1, "extended-magazine", hands=("flamethrower", "rifle"), ammo=(("flamethrower", 1),))
    assert {d.get("weapon") for d in uses(flamethrower, "extended-magazine")} == {"flamethrower", "rifle"}
    ammo, room = state.character(1).ammo_of("revolver"), capacity(state, 1, "revolver")
    state, fired = run(state, [use("extended-magazine", pay=(), weapon="revolver")])
    c = state.character(1)
    assert c.ammo_of("revolver") == ammo + 2 and "extended-magazine:revolver" in c.mods
    assert capacity(state, 1, "revolver") == room + 2
    assert "base.item.extended-magazine" in fired


def test_base_item_action_cost_refuses_an_unpaid_item_action(game: GameState) -> None:
    state = equip(game, 1, "energy-charge", ammo=(("rifle", 1),))
    with pytest.raises(IllegalActionError) as info:
        apply(state, use("energy-charge", pay=(), weapon="rifle"))  # the Energy Charge costs 1 card
    assert info.value.clause == "base.item.action-cost"


# -- keys -------------------------------------------------------------------------------------------------------


def test_base_item_comms_key_shows_an_objective_of_a_signalling_character(game: GameState) -> None:
    state = move_character(explored(equip(game, 1, "comms-key"), "04"), 1, "04")
    assert uses(state, "comms-key") == []  # nobody has sent the Signal
    state = state.with_character(replace(state.character(2), signal=True))
    state, _ = run(state, [use("comms-key", character="2")])
    assert type(top_frame(state)).__name__ == "ObjectivePeek"
    first = state.character(2).objectives[0]
    state, fired = run(state, [Outcome("objective-peek", first)])
    assert f"seen:1:objective:2:{first}" in state.flags and "base.item.comms-key" in fired


def test_base_item_comms_key_needs_a_working_computer(game: GameState) -> None:
    state = move_character(explored(equip(game, 1, "comms-key"), "04"), 1, "04")
    state = state.with_character(replace(state.character(2), signal=True))
    state = state.with_room("04", replace(state.room("04"), malfunction=True))
    assert uses(state, "comms-key") == []


def test_base_item_evacuation_key_locks_and_unlocks_a_pod_of_the_section(game: GameState) -> None:
    state = move_character(explored(equip(game, 1, "evacuation-key"), "13"), 1, "13")
    assert {d.get("pod") for d in uses(state, "evacuation-key")} == {"3"}  # pod 4 is in section B
    state, fired = run(state, [use("evacuation-key", pod="3")])
    assert not next(p for p in state.pods if p.number == 3).locked and "base.pod.unlock" in fired
    assert uses(equip(game, 1, "evacuation-key"), "evacuation-key") == []


def test_base_item_self_destruct_key_starts_and_stops_the_sequence(game: GameState) -> None:
    state = move_character(explored(equip(game, 1, "self-destruct-key"), "04"), 1, "04")
    started, fired = run(state, [use("self-destruct-key", sequence="start")])
    assert started.self_destruct is not None and "base.self-destruct.start" in fired
    running = replace(state, self_destruct=0)
    stopped, _ = run(running, [use("self-destruct-key", sequence="stop")])
    assert stopped.self_destruct is None


def test_base_item_self_destruct_key_refused_while_anyone_hibernates(game: GameState) -> None:
    state = move_character(explored(equip(game, 1, "self-destruct-key"), "04"), 1, "04")
    state = state.with_character(replace(state.character(2), status="hibernating"))
    assert uses(state, "self-destruct-key") == []
    lenient = with_ruling(state, "base.ambiguity.self-destruct-key-hibernation", "no-condition")
    after, fired = run(lenient, [use("self-destruct-key", sequence="start")])
    assert after.self_destruct is not None and "base.ambiguity.self-destruct-key-hibernation" in fired


def test_base_item_extended_magazine_goes_with_its_weapon(game: GameState) -> None:
    state = equip(game, 1, mods=frozenset({"extended-magazine:rifle"}))
    traded = weapon_leaves(state, 1, "rifle", receiver=2)
    assert "extended-magazine:rifle" in traded.character(2).mods and not traded.character(1).mods
    dropped = weapon_leaves(state, 1, "rifle")
    assert not dropped.character(1).mods and dropped.deck("red").discard.count("extended-magazine") == 1
    assert weapon_leaves(game, 1, "rifle") is game  # nothing attached: nothing changes
