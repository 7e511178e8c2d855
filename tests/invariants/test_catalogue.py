"""Each catalogued invariant catches a deliberately broken state (or step) built from a real one
with ``dataclasses.replace``, and holds on the real one. A new invariant without a breaking
case here fails :func:`test_every_invariant_has_a_breaking_case`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from nemesis_rules.invariants import catalogue, invariant, step_violations, violations
from nemesis_rules.invariants.components import box
from nemesis_rules.model.core.actions import Action, Decision, Outcome
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import Deck, EndOfGame, GameState, Intruder, Pod
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.hands import ActionCardDraw, DrawUp
from nemesis_rules.model.rules.noise import NoiseRoll
from nemesis_rules.model.rules.round import Turn
from nemesis_rules.model.rules.shoot_and_melee import CombatRoll
from nemesis_rules.testing import after_setup

Step = tuple[GameState, Action, GameState, tuple[str, ...]]


@pytest.fixture(scope="module")
def base() -> GameState:
    return after_setup(players=3, seed=1)


@pytest.fixture(scope="module")
def vs() -> GameState:
    return after_setup(players=2, seed=1, ruleset="void-seeders")


def character(state: GameState, player: int, **changes: object) -> GameState:
    return state.with_character(replace(state.character(player), **changes))  # type: ignore[arg-type]


def found(state: GameState) -> set[str]:
    return {v.invariant for v in violations(state)}


def found_in_step(step: Step) -> set[str]:
    before, action, after, fired = step
    return {v.invariant for v in step_violations(before, action, after, fired=fired)}


def _pass(state: GameState) -> Decision:
    return Decision.make(1, "pass")


# -- state breakers: a valid state in, a state breaking exactly the named invariant out -------------


def three_heavy_things(s: GameState) -> GameState:
    deck = s.deck("yellow")
    s = s.with_deck("yellow", replace(deck, unknown=deck.unknown.remove("fire-extinguisher", 2)))
    c = s.character(1)
    return character(s, 1, hands=(*c.hands, "fire-extinguisher", "fire-extinguisher"))


def too_many_light_wounds(s: GameState) -> GameState:
    return character(s, 1, light_wounds=3)


def fourth_serious_wound(s: GameState) -> GameState:
    return character(s, 2, serious_wounds=("arm", "leg", "back", "hand"))


def dressed_without_wound(s: GameState) -> GameState:
    return character(s, 1, dressed=("leg",))


def lost_bag_token(s: GameState) -> GameState:
    token = s.bag.distinct()[0]
    return replace(s, bag=s.bag.remove(token))


def forged_bag_token(s: GameState) -> GameState:
    return replace(s, bag=s.bag.add("queen-4"))


def doubled_exploration_token(s: GameState) -> GameState:
    position = next(p for p in s.config.board.positions if s.room(p).token)
    token = s.room(position).token
    assert token is not None
    return replace(s, exploration_pool=s.exploration_pool.add(token))


def lost_event_card(s: GameState) -> GameState:
    deck = s.deck("event")
    return s.with_deck("event", replace(deck, unknown=deck.unknown.remove(deck.unknown.distinct()[0])))


def doubled_action_card(s: GameState) -> GameState:
    c = s.character(1)
    return character(s, 1, hand=c.hand.add(c.hand.distinct()[0]))


def card_in_wrong_deck(s: GameState) -> GameState:
    """A red Item card moved to the green deck's discard pile: the totals still agree."""
    red, green = s.deck("red"), s.deck("green")
    card = next(k for k in red.unknown.distinct() if k not in box(s.config).decks["green"])
    s = s.with_deck("red", replace(red, unknown=red.unknown.remove(card)))
    return s.with_deck("green", replace(green, discard=green.discard.add(card)))


def lost_objective(s: GameState) -> GameState:
    return character(s, 1, objectives=s.character(1).objectives[:1])


def unknown_removed_kind(s: GameState) -> GameState:
    return replace(s, removed=s.removed.add("mystery:thing"))


def false_ending(s: GameState) -> GameState:
    return replace(s, end=EndOfGame("hyperjump", survivors=(1,), winners=(2,)))


def broken_engine_stack(s: GameState) -> GameState:
    return replace(s, engines=(("working", "working"), *s.engines[1:]))


def character_off_board(s: GameState) -> GameState:
    return character(s, 2, position="99")


def door_of_no_kind(s: GameState) -> GameState:
    return replace(s, doors=("ajar", *s.doors[1:]))  # type: ignore[arg-type]  # deliberately invalid


def malfunction_where_none_goes(s: GameState) -> GameState:
    position = next(p for p in s.config.board.positions if not tables.room_can_malfunction(s.config, s.room(p).tile))
    return s.with_room(position, replace(s.room(position), malfunction=True))


def intruders_sharing_an_id(s: GameState) -> GameState:
    position = s.character(1).position
    return replace(s, intruders=(Intruder(1, "adult", position), Intruder(1, "creeper", position)), next_intruder=2)


def noise_off_the_board(s: GameState) -> GameState:
    return replace(s, noise=s.noise | {"01-21"})


def two_slime_markers(s: GameState) -> GameState:
    return character(s, 1, slime=2)


def ejected_pod_vanished(s: GameState) -> GameState:
    return replace(s, pods=s.pods[1:])


def crowded_pod(s: GameState) -> GameState:
    return replace(s, pods=(replace(s.pods[0], occupants=(1, 2, 3)), *s.pods[1:]))


def doors_beyond_supply(s: GameState) -> GameState:
    n = box(s.config).supplies["door"] + 1
    return replace(s, doors=tuple("closed" if i < n else d for i, d in enumerate(s.doors)))


def fires_beyond_supply(s: GameState) -> GameState:
    n = box(s.config).supplies["fire"] + 1
    rooms = tuple(replace(r, fire=True) if i < n else r for i, r in enumerate(s.rooms))
    return replace(s, rooms=rooms)


def malfunctions_beyond_supply(s: GameState) -> GameState:
    n = box(s.config).supplies["malfunction"] + 1
    able = [i for i, r in enumerate(s.rooms) if tables.room_can_malfunction(s.config, r.tile)][:n]
    return replace(s, rooms=tuple(replace(r, malfunction=True) if i in able else r for i, r in enumerate(s.rooms)))


def carcasses_beyond_supply(s: GameState) -> GameState:
    n = box(s.config).supplies["carcass"] + 1
    position = s.character(1).position
    return s.with_room(position, replace(s.room(position), objects=s.room(position).objects.add("carcass", n)))


def adults_beyond_supply(s: GameState) -> GameState:
    n = box(s.config).miniatures["adult"] + 1
    position = s.character(1).position
    intruders = tuple(Intruder(i + 1, "adult", position) for i in range(n))
    return replace(s, intruders=intruders, next_intruder=n + 1)


def noise_beyond_supply(s: GameState) -> GameState:
    n = box(s.config).supplies["noise"] + 1
    return replace(s, noise=frozenset(f"spare-{i}" for i in range(n)))


def time_off_track(s: GameState) -> GameState:
    return replace(s, time=box(s.config).time_spaces)


def insanity_off_track(s: GameState) -> GameState:
    return character(s, 1, insanity=6)


def slime_in_void_seeders(s: GameState) -> GameState:
    return character(s, 1, slime=True)


def injured_despoiler(s: GameState) -> GameState:
    return replace(s, intruders=(Intruder(1, "despoiler", s.character(1).position, injuries=1),), next_intruder=2)


def adult_in_void_seeders(s: GameState) -> GameState:
    return replace(s, intruders=(Intruder(1, "adult", s.character(1).position),), next_intruder=2)


def two_despoilers(s: GameState) -> GameState:
    position = s.character(1).position
    return replace(
        s, intruders=(Intruder(1, "despoiler", position), Intruder(2, "despoiler", position)), next_intruder=3
    )


# -- the universals of the rule texts (invariants/universals.py; more cases in test_universals.py) ----

_ROLL = Outcome("combat-die", "double")


def _sleeping(s: GameState) -> GameState:
    return character(s, 2, status="hibernating")


def noise_roll_in_combat_without_a_lair(s: GameState) -> Step:
    before = replace(s, intruders=(Intruder(1, "lurker", s.character(1).position),), next_intruder=2)
    return before, _ROLL, before.push(NoiseRoll(1, s.character(1).position)), ()


def generator_starts_while_one_sleeps(s: GameState) -> Step:
    before = _sleeping(s)
    return before, _ROLL, replace(before, self_destruct=0), ("base.room.generator",)


def destination_set_while_one_sleeps(s: GameState) -> Step:
    before = _sleeping(s)
    return before, _ROLL, replace(before, destination="D"), ()


def self_destruct_stopped_past_the_lock(s: GameState) -> Step:
    before = replace(s, self_destruct=4)
    return before, _ROLL, replace(s, self_destruct=None), ()


def weapon_over_capacity(s: GameState) -> GameState:
    weapon, _ = s.character(1).ammo[0]
    return character(s, 1, ammo=((weapon, 99),))


def melee_deals_two_injuries(s: GameState) -> Step:
    state = replace(s, intruders=(Intruder(1, "adult", s.character(1).position),), next_intruder=2)
    after = replace(state, intruders=(replace(state.intruders[0], injuries=2),))
    return state.push(CombatRoll(1, "1", "", False)), _ROLL, after, ()


def contamination_pays(s: GameState) -> Step:
    return s, Decision.make(1, "move", pay=("contamination",), to="08"), s, ()


def engine_control_swaps(s: GameState) -> Step:
    after = replace(s, engines=(tuple(reversed(s.engines[0])), *s.engines[1:]))
    return s, _ROLL, after, ("base.room.engine-control-room",)


def destroyed_door_closes(s: GameState) -> Step:
    corridor = next(iter(s.config.board.corridors))
    before = s.with_door(corridor, "destroyed")
    return before, _ROLL, before.with_door(corridor, "closed"), ()


def engine_changes_without_repair(s: GameState) -> Step:
    after = replace(s, engines=(tuple(reversed(s.engines[0])), *s.engines[1:]))
    return s, _ROLL, after, ("base.malfunction.limit",)


STATE_BREAKERS: dict[str, tuple[str, list[Callable[[GameState], GameState]]]] = {
    "characters.wounds": ("base", [too_many_light_wounds, fourth_serious_wound, dressed_without_wound]),
    "characters.hand-slots": ("base", [three_heavy_things]),
    "conservation.intruder-tokens": ("base", [lost_bag_token, forged_bag_token]),
    "conservation.exploration-tokens": ("base", [doubled_exploration_token]),
    "conservation.cards": ("base", [lost_event_card, doubled_action_card]),
    "conservation.deck-piles": ("base", [card_in_wrong_deck]),
    "conservation.setup-pieces": ("base", [lost_objective]),
    "conservation.fields": ("base", [unknown_removed_kind]),
    "end.outcome": ("base", [false_ending]),
    "engines.stacks": ("base", [broken_engine_stack]),
    "placement.characters": ("base", [character_off_board]),
    "placement.doors": ("base", [door_of_no_kind]),
    "placement.fire-malfunction": ("base", [malfunction_where_none_goes]),
    "placement.intruders": ("base", [intruders_sharing_an_id]),
    "placement.noise": ("base", [noise_off_the_board]),
    "placement.slime": ("base", [two_slime_markers]),
    "pods.count": ("base", [ejected_pod_vanished]),
    "pods.seats": ("base", [crowded_pod]),
    "supply.doors": ("base", [doors_beyond_supply]),
    "supply.fire": ("base", [fires_beyond_supply]),
    "supply.heavy-objects": ("base", [carcasses_beyond_supply]),
    "supply.malfunction": ("base", [malfunctions_beyond_supply]),
    "supply.miniatures": ("base", [adults_beyond_supply, two_despoilers]),
    "supply.noise": ("base", [noise_beyond_supply]),
    "tracks.spaces": ("base", [time_off_track]),
    "vs.insanity.range": ("void-seeders", [insanity_off_track]),
    "vs.no-slime-no-larva": ("void-seeders", [slime_in_void_seeders]),
    "vs.despoiler.no-injury": ("void-seeders", [injured_despoiler]),
    "vs.supply.miniatures": ("void-seeders", [two_despoilers, adult_in_void_seeders]),
    "universal.weapon-within-capacity": ("base", [weapon_over_capacity]),
}


# -- step breakers: a transition (before, action, after, fired) breaking the named invariant --------


def dead_comes_back(s: GameState) -> Step:
    before = character(s, 2, status="dead")
    return before, _pass(before), s, ()


def fourth_wound_spares(s: GameState) -> Step:
    before = character(s, 1, serious_wounds=("arm", "leg", "head"))
    return before, _pass(before), before, ("base.death.fourth-wound",)


def draw_beyond_hand_size(s: GameState) -> Step:
    before = s.push(ActionCardDraw(1), DrawUp(1))
    c = s.character(1)
    after = character(s, 1, hand=c.hand.add("search", 3))
    return before, Outcome("action-card", "search"), after, ()


def short_hand_after_draw(s: GameState) -> Step:
    before = s.push(ActionCardDraw(1), DrawUp(1))
    c = s.character(1)
    after = character(s, 1, hand=Multiset(), discard=c.discard.union(c.hand))
    return before, Outcome("action-card", "search"), after, ()


def dead_decides(s: GameState) -> Step:
    before = character(s, 1, status="dead")
    return before, _pass(before), before, ()


def hibernating_takes_a_turn(s: GameState) -> Step:
    before = character(s, 1, status="hibernating")
    return before, _pass(before), before, ()


def passed_acts_again(s: GameState) -> Step:
    before = character(s, 1, passed=True)
    assert isinstance(before.pending[-1], Turn)
    return before, _pass(before), before, ()


def round_leaves_work_behind(s: GameState) -> Step:
    from nemesis_rules.model.rules.wounds import LightWound

    before = s.push(LightWound(1)).push(Turn(1, 0))
    after = replace(before, round=before.round + 1)
    return before, _pass(before), after, ()


def hibernation_on_white_space(s: GameState) -> Step:
    after = character(s, 1, status="hibernating")
    return s, _pass(s), after, ()


def insanity_falls_below_floor(s: GameState) -> Step:
    before = character(s, 1, insanity=3)
    return before, _pass(before), character(s, 1, insanity=2), ()


def insanity_raise_at_top_spares(s: GameState) -> Step:
    before = character(s, 1, insanity=5)
    return before, _pass(before), before, ("vs.insanity.death-above-5",)


def lair_moves(s: GameState) -> Step:
    board = s.config.board
    here = s.character(1).position
    there = sorted(board.neighbours[here])[0]
    before = replace(s, intruders=(Intruder(1, "lair", here),), next_intruder=2)
    after = replace(s, intruders=(Intruder(1, "lair", there),), next_intruder=2)
    return before, _pass(before), after, ()


def despoiler_after_last_lair(s: GameState) -> Step:
    before = replace(s, flags=s.flags | {"despoiler-killed"})
    after = replace(before, intruders=(Intruder(1, "despoiler", s.character(1).position),), next_intruder=2)
    return before, _pass(before), after, ()


def move_goes_nowhere(s: GameState) -> Step:
    here = s.character(1).position
    there = sorted(s.config.board.neighbours[here])[0]
    return s, Decision.make(1, "move", to=there, pay=()), s, ()


def nest_egg_not_taken(s: GameState) -> Step:
    return s, Decision.make(1, "room-action", room="nest", pay=()), s, ()


def serious_wound_card_not_on_board(s: GameState) -> Step:
    from nemesis_rules.model.rules.wounds import SeriousWoundDraw

    before = s.push(SeriousWoundDraw(1))
    return before, Outcome("serious-wound", "leg"), s, ()


def time_step_skipped(s: GameState) -> Step:
    return s, _pass(s), replace(s, phase="event"), ()


def insanity_jumps_two(s: GameState) -> Step:
    before = character(s, 1, insanity=2)
    return before, _pass(before), character(s, 1, insanity=4), ()


STEP_BREAKERS: dict[str, tuple[str, list[Callable[[GameState], Step]]]] = {
    "effects.decisions": ("base", [move_goes_nowhere]),
    "effects.room-actions": ("base", [nest_egg_not_taken]),
    "effects.chance": ("base", [serious_wound_card_not_on_board]),
    "effects.insanity-steps": ("void-seeders", [insanity_jumps_two]),
    "effects.time-steps": ("base", [time_step_skipped]),
    "characters.death-final": ("base", [dead_comes_back]),
    "characters.fourth-wound-kills": ("base", [fourth_wound_spares]),
    "characters.hand-after-draw": ("base", [draw_beyond_hand_size, short_hand_after_draw]),
    "turns.dead-never-act": ("base", [dead_decides, hibernating_takes_a_turn]),
    "turns.passed-no-actions": ("base", [passed_acts_again]),
    "procedure.round-resolved": ("base", [round_leaves_work_behind]),
    "tracks.hibernation-blue": ("base", [hibernation_on_white_space]),
    "vs.insanity.no-return": ("void-seeders", [insanity_falls_below_floor]),
    "vs.insanity.death-at-top": ("void-seeders", [insanity_raise_at_top_spares]),
    "vs.lair.immobile": ("void-seeders", [lair_moves]),
    "vs.despoiler.after-lairs": ("void-seeders", [despoiler_after_last_lair]),
    "universal.noise-in-combat-only-lair": ("void-seeders", [noise_roll_in_combat_without_a_lair]),
    "universal.generator-not-while-hibernating": ("base", [generator_starts_while_one_sleeps]),
    "universal.destination-not-while-hibernating": ("base", [destination_set_while_one_sleeps]),
    "universal.self-destruct-unstoppable": ("base", [self_destruct_stopped_past_the_lock]),
    "universal.melee-at-most-one-injury": ("base", [melee_deals_two_injuries]),
    "universal.contamination-never-pays": ("base", [contamination_pays]),
    "universal.engine-control-changes-nothing": ("base", [engine_control_swaps]),
    "universal.destroyed-door-stays-open": ("base", [destroyed_door_closes]),
    "universal.only-repairs-change-engines": ("base", [engine_changes_without_repair]),
}


def test_every_invariant_has_a_breaking_case() -> None:
    ids = {i.id for i in catalogue()}
    covered = set(STATE_BREAKERS) | set(STEP_BREAKERS)
    assert ids - covered == set(), "invariants without a breaking case"
    assert covered - ids == set(), "breaking cases for unknown invariants"


def test_every_invariant_is_documented() -> None:
    from nemesis_rules.rulebook import catalogue as clauses

    for inv in catalogue():
        assert inv.statement.strip() and "\n" not in inv.statement
        assert inv.clause in clauses(), f"{inv.id} cites unknown clause {inv.clause!r}"
        assert inv.citation(), inv.id
        assert inv.rulesets is None or inv.rulesets <= {"base", "void-seeders"}


@pytest.mark.parametrize("ruleset", ["base", "void-seeders"])
def test_real_states_break_nothing(ruleset: str, base: GameState, vs: GameState) -> None:
    assert violations(base if ruleset == "base" else vs) == []


@pytest.mark.parametrize("invariant_id", sorted(STATE_BREAKERS))
def test_state_invariant_catches_a_broken_state(invariant_id: str, base: GameState, vs: GameState) -> None:
    ruleset, breakers = STATE_BREAKERS[invariant_id]
    state = base if ruleset == "base" else vs
    assert invariant(invariant_id).kind == "state"
    for breaker in breakers:
        broken = breaker(state)
        assert invariant_id in found(broken), breaker.__name__
        message = invariant(invariant_id).check_state(broken)
        assert message and message == message.strip()


@pytest.mark.parametrize("invariant_id", sorted(STEP_BREAKERS))
def test_step_invariant_catches_a_broken_step(invariant_id: str, base: GameState, vs: GameState) -> None:
    ruleset, breakers = STEP_BREAKERS[invariant_id]
    state = base if ruleset == "base" else vs
    assert invariant(invariant_id).kind == "step"
    for breaker in breakers:
        assert invariant_id in found_in_step(breaker(state)), breaker.__name__


def test_invariants_of_one_ruleset_stay_out_of_the_other(base: GameState) -> None:
    """Slime is a base-game marker: the Void Seeders invariant forbidding it ignores base games."""
    assert "vs.no-slime-no-larva" not in found(slime_in_void_seeders(base))


def test_a_deck_card_out_of_the_game_is_still_counted(base: GameState) -> None:
    """An Event card removed from the game (``event:<card>`` in ``removed``) is in a place."""
    deck = base.deck("event")
    card = deck.unknown.distinct()[0]
    state = base.with_deck("event", replace(deck, unknown=deck.unknown.remove(card)))
    state = replace(state, removed=state.removed.add(f"event:{card}"))
    assert "conservation.cards" not in found(state)


def test_a_new_state_field_is_reported_until_conservation_places_it(
    monkeypatch: pytest.MonkeyPatch, base: GameState
) -> None:
    from nemesis_rules.invariants import places

    fields = {k: dict(v) for k, v in places.ACCOUNTED_FIELDS.items()}
    del fields["Character"]["inventory"]
    monkeypatch.setattr(places, "ACCOUNTED_FIELDS", fields)
    places.unaccounted_fields.cache_clear()
    try:
        message = invariant("conservation.fields").check_state(base)
    finally:
        monkeypatch.undo()
        places.unaccounted_fields.cache_clear()
    assert message is not None and "Character.inventory" in message


def test_pods_are_checked_against_the_player_count(base: GameState) -> None:
    extra = replace(base, pods=(*base.pods, Pod(number=9, section="A")))
    assert "pods.count" in found(extra)


def test_decks_keep_their_own_cards_even_when_empty(base: GameState) -> None:
    emptied = base.with_deck("event", Deck())
    assert "conservation.cards" in found(emptied)
