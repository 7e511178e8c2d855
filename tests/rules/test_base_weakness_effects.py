"""Each of the 8 Intruder Weakness cards, discovered, changes the rule it names; undiscovered,
it does not (facts.md §14). Player 1 is the Scout (Rifle, Energy) in the Hibernatorium (11). Setup lays
out the three Weakness slots. Susceptibility to Phosphates after the Fire Control System is in
test_base_weakness_phosphates.py (it plays from another `game`)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from nemesis_rules.model.core.actions import Decision, Outcome
from nemesis_rules.model.core.engine import Context, acting_player, step
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.game import start
from nemesis_rules.model.rules import queries
from nemesis_rules.model.rules.attack_cards import bite
from nemesis_rules.model.rules.intruder_injuries import EnduranceCheck
from nemesis_rules.model.rules.item_effects import fire_injuries
from nemesis_rules.model.rules.queries import destroys_closed_doors
from nemesis_rules.model.rules.shoot_and_melee import resolve_attack
from nemesis_rules.players.play import choose
from nemesis_rules.testing import after_setup, run, top_frame, with_frames


@pytest.fixture
def game() -> GameState:
    state = after_setup(players=2, seed=3)
    for player in (1, 2):
        c = state.character(player)
        state = state.with_character(replace(c, hand=Multiset.of(("search", "rest", "demolition"))))
    return replace(state, intruders=(Intruder(1, "adult", "11"),), next_intruder=2, discovered=frozenset())


def discovered(state: GameState, *weaknesses: str) -> GameState:
    return replace(state, discovered=frozenset(weaknesses))


def injuries_after(state: GameState, weapon: str, face: str) -> tuple[int, list[str]]:
    ctx = Context()
    after = resolve_attack(state, 1, "1", weapon, face, ctx)
    hurt = next((i.injuries for i in after.intruders if i.id == 1), -1)
    return hurt, ctx.fired


def setup_fired(ruleset: str, seed: int = 0) -> tuple[GameState, list[str]]:
    """Play setup from ``seed`` and collect every clause it fired."""
    rng = random.Random(seed)
    state = start(ruleset, 2)
    fired: list[str] = []
    while not (state.phase == "player" and acting_player(state) is not None):
        transition = step(state, choose(state, rng))
        fired.extend(transition.fired)
        state = transition.state
    return state, fired


def test_base_weakness_vital_places_blank_hits_an_adult(game: GameState) -> None:
    assert injuries_after(game, "rifle", "blank")[0] == 0
    hurt, fired = injuries_after(discovered(game, "vital-places"), "rifle", "blank")
    assert hurt == 1 and "base.weakness.vital-places" in fired


def test_base_weakness_vulnerability_to_energy_adds_one_to_energy_weapons(game: GameState) -> None:
    assert injuries_after(game, "rifle", "single")[0] == 1
    hurt, fired = injuries_after(discovered(game, "vulnerability-to-energy"), "rifle", "single")
    assert hurt == 2 and "base.weakness.vulnerability-to-energy" in fired
    classic = discovered(game, "vulnerability-to-energy")
    c = classic.character(1)
    classic = classic.with_character(replace(c, hands=("revolver",), ammo=(("revolver", 3),)))
    assert injuries_after(classic, "revolver", "single")[0] == 1  # a Classic weapon: no bonus


def test_base_weakness_vulnerability_to_fire_adds_one_per_instance_of_fire(game: GameState) -> None:
    ctx = Context()
    assert fire_injuries(game, ctx) == 1 and ctx.fired == []
    assert fire_injuries(discovered(game, "vulnerability-to-fire"), ctx) == 2
    assert ctx.fired == ["base.weakness.vulnerability-to-fire"]
    c = game.character(1)
    state = discovered(game.with_character(replace(c, inventory=Multiset.of(("molotov",)))), "vulnerability-to-fire")
    state, fired = run(state, [Decision.make(1, "use-item", item="molotov", pay=("search",), at="11")])
    assert state.intruders[0].injuries == 2 and "base.weakness.vulnerability-to-fire" in fired


def test_base_weakness_reaction_to_danger_lowers_surprise_thresholds(game: GameState) -> None:
    assert queries.surprise_threshold(game, "adult-3", Context()) == 3
    alert = discovered(game, "reaction-to-danger")
    ctx = Context()
    assert queries.surprise_threshold(alert, "adult-3", ctx) == 2
    assert queries.surprise_threshold(alert, "larva-1", ctx) == 1  # never below 1
    assert "base.weakness.reaction-to-danger" in ctx.fired


def test_base_weakness_the_way_of_moving_only_queen_and_breeders_break_doors(game: GameState) -> None:
    adult, breeder, queen = Intruder(1, "adult", "11"), Intruder(2, "breeder", "11"), Intruder(3, "queen", "11")
    assert destroys_closed_doors(game, adult)
    slow = discovered(game, "the-way-of-moving")
    assert not destroys_closed_doors(slow, adult)
    assert destroys_closed_doors(slow, breeder) and destroys_closed_doors(slow, queen)


def test_base_weakness_susceptibility_to_phosphates_extinguisher_injures_and_repels(game: GameState) -> None:
    c = game.character(1)
    state = game.with_character(replace(c, hands=("rifle", "fire-extinguisher")))
    state = discovered(state, "susceptibility-to-phosphates")
    use = Decision.make(1, "use-item", item="fire-extinguisher", pay=("search",), target="1")
    state, fired = run(state, [use])
    assert type(top_frame(state)).__name__ == "RetreatDirection" and state.intruders[0].injuries == 0
    state, _ = run(state, [Outcome("event-card", "hunt-1")])  # number 2 in the Hibernatorium: 06
    assert state.intruders[0].position == "06" and state.intruders[0].injuries == 1
    assert "base.weakness.susceptibility-to-phosphates" in fired


def test_base_weakness_the_way_of_fighting_adult_bite_is_a_light_wound(game: GameState) -> None:
    ctx = Context()
    adult = game.intruders[0]
    state = with_frames(
        bite(discovered(game, "the-way-of-fighting"), adult, 1, ctx),
    )
    assert state.character(1).light_wounds == 1 and state.character(1).serious_wounds == ()
    assert "base.weakness.the-way-of-fighting" in ctx.fired
    breeder = replace(adult, kind="breeder")
    after = bite(discovered(game, "the-way-of-fighting"), breeder, 1, Context())
    assert type(top_frame(with_frames(after))).__name__ == "SeriousWoundDraw"


def test_base_weakness_species_on_the_brink_of_extinction_lowers_endurance(game: GameState) -> None:
    hurt = replace(game, intruders=(Intruder(1, "adult", "11", injuries=2),))
    survives, _ = run(with_frames(hurt, EnduranceCheck(1, 1, "sum")), [Outcome("attack-card", "scratch-2")])
    assert [i.id for i in survives.intruders] == [1]  # blood 3 against 2 injuries
    weak = discovered(hurt, "species-on-the-brink-of-extinction")
    dies, _ = run(with_frames(weak, EnduranceCheck(1, 1, "sum")), [Outcome("attack-card", "scratch-2")])
    assert dies.intruders == () and dies.room("11").objects.count("carcass") == 1


def test_base_weakness_slots_and_base_supply_token_supply_at_base_setup() -> None:
    state, fired = setup_fired("base")
    tokens = state.bag.union(state.token_pool)
    kinds = {k: sum(n for t, n in tokens.items() if t.rsplit("-", 1)[0] == k) for k in ("larva", "adult", "queen")}
    assert tokens.total == 27 and kinds == {"larva": 8, "adult": 12, "queen": 1}
    assert len(state.weaknesses) == 3
    for clause in ("base.weakness.slots", "base.supply.token-supply", "base.setup.intruder-board"):
        assert clause in fired
    assert "base.setup.room-tiles-2" in fired and "base.setup.exploration-tokens" in fired
