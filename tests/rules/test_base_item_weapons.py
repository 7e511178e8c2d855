"""Every weapon: its data (kind, capacity, what reloads it) and its ability when it shoots
(facts.md §6, §7). Player 1 stands in the Hibernatorium (11) with an Adult (id 1)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.item_effects import reload_targets
from nemesis_rules.model.rules.shoot_and_melee import resolve_attack
from nemesis_rules.testing import after_setup, run, top_frame


@pytest.fixture
def game() -> GameState:
    state = after_setup(players=2, seed=3)
    for player in (1, 2):
        c = state.character(player)
        state = state.with_character(replace(c, hand=Multiset.of(("search", "rest", "demolition"))))
    return replace(state, intruders=(Intruder(1, "adult", "11"),), next_intruder=2)


def armed(state: GameState, weapon: str, ammo: int = 1) -> GameState:
    c = state.character(1)
    return state.with_character(replace(c, hands=(weapon,), ammo=((weapon, ammo),)))


def hit(state: GameState, weapon: str, face: str) -> tuple[int, GameState, list[str]]:
    """Injuries the Adult has after ``weapon`` rolled ``face`` (its endurance check is pending)."""
    ctx = Context()
    after = resolve_attack(armed(state, weapon), 1, "1", weapon, face, ctx)
    return next((i.injuries for i in after.intruders if i.id == 1), 0), after, ctx.fired


def data(state: GameState, weapon: str) -> tuple[str, int, tuple[str, ...]]:
    w = tables.weapon(state.config, weapon)
    assert w is not None
    return w.kind, w.capacity, w.reloads


def test_base_item_revolver_double_hit_adds_one_and_only_reload_reloads_it(game: GameState) -> None:
    assert data(game, "revolver") == ("classic", 6, ("reload",))
    assert hit(game, "revolver", "double")[0] == 3 and hit(game, "revolver", "single")[0] == 1
    assert reload_targets(armed(game, "revolver"), 1, "energy-charge") == []
    assert reload_targets(armed(game, "revolver"), 1, "reload") == ["revolver"]


def test_base_item_assault_rifle_adds_one_whenever_it_hurts(game: GameState) -> None:
    assert data(game, "assault-rifle") == ("energy", 5, ("energy-charge", "armory"))
    injuries, _, fired = hit(game, "assault-rifle", "single")
    assert injuries == 2 and "base.item.assault-rifle" in fired
    assert hit(game, "assault-rifle", "blank")[0] == 0


def test_base_item_shotgun_adds_one_whenever_it_hurts(game: GameState) -> None:
    assert data(game, "shotgun") == ("energy", 2, ("energy-charge", "armory"))
    assert hit(game, "shotgun", "double")[0] == 3 and hit(game, "shotgun", "creeper")[0] == 0


def test_base_item_pistol_double_hit_counts_as_single(game: GameState) -> None:
    assert data(game, "pistol") == ("energy", 3, ("energy-charge", "armory"))
    assert hit(game, "pistol", "double")[0] == 1 and hit(game, "pistol", "single")[0] == 1


def test_base_item_rifle_has_no_ability(game: GameState) -> None:
    assert data(game, "rifle") == ("energy", 4, ("energy-charge", "armory"))
    assert hit(game, "rifle", "double")[0] == 2 and hit(game, "rifle", "adult")[0] == 1


def test_base_item_sawed_off_single_hit_counts_as_double(game: GameState) -> None:
    assert data(game, "sawed-off") == ("energy", 2, ("energy-charge", "armory"))
    assert hit(game, "sawed-off", "single")[0] == 2


def test_base_item_prototype_shotgun_deals_at_least_one_unless_missed(game: GameState) -> None:
    assert data(game, "prototype-shotgun") == ("energy", 2, ("energy-charge", "armory"))
    assert hit(game, "prototype-shotgun", "creeper")[0] == 1  # a symbol that would miss an Adult
    assert hit(game, "prototype-shotgun", "single")[0] == 2
    assert hit(game, "prototype-shotgun", "blank")[0] == 0


def test_base_item_prototype_pistol_rerolls_once(game: GameState) -> None:
    assert data(game, "prototype-pistol") == ("energy", 3, ("energy-charge", "armory"))
    shoot = Decision.make(1, "shoot", weapon="prototype-pistol", target="1", pay=("search",))
    state, _ = run(armed(game, "prototype-pistol", 2), [shoot, Outcome("combat-die", "blank")])
    assert type(top_frame(state)).__name__ == "RerollChoice"
    state, fired = run(state, [Decision.make(1, "reroll"), Outcome("combat-die", "single")])
    assert state.intruders[0].injuries == 1 and "base.item.prototype-pistol" in fired


def test_base_item_prototype_rifle_spends_an_ammo_for_an_injury_on_a_double(game: GameState) -> None:
    assert data(game, "prototype-rifle") == ("energy", 6, ("energy-charge", "armory"))
    shoot = Decision.make(1, "shoot", weapon="prototype-rifle", target="1", pay=("search",))
    state, _ = run(armed(game, "prototype-rifle", 3), [shoot, Outcome("combat-die", "double")])
    state, fired = run(state, [Decision.make(1, "spend-ammo")])
    assert state.intruders[0].injuries == 3 and state.character(1).ammo_of("prototype-rifle") == 1
    assert "base.item.prototype-rifle" in fired


def test_base_item_flamethrower_sets_fire_and_only_chemicals_reload_it(game: GameState) -> None:
    assert data(game, "flamethrower") == ("classic", 4, ("chemicals",))
    assert hit(game, "flamethrower", "creeper")[0] == 1
    injuries, after, fired = hit(game, "flamethrower", "double")
    assert injuries == 2 and after.room("11").fire and "base.item.flamethrower" in fired
    assert reload_targets(armed(game, "flamethrower"), 1, "energy-charge") == []
    assert reload_targets(armed(game, "flamethrower"), 1, "chemicals") == ["flamethrower"]
