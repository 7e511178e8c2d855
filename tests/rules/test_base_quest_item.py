"""Known-answer scenarios for the Quest Items (facts.md §7), named after their clauses: how they
start and are activated, each active item's use (the Intercom with the Captain's Order, the Holo
Computer with the Scientist's cards), and the reactive Armor and Motion Scanner/Sensor."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import Context, IllegalActionError, apply, legal_actions, settle
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.action_cards_reactive import AttackReaction, before_attack, before_attack_effect
from nemesis_rules.model.rules.effect_actions import activated
from nemesis_rules.model.rules.events import AttackStep
from nemesis_rules.model.rules.hands import PassDiscard
from nemesis_rules.model.rules.items import SearchDraw, capacity
from nemesis_rules.model.rules.noise import NoiseReroll, ScannerReroll, noise_roll_reaction
from nemesis_rules.model.rules.quests import SKIP_INTRUDER_ATTACK, RoomDoors
from nemesis_rules.model.rules.round import EndRoundStep
from nemesis_rules.model.rules.wounds import LightWound
from nemesis_rules.testing import after_setup, run, top_frame

# seed 3, 2 players: 01 Cockpit, 03 Storage, 04 Comms Room, 11 Hibernatorium (blue Corpse), 13 Evacuation A


def hero(name: str, *hand: str, position: str = "11", active: str = "", hands: tuple[str, ...] = ()) -> GameState:
    """Player 1 as ``name`` with ``active`` of its Quest Items active; player 2 far away in 01."""
    state = after_setup(players=2, seed=3)
    quests = tuple((q, "active" if q == active else "inactive") for q in tables.quest_items(state.config, name))
    one = replace(state.character(1), name=name, hand=Multiset.of(hand), position=position, quests=quests, hands=hands)
    two = replace(state.character(2), hand=Multiset.of(("search",)), position="01" if position != "01" else "03")
    state = state.with_character(one).with_character(two)
    room = state.room(position)
    return state.with_room(position, replace(room, explored=True, token=None, items=room.items))


def uses(state: GameState, item: str) -> list[Decision]:
    return [
        a for a in legal_actions(state) if isinstance(a, Decision) and a.kind == "use-quest" and a.get("item") == item
    ]


def status(state: GameState, player: int, item: str) -> str | None:
    return state.character(player).quest(item)


def captain(*hand: str, other: tuple[str, ...] = ("search",), other_at: str = "11") -> GameState:
    """Player 1 the Captain in the Hibernatorium (11) with the Revolver; player 2 the Soldier
    in ``other_at`` holding ``other``."""
    state = after_setup(players=2, seed=3)
    one = replace(
        state.character(1), name="captain", hand=Multiset.of(hand), hands=("revolver",), ammo=(("revolver", 3),)
    )
    two = replace(state.character(2), hand=Multiset.of(other), position=other_at)
    return state.with_character(one).with_character(two)


def plays(state: GameState, card: str) -> list[Decision]:
    return [
        a for a in legal_actions(state) if isinstance(a, Decision) and a.kind == "play-card" and a.get("card") == card
    ]


def scientist(*hand: str, position: str = "04", quests: tuple[tuple[str, str], ...] = ()) -> GameState:
    state = after_setup(players=2, seed=3)
    one = replace(
        state.character(1),
        name="scientist",
        hand=Multiset.of(hand),
        position=position,
        quests=quests or (("laboratory-equipment", "inactive"), ("holo-computer", "inactive")),
    )
    if ("holo-computer", "active") in one.quests:
        one = replace(one, hands=(*one.hands, "holo-computer"))  # a Heavy quest item works in a hand slot
    two = replace(state.character(2), hand=Multiset.of(("search",)), position="01")
    state = state.with_character(one).with_character(two)
    for p in ("04", "18"):
        state = state.with_room(p, replace(state.room(p), explored=True, token=None, items=1))
    return state


def test_base_quest_item_inactive_at_the_start_two_per_character() -> None:
    state = after_setup(players=3, seed=4)
    for c in state.characters:
        assert len(c.quests) == 2
        assert all(s == "inactive" for _, s in c.quests)


def test_base_quest_item_activation_in_the_named_room() -> None:
    state = hero("scout", "search", position="01")
    activate = Decision.make(1, "activate-quest", item="security-key", pay=("search",))
    assert activate in legal_actions(state)
    state, fired = run(state, [activate])
    assert status(state, 1, "security-key") == "active"
    assert "base.quest-item.activation" in fired


def test_base_quest_item_activation_not_in_combat() -> None:
    state = hero("scout", "search", position="01")
    state = replace(state, intruders=(Intruder(1, "adult", "01"),), next_intruder=2)
    with pytest.raises(IllegalActionError) as info:
        apply(state, Decision.make(1, "activate-quest", item="security-key", pay=("search",)))
    assert info.value.clause == "base.combat.allowed-actions"


def test_base_quest_item_log_key_looks_at_an_objective_from_a_computer_room() -> None:
    state = hero("captain", "search", position="04", active="log-key")
    use = Decision.make(1, "use-quest", item="log-key", character="2", pay=("search",))
    assert uses(state, "log-key") == [use]
    state, fired = run(state, [use])
    assert status(state, 1, "log-key") == "used"
    assert "base.quest-item.log-key" in fired


def test_base_quest_item_log_key_needs_a_computer_room() -> None:
    state = hero("captain", "search", position="11", active="log-key")
    assert uses(state, "log-key") == []


def test_base_quest_item_evacuation_key_locks_or_unlocks_a_pod_of_your_section() -> None:
    state = hero("pilot", "search", position="13", active="evacuation-key")
    pod = next(p for p in state.pods if p.section == "A")
    state, fired = run(
        state, [Decision.make(1, "use-quest", item="evacuation-key", pod=str(pod.number), pay=("search",))]
    )
    assert next(p for p in state.pods if p.number == pod.number).locked is not pod.locked
    assert status(state, 1, "evacuation-key") == "used"
    assert "base.quest-item.evacuation-key" in fired


def test_base_quest_item_evacuation_key_only_in_an_evacuation_section() -> None:
    state = hero("pilot", "search", position="11", active="evacuation-key")
    assert uses(state, "evacuation-key") == []


def test_base_quest_item_orbital_maneuvering_system_everyone_passes_and_no_attack_step() -> None:
    state = hero("pilot", "search", active="orbital-maneuvering-system")
    state = state.with_character(replace(state.character(2), position="11"))
    state = replace(state, intruders=(Intruder(1, "adult", "11"),), next_intruder=2)
    state, fired = run(state, [Decision.make(1, "use-quest", item="orbital-maneuvering-system", pay=("search",))])
    assert all(c.passed for c in state.characters)
    assert SKIP_INTRUDER_ATTACK in state.flags
    frame = top_frame(state)
    assert isinstance(frame, PassDiscard) and frame.player == 1
    state, more = run(state, [Decision.make(1, "keep-hand"), Decision.make(2, "keep-hand")])
    assert state.phase == "event"
    assert "base.event.intruder-attack" not in more
    assert "base.quest-item.orbital-maneuvering-system" in fired


def test_base_quest_item_orbital_maneuvering_system_flag_read_and_cleared() -> None:
    state = replace(hero("pilot"), intruders=(Intruder(1, "adult", "11"),), next_intruder=2)
    state = replace(state, flags=state.flags | {SKIP_INTRUDER_ATTACK}, pending=())
    assert not any(type(f).__name__ == "IntruderAttack" for f in AttackStep().run(state, Context()).pending)
    after = EndRoundStep().run(state, Context())
    assert SKIP_INTRUDER_ATTACK not in after.flags


def test_base_quest_item_plasma_torch_closes_a_destroyed_door() -> None:
    state = hero("mechanic", "search", active="plasma-torch")
    state = state.with_door("11-15", "destroyed")
    use = Decision.make(1, "use-quest", item="plasma-torch", corridor="11-15", door="closed", pay=("search",))
    assert use in uses(state, "plasma-torch")
    state, fired = run(state, [use])
    assert state.door("11-15") == "closed"
    assert status(state, 1, "plasma-torch") == "active"
    assert "base.quest-item.plasma-torch" in fired and "base.door.destroyed" in fired


def test_base_quest_item_flashlight_searches_your_room_for_two_cards() -> None:
    state = hero("mechanic", "search", "rest", position="03", active="flashlight")
    state = state.with_room("03", replace(state.room("03"), items=2))
    state, fired = run(state, [Decision.make(1, "use-quest", item="flashlight", pay=("rest", "search"))])
    assert isinstance(top_frame(state), SearchDraw)
    assert state.room("03").items == 1
    assert "base.quest-item.flashlight" in fired


def test_base_quest_item_flashlight_needs_items_left() -> None:
    state = hero("mechanic", "search", "rest", position="03", active="flashlight")
    state = state.with_room("03", replace(state.room("03"), items=0))
    assert uses(state, "flashlight") == []


def test_base_quest_item_security_key_opens_and_closes_doors_of_any_room() -> None:
    state = hero("scout", "search", active="security-key")
    state = state.with_door("06-07", "closed")
    state, fired = run(state, [Decision.make(1, "use-quest", item="security-key", at="06", pay=("search",))])
    frame = top_frame(state)
    assert isinstance(frame, RoomDoors)
    assert Decision.make(1, "doors-done") not in legal_actions(state)
    state, _ = run(
        state,
        [
            Decision.make(1, "switch-door", corridor="05-06"),
            Decision.make(1, "switch-door", corridor="06-07"),
            Decision.make(1, "doors-done"),
        ],
    )
    assert state.door("05-06") == "closed" and state.door("06-07") == "open" and state.door("06-11") == "open"
    assert status(state, 1, "security-key") == "used"
    assert "base.quest-item.security-key" in fired


def test_base_quest_item_laboratory_equipment_discovers_the_corpse_weakness() -> None:
    state = hero("scientist", "search", active="laboratory-equipment")
    use = Decision.make(1, "use-quest", item="laboratory-equipment", object="character-corpse", pay=("search",))
    assert uses(state, "laboratory-equipment") == [use]
    state, fired = run(state, [use])
    assert state.weaknesses[0] in state.discovered
    assert "base.quest-item.laboratory-equipment" in fired and "base.weakness.reveal" in fired


def test_base_quest_item_laboratory_equipment_needs_an_object_in_the_room() -> None:
    state = hero("scientist", "search", position="01", active="laboratory-equipment")
    assert uses(state, "laboratory-equipment") == []


def test_base_quest_item_autoloader_adds_one_capacity_to_the_assault_rifle() -> None:
    state = hero("soldier", hands=("assault-rifle",))
    assert capacity(state, 1, "assault-rifle") == 5
    state = activated(state, 1, "autoloader", Context())
    assert capacity(state, 1, "assault-rifle") == 6
    assert activated(state, 1, "armor", Context()) == state


def test_base_quest_item_armor_ignores_an_attack_after_its_card_hit() -> None:
    state = hero("soldier", active="armor")
    state = replace(state, intruders=(Intruder(1, "adult", "11"),), next_intruder=2)
    ctx = Context()
    state = settle(before_attack_effect(state, "bite", state.intruders[0], 1, ctx), ctx)
    assert isinstance(top_frame(state), AttackReaction)
    state, fired = run(state, [Decision.make(1, "ignore-attack", item="armor")])
    assert state.character(1).serious_wounds == ()
    assert status(state, 1, "armor") == "used"
    assert "base.quest-item.armor" in fired


def test_base_quest_item_armor_ignores_a_larva() -> None:
    state = hero("soldier", active="armor")
    state = replace(state, intruders=(Intruder(1, "larva", "11"),), next_intruder=2)
    ctx = Context()
    state = settle(before_attack(state, state.intruders[0], 1, "event", ctx), ctx)
    state, _ = run(state, [Decision.make(1, "ignore-attack", item="armor")])
    assert not state.character(1).larva and state.intruders


def test_base_quest_item_armor_taking_the_attack_resolves_its_effect() -> None:
    state = hero("soldier", active="armor")
    state = replace(state, intruders=(Intruder(1, "adult", "11"),), next_intruder=2)
    ctx = Context()
    state = settle(before_attack_effect(state, "scratch", state.intruders[0], 1, ctx), ctx)
    state, _ = run(state, [Decision.make(1, "take-attack")])
    assert any(isinstance(f, LightWound) and f.player == 1 for f in state.pending)
    assert status(state, 1, "armor") == "active"


def test_base_quest_item_armor_no_window_when_inactive() -> None:
    state = hero("soldier")
    state = replace(state, intruders=(Intruder(1, "adult", "11"),), next_intruder=2)
    ctx = Context()
    state = settle(before_attack_effect(state, "scratch", state.intruders[0], 1, ctx), ctx)
    assert not isinstance(top_frame(state), AttackReaction)
    assert any(isinstance(f, LightWound) and f.player == 1 for f in state.pending)


def scanner(*hand: str) -> GameState:
    # the Motion Scanner is Heavy: it works from a hand slot
    return hero("scout", *hand, active="motion-scanner-sensor", hands=("rifle", "motion-scanner-sensor"))


def test_base_quest_item_motion_scanner_sensor_rerolls_a_noise_roll_for_a_card() -> None:
    state = scanner("search", "rest")
    reacting = noise_roll_reaction(state, 1, "11", "1")
    assert reacting is not None
    state = reacting
    assert isinstance(top_frame(state), ScannerReroll)
    state, fired = run(state, [Decision.make(1, "reroll-noise", pay=("rest",))])
    assert isinstance(top_frame(state), NoiseReroll)
    assert "rest" in state.character(1).discard
    state, _ = run(state, [Outcome("noise-roll", "silence")])
    assert state.noise == frozenset()
    assert "base.quest-item.motion-scanner-sensor" in fired


def test_base_quest_item_motion_scanner_sensor_keep_resolves_the_first_result() -> None:
    state = scanner("search")
    reacting = noise_roll_reaction(state, 1, "11", "1")
    assert reacting is not None
    state, _ = run(reacting, [Decision.make(1, "keep-noise-roll", result="1")])
    assert state.noise == frozenset({"11-15"})
    assert "noise-rerolled" not in state.flags


def test_base_quest_item_motion_scanner_sensor_needs_a_card_and_no_combat() -> None:
    assert noise_roll_reaction(scanner(), 1, "11", "1") is None
    fighting = replace(scanner("search"), intruders=(Intruder(1, "adult", "11"),), next_intruder=2)
    assert noise_roll_reaction(fighting, 1, "11", "1") is None
    assert noise_roll_reaction(hero("scout", "search"), 1, "11", "1") is None


def test_base_quest_item_intercom_lets_order_reach_a_computer_room() -> None:
    state = captain("order", other_at="04")
    state = state.with_room("04", replace(state.room("04"), explored=True, token=None, items=1))
    assert plays(state, "order") == []
    c = state.character(1)
    state = state.with_character(replace(c, quests=(("log-key", "inactive"), ("intercom", "active"))))
    order = Decision.make(1, "play-card", card="order", target="2", to="01", pay=())
    assert order in plays(state, "order")
    state, fired = run(state, [order])
    assert state.character(2).position == "01"
    assert "base.quest-item.intercom" in fired


def test_base_quest_item_holo_computer_risk_assessment_and_intranet_from_any_room() -> None:
    state = scientist(
        "risk-assessment",
        "intranet",
        "search",
        position="11",
        quests=(("laboratory-equipment", "inactive"), ("holo-computer", "active")),
    )
    assert plays(state, "risk-assessment")
    intranet = Decision.make(1, "play-card", card="intranet", at="18", sequence="start", pay=("search",))
    assert intranet in plays(state, "intranet")
    state, fired = run(state, [intranet])
    assert state.self_destruct is not None
    assert "base.quest-item.holo-computer" in fired
