"""Known-answer scenarios for the 14 effects of the Panic cards, and the readings of a Panic move out of
Void Seeders and of an effect that can be carried out only in part (void-seeders-rulebook.txt, Void
Seeders Features > Panic Cards; facts.md §16), named after their clause and ruling ids. Drawing and
resolving a Panic card is in test_vs_panic.py."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import legal_actions
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.void_seeders.panic import ResolvePanic
from nemesis_rules.testing import after_setup, move_character, run, with_frames, with_hand


def game(rulings: dict[str, str] | None = None, players: int = 2) -> GameState:
    state = after_setup(players, 0, ruleset="void-seeders", rulings=rulings)
    for p in range(1, players + 1):
        state = with_hand(state, p, "search", "demolition")
    return state


def at(state: GameState, player: int, level: int) -> GameState:
    return state.with_character(replace(state.character(player), insanity=level))


def panic(state: GameState, card: str, player: int = 1) -> tuple[GameState, list[str]]:
    """``player`` resolves a Panic card and ``card`` is drawn."""
    state = with_frames(state, ResolvePanic(player))
    assert state.pending[-1].chance == "panic-card"  # type: ignore[attr-defined]
    return run(state, [Outcome("panic-card", card)])


def test_vs_panic_card_destructive_outburst_puts_a_malfunction_in_the_room() -> None:
    start = at(game(), 1, 2)
    state, fired = panic(start, "destructive-outburst-1")
    assert state.room("11").malfunction and "vs.panic-card.destructive-outburst" in fired
    broken = start.with_room("11", replace(start.room("11"), malfunction=True))
    again, fired = panic(broken, "destructive-outburst-1")
    assert again.character(1).insanity == 3 and "vs.panic.unresolvable" in fired


def test_vs_panic_card_defeatism_raises_everyone_in_the_room() -> None:
    state = at(at(game(), 1, 3), 2, 5)
    state, fired = panic(state, "defeatism-1")
    assert state.character(1).insanity == 4
    assert state.character(2).status == "dead" and "vs.insanity.death-above-5" in fired


def test_vs_panic_card_blind_escape_runs_through_the_event_card_corridor() -> None:
    state, _ = panic(at(game(), 1, 2), "blind-escape-1")
    assert state.pending[-1].chance == "event-card"  # type: ignore[attr-defined]
    # fire-wave-1 shows 4: corridor 11-14 from room 11
    state, _ = run(state, [Outcome("event-card", "fire-wave-1")])
    assert state.character(1).position == "14" and state.room("14").explored
    assert state.deck("event").discard.count("fire-wave-1") == 1


def test_vs_panic_card_blind_escape_through_a_closed_door_fails() -> None:
    state = at(game(), 1, 2).with_door("11-14", "closed")
    state, _ = panic(state, "blind-escape-1")
    state, fired = run(state, [Outcome("event-card", "fire-wave-1")])
    assert state.character(1).position == "11" and state.character(1).insanity == 3
    assert "vs.panic.unresolvable" in fired


def test_vs_gap_panic_move_escape_escape_attacks_when_leaving_void_seeders() -> None:
    state = replace(at(game(), 1, 2), intruders=(Intruder(1, "lurker", "11"),), next_intruder=2)
    state = with_hand(state, 2, "interruption")  # player 2 is also in 11; keep them out of the window
    state = move_character(state, 2, "15")
    state, _ = panic(state, "blind-escape-1")
    state, fired = run(state, [Outcome("event-card", "fire-wave-1")])
    assert "base.move.escape-attacks" in fired
    assert state.pending[-1].chance == "attack-card"  # type: ignore[attr-defined]


def test_vs_gap_panic_move_escape_no_attacks_reading() -> None:
    state = game({"vs.gap.panic-move-escape": "no-attacks"})
    state = replace(at(state, 1, 2), intruders=(Intruder(1, "lurker", "11"),), next_intruder=2)
    state = move_character(state, 2, "15")
    state, _ = panic(state, "blind-escape-1")
    state, fired = run(state, [Outcome("event-card", "fire-wave-1")])
    assert "base.move.escape-attacks" not in fired and state.character(1).position == "14"


def test_vs_panic_card_destruction_discards_a_heavy_item() -> None:
    state = at(game(), 1, 4)
    weapon = state.character(1).hands[0]
    state, fired = panic(state, "destruction-1")
    assert weapon not in state.character(1).hands and "vs.panic-card.destruction" in fired


def test_vs_panic_card_destruction_without_a_heavy_item_is_unresolvable() -> None:
    state = at(game(), 1, 4)
    state = state.with_character(replace(state.character(1), hands=("carcass",)))
    state, fired = panic(state, "destruction-1")
    assert state.character(1).hands == ("carcass",) and state.character(1).insanity == 5
    assert "vs.panic.unresolvable" in fired


def test_vs_panic_card_insane_courage_walks_into_a_void_seeder_room() -> None:
    state = replace(at(game(), 1, 2), intruders=(Intruder(1, "whisperer", "08"),), next_intruder=2)
    state, fired = panic(state, "insane-courage-1")
    assert state.character(1).position == "08" and "vs.encounter.enter-occupied" in fired


def test_vs_panic_card_insane_courage_with_two_rooms_lets_the_player_choose() -> None:
    lair, seeder = Intruder(1, "lair", "06"), Intruder(2, "lurker", "08")
    state = replace(at(game(), 1, 2), intruders=(lair, seeder), next_intruder=3)
    state, _ = panic(state, "insane-courage-1")
    assert legal_actions(state) == (
        Decision.make(1, "panic-move", to="06"),
        Decision.make(1, "panic-move", to="08"),
    )
    state, _ = run(state, [Decision.make(1, "panic-move", to="06")])
    assert state.character(1).position == "06" and state.in_combat(1)


def test_vs_panic_card_insane_courage_with_no_such_room_is_unresolvable() -> None:
    state, fired = panic(at(game(), 1, 2), "insane-courage-1")
    assert state.character(1).insanity == 3 and "vs.panic.unresolvable" in fired


def test_vs_panic_card_sabotage_empties_the_item_counter() -> None:
    state = move_character(at(game(), 1, 2), 1, "15")
    state = state.with_room("15", replace(state.room("15"), explored=True, items=2))
    state, fired = panic(state, "sabotage-1")
    assert state.room("15").items == 0 and "vs.panic-card.sabotage" in fired
    _, fired = panic(at(state, 1, 2), "sabotage-2")
    assert "vs.panic.unresolvable" in fired


def test_vs_panic_card_self_mutilation_two_light_wounds() -> None:
    state, _ = panic(at(game(), 1, 3), "self-mutilation-1")
    assert state.character(1).light_wounds == 2


def test_vs_panic_card_heart_attack_kills() -> None:
    state, fired = panic(at(game(), 1, 5), "heart-attack-1")
    assert state.character(1).status == "dead" and "vs.panic-card.heart-attack" in fired


def test_vs_panic_card_bloodlust_wounds_the_others_in_the_room() -> None:
    state, _ = panic(at(game(), 1, 3), "bloodlust-1")
    assert state.pending[-1].chance == "serious-wound" and state.pending[-1].player == 2  # type: ignore[attr-defined]


def test_vs_panic_card_bloodlust_alone_wounds_yourself() -> None:
    state = move_character(at(game(), 1, 3), 2, "15")
    state, _ = panic(state, "bloodlust-2")
    assert state.pending[-1].player == 1  # type: ignore[attr-defined]


def test_vs_panic_card_demotivation_everyone_discards_and_you_gain_insanity() -> None:
    state, _ = panic(at(game(), 1, 2), "demotivation-1")
    state, _ = run(state, [Decision.make(1, "discard", card="search")])
    state, _ = run(state, [Decision.make(2, "discard", card="demolition")])
    assert state.character(1).hand == Multiset.of(["demolition"]) and state.character(2).hand == Multiset.of(["search"])
    assert state.character(1).insanity == 3


def test_vs_gap_panic_partial_effect_some_part_ripping_without_dressed_wounds() -> None:
    state, fired = panic(at(game(), 1, 2), "ripping-of-the-bandages-1")
    assert state.character(1).light_wounds == 1 and state.character(1).insanity == 2
    assert "vs.panic-card.ripping-of-the-bandages" in fired


def test_vs_gap_panic_partial_effect_every_part_makes_it_unresolvable() -> None:
    state = at(game({"vs.gap.panic-partial-effect": "every-part"}), 1, 2)
    state, fired = panic(state, "ripping-of-the-bandages-1")
    assert state.character(1).light_wounds == 0 and state.character(1).insanity == 3
    assert "vs.panic.unresolvable" in fired


def test_vs_panic_card_ripping_of_the_bandages_undresses_a_wound() -> None:
    state = at(game(), 1, 2)
    state = state.with_character(replace(state.character(1), serious_wounds=("arm",), dressed=("arm",)))
    state, _ = panic(state, "ripping-of-the-bandages-2")
    assert state.character(1).dressed == () and state.character(1).light_wounds == 1


def test_vs_panic_card_hopelessness_removes_one_drawn_card_from_the_game() -> None:
    state = at(game(), 1, 3)
    c = state.character(1)
    state = state.with_character(replace(c, deck=Multiset.of(["rest", "search", "contamination"])))
    state, _ = panic(state, "hopelessness-1")
    state, _ = run(state, [Outcome("action-card", "rest"), Outcome("action-card", "search")])
    state, _ = run(state, [Outcome("action-card", "contamination")])
    assert legal_actions(state) == (
        Decision.make(1, "remove-card", card="rest"),
        Decision.make(1, "remove-card", card="search"),
    )
    assert state.character(1).hand.total == 2 + 3  # the three cards are drawn into the hand
    state, _ = run(state, [Decision.make(1, "remove-card", card="rest")])
    c = state.character(1)
    assert "action-card:1:rest" in state.removed and c.discard.count("search") == 1 and "contamination" in c.discard
    assert c.hand == Multiset.of(["search", "demolition"])


def test_vs_panic_card_hallucinations_unloads_a_weapon() -> None:
    state = at(game(), 1, 3)
    weapon = state.character(1).hands[0]
    state, fired = panic(state, "hallucinations-1")
    assert state.character(1).ammo_of(weapon) == 0 and "vs.panic-card.hallucinations" in fired


def test_vs_panic_card_pyromaniac_sets_the_room_on_fire() -> None:
    state, fired = panic(at(game(), 1, 3), "pyromaniac-1")
    assert state.room("11").fire and "vs.panic-card.pyromaniac" in fired
