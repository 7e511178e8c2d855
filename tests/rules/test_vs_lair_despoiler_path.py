"""Known answers for every way towards the Despoiler's death (void-seeders-rulebook.txt, Void Seeders
Features > Lairs > Lair Injuries and Death, Destroying A Lair; Void Seeders Rules > Void Seeders
Injuries & Death): Lairs hit by a Shoot or Melee from the printed red icon up, hurt by actions as
Intruders, by Fire, destroyed by the Emergency Airlock; the Despoiler killed with the last Lair, which
completes The Great Hunt's kill."""

from __future__ import annotations

from dataclasses import replace

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import Context, legal_actions
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.rooms_doors import DECOMPRESSION
from nemesis_rules.model.rules.ship import doors_of
from nemesis_rules.model.rules.shoot_and_melee import CombatRoll
from nemesis_rules.model.rules.victory import holds
from nemesis_rules.model.rules.void_seeders.lairs import DESTROYED_LAIR, destroyed_lairs
from nemesis_rules.model.rules.void_seeders.lurking import FireDamageStep
from nemesis_rules.testing import after_setup, move_character, run, with_frames, with_hand

LAIR_ROOM = "15"  # seed 0: a Lair token in the Engine Control Room (yellow), next to the Hibernatorium
AIRLOCK = "14"


def game(rulings: dict[str, str] | None = None) -> GameState:
    state = after_setup(2, 0, ruleset="void-seeders", rulings=rulings)
    return with_hand(with_hand(state, 1, "search", "demolition", "rest"), 2, "search")


def explored(state: GameState, *positions: str) -> GameState:
    for position in positions:
        state = state.with_room(position, replace(state.room(position), explored=True, token=None))
    return state


def with_lairs(state: GameState, *lairs: tuple[str, int]) -> GameState:
    """Lairs (room, injuries) with ids 1.., and a Despoiler in the Monitoring Room after them."""
    intruders = [Intruder(n, "lair", room, injuries) for n, (room, injuries) in enumerate(lairs, start=1)]
    intruders.append(Intruder(len(lairs) + 1, "despoiler", "06"))
    return replace(state, intruders=tuple(intruders), next_intruder=len(intruders) + 1)


def _shot(state: GameState, face: str) -> tuple[GameState, list[str]]:
    """Player 2 (in the Lair's room) shoots the Lair (id 1) with the Rifle and rolls ``face``."""
    return run(state.push(CombatRoll(2, "1", "rifle", False)), [Outcome("combat-die", face)])


def _lair_room() -> GameState:
    state = with_lairs(explored(game(), LAIR_ROOM), (LAIR_ROOM, 0))
    return move_character(state, 2, LAIR_ROOM)


def test_vs_lair_hit_threshold_a_creeper_face_misses_a_lair() -> None:
    state, fired = _shot(_lair_room(), "creeper")
    assert state.intruders[0].injuries == 0 and "vs.lair.hit-threshold" in fired
    assert "vs.data.lair-hit-face" in fired


def test_vs_lair_hit_threshold_the_red_icon_hits_and_the_injury_check_follows() -> None:
    state, fired = _shot(_lair_room(), "adult")
    assert state.intruders[0].injuries == 1 and "vs.lair.hit-threshold" in fired
    assert state.pending[-1].chance == "attack-card"  # type: ignore[attr-defined]


def test_vs_lair_hit_threshold_a_hit_symbol_always_hits() -> None:
    state, _ = _shot(_lair_room(), "double")
    assert state.intruders[0].injuries == 2


def test_vs_lair_counts_as_intruder_shoot_melee_and_grenade_may_target_it() -> None:
    state = move_character(_lair_room(), 1, LAIR_ROOM)
    state = state.with_character(replace(state.character(1), hands=("sawed-off", "grenade")))
    kinds = {a.kind for a in legal_actions(state) if isinstance(a, Decision) and a.get("target") == "1"}
    assert {"shoot", "melee"} <= kinds
    targets = {a.get("target") for a in legal_actions(state) if isinstance(a, Decision) and a.get("item") == "grenade"}
    assert "1" in targets
    _, fired = _shot(state, "single")
    assert "vs.lair.counts-as-intruder" in fired


def test_vs_lair_despoiler_killed_by_fire_damage_on_the_last_lair() -> None:
    state = with_lairs(explored(game(), LAIR_ROOM), (LAIR_ROOM, 5))
    state = state.with_room(LAIR_ROOM, replace(state.room(LAIR_ROOM), fire=True))
    state = replace(state, flags=state.flags | {f"{DESTROYED_LAIR}-1", f"{DESTROYED_LAIR}-2"})
    state = with_frames(state, FireDamageStep())
    assert state.intruders[0].injuries == 6
    state, fired = run(state, [Outcome("attack-card", "frenzy-1"), Outcome("attack-card", "scratch-2")])
    # blood 2 and 6: the higher, 6, is not more than 6 Injuries
    assert not state.intruders and destroyed_lairs(state) == 3
    assert {"despoiler-killed", "queen-killed"} <= state.flags
    assert "vs.lair.despoiler-killed" in fired


def test_vs_lair_airlock_decompression_destroys_a_lair() -> None:
    state = explored(game(), LAIR_ROOM, AIRLOCK)
    state = move_character(with_lairs(state, (LAIR_ROOM, 0)), 1, AIRLOCK)
    state = with_hand(state, 1, "search", "demolition", "rest")
    use = [
        a
        for a in legal_actions(state)
        if isinstance(a, Decision) and a.kind == "room-action" and a.get("target") == LAIR_ROOM
    ]
    assert use, "Airlock Control may seal the Lair's (yellow) room"
    state, _ = run(state, [use[0]])
    assert f"{DECOMPRESSION}{LAIR_ROOM}" in state.flags
    assert all(state.door(c) == "closed" for c in doors_of(state, LAIR_ROOM))
    passes = [Decision.make(p, k) for p in (1, 2) for k in ("pass", "keep-hand")]
    state, fired = run(state, passes if state.pending[-1].player == 1 else passes[2:])  # type: ignore[attr-defined]
    assert "vs.lair.airlock" in fired and "base.room.airlock-control" in fired
    assert [i.kind for i in state.intruders] == ["despoiler"]
    assert destroyed_lairs(state) == 1 and state.room(LAIR_ROOM).objects.count("carcass") == 1


def test_vs_lair_airlock_an_opened_door_saves_the_lair() -> None:
    state = with_lairs(explored(game(), LAIR_ROOM), (LAIR_ROOM, 0))
    corridor = doors_of(state, LAIR_ROOM)[0]
    state = replace(state, flags=state.flags | {f"{DECOMPRESSION}{LAIR_ROOM}"})
    for c in doors_of(state, LAIR_ROOM):
        state = state.with_door(c, "open" if c == corridor else "closed")
    passes = [Decision.make(p, k) for p in (1, 2) for k in ("pass", "keep-hand")]
    state, fired = run(state, passes)
    assert "vs.lair.airlock" not in fired and [i.kind for i in state.intruders] == ["lair", "despoiler"]


def test_vs_lair_great_hunt_the_despoilers_death_fulfils_the_kill() -> None:
    objectives = {o.id: o for o in tables.base(game().config).objectives}
    hunt = next(o for o in objectives.values() if o.effect == "the-great-hunt")
    state = with_lairs(explored(game(), LAIR_ROOM), (LAIR_ROOM, 9))
    state = state.with_character(replace(state.character(1), signal=True))
    assert not holds(state, hunt.condition, 1, (1,), Context())
    state = replace(state, flags=state.flags | {f"{DESTROYED_LAIR}-1", f"{DESTROYED_LAIR}-2"})
    state = state.push(CombatRoll(2, "1", "rifle", False))
    state = move_character(state, 2, LAIR_ROOM)
    state, fired = run(
        state, [Outcome("combat-die", "single"), Outcome("attack-card", "frenzy-1"), Outcome("attack-card", "bite-3")]
    )
    assert "vs.lair.great-hunt" in fired and holds(state, hunt.condition, 1, (1,), Context())
