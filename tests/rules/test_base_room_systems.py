"""Known-answer scenarios for the room actions on the character, the ship's systems and its
tracks (RU-RB p.24-26; facts.md §9, §12, §14), named after their clauses."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome, ParamValue
from nemesis_rules.model.core.engine import Context, IllegalActionError, apply, legal_actions
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules import queries
from nemesis_rules.model.rules.rooms import repair_engine_variants
from nemesis_rules.model.rules.ship import EngineReorder, repair_engine
from nemesis_rules.testing import after_setup, run, top_frame, with_hand

HAND = ("demolition", "interruption", "scavenging", "search", "suppressive-fire")
PAY = ("demolition", "interruption")


@pytest.fixture
def game() -> GameState:
    """Seed 3, two players: the Scout (player 1, Rifle) and the Soldier, both in room 11. The
    Soldier holds no Interruption, so no action waits for their reaction."""
    state = with_hand(after_setup(players=2, seed=3), 1, *HAND)
    return with_hand(state, 2, "basic-repairs", "full-auto", "search")


def enter(state: GameState, player: int, position: str) -> GameState:
    """Put ``player`` in ``position``, its tile face up and its token gone."""
    room = state.room(position)
    state = state.with_room(position, replace(room, explored=True, token=None))
    return state.with_character(replace(state.character(player), position=position))


def room_options(state: GameState, player: int = 1) -> list[dict[str, ParamValue]]:
    """The parameters of every room action on offer, payment left out."""
    out: list[dict[str, ParamValue]] = []
    for action in legal_actions(state):
        if isinstance(action, Decision) and action.kind == "room-action" and action.cards() == PAY:
            out.append({k: v for k, v in action.params if k not in ("pay", "room")})
    return out


def room_action(player: int, tile: str, **params: str) -> Decision:
    return Decision.make(player, "room-action", room=tile, pay=PAY, **params)


# -- Armory ------------------------------------------------------------------------------------


def test_base_room_armory_adds_two_ammo_never_above_capacity(game: GameState) -> None:
    state = enter(game, 1, "05")
    state = state.with_character(state.character(1).with_ammo("rifle", 1))
    assert room_options(state) == [{"weapon": "rifle"}]
    after, fired = run(state, [room_action(1, "armory", weapon="rifle")])
    assert after.character(1).ammo_of("rifle") == 3
    assert "base.room.armory" in fired
    assert after.character(1).hand.total == 3
    again = after.with_character(replace(after.character(1), hand=Multiset.of(HAND)))
    again, _ = run(again, [room_action(1, "armory", weapon="rifle")])
    assert again.character(1).ammo_of("rifle") == 4  # capacity 4: the second marker is lost


def test_base_room_armory_refuses_a_full_or_classic_weapon(game: GameState) -> None:
    state = enter(game, 1, "05")
    assert room_options(state) == []  # the Rifle is full
    revolver = replace(state.character(1), hands=("revolver",), ammo=(("revolver", 1),))
    assert room_options(state.with_character(revolver)) == []  # Classic weapons are not loaded here
    with pytest.raises(IllegalActionError) as info:
        apply(state, room_action(1, "armory", weapon="rifle"))
    assert info.value.clause == "base.room.armory"  # the room's own rule forbids it, not the cost


# -- Comms Room -------------------------------------------------------------------------------


def test_base_room_comms_room_sends_the_signal(game: GameState) -> None:
    state = enter(game, 1, "04")
    after, fired = run(state, [room_action(1, "comms-room")])
    assert after.character(1).signal and not after.character(2).signal
    assert "base.room.comms-room" in fired
    assert room_options(with_hand(after, 1, *HAND)) == []  # the marker is already on the space


# -- Generator ---------------------------------------------------------------------------------


def test_base_room_generator_starts_and_stops_the_self_destruct(game: GameState) -> None:
    state = enter(game, 1, "18")
    assert room_options(state) == [{"sequence": "start"}]
    started, fired = run(state, [room_action(1, "generator", sequence="start")])
    assert started.self_destruct == tables.self_destruct_start(started.config)
    assert "base.self-destruct.start" in fired
    started = with_hand(started, 1, *HAND)
    assert room_options(started) == [{"sequence": "stop"}]
    stopped, fired = run(started, [room_action(1, "generator", sequence="stop")])
    assert stopped.self_destruct is None and "base.self-destruct.stop" in fired


def test_base_room_generator_refuses_while_anyone_hibernates_or_past_the_lock(game: GameState) -> None:
    state = enter(game, 1, "18")
    asleep = state.with_character(replace(state.character(2), status="hibernating"))
    assert room_options(asleep) == []
    locked = replace(state, self_destruct=3)  # the first yellow space: no abort
    assert "no-abort" in tables.self_destruct_flags(locked)
    assert room_options(locked) == []


# -- Laboratory --------------------------------------------------------------------------------


def test_base_room_laboratory_reveals_the_weakness_of_the_object_on_the_floor(game: GameState) -> None:
    state = enter(game, 1, "17")
    room = state.room("17")
    state = state.with_room("17", replace(room, objects=room.objects.add("carcass")))
    assert room_options(state) == [{"object": "intruder-carcass"}]
    after, fired = run(state, [room_action(1, "laboratory", object="intruder-carcass")])
    assert after.discovered == frozenset({"reaction-to-danger"})  # the third slot: Intruder Carcass
    assert after.room("17").objects.count("carcass") == 1  # the object is kept
    assert {"base.room.laboratory", "base.weakness.reveal"} <= set(fired)


def test_base_room_laboratory_counts_objects_carried_by_anyone_in_the_room(game: GameState) -> None:
    state = enter(enter(game, 1, "17"), 2, "17")
    state = state.with_character(replace(state.character(2), hands=("corpse-blue",)))
    assert room_options(state) == [{"object": "character-corpse"}]
    after, _ = run(state, [room_action(1, "laboratory", object="character-corpse")])
    assert after.discovered == frozenset({"susceptibility-to-phosphates"})


def test_base_room_laboratory_refuses_without_an_object_or_once_revealed(game: GameState) -> None:
    state = enter(game, 1, "17")
    assert room_options(state) == []
    room = state.room("17")
    state = state.with_room("17", replace(room, objects=room.objects.add("egg")))
    assert room_options(replace(state, discovered=frozenset({"the-way-of-fighting"}))) == []


# -- Nest ----------------------------------------------------------------------------------------


def test_base_room_nest_takes_an_egg_then_rolls_for_noise(game: GameState) -> None:
    state = enter(game, 1, "09")
    state = state.with_character(replace(state.character(1), hands=()))
    after, fired = run(state, [room_action(1, "nest")])
    assert after.eggs == 4 and after.character(1).hands == ("egg",)
    assert "base.nest.board-eggs" in fired
    assert top_frame(after).chance == "noise-roll"  # type: ignore[attr-defined]


def test_base_room_nest_last_egg_destroys_the_nest(game: GameState) -> None:
    state = enter(replace(game, eggs=1), 1, "09")
    _, fired = run(state, [room_action(1, "nest")])
    assert "base.nest.destroyed" in fired


def test_base_room_nest_refuses_full_hands_or_no_egg(game: GameState) -> None:
    state = enter(game, 1, "09")
    full = state.with_character(replace(state.character(1), hands=("rifle", "carcass")))
    assert room_options(full) == []
    assert room_options(replace(state, eggs=0)) == []


# -- Storage -------------------------------------------------------------------------------------


def test_base_room_storage_draws_two_from_a_chosen_deck_and_keeps_the_counter(game: GameState) -> None:
    state = enter(game, 1, "03")
    state = state.with_room("03", replace(state.room("03"), items=2))
    assert room_options(state) == [{"deck": "green"}, {"deck": "red"}, {"deck": "yellow"}]
    state, fired = run(state, [room_action(1, "storage", deck="yellow")])
    assert "base.room.storage" in fired
    for _ in range(2):
        card = next(iter(state.deck("yellow").unknown.distinct()))
        state = apply(state, Outcome("item-card", card))
    kept = next(a for a in legal_actions(state) if isinstance(a, Decision))
    state = apply(state, kept)
    assert state.room("03").items == 2
    assert state.deck("yellow").size == 30 - 1 and len(state.deck("yellow").bottom) == 1


# -- Cockpit ---------------------------------------------------------------------------------------


def test_base_room_cockpit_sets_the_destination_or_checks_the_coordinates(game: GameState) -> None:
    state = enter(game, 1, "01")
    options = room_options(state)
    assert {"flight": "check-coordinates"} in options
    assert {"flight": "set-destination", "destination": "D"} in options
    assert {"flight": "set-destination", "destination": "B"} not in options  # already there
    after, fired = run(state, [room_action(1, "cockpit", flight="set-destination", destination="D")])
    assert after.destination == "D" and "base.room.cockpit" in fired
    checked, fired = run(state, [room_action(1, "cockpit", flight="check-coordinates")])
    assert checked.destination == "B" and checked.coordinates == state.coordinates


def test_base_room_cockpit_refuses_a_new_destination_while_anyone_hibernates(game: GameState) -> None:
    state = enter(game, 1, "01")
    asleep = state.with_character(replace(state.character(2), status="hibernating"))
    assert room_options(asleep) == [{"flight": "check-coordinates"}]


# -- Engines ---------------------------------------------------------------------------------------


def test_base_room_engine_look_changes_nothing_but_the_cards(game: GameState) -> None:
    state = enter(game, 1, "21")
    assert room_options(state) == [{}]
    after, fired = run(state, [room_action(1, "engine-1")])
    assert after.engines == state.engines and "base.room.engine" in fired
    assert after.character(1).hand.total == 3


def test_base_room_engine_repair_lets_the_tokens_be_swapped(game: GameState) -> None:
    state = enter(game, 1, "20")
    state = state.with_room("20", replace(state.room("20"), malfunction=True))  # works all the same
    assert repair_engine_variants(state, 1) == [{}]
    ctx = Context()
    pending = repair_engine(state, 1, ctx)
    assert top_frame(pending) == EngineReorder(1, 1)
    assert "base.room.engine" in ctx.fired
    swapped = apply(pending, Decision.make(1, "swap-engine-tokens"))
    assert swapped.engines[1] == ("damaged", "working") and swapped.engines[0] == ("working", "damaged")


def test_base_room_engine_repair_refused_outside_an_engine_room(game: GameState) -> None:
    assert repair_engine_variants(game, 1) == []
    assert repair_engine(game, 1, Context()) == game


def test_base_room_engine_control_room_looks_at_every_engine(game: GameState) -> None:
    state = enter(game, 1, "08")
    after, fired = run(state, [room_action(1, "engine-control-room")])
    assert after.engines == state.engines and "base.room.engine-control-room" in fired


# -- Monitoring Room --------------------------------------------------------------------------------


def test_base_room_monitoring_room_looks_at_one_unexplored_room(game: GameState) -> None:
    state = enter(game, 1, "15")
    after, fired = run(state, [room_action(1, "monitoring-room")])
    targets = {a.get("target") for a in legal_actions(after) if isinstance(a, Decision)}
    assert "02" in targets and "15" not in targets and "01" not in targets
    looked = apply(after, Decision.make(1, "look-at", target="02"))
    assert looked.room("02") == state.room("02") and "base.room.monitoring-room" in fired


# -- Hatch Control System ---------------------------------------------------------------------------


def test_base_room_hatch_control_system_flips_one_pod(game: GameState) -> None:
    state = enter(game, 1, "06")
    state = state.with_room("06", replace(state.room("06"), tile="hatch-control-system"))
    assert room_options(state) == [{"pod": "3"}, {"pod": "4"}]
    after, fired = run(state, [room_action(1, "hatch-control-system", pod="4")])
    assert [p.locked for p in after.pods] == [True, False]
    assert {"base.room.hatch-control-system", "base.pod.unlock"} <= set(fired)
    again, _ = run(with_hand(after, 1, *HAND), [room_action(1, "hatch-control-system", pod="4")])
    assert [p.locked for p in again.pods] == [True, True]  # pods can be locked again


# -- passive rooms and the general limits -----------------------------------------------------------


def test_base_room_cabins_has_no_action_and_draws_to_six(game: GameState) -> None:
    state = enter(game, 1, "06")
    state = state.with_room("06", replace(state.room("06"), tile="cabins"))
    assert room_options(state) == []
    ctx = Context()
    assert queries.hand_size(state, state.character(1), ctx) == 6 and "base.room.cabins" in ctx.fired


def test_base_room_actions_not_in_combat_nor_with_a_malfunction(game: GameState) -> None:
    state = enter(game, 1, "04")
    assert room_options(state) == [{}]
    assert room_options(replace(state, intruders=(Intruder(1, "adult", "04"),), next_intruder=2)) == []
    assert room_options(state.with_room("04", replace(state.room("04"), malfunction=True))) == []
