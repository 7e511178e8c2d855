"""Readings wired through the ruleset's hook table: the Encounter's Noise around a room with a
technical corridor entrance (vs.summary.encounter-tech-noise), leaving a room whose only Intruder
is a Lair (vs.gap.lair-escape) and a Void Seeder vanishing into the technical corridors
(vs.gap.tech-corridor-token)."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.board.layout import TECH
from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import Context, legal_actions
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules.encounter import Encounter
from nemesis_rules.model.rules.intruders import move_intruder
from nemesis_rules.testing import after_setup, move_character, run, with_frames, with_hand

TECH_ROOM = "14"  # Airlock Control: a technical corridor entrance, next to the Hibernatorium (11)
LAIR_ROOM = "15"  # seed 0: a Lair token


def game(rulings: dict[str, str] | None = None) -> GameState:
    state = after_setup(2, 0, ruleset="void-seeders", rulings=rulings)
    state = state.with_room(TECH_ROOM, replace(state.room(TECH_ROOM), explored=True, token=None))
    return with_hand(with_hand(state, 1, "search", "demolition", "rest"), 2, "search", "demolition")


def _encounter(reading: str) -> tuple[GameState, list[str]]:
    state = move_character(game({"vs.summary.encounter-tech-noise": reading}), 1, TECH_ROOM)
    state = replace(state, noise=frozenset({TECH, "11-14", "06-11"}))
    ctx = Context()
    state = Encounter(1, TECH_ROOM).run(state, ctx)
    return state, ctx.fired


def test_vs_summary_encounter_tech_noise_include_tech_discards_the_technical_noise() -> None:
    state, fired = _encounter("include-tech")
    assert state.noise == {"06-11"} and "vs.summary.encounter-tech-noise" in fired


def test_vs_summary_encounter_tech_noise_corridors_only_keeps_the_technical_noise() -> None:
    state, fired = _encounter("corridors-only")
    assert state.noise == {TECH, "06-11"} and "vs.summary.encounter-tech-noise" in fired


def test_vs_summary_encounter_tech_noise_not_asked_without_technical_noise() -> None:
    state = move_character(game(), 1, TECH_ROOM)
    state = replace(state, noise=frozenset({"11-14"}))
    ctx = Context()
    assert Encounter(1, TECH_ROOM).run(state, ctx).noise == frozenset()
    assert "vs.summary.encounter-tech-noise" not in ctx.fired


def _in_lair_room(reading: str, *, seeder: bool = False) -> GameState:
    state = game({"vs.gap.lair-escape": reading})
    state = state.with_room(LAIR_ROOM, replace(state.room(LAIR_ROOM), explored=True, token=None))
    intruders = [Intruder(1, "lair", LAIR_ROOM)] + ([Intruder(2, "lurker", LAIR_ROOM)] if seeder else [])
    state = replace(state, intruders=tuple(intruders), next_intruder=3)
    state = move_character(state, 1, LAIR_ROOM)
    return state.with_character(replace(state.character(1), serious_wounds=("leg",)))


def _move_costs(state: GameState) -> set[int]:
    return {
        len(a.cards())
        for a in legal_actions(state)
        if isinstance(a, Decision) and a.kind == "move" and a.get("to") == "11"
    }


def test_vs_gap_lair_escape_plain_move_costs_one_card_with_a_leg_wound() -> None:
    state = _in_lair_room("plain-move")
    assert _move_costs(state) == {1}
    after, fired = run(state, [Decision.make(1, "move", to="11", pay=("search",))])
    assert after.character(1).position == "11" and "vs.gap.lair-escape" in fired
    assert "base.serious-wound.leg" not in fired


def test_vs_gap_lair_escape_escape_no_attack_costs_two_cards_with_a_leg_wound() -> None:
    state = _in_lair_room("escape-no-attack")
    assert _move_costs(state) == {2}
    after, fired = run(state, [Decision.make(1, "move", to="11", pay=("demolition", "search"))])
    assert after.character(1).position == "11" and "vs.gap.lair-escape" in fired
    assert "base.serious-wound.leg" in fired
    assert not any(getattr(f, "chance", "") == "attack-card" for f in after.pending)


def test_vs_gap_lair_escape_a_void_seeder_beside_the_lair_makes_it_an_escape_either_way() -> None:
    assert _move_costs(_in_lair_room("plain-move", seeder=True)) == {2}
    assert _move_costs(_in_lair_room("escape-no-attack", seeder=True)) == {2}


def _vanish(reading: str, kind: str = "stalker") -> tuple[GameState, GameState, list[str]]:
    state = game({"vs.gap.tech-corridor-token": reading})
    state = replace(state, intruders=(Intruder(1, kind, TECH_ROOM),), next_intruder=2)
    ctx = Context()
    after = with_frames(move_intruder(state, 1, TECH, ctx))
    return state, after, ctx.fired


def test_vs_gap_tech_corridor_token_add_token_draws_a_random_token_for_the_bag() -> None:
    before, after, fired = _vanish("add-token")
    assert not after.intruders and "vs.gap.tech-corridor-token" in fired
    assert after.pending[-1].chance == "void-seeder-token"  # type: ignore[attr-defined]
    token = "void-seeder-1"
    drawn, _ = run(after, [Outcome("void-seeder-token", token)])
    assert drawn.bag.count(token) == before.bag.count(token) + 1
    assert drawn.token_pool.count(token) == before.token_pool.count(token) - 1


def test_vs_gap_tech_corridor_token_no_token_leaves_the_bag_alone() -> None:
    before, after, fired = _vanish("no-token")
    assert not after.intruders and "vs.gap.tech-corridor-token" in fired
    assert after.bag == before.bag and after.pending == before.pending


def _scientist(reading: str) -> GameState:
    state = game({"vs.gap.lab-equipment-corpse": reading})
    character = state.character(1)
    return state.with_character(
        replace(character, name="scientist", insanity=3, quests=(("laboratory-equipment", "active"),))
    )


def _analysable(state: GameState) -> set[str]:
    return {
        str(a.get("object"))
        for a in legal_actions(state)
        if isinstance(a, Decision) and a.kind == "use-quest" and a.get("item") == "laboratory-equipment"
    }


def test_vs_gap_lab_equipment_corpse_insanity_slot_analyses_the_insanity() -> None:
    state = _scientist("insanity-slot")
    assert _analysable(state) == {"character-insanity"}  # the Corpse in the Hibernatorium is not analysed
    use = Decision.make(1, "use-quest", item="laboratory-equipment", object="character-insanity", pay=("search",))
    after, fired = run(state, [use])
    assert state.weaknesses[0] in after.discovered and "vs.gap.lab-equipment-corpse" in fired


def test_vs_gap_lab_equipment_corpse_objects_only_needs_an_egg_or_a_carcass() -> None:
    state = _scientist("objects-only")
    assert _analysable(state) == set()
    room = state.room("11")
    state = state.with_room("11", replace(room, objects=room.objects.add("carcass")))
    assert _analysable(state) == {"intruder-carcass"}
    use = Decision.make(1, "use-quest", item="laboratory-equipment", object="intruder-carcass", pay=("search",))
    after, fired = run(state, [use])
    assert state.weaknesses[2] in after.discovered and "vs.gap.lab-equipment-corpse" in fired
