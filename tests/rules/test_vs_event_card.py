"""Known-answer scenarios for the 14 effects of the Void Seeder Event cards (facts.md §16), and the
readings of unexplored rooms and of the Ship AI Failure, named after their clause and ruling ids. The
Event Phase's steps are in test_vs_event.py, Lurking in test_vs_lurking.py."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.events import EventEffect
from nemesis_rules.testing import after_setup, move_character, run, with_hand


def game(rulings: dict[str, str] | None = None, players: int = 2) -> GameState:
    state = after_setup(players, 0, ruleset="void-seeders", rulings=rulings)
    for p in range(1, players + 1):
        state = with_hand(state, p, "search", "demolition")
    return state


def place(state: GameState, *intruders: Intruder) -> GameState:
    return replace(state, intruders=tuple(sorted(intruders)), next_intruder=max(i.id for i in intruders) + 1)


def explored(state: GameState, *positions: str) -> GameState:
    for p in positions:
        state = state.with_room(p, replace(state.room(p), explored=True, token=None))
    return state


def effect(state: GameState, card: str) -> tuple[GameState, list[str]]:
    """Resolve the effect of Event card ``card`` (already drawn)."""
    ctx = Context()
    state = EventEffect(card).run(state, ctx)
    from nemesis_rules.model.core.engine import settle

    state = settle(state, ctx)
    return state, ctx.fired


def test_vs_event_card_terror_draw_scan_and_discard() -> None:
    state = game(players=1)
    c = state.character(1)
    state = state.with_character(
        replace(
            c, hand=Multiset.of(["search"]), deck=Multiset.of(["contamination-infected", "rest", "demolition", "order"])
        )
    )
    state, fired = effect(state, "terror-1")
    draws = [Outcome("action-card", card) for card in ("contamination-infected", "rest", "demolition", "order")]
    state, fired2 = run(state, draws)
    c = state.character(1)
    assert c.insanity == 5 and c.hand.total == 0 and c.discard.total == 5
    assert "vs.event-card.terror" in fired and "vs.change.contamination" in fired2


def test_vs_event_card_hunt_moves_idle_void_seeders_to_the_characters() -> None:
    state = place(game(), Intruder(1, "lurker", "15"), Intruder(2, "lair", "14")).with_door("11-15", "closed")
    state, fired = effect(state, "hunt-1")
    assert {i.kind: i.position for i in state.intruders} == {"lurker": "11", "lair": "14"}
    assert state.door("11-15") == "closed" and "vs.movement.ignore-closed-doors" in fired


def test_vs_event_card_tendrils_raise_insanity_at_technical_entrances() -> None:
    state = game()
    tech = sorted(state.config.board.technical_positions)[0]
    state, _ = effect(move_character(state, 1, tech), "tendrils-1")
    assert [c.insanity for c in state.characters] == [2, 1]


def _computer_rooms(state: GameState) -> list[str]:
    from nemesis_rules.model.data import tables

    return [
        p
        for p in state.config.board.positions
        if state.room(p).tile and tables.room_has_computer(state.config, state.room(p).tile or "")
    ]


def test_vs_event_card_computer_system_failure_spreads_malfunctions() -> None:
    state = game()
    rooms = _computer_rooms(state)
    state = explored(state, *rooms)
    state = state.with_room(rooms[0], replace(state.room(rooms[0]), malfunction=True))
    state, _ = effect(state, "computer-system-failure-1")
    assert all(state.room(p).malfunction for p in rooms)


def test_vs_gap_event_unexplored_rooms_explored_only() -> None:
    state = game()
    rooms = _computer_rooms(state)
    state = explored(state, rooms[0])
    state = state.with_room(rooms[0], replace(state.room(rooms[0]), malfunction=True))
    state, fired = effect(state, "computer-system-failure-1")
    assert not any(state.room(p).malfunction for p in rooms[1:]) and "vs.gap.event-unexplored-rooms" in fired


def test_vs_gap_event_unexplored_rooms_all_rooms() -> None:
    state = game({"vs.gap.event-unexplored-rooms": "all-rooms"})
    rooms = _computer_rooms(state)
    state = state.with_room(rooms[0], replace(state.room(rooms[0]), malfunction=True, explored=True))
    state, _ = effect(state, "computer-system-failure-1")
    assert all(state.room(p).malfunction for p in rooms)


def test_vs_event_card_monophobia_lonely_characters_panic() -> None:
    state = move_character(game(players=3), 3, "15")
    state, _ = effect(state, "monophobia-1")
    assert state.pending[-1].chance == "panic-card" and state.pending[-1].player == 3  # type: ignore[attr-defined]


def test_vs_event_card_neurosis_near_a_lair() -> None:
    state = move_character(place(game(), Intruder(1, "lair", "15")), 2, "03")
    state, _ = effect(state, "neurosis-1")
    assert state.pending[-1].chance == "panic-card" and state.pending[-1].player == 1  # type: ignore[attr-defined]
    assert sum(1 for f in state.pending if type(f).__name__ == "ResolvePanic") == 0


def test_vs_event_card_agoraphobia_places_a_despoiler_where_characters_crowd() -> None:
    state, _ = effect(game(), "agoraphobia-1")
    assert [(i.kind, i.position) for i in state.intruders] == [("despoiler", "11")]
    assert not any(getattr(f, "chance", "") == "attack-card" for f in state.pending)


def test_vs_event_card_evacuation_pod_ejection_removes_the_lowest_pod_by_default() -> None:
    state = game()  # ruling vs.data.pod-ejection's default: the card text, the lowest number
    assert state.config.rulings["vs.data.pod-ejection"] == "lowest"
    numbers = {p.number for p in state.pods}
    state, fired = effect(state, "evacuation-pod-ejection-1")
    assert {p.number for p in state.pods} == numbers - {min(numbers)}
    assert "vs.event-card.evacuation-pod-ejection" in fired


def test_vs_data_pod_ejection_highest_removes_the_highest_pod() -> None:
    state = game({"vs.data.pod-ejection": "highest"})  # facts.md §16's reading
    assert state.config.variants["vs-pod-ejection"] == "highest"
    highest = max(p.number for p in state.pods)
    state, _ = effect(state, "evacuation-pod-ejection-1")
    assert highest not in {p.number for p in state.pods}


def test_vs_event_card_fire_wave_spreads_from_the_lowest_burning_room() -> None:
    state = game()
    for p in ("11", "17"):
        state = state.with_room(p, replace(state.room(p), fire=True))
    state, _ = effect(state, "fire-wave-1")
    burning = {p for p in state.config.board.positions if state.room(p).fire}
    assert burning == {"11", "17", *state.config.board.neighbours["11"]}


def test_vs_event_card_generator_overheat_malfunction_then_fire() -> None:
    state = game()
    generator = next(p for p in state.config.board.positions if state.room(p).tile == "generator")
    state = explored(state, generator)
    state, _ = effect(state, "generator-overheat-1")
    assert state.room(generator).malfunction and not state.room(generator).fire
    state, _ = effect(state, "generator-overheat-1")
    assert state.room(generator).fire
    assert all(state.room(n).fire for n in state.config.board.neighbours[generator])


def test_vs_event_card_whispers_noise_in_corridors_of_the_drawn_number() -> None:
    state = replace(game(), noise=frozenset())
    state, _ = effect(state, "whispers-1")
    state, _ = run(state, [Outcome("event-card", "fire-wave-1")])  # number 4: corridor 11-14
    assert state.noise == frozenset({"11-14"})


def test_vs_event_card_fear_contaminates_whoever_is_madder_than_their_hand() -> None:
    state = game()
    state = state.with_character(replace(state.character(1), insanity=3))
    state, _ = effect(state, "fear-1")
    assert state.pending[-1].chance == "contamination-card" and state.pending[-1].player == 1  # type: ignore[attr-defined]


def test_vs_event_card_fuel_explosion_sets_every_engine_on_fire() -> None:
    state, _ = effect(game(), "fuel-explosion-1")
    engines = [p for p, r in state.config.board.printed_rooms.items() if r.startswith("engine")]
    assert all(state.room(p).fire for p in engines)


def test_vs_ambiguity_ship_ai_failure_across_computer_rooms_starts_self_destruct() -> None:
    state = game()
    rooms = _computer_rooms(state)
    state = explored(state, *rooms)
    for p in rooms[:2]:
        state = state.with_room(p, replace(state.room(p), malfunction=True))
    state, fired = effect(state, "ship-ai-failure-1")
    assert state.self_destruct is not None and "vs.ambiguity.ship-ai-failure" in fired


def test_vs_event_card_ship_ai_failure_malfunction_in_the_lowest_computer_room() -> None:
    state = game()
    rooms = _computer_rooms(state)
    state, fired = effect(explored(state, *rooms), "ship-ai-failure-1")
    assert [p for p in rooms if state.room(p).malfunction] == rooms[:1] and state.self_destruct is None
    assert "vs.event-card.ship-ai-failure" in fired


def test_vs_ambiguity_ship_ai_failure_as_printed_places_a_malfunction() -> None:
    state = game({"vs.ambiguity.ship-ai-failure": "as-printed"})
    rooms = _computer_rooms(state)
    state = explored(state, *rooms)
    for p in rooms[1:3]:
        state = state.with_room(p, replace(state.room(p), malfunction=True))
    state, _ = effect(state, "ship-ai-failure-1")
    assert state.self_destruct is None and state.room(rooms[0]).malfunction
