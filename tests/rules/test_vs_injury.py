"""Known-answer scenarios for Void Seeders' Injuries, defeat and combat die faces
(void-seeders-rulebook.txt, Void Seeders Rules > Void Seeders Injuries & Death; Rules Summary >
Void Seeders Injuries & Death), named after clauses and rulings."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Outcome
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.rules import replaceable
from nemesis_rules.model.rules.intruder_injuries import injure
from nemesis_rules.testing import after_setup, run, with_frames

ROOM = "15"


def game(kind: str, injuries: int = 0, rulings: dict[str, str] | None = None) -> GameState:
    state = after_setup(2, 0, ruleset="void-seeders", rulings=rulings)
    state = state.with_room(ROOM, replace(state.room(ROOM), explored=True, token=None))
    return replace(state, intruders=(Intruder(1, kind, ROOM, injuries),), next_intruder=2)


def hurt(state: GameState, count: int = 1, *cards: str) -> tuple[GameState, list[str]]:
    ctx = Context()
    state = with_frames(injure(state, 1, count, ctx))
    state, fired = run(state, [Outcome("attack-card", c) for c in cards])
    return state, ctx.fired + fired


def pending_chance(state: GameState) -> str:
    return str(getattr(state.pending[-1], "chance", ""))


def test_vs_injury_lurker_two_cards_the_lower_blood() -> None:
    # blood 6 and 2 with 2 Injuries: the lower (2) defeats it
    state, fired = hurt(game("lurker", 1), 1, "frenzy-2", "bite-3")
    assert not state.intruders and "vs.injury.lurker" in fired


def test_vs_injury_lurker_survives_when_the_lower_blood_is_higher() -> None:
    state, _ = hurt(game("lurker"), 1, "frenzy-2", "bite-1")
    assert state.intruders[0].injuries == 1


def test_vs_injury_lurker_retreat_on_either_card() -> None:
    state, fired = hurt(game("lurker", 5), 1, "frenzy-1", "scratch-4")
    assert state.intruders and pending_chance(state) == "event-card"
    assert "vs.injury.lurker-retreat" in fired


def test_vs_summary_injury_retreat_no_retreat_reading_checks_the_number() -> None:
    state, fired = hurt(game("lurker", 1, {"vs.summary.injury-retreat": "no-retreat"}), 1, "frenzy-1", "scratch-4")
    assert not state.intruders and "vs.injury.lurker-retreat" not in fired


def test_vs_injury_whisperer_one_card() -> None:
    state, fired = hurt(game("whisperer", 2), 1, "duplicate-1")
    assert not state.intruders and "vs.injury.whisperer" in fired
    state, _ = hurt(game("whisperer", 1), 1, "duplicate-1")
    assert state.intruders[0].injuries == 2


def test_vs_gap_whisperer_retreat_retreat_reading() -> None:
    state, fired = hurt(game("whisperer"), 1, "scratch-4")
    assert pending_chance(state) == "event-card" and "vs.gap.whisperer-retreat" in fired


def test_vs_gap_whisperer_retreat_ignore_reading() -> None:
    state, _ = hurt(game("whisperer", 0, {"vs.gap.whisperer-retreat": "ignore"}), 1, "scratch-4")
    assert state.intruders and pending_chance(state) != "event-card"


def test_vs_injury_stalker_two_cards_the_higher_blood() -> None:
    state, fired = hurt(game("stalker", 3), 1, "frenzy-1", "scratch-3")
    assert not state.intruders and "vs.injury.stalker" in fired
    state, _ = hurt(game("stalker", 2), 1, "frenzy-1", "scratch-3")
    assert state.intruders


def test_vs_injury_stalker_retreat_on_either_card() -> None:
    state, fired = hurt(game("stalker", 9), 1, "dread-2", "frenzy-1")
    assert state.intruders and pending_chance(state) == "event-card" and "vs.injury.stalker-retreat" in fired


def test_vs_injury_despoiler_no_injury_marker_ever() -> None:
    state, fired = hurt(game("despoiler"), 3, "frenzy-1")
    assert state.intruders[0].injuries == 0 and "vs.injury.despoiler-no-injury" in fired


def test_vs_injury_despoiler_retreat_on_a_retreat_card() -> None:
    state, fired = hurt(game("despoiler"), 2, "bite-4")
    assert pending_chance(state) == "event-card" and "vs.injury.despoiler-retreat" in fired


def test_vs_summary_despoiler_injury_no_draw_reading() -> None:
    state, _ = hurt(game("despoiler", 0, {"vs.summary.despoiler-injury": "no-draw"}), 2)
    assert pending_chance(state) != "attack-card" and state.intruders[0].injuries == 0


def test_vs_injury_no_carcass_and_defeat_token() -> None:
    state, fired = hurt(game("whisperer", 1), 1, "frenzy-1")
    assert not state.intruders and not state.room(ROOM).objects.count("carcass")
    assert "vs.injury.no-carcass" in fired and "vs.injury.defeat-token" in fired
    assert pending_chance(state) == "void-seeder-token"
    bag = state.bag
    state, _ = run(state, [Outcome("void-seeder-token", "void-seeder-1")])
    assert state.bag.count("void-seeder-1") == bag.count("void-seeder-1") + 1


def test_vs_summary_defeat_adds_token_no_token_reading() -> None:
    state, _ = hurt(game("whisperer", 1, {"vs.summary.defeat-adds-token": "no-token"}), 1, "frenzy-1")
    assert not state.intruders and pending_chance(state) != "void-seeder-token"


@pytest.mark.parametrize(
    ("reading", "kind", "face", "injuries"),
    [
        ("by-rank", "lurker", "creeper", 1),
        ("by-rank", "whisperer", "creeper", 0),
        ("by-rank", "whisperer", "adult", 1),
        ("by-rank", "stalker", "adult", 0),
        ("by-rank", "despoiler", "single", 1),
        ("hits-only", "lurker", "creeper", 0),
        ("hits-only", "lurker", "double", 2),
        ("any-symbol", "stalker", "creeper", 1),
        ("any-symbol", "stalker", "blank", 0),
    ],
)
def test_vs_gap_combat_die_types(reading: str, kind: str, face: str, injuries: int) -> None:
    state = game(kind, rulings={"vs.gap.combat-die-types": reading})
    assert replaceable.face_injuries(state, face, kind) == injuries


@pytest.mark.parametrize(
    ("reading", "face", "injuries"),
    [
        ("adult-or-better", "adult", 1),
        ("adult-or-better", "creeper", 0),
        ("creeper-or-better", "creeper", 1),
        ("hits-only", "adult", 0),
        ("hits-only", "single", 1),
    ],
)
def test_vs_data_lair_hit_face(reading: str, face: str, injuries: int) -> None:
    state = game("lair", rulings={"vs.data.lair-hit-face": reading})
    assert replaceable.face_injuries(state, face, "lair") == injuries
