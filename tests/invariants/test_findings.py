"""Engine findings of the invariant catalogue, one scenario each: each test asserts what the
rules require of a situation where the engine once broke an invariant (or still does). A
finding not fixed yet is a strict xfail: the day the engine is fixed the test passes, strict
xfail turns that into a failure, and the marker (and its entry in test_checker.KNOWN_FINDINGS
and test_stateful.KNOWN_FINDINGS) goes."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.invariants import step_violations, violations
from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import Context, acting_player, legal_actions, settle, step
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.encounter import KeepObjective
from nemesis_rules.model.rules.endgame import end_game
from nemesis_rules.model.rules.events import EventCardStep
from nemesis_rules.testing import after_setup, with_frames


def broken(state: GameState) -> set[str]:
    return {v.invariant for v in violations(state)}


def test_kept_objective_discards_the_other_to_a_place() -> None:
    state = with_frames(after_setup(players=2, seed=1), KeepObjective(1))
    kept = state.character(1).objectives[0]
    after = step(state, Decision.make(1, "keep-objective", objective=kept)).state
    assert after.character(1).objectives == (kept,)
    assert "conservation.setup-pieces" not in broken(after)


def test_an_event_card_being_resolved_survives_the_end_of_the_game() -> None:
    state = after_setup(players=2, seed=1)
    config = state.config
    fires = tables.supply(config, "fire")
    burning = [i for i, r in enumerate(state.rooms) if r.tile][:fires]
    state = replace(state, rooms=tuple(replace(r, fire=i in burning) for i, r in enumerate(state.rooms)))
    deck = state.deck("event")
    card = next(c for c in deck.unknown.distinct() if tables.event_card(config, c).effect == "damaging-fire")
    state = state.with_deck("event", replace(deck, unknown=deck.unknown.remove(card), top=(card,)))
    state = with_frames(state, EventCardStep())
    assert "conservation.cards" not in broken(state)
    after = step(state, Outcome("event-card", card)).state
    assert after.end is not None and after.end.reason == "ship-destroyed-ninth-fire"
    assert "conservation.cards" not in broken(after)


def test_intruder_tokens_survive_the_ship_exploding() -> None:
    state = after_setup(players=2, seed=1)
    token = next(t for t in state.bag.distinct() if t.startswith("adult"))
    position = state.character(2).position
    state = replace(
        state,
        bag=state.bag.remove(token),
        intruders=(Intruder(1, "adult", position, token=token),),
        next_intruder=2,
        engines=(("damaged", "working"),) * 3,
    )
    state = state.with_character(replace(state.character(1), status="hibernating"))
    assert "conservation.intruder-tokens" not in broken(state)
    ended = settle(end_game(state, "hyperjump", Context()), Context())
    assert ended.end is not None
    assert "conservation.intruder-tokens" not in broken(ended)


def test_a_character_killed_by_passing_is_not_asked_to_discard() -> None:
    state = after_setup(players=2, seed=1)
    wounded = replace(state.character(1), serious_wounds=("bleeding", "arm", "leg"))
    state = state.with_character(wounded)
    after = step(state, Decision.make(1, "pass")).state
    assert after.character(1).status == "dead"
    found: set[str] = set()
    if acting_player(after) == 1:
        decision = legal_actions(after)[0]
        found = {v.invariant for v in step_violations(after, decision, step(after, decision).state)}
    assert "turns.dead-never-act" not in found


def _scientist_first() -> GameState:
    for seed in range(200):
        state = after_setup(players=2, seed=seed)
        if state.character(1).name == "scientist":
            return state
    raise AssertionError("no seed below 200 gives player 1 the Scientist")


def test_a_dropped_quest_item_is_no_longer_active() -> None:
    state = _scientist_first()
    c = state.character(1)
    quests = tuple((q, "active" if q == "holo-computer" else s) for q, s in c.quests)
    state = state.with_character(replace(c, quests=quests, hands=(*c.hands, "holo-computer")))
    assert "conservation.cards" not in broken(state)
    after = step(state, Decision.make(1, "drop", item="holo-computer")).state
    assert "holo-computer" not in after.character(1).hands
    assert after.character(1).quest("holo-computer") != "active"
    assert "conservation.cards" not in broken(after)


def test_a_discarded_item_goes_back_to_its_own_deck() -> None:
    from nemesis_rules.model.rules.items import discard_item

    state = after_setup(players=2, seed=1)
    yellow = state.deck("yellow")
    state = state.with_deck("yellow", replace(yellow, unknown=yellow.unknown.remove("energy-charge")))
    c = state.character(1)
    state = state.with_character(replace(c, inventory=c.inventory.add("energy-charge")))
    assert not broken(state)
    c = state.character(1)
    state = state.with_character(replace(c, inventory=c.inventory.remove("energy-charge")))
    after = discard_item(state, "energy-charge")
    assert "conservation.deck-piles" not in broken(after)


def test_a_decoy_leaves_a_lair_in_place() -> None:
    state = after_setup(players=2, seed=1, ruleset="void-seeders")
    here = state.character(1).position
    lair_room, target = sorted(state.config.board.neighbours[here])[:2]
    red = state.deck("red")
    c = state.character(1)
    state = state.with_deck("red", replace(red, unknown=red.unknown.remove("decoy")))
    state = state.with_character(replace(c, inventory=c.inventory.add("decoy")))
    state = replace(state, intruders=(Intruder(1, "lair", lair_room),), next_intruder=2)
    use = next(
        a
        for a in legal_actions(state)
        if isinstance(a, Decision) and a.kind == "use-item" and a.get("item") == "decoy" and a.get("to") == target
    )
    after = step(state, use).state
    assert "vs.lair.immobile" not in {v.invariant for v in step_violations(state, use, after)}


def test_a_dead_player_keeps_no_objective_at_the_first_encounter() -> None:
    from nemesis_rules.model.rules.encounter import first_encounter

    state = after_setup(players=2, seed=1)
    state = state.with_character(replace(state.character(2), status="dead"))
    state = settle(first_encounter(state, Context()), Context())
    found: set[str] = set()
    while acting_player(state) is not None and state.pending and type(state.pending[-1]) is KeepObjective:
        decision = legal_actions(state)[0]
        after = step(state, decision).state
        found |= {v.invariant for v in step_violations(state, decision, after)}
        state = after
    assert "turns.dead-never-act" not in found


def test_an_extended_magazine_on_a_weapon_is_still_counted() -> None:
    """Found by fuzz (seed 323, base, 3 players): the card left the inventory for the weapon's mods,
    where the card ledger did not look, and conservation.cards reported it missing."""
    from pathlib import Path

    from nemesis_rules.invariants import named
    from nemesis_rules.record import read_record, replay_record

    record = read_record(Path(__file__).parent / "data" / "extended-magazine-on-a-weapon.jsonl")
    result = replay_record(record, invariants=(named.conservation_cards,))  # type: ignore[attr-defined]
    assert not result.problems
    assert any("extended-magazine:" in m for c in result.final_state.characters for m in c.mods)


def test_what_the_end_of_the_player_phase_starts_resolves_before_the_event_steps() -> None:
    """Found by fuzz (seed 318, Void Seeders, 3 players): an Airlock decompression destroyed a Void
    Seeder at the end of the Player Phase and queued its random token beneath the event steps, so
    it was still pending when the next round began (procedure.round-resolved)."""
    from pathlib import Path

    from nemesis_rules.record import read_record, replay_record

    record = read_record(Path(__file__).parent / "data" / "airlock-defeat-token-before-events.jsonl")
    state = replay_record(record).final_state
    top = state.pending[-1]
    assert type(top).__name__ == "SupplyTokenDraw" and top.clause_for(state) == "vs.injury.defeat-token"
    assert [type(f).__name__ for f in state.pending[:-1]] == ["QueueEventSteps"]  # the events come after


def test_an_active_heavy_quest_item_traded_away_is_still_counted_once() -> None:
    """Found by fuzz (seed 160, Void Seeders, 5 players): the Scout's active Motion Scanner, a Heavy
    quest item in a hand slot, was traded to another Character; the card ledger counted it among
    the Item cards and missing from the Scout's quest items (conservation.cards)."""
    from pathlib import Path

    from nemesis_rules.invariants import named
    from nemesis_rules.record import read_record, replay_record

    record = read_record(Path(__file__).parent / "data" / "active-quest-item-traded.jsonl")
    result = replay_record(record, invariants=(named.conservation_cards,))  # type: ignore[attr-defined]
    assert not result.problems
    holder = next(c for c in result.final_state.characters if "motion-scanner-sensor" in c.hands)
    assert holder.name != "scout"  # traded away, and still accounted for
