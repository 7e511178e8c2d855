"""The goal-seeking player's item goals (nemesis_rules.players.goals), and the item rules
they made reachable: a weapon found by Search, a Heavy item kept, a Heavy Object picked up,
the deck a Search draws from, the weapon's own clause on every Shoot."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import chance_outcomes, legal_actions, step
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.items import SearchKeep, start_search
from nemesis_rules.players.goals import item_destination, item_goal
from nemesis_rules.players.play import play_game
from nemesis_rules.players.strategies import goal_seeking
from nemesis_rules.testing import (
    after_setup,
    decision,
    equip,
    explored,
    move_character,
    outcome,
    run,
    with_frames,
    with_intruders,
)

TRIES = 60


@pytest.fixture(scope="module")
def game() -> GameState:
    """Two players after setup (seed 0): player 1 (the Pilot) in room 11, the Laboratory at 02."""
    return after_setup(2, 0)


def _goals(state: GameState, tries: int = TRIES) -> list[Decision | None]:
    decisions = legal_actions(state)
    out: list[Decision | None] = []
    for seed in range(tries):
        wanted = item_goal(state, random.Random(seed), decisions)
        assert wanted is None or wanted in decisions
        assert wanted is None or isinstance(wanted, Decision)
        out.append(wanted)
    return out


def _kinds(goals: list[Decision | None]) -> Counter[str]:
    return Counter(f"{g.kind}:{g.get('item') or g.get('room') or ''}" if g else "none" for g in goals)


# -- the hooks answer only with legal actions, the same for the same seed -----------------------


@pytest.mark.parametrize(("seed", "ruleset", "players"), [(3, "base", 2), (4, "void-seeders", 3), (5, "base", 4)])
def test_item_goal_returns_only_legal_decisions_in_played_games(seed: int, ruleset: str, players: int) -> None:
    from nemesis_rules.model.game import start

    rng = random.Random(seed)
    state = start(ruleset, players)
    positions = set(state.config.board.positions)
    for _ in range(400):
        if state.end is not None:
            break
        if not chance_outcomes(state):
            decisions = legal_actions(state)
            wanted = item_goal(state, random.Random(rng.random()), decisions)
            assert wanted is None or wanted in decisions
            for c in state.characters:
                if c.active:
                    target = item_destination(state, c.player)
                    assert target is None or target in positions
        state = step(state, goal_seeking(state, rng)).state


def test_games_with_item_goals_are_deterministic_per_seed() -> None:
    first = play_game(11, 2, "base", None, None)
    second = play_game(11, 2, "base", None, None)
    assert first[1].actions == second[1].actions
    assert first[0] == second[0]


def test_item_goal_is_deterministic_for_one_generator_seed(game: GameState) -> None:
    state = equip(with_intruders(game, Intruder(1, "adult", "11")), 1, "taser", "decoy", "grenade")
    decisions = legal_actions(state)
    assert [item_goal(state, random.Random(7), decisions) for _ in range(3)] == [
        item_goal(state, random.Random(7), decisions)
    ] * 3


# -- items in their moment ------------------------------------------------------------------------


def test_item_goal_prefers_the_taser_on_an_intruder_in_the_room(game: GameState) -> None:
    state = equip(with_intruders(game, Intruder(1, "adult", "11")), 1, "taser")
    goals = _goals(state)
    tasers = [g for g in goals if g is not None and g.get("item") == "taser"]
    assert len(tasers) >= TRIES * 0.7
    assert all(g.get("target") == "1" for g in tasers)  # never the other Character in the room


def test_item_goal_leaves_the_taser_alone_without_an_intruder(game: GameState) -> None:
    state = equip(game, 1, "taser")  # player 2 is in the room: a legal target, not the card's moment
    assert any(isinstance(a, Decision) and a.get("item") == "taser" for a in legal_actions(state))
    assert all(g is None or g.get("item") != "taser" for g in _goals(state))


def test_item_goal_uses_the_antidote_only_when_contaminated(game: GameState) -> None:
    clean = equip(game, 1, "antidote")
    assert all(g is None or g.get("item") != "antidote" for g in _goals(clean))
    infected = equip(game, 1, "antidote", hand=("search", "rest", "contamination-infected"))
    assert _kinds(_goals(infected))["use-item:antidote"] >= TRIES * 0.7


def test_item_goal_takes_the_self_destruct_key_in_a_computer_room(game: GameState) -> None:
    state = equip(explored(move_character(game, 1, "14"), "14"), 1, "self-destruct-key")  # Command Center
    assert _kinds(_goals(state))["use-item:self-destruct-key"] >= TRIES * 0.7


def test_item_goal_sends_the_signal_in_the_comms_room(game: GameState) -> None:
    state = explored(move_character(game, 1, "12"), "12")  # seed 0: the Comms Room is at 12
    assert state.room("12").tile == "comms-room"
    signals = [g for g in _goals(state) if g is not None and g.kind == "room-action"]
    assert TRIES * 0.4 <= len(signals) <= TRIES * 0.8  # a probability, not a rule
    after, fired = run(state, [signals[0]])
    assert after.character(1).signal and "base.room.comms-room" in fired
    sent = state.with_character(replace(state.character(1), signal=True))
    assert all(g is None or g.kind != "room-action" for g in _goals(sent))


def test_item_goal_crafts_when_a_recipe_is_possible(game: GameState) -> None:
    state = equip(game, 1, "chemicals", "medkit")
    goals = _goals(state)
    crafts = [g for g in goals if g is not None and g.kind == "craft"]
    assert len(crafts) >= TRIES * 0.7
    assert {g.get("item") for g in crafts} == {"antidote"}


def test_item_goal_shoots_with_a_found_weapon_in_combat(game: GameState) -> None:
    state = with_intruders(game, Intruder(1, "adult", "11"))
    c = state.character(1)
    state = state.with_character(replace(c, hands=("prototype-pistol",), ammo=(("prototype-pistol", 1),)))
    shots = [g for g in _goals(state) if g is not None and g.kind == "shoot"]
    assert len(shots) >= TRIES * 0.4
    assert {g.get("weapon") for g in shots} == {"prototype-pistol"}


def test_item_goal_keeps_the_card_that_completes_a_recipe(game: GameState) -> None:
    state = equip(game, 1, "chemicals")
    state = with_frames(state, SearchKeep(1, "yellow", ("tools", "space-suit")))
    kept = Counter(str(g.get("item")) for g in _goals(state) if g is not None)
    assert kept["tools"] >= TRIES * 0.6
    assert kept["space-suit"] == 0


def _flamethrower(state: GameState, ammo: int, *items: str) -> GameState:
    """Player 1 holds a Flamethrower with ``ammo`` shots left and ``items`` in the inventory."""
    return equip(state, 1, *items, hands=("flamethrower",), ammo=(("flamethrower", ammo),))


def test_item_goal_reloads_a_flamethrower_that_has_shot_with_chemicals(game: GameState) -> None:
    # Chemicals and a Medkit would craft an Antidote: reloading the Flamethrower comes first
    state = _flamethrower(game, 1, "chemicals", "medkit")
    kinds = _kinds(_goals(state))
    assert kinds["use-item:chemicals"] >= TRIES * 0.8
    full = _kinds(_goals(_flamethrower(game, 4, "chemicals", "medkit")))
    assert full["use-item:chemicals"] == 0  # a full Flamethrower needs no Chemicals
    after, fired = run(state, [next(g for g in _goals(state) if g is not None and g.get("item") == "chemicals")])
    assert after.character(1).ammo_of("flamethrower") == 4 and "base.item.chemicals" in fired


def test_item_goal_searches_a_yellow_room_for_chemicals_to_reload_the_flamethrower(game: GameState) -> None:
    state = explored(move_character(game, 1, "08"), "08")  # seed 0: a yellow room at 08
    state = state.with_room("08", replace(state.room("08"), items=2))
    assert state.room("08").tile == "airlock-control"

    def searches(ammo: int) -> int:
        return sum(1 for g in _goals(_flamethrower(state, ammo)) if g is not None and g.get("card") == "search")

    assert searches(1) >= TRIES * 0.8
    assert searches(4) <= TRIES * 0.7  # a full Flamethrower: the ordinary search chance(game: GameState) -> None:
    state = with_frames(_flamethrower(game, 1), SearchKeep(1, "yellow", ("chemicals", "space-suit")))
    kept = Counter(str(g.get("item")) for g in _goals(state) if g is not None)
    assert kept["chemicals"] >= TRIES * 0.6 and kept["space-suit"] == 0


# -- the Laboratory and the Weaknesses --------------------------------------------------------------


def _carrying_corpse(state: GameState, player: int) -> GameState:
    c = state.character(player)
    return state.with_character(replace(c, hands=(*c.hands, "corpse-blue")))


def test_item_destination_takes_an_object_with_a_hidden_weakness_to_the_laboratory(game: GameState) -> None:
    state = explored(game, "02")
    assert item_destination(state, 1) is None or state.room(item_destination(state, 1) or "").tile != "laboratory"
    assert item_destination(_carrying_corpse(state, 1), 1) == "02"
    unknown = _carrying_corpse(game, 1)  # the Laboratory not explored yet: nowhere known to go
    assert item_destination(unknown, 1) is None


def test_item_destination_fetches_a_corpse_once_the_laboratory_is_known(game: GameState) -> None:
    state = explored(game, "02", "06")
    assert item_destination(state, 1) == "11"  # setup's blue Corpse lies where player 1 stands
    state = state.with_room("11", replace(state.room("11"), objects=Multiset()))
    assert item_destination(state, 1) is None
    state = state.with_room("06", replace(state.room("06"), objects=Multiset.of(("carcass",))))
    assert item_destination(state, 1) == "06"


def test_item_goal_analyses_an_object_in_the_laboratory(game: GameState) -> None:
    state = _carrying_corpse(explored(move_character(game, 1, "02"), "02"), 1)
    goals = _goals(state)
    assert _kinds(goals)["room-action:laboratory"] >= TRIES * 0.85
    analysed = next(g for g in goals if g is not None and g.kind == "room-action")
    after, fired = run(state, [analysed])
    assert "base.weakness.reveal" in fired
    assert len(after.discovered) == 1


def test_item_destination_walks_a_computer_key_to_the_nearest_computer_room(game: GameState) -> None:
    state = equip(explored(game, "14", "06"), 1, "self-destruct-key")
    assert item_destination(state, 1) in {"14", "06"}


# -- the item rules the goals reach -------------------------------------------------------------------


def _searched(state: GameState, deck: str, first: str, second: str, keep: str) -> tuple[GameState, list[str]]:
    state = with_frames(start_search(state, 1, deck, counter=False))
    return run(
        state,
        [outcome("item-card", first), outcome("item-card", second), decision(1, "keep-item", item=keep)],
    )


def test_base_item_found_weapon_ammo_a_searched_weapon_arrives_with_one_ammo(game: GameState) -> None:
    state = replace(game.with_character(replace(game.character(1), hands=())), decks=game.decks)
    after, fired = _searched(state, "red", "prototype-rifle", "grenade", "prototype-rifle")
    assert after.character(1).ammo_of("prototype-rifle") == 1
    assert "base.item.found-weapon-ammo" in fired
    assert "base.item.hand-slots" in fired  # a Heavy item: into a hand slot


def test_base_item_hand_slots_an_inventory_item_takes_no_hand_slot(game: GameState) -> None:
    after, fired = _searched(game, "red", "grenade", "decoy", "grenade")
    assert "grenade" in after.character(1).inventory
    assert "base.item.hand-slots" not in fired
    assert "base.item.found-weapon-ammo" not in fired


def test_base_search_deck_by_colour_the_room_colour_picks_the_deck(game: GameState) -> None:
    state = explored(move_character(game, 1, "17"), "17")  # the Armory: a red room
    state = state.with_room("17", replace(state.room("17"), items=2))
    search = next(
        a
        for a in legal_actions(state)
        if isinstance(a, Decision) and a.kind == "play-card" and a.get("card") == "search"
    )
    after, fired = run(state, [search])
    assert "base.search.deck-by-colour" in fired
    assert {o.chance for o, _ in chance_outcomes(after)} == {"item-card"}
    assert after.pending[-1].colour == "red"  # type: ignore[attr-defined]  # a SearchDraw


def test_base_heavy_object_hand_slot_a_picked_up_object_fills_a_hand(game: GameState) -> None:
    room = game.room("11")
    state = game.with_room("11", replace(room, objects=Multiset.of(("egg",))))
    after, fired = run(state, [decision(1, "pick-up", object="egg", pay=("search",))])
    assert "egg" in after.character(1).hands
    assert "base.heavy-object.hand-slot" in fired


def test_base_item_rifle_every_shot_names_the_weapon_card(game: GameState) -> None:
    state = with_intruders(game, Intruder(1, "adult", "11"))
    c = state.character(1)
    state = state.with_character(replace(c, hands=("rifle",), ammo=(("rifle", 2),)))
    _, fired = run(state, [decision(1, "shoot", weapon="rifle", target="1", pay=("search",))])
    assert "base.item.rifle" in fired


def test_item_goal_throws_a_grenade_only_into_a_neighbouring_room(game: GameState) -> None:
    here = equip(with_intruders(game, Intruder(1, "adult", "11")), 1, "grenade")
    assert all(g is None or g.get("item") != "grenade" for g in _goals(here))
    next_door = equip(with_intruders(game, Intruder(1, "adult", "06")), 1, "grenade")
    assert _kinds(_goals(next_door))["use-item:grenade"] >= TRIES * 0.7


# -- errands with an object whose Weakness is hidden, a Malfunction in the Laboratory, pods ----------


def _walks(state: GameState, tries: int = TRIES) -> Counter[str]:
    return Counter(
        str(g.get("to")) for g in _goals(state, tries) if g is not None and g.kind in ("move", "careful-move")
    )


def test_item_goal_walks_an_object_with_a_hidden_weakness_towards_the_laboratory(game: GameState) -> None:
    state = _carrying_corpse(explored(game, "02", "06"), 1)  # 11 -> 06 -> 02
    walks = _walks(state)
    assert set(walks) == {"06"}
    assert walks["06"] >= TRIES * 0.15


def test_item_goal_keeps_out_of_an_intruder_on_the_way_to_the_laboratory(game: GameState) -> None:
    state = _carrying_corpse(explored(game, "02", "06"), 1)
    state = with_intruders(state, Intruder(id=1, kind="adult", position="06"))
    assert "06" not in _walks(state)


def test_item_goal_does_not_explore_to_find_the_laboratory(game: GameState) -> None:
    assert not _walks(_carrying_corpse(game, 1))


def test_item_goal_runs_no_object_errand_once_the_hibernation_chambers_open(game: GameState) -> None:
    late = replace(_carrying_corpse(explored(game, "02", "06"), 1), time=7)
    assert not _walks(late)


def test_item_goal_repairs_the_malfunction_that_bars_the_laboratory(game: GameState) -> None:
    state = explored(move_character(game, 1, "02"), "02")
    state = state.with_room("02", replace(state.room("02"), malfunction=True))
    state = _carrying_corpse(equip(state, 1, hand=("repairs", "search", "rest")), 1)
    goals = _goals(state)
    repairs = [g for g in goals if g is not None and g.get("repair") == "malfunction"]
    assert len(repairs) >= TRIES * 0.85
    after, _ = run(state, [repairs[0]])
    assert not after.room("02").malfunction


def _seated(game: GameState, frame: object) -> GameState:
    pod = replace(game.pods[0], locked=False, occupants=(1,))
    state = move_character(game, 1, "13")
    return with_frames(replace(state, pods=(pod, *game.pods[1:])), frame)  # type: ignore[arg-type]


def test_pod_goal_now_and_then_waits_for_a_companion_who_could_still_come(game: GameState) -> None:
    from nemesis_rules.model.rules.evacuation import LaunchOrWait
    from nemesis_rules.players.goals import pod_goal

    state = _seated(game, LaunchOrWait(1, 2))
    decisions = legal_actions(state)
    kinds = Counter(str(getattr(pod_goal(state, random.Random(s), decisions), "kind", None)) for s in range(TRIES))
    assert set(kinds) == {"launch-pod", "wait-in-pod"}
    assert kinds["launch-pod"] > kinds["wait-in-pod"]
    alone = replace(
        state, characters=tuple(replace(c, status="dead") if c.player == 2 else c for c in state.characters)
    )
    assert {str(getattr(pod_goal(alone, random.Random(s), decisions), "kind", None)) for s in range(TRIES)} == {
        "launch-pod"
    }


def test_pod_goal_steps_out_when_an_intruder_is_next_door(game: GameState) -> None:
    from nemesis_rules.model.rules.round import PodTurn
    from nemesis_rules.players.goals import pod_goal

    state = _seated(game, PodTurn(1))
    decisions = legal_actions(state)
    calm = Counter(str(getattr(pod_goal(state, random.Random(s), decisions), "kind", None)) for s in range(TRIES))
    assert set(calm) == {"launch-pod", "stay-in-pod"}
    neighbour = state.config.board.neighbours["13"][0]
    threatened = with_intruders(state, Intruder(id=1, kind="adult", position=neighbour))
    kinds = Counter(str(getattr(pod_goal(threatened, random.Random(s), decisions), "kind", None)) for s in range(TRIES))
    assert set(kinds) == {"launch-pod", "leave-pod"}
    after, fired = run(threatened, [decision(1, "leave-pod")])
    assert after.pods[0].occupants == ()
    assert "base.pod.step-out" in fired


def test_item_goal_rests_to_scan_two_contamination_cards(game: GameState) -> None:
    two = equip(game, 1, hand=("rest", "contamination", "contamination-infected"))
    rests = [g for g in _goals(two) if g is not None and g.get("card") == "rest"]
    assert len(rests) >= TRIES * 0.5
    _, fired = run(two, [rests[0]])
    assert "base.contamination.remove" in fired
    one = equip(game, 1, hand=("rest", "contamination", "search"))
    assert not [g for g in _goals(one) if g is not None and g.get("card") == "rest"]


def test_base_action_card_nerves_of_steel_item_goal_ignores_a_surprise_attack(game: GameState) -> None:
    from nemesis_rules.model.rules.action_cards_reactive import AttackReaction

    state = with_intruders(
        equip(game, 1, hand=("nerves-of-steel", "search")), Intruder(id=1, kind="adult", position="11")
    )
    state = with_frames(state, AttackReaction(1, 1, "surprise", ""))
    goals = _goals(state)
    ignored = [g for g in goals if g is not None and g.kind == "ignore-attack"]
    assert len(ignored) >= TRIES * 0.8
    _, fired = run(state, [ignored[0]])
    assert "base.action-card.nerves-of-steel" in fired
