"""Known-answer scenarios for base-game clauses the engine applied without naming them (issues
#4 and #8): each test sets up the situation the clause speaks of, checks what the engine does,
and that the transition names the clause."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from nemesis_rules.board.layout import TECH
from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import (
    Context,
    IllegalActionError,
    acting_player,
    apply,
    legal_actions,
    settle,
    step,
)
from nemesis_rules.model.core.frames import Frame
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.game import start
from nemesis_rules.model.rules import event_cards, ship
from nemesis_rules.model.rules.action_cards_scientist import computer_access
from nemesis_rules.model.rules.attack import AttackCardDraw, IntruderAttack
from nemesis_rules.model.rules.encounter import Encounter, EncounterDraw, KeepObjective
from nemesis_rules.model.rules.endgame import end_game
from nemesis_rules.model.rules.evacuation import BoardPod, LaunchOrWait
from nemesis_rules.model.rules.events import BagDevelopmentDraw, BagDevelopmentStep, EventCardDraw, TimeStep
from nemesis_rules.model.rules.healing import scan_hand
from nemesis_rules.model.rules.intruder_injuries import RetreatDirection, kill_intruder
from nemesis_rules.model.rules.intruders import place_intruder
from nemesis_rules.model.rules.items import Search, craft, craft_ways
from nemesis_rules.model.rules.movement import Relocate
from nemesis_rules.model.rules.noise import NoiseRoll, danger
from nemesis_rules.model.rules.rooms import take_egg
from nemesis_rules.model.rules.shoot_and_melee import EGGS, CombatRoll
from nemesis_rules.model.rules.victory import CoordinatesCheck, EngineCheck
from nemesis_rules.players.play import choose
from nemesis_rules.testing import after_setup, explored, move_character, run, top_frame, with_hand, with_intruders

HAND = ("search", "search", "rest", "interruption", "demolition")


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players in room 11 (Hibernatorium): the Scout (player 1, Rifle, five cards)
    and the Soldier (player 2, one card, so no Interruption window opens)."""
    state = with_hand(after_setup(players=2, seed=3), 1, *HAND)
    return with_hand(state, 2, "search")


def settled(state: GameState, *frames: Frame) -> tuple[GameState, list[str]]:
    """Put ``frames`` on the stack (the first resolves first), run every automatic step, and
    return the state with the clauses that fired."""
    ctx = Context()
    return settle(state.push(*frames), ctx), ctx.fired


def event_card(state: GameState, number: int, mover: str) -> str:
    """An Event card in the deck whose corridor number is ``number`` and which moves ``mover``."""
    for card, _ in state.deck("event").draw_outcomes():
        data = tables.event_card(state.config, card)
        if data.number == number and mover in data.movers:
            return card
    raise AssertionError(f"no event card {number} for {mover}")


# -- attacks -----------------------------------------------------------------------------------


def test_base_attack_surprise_target_hits_the_encountering_character(game: GameState) -> None:
    # the targeting rule would pick player 2 (one card in hand); a Surprise Attack hits player 1
    state = with_intruders(game, Intruder(1, "adult", "11"))
    after, fired = settled(state, IntruderAttack(1, 1, "surprise"))
    frame = top_frame(after)
    assert isinstance(frame, AttackCardDraw) and frame.target == 1
    assert "base.attack.surprise-target" in fired and "base.attack.occasions" in fired
    assert "base.encounter.surprise-attack" in fired and "base.attack.target" not in fired


def test_base_attack_occasions_the_event_attack_uses_the_targeting_rule(game: GameState) -> None:
    state = with_intruders(game, Intruder(1, "adult", "11"))
    after, fired = settled(state, IntruderAttack(1, 0, "event"))
    frame = top_frame(after)
    assert isinstance(frame, AttackCardDraw) and frame.target == 2  # fewest cards in hand
    assert "base.attack.occasions" in fired and "base.attack.target" in fired
    assert "base.attack.surprise-target" not in fired


# -- escape ------------------------------------------------------------------------------------


def test_base_move_escape_then_normal_a_survivor_moves_explores_and_rolls(game: GameState) -> None:
    # a Larva attacks the escaping Scout (no card drawn: it crawls onto the board), then the
    # Scout walks into unexplored room 15, explores it and rolls for Noise as after any Move
    state = with_intruders(game, Intruder(1, "larva", "11"))
    state, fired = run(state, [Decision.make(1, "move", to="15", pay=("search",))])
    assert state.character(1).position == "11"  # the Larva's Contamination card comes first
    after, more = run(state, [legal_actions(state)[0]])
    fired += more
    assert after.character(1).position == "15" and after.character(1).larva
    assert after.room("15").explored
    assert "base.combat.in-combat" in fired and "base.move.escape-attacks" in fired
    assert "base.attack.surprise-target" in fired and "base.move.escape-then-normal" in fired


def test_base_move_escape_then_normal_not_for_a_plain_move(game: GameState) -> None:
    _, fired = run(game, [Decision.make(1, "move", to="15", pay=("search",))])
    assert "base.move.escape-then-normal" not in fired and "base.combat.in-combat" not in fired


def test_base_move_escape_death_the_corpse_stays_in_the_room(game: GameState) -> None:
    # the Escape attack killed the Scout: the Relocate step after it moves nobody
    dead = game.with_character(replace(game.character(1), status="dead"))
    after, fired = settled(dead, Relocate(1, "11", "15", None, True))
    assert after.character(1).position == "11"
    assert not after.room("15").explored
    assert "base.move.escape-death" in fired


# -- retreat and event movement through the technical corridors ----------------------------------


def test_base_retreat_tech_and_base_event_random_direction(game: GameState) -> None:
    # room 02 has a technical entrance numbered 1 and 2: a retreat on a "1" card leaves the board
    state = with_intruders(game, Intruder(1, "adult", "02", injuries=1, token="adult-5"))
    state, _ = settled(state, RetreatDirection(1))
    card = event_card(state, 1, "adult")
    after, fired = run(state, [Outcome("event-card", card)])
    assert not after.intruders
    assert "adult-5" in after.bag
    assert card in after.deck("event").discard
    assert "base.event.random-direction" in fired and "base.retreat.tech" in fired
    assert "base.tech-corridor.no-doors" in fired


def test_base_event_random_direction_a_corridor_number_moves_the_intruder(game: GameState) -> None:
    # room 02's number 3 is its corridor to room 01
    state = with_intruders(explored(game, "02"), Intruder(1, "adult", "02"))
    state, _ = settled(state, RetreatDirection(1))
    card = next(c for c, _ in state.deck("event").draw_outcomes() if tables.event_card(state.config, c).number == 3)
    after, fired = run(state, [Outcome("event-card", card)])
    assert [i.position for i in after.intruders] == ["01"]
    assert "base.event.random-direction" in fired and "base.retreat.tech" not in fired


def test_base_event_movement_tech_the_intruder_leaves_the_board(game: GameState) -> None:
    state = with_intruders(game, Intruder(1, "adult", "02", injuries=2, token="adult-5"))
    state, _ = settled(state, EventCardDraw())
    card = event_card(state, 1, "adult")
    after, fired = run(state, [Outcome("event-card", card)])
    assert all(i.id != 1 for i in after.intruders)
    assert "adult-5" in after.bag
    assert "base.event.movement-tech" in fired


def test_base_event_bag_development_is_step_8(game: GameState) -> None:
    after, fired = settled(game, BagDevelopmentStep())
    assert isinstance(top_frame(after), BagDevelopmentDraw)
    assert "base.event.bag-development" in fired


# -- endurance -----------------------------------------------------------------------------------


def test_base_endurance_egg_one_injury_destroys_one_egg(game: GameState) -> None:
    state = move_character(replace(explored(game, "09"), eggs=5), 1, "09")  # room 09 is the Nest
    state, _ = settled(state, CombatRoll(1, EGGS, "", False))
    after, fired = run(state, [Outcome("combat-die", "single")])
    assert after.eggs == 4
    assert "base.endurance.egg" in fired and "base.encounter.egg-not-intruder" in fired
    assert not after.first_encounter


def test_base_endurance_heal_regeneration_removes_injury_markers(game: GameState) -> None:
    state = with_intruders(game, Intruder(1, "adult", "02", injuries=3), Intruder(2, "creeper", "03", injuries=1))
    ctx = Context()
    after = event_cards.regeneration(state, ctx)
    assert [i.injuries for i in after.intruders] == [1, 0]
    assert "base.endurance.heal" in ctx.fired


# -- noise ---------------------------------------------------------------------------------------


def test_base_noise_danger_all_noisy_changes_nothing(game: GameState) -> None:
    spaces = frozenset(game.config.board.spaces_at["11"])
    state = replace(game, noise=spaces)
    ctx = Context()
    after = danger(state, "11", 1, ctx)
    assert after.noise == spaces and after.pending == state.pending
    assert "base.noise.danger-all-noisy" in ctx.fired


def test_base_noise_danger_all_noisy_not_when_a_corridor_is_quiet(game: GameState) -> None:
    ctx = Context()
    after = danger(game, "11", 1, ctx)
    assert after.noise == frozenset(game.config.board.spaces_at["11"])
    assert "base.noise.danger-all-noisy" not in ctx.fired


def test_base_noise_doors_ignored_noise_passes_a_closed_door(game: GameState) -> None:
    state = game.with_door("11-15", "closed")  # corridor 11-15 bears the number 1
    state, _ = settled(state, NoiseRoll(1, "11"))
    after, fired = run(state, [Outcome("noise-roll", "1")])
    assert "11-15" in after.noise and after.door("11-15") == "closed"
    assert "base.noise.doors-ignored" in fired


def test_base_ship_corridors_and_base_noise_unique_numbers(game: GameState) -> None:
    # in room 02 the number 3 belongs to the corridor to room 01 and to nothing else
    state = move_character(explored(game, "02"), 1, "02")
    state, _ = settled(state, NoiseRoll(1, "02"))
    after, fired = run(state, [Outcome("noise-roll", "3")])
    assert after.noise == frozenset({"01-02"})
    assert "base.ship.corridors" in fired and "base.noise.unique-numbers" in fired


def test_base_ship_tech_entrances_bear_the_numbers_no_corridor_uses(game: GameState) -> None:
    state = move_character(explored(game, "02"), 1, "02")
    state, _ = settled(state, NoiseRoll(1, "02"))
    after, fired = run(state, [Outcome("noise-roll", "1")])
    assert after.noise == frozenset({TECH})
    assert "base.ship.tech-entrances" in fired and "base.ship.corridors" not in fired


# -- the end -------------------------------------------------------------------------------------


def test_base_end_jump_at_the_red_space(game: GameState) -> None:
    red = next(t for t in range(40) if "jump" in tables.time_flags(replace(game, time=t)))
    after, fired = settled(replace(game, time=red - 1), TimeStep())
    assert after.end is not None and after.end.reason == "hyperjump"
    assert "base.end.jump" in fired


def test_base_end_jump_not_before_the_red_space(game: GameState) -> None:
    red = next(t for t in range(40) if "jump" in tables.time_flags(replace(game, time=t)))
    after, fired = settled(replace(game, time=red - 2), TimeStep())
    assert after.end is None and after.phase != "over"
    assert "base.end.jump" not in fired


def test_base_hibernation_immune_the_jump_spares_the_sleeper(game: GameState) -> None:
    state = game.with_character(replace(game.character(1), status="hibernating"))
    ctx = Context()
    after = end_game(state, "hyperjump", ctx)
    assert after.character(1).status == "hibernating" and after.character(2).status == "dead"
    assert "base.hibernation.immune" in ctx.fired


def test_base_hibernation_immune_but_not_to_the_ship_destruction(game: GameState) -> None:
    state = game.with_character(replace(game.character(1), status="hibernating"))
    ctx = Context()
    after = end_game(state, "ship-destroyed-ninth-fire", ctx)
    assert after.character(1).status == "dead"
    assert "base.hibernation.immune" not in ctx.fired


def test_base_end_pod_earth_and_base_end_malfunction_engines(game: GameState) -> None:
    # one Damaged engine on top and a Malfunction in every Engine room: the ship holds
    engines = (("damaged", "working"), ("working", "damaged"), ("working", "damaged"))
    state = replace(game, engines=engines, phase="over")
    for position in ("19", "20", "21"):
        state = state.with_room(position, replace(state.room(position), malfunction=True))
    state = state.with_character(replace(state.character(1), status="escaped"))
    state = state.with_character(replace(state.character(2), status="hibernating"))
    ctx = Context()
    after = EngineCheck().run(state, ctx)
    assert "ship-destroyed" not in after.flags
    assert after.character(1).status == "escaped" and after.character(2).status == "hibernating"
    assert "base.end.malfunction-engines" in ctx.fired and "base.end.pod-earth" in ctx.fired


def test_base_end_quarantine_mars_the_quarantine_holder_survives(game: GameState) -> None:
    # Coordinates card 1 with the marker on B leads to Mars
    state = replace(game, coordinates="coordinates-1", destination="B", phase="over")
    state = state.with_character(replace(state.character(1), status="hibernating", objectives=("quarantine",)))
    state = state.with_character(replace(state.character(2), status="hibernating", objectives=("hoarder",)))
    ctx = Context()
    after = CoordinatesCheck().run(state, ctx)
    assert after.character(1).status == "hibernating" and after.character(2).status == "dead"
    assert "base.end.quarantine-mars" in ctx.fired


# -- contamination, eggs, heavy objects ---------------------------------------------------------------


def test_base_contamination_multiple_infected_give_one_larva(game: GameState) -> None:
    state = with_hand(game, 1, "contamination-infected", "contamination-infected", "search")
    ctx = Context()
    after = scan_hand(state, 1, ctx)
    assert after.character(1).larva and after.character(1).status == "active"
    assert "base.contamination.multiple-infected" in ctx.fired


def test_base_contamination_multiple_infected_not_for_one_card(game: GameState) -> None:
    state = with_hand(game, 1, "contamination-infected", "search")
    ctx = Context()
    after = scan_hand(state, 1, ctx)
    assert after.character(1).larva
    assert "base.contamination.multiple-infected" not in ctx.fired


def test_base_encounter_egg_not_intruder_taking_an_egg_is_no_first_encounter(game: GameState) -> None:
    state = move_character(replace(explored(game, "09"), eggs=5), 1, "09")
    ctx = Context()
    after = settle(take_egg(state, 1, {}, ctx), ctx)
    assert "egg" in after.character(1).hands
    assert not after.first_encounter and len(after.character(1).objectives) == 2
    assert not any(isinstance(f, KeepObjective) for f in after.pending)
    assert "base.encounter.egg-not-intruder" in ctx.fired


def test_base_heavy_object_no_pod_seat(game: GameState) -> None:
    # pod 3 of section A (room 13) is unlocked; the Scout carries an Egg: it takes no seat
    state = move_character(explored(game, "13"), 1, "13")
    state = replace(state, pods=tuple(replace(p, locked=False) for p in state.pods))
    state = state.with_character(replace(state.character(1), hands=("rifle", "egg")))
    after, fired = settled(state, BoardPod(1, 3, "13"))
    assert isinstance(top_frame(after), LaunchOrWait)
    assert next(p for p in after.pods if p.number == 3).occupants == (1,)
    assert "base.heavy-object.no-pod-seat" in fired


def test_base_heavy_object_kinds_a_carcass_goes_into_a_hand_slot(game: GameState) -> None:
    room = game.room("11")
    state = game.with_room("11", replace(room, objects=room.objects.add("carcass")))
    after, fired = run(state, [Decision.make(1, "pick-up", object="carcass", pay=("rest",))])
    assert after.character(1).hands == ("rifle", "carcass")
    assert "base.heavy-object.kinds" in fired


# -- searching, crafting, computers ------------------------------------------------------------------


def test_base_fire_no_block_and_base_malfunction_no_block_search(game: GameState) -> None:
    # room 05 is the Armory (red): burning and malfunctioning, it can still be searched
    state = move_character(explored(game, "05"), 1, "05")
    state = state.with_room("05", replace(state.room("05"), fire=True, malfunction=True, items=2))
    after, fired = settled(state, Search(1, "", True))
    assert after.room("05").items == 1
    assert getattr(top_frame(after), "colour", None) == "red"
    assert "base.fire.no-block" in fired and "base.malfunction.no-block-search" in fired
    assert "base.ship.room-colours" in fired


def test_base_craft_browse_and_base_craft_components(game: GameState) -> None:
    state = game.with_character(replace(game.character(1), inventory=Multiset.of(("chemicals", "clothes"))))
    assert ("molotov", "chemicals", "clothes") in craft_ways(state, 1)  # flame + cloth
    ctx = Context()
    after = craft(state, 1, "molotov", ("chemicals", "clothes"), ctx)
    assert "molotov" in after.character(1).inventory  # taken by name from the open Crafted deck
    assert after.deck("blue").unknown.count("molotov") == state.deck("blue").unknown.count("molotov") - 1
    assert "base.craft.browse" in ctx.fired and "base.craft.components" in ctx.fired


def test_base_ship_computers_a_computer_room_gives_access(game: GameState) -> None:
    state = move_character(explored(game, "17"), 1, "17")  # room 17 is the Laboratory
    ctx = Context()
    assert computer_access(state, 1, ctx)
    assert "base.ship.computers" in ctx.fired
    broken = state.with_room("17", replace(state.room("17"), malfunction=True))
    assert not computer_access(broken, 1, Context())


# -- doors, supplies, refusals -----------------------------------------------------------------------


def test_base_door_one_per_corridor(game: GameState) -> None:
    state = game.with_door("11-15", "closed")
    ctx = Context()
    after = ship.set_door(state, "11-15", "closed", ctx)
    assert after.doors == state.doors
    assert "base.door.one-per-corridor" in ctx.fired


def test_base_supply_miniatures_no_ninth_adult(game: GameState) -> None:
    # eight Adults in the Characters' room: none can retreat, so no ninth one comes
    adults = [Intruder(n, "adult", "11") for n in range(1, 9)]
    token = min(t for t in game.token_pool if t.startswith("adult"))
    state = replace(with_intruders(game, *adults), token_pool=game.token_pool.remove(token))
    ctx = Context()
    after, placed = place_intruder(state, "adult", "15", token, ctx)
    assert placed == 0 and len(after.intruders) == 8 and token in after.token_pool
    assert "base.supply.miniatures" in ctx.fired


def test_base_supply_components_no_ninth_carcass(game: GameState) -> None:
    room = game.room("11")
    state = game.with_room("11", replace(room, objects=room.objects.add("carcass", 8)))
    state = with_intruders(state, Intruder(1, "adult", "11"))
    ctx = Context()
    after = kill_intruder(state, state.intruders[0], ctx)
    assert not after.intruders and after.room("11").objects.count("carcass") == 8
    assert "base.supply.components" in ctx.fired


def test_base_combat_no_pvp_refuses_a_character_as_target(game: GameState) -> None:
    state = with_intruders(game, Intruder(1, "adult", "11"))
    with pytest.raises(IllegalActionError) as info:
        apply(state, Decision.make(1, "melee", target="soldier", pay=("search",)))
    assert info.value.clause == "base.combat.no-pvp"


def test_base_combat_in_combat_intruders_attack_in_the_attack_step(game: GameState) -> None:
    from nemesis_rules.model.rules.events import AttackStep

    state = with_intruders(game, Intruder(1, "adult", "11"), Intruder(2, "adult", "02"))
    after, fired = settled(state, AttackStep())
    assert isinstance(top_frame(after), AttackCardDraw)
    assert "base.combat.in-combat" in fired


# -- setup and the clauses each ruleset words itself -------------------------------------------------


def setup_fired(ruleset: str, seed: int = 0) -> tuple[GameState, list[str]]:
    """Play setup from ``seed`` and collect every clause it fired."""
    rng = random.Random(seed)
    state = start(ruleset, 2)
    fired: list[str] = []
    while not (state.phase == "player" and acting_player(state) is not None):
        transition = step(state, choose(state, rng))
        fired.extend(transition.fired)
        state = transition.state
    return state, fired


def test_base_weakness_slots_and_base_supply_token_supply_at_base_setup() -> None:
    state, fired = setup_fired("base")
    tokens = state.bag.union(state.token_pool)
    kinds = {k: sum(n for t, n in tokens.items() if t.rsplit("-", 1)[0] == k) for k in ("larva", "adult", "queen")}
    assert tokens.total == 27 and kinds == {"larva": 8, "adult": 12, "queen": 1}
    assert len(state.weaknesses) == 3
    for clause in ("base.weakness.slots", "base.supply.token-supply", "base.setup.intruder-board"):
        assert clause in fired
    assert "base.setup.room-tiles-2" in fired and "base.setup.exploration-tokens" in fired


def test_base_setup_intruder_board_is_not_named_by_a_void_seeders_setup() -> None:
    _, fired = setup_fired("void-seeders")
    for clause in (
        "base.weakness.slots",
        "base.supply.token-supply",
        "base.setup.intruder-board",
        "base.setup.decks",
        "base.setup.room-tiles-2",
        "base.setup.exploration-tokens",
    ):
        assert clause not in fired
    assert "vs.setup.void-seeder-board" in fired


def test_base_encounter_discard_noise_and_draw_token_in_the_base_game(game: GameState) -> None:
    state = replace(game, noise=frozenset({"11-15", "06-11"}))
    after, fired = settled(state, Encounter(1, "11"))
    assert not after.noise
    frame = top_frame(after)
    assert isinstance(frame, EncounterDraw) and frame.clause_for(after) == "base.encounter.draw-token"
    assert "base.encounter.discard-noise" in fired


def test_base_encounter_discard_noise_not_named_in_a_void_seeders_encounter() -> None:
    state = after_setup(players=2, seed=3, ruleset="void-seeders")
    position = state.character(1).position
    spaces = frozenset(s for s in state.config.board.spaces_at[position] if s != TECH)
    after, fired = settled(replace(state, noise=spaces), Encounter(1, position))
    assert not after.noise & spaces
    frame = top_frame(after)
    assert isinstance(frame, EncounterDraw) and frame.clause_for(after) != "base.encounter.draw-token"
    assert "base.encounter.discard-noise" not in fired
