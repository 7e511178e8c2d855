"""Known-answer tests for the Objective cards (RU-RB p.11-12; facts.md §8), named after their clause
ids. Each test fixes the fates of a five-player game and asks the objectives step who wins. The
hyperjump case is in test_base_objective_jump_no_kill.py (it plays from a two-player game)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.encounter import KeepObjective
from nemesis_rules.model.rules.victory import base_winners
from nemesis_rules.testing import after_setup, decision, run, with_frames

SURVIVING = ("hibernating", "escaped")


@pytest.fixture(scope="module")
def game() -> GameState:
    """A five-player base game after setup: nobody has sent the Signal, nothing discovered."""
    return after_setup(players=5, seed=1)


def fates(state: GameState, objectives: dict[int, str], **status: str) -> GameState:
    """Every character dead except those given a status (``p1="hibernating"``); each player in
    ``objectives`` holds exactly that one Objective."""
    characters = []
    for c in state.characters:
        c = replace(c, status=status.get(f"p{c.player}", "dead"))
        if c.player in objectives:
            c = replace(c, objectives=(objectives[c.player],))
        characters.append(c)
    return replace(state, characters=tuple(characters), phase="over")


def winners(state: GameState) -> tuple[tuple[int, ...], list[str]]:
    """The objectives step (check 4) on ``state``: the winners and the clauses that fired."""
    survivors = tuple(c.player for c in state.characters if c.status in SURVIVING)
    ctx = Context()
    return base_winners(state, survivors, ctx), ctx.fired


def signalled(state: GameState, *players: int) -> GameState:
    for p in players:
        state = state.with_character(replace(state.character(p), signal=True))
    return state


def discovered(state: GameState, *slots: str) -> GameState:
    """The Weaknesses lying in ``slots`` (``intruder-carcass``, ...) discovered."""
    by_slot = dict(zip(tables.base(state.config).weakness_setup.slots, state.weaknesses, strict=False))
    return replace(state, discovered=frozenset(by_slot[s] for s in slots))


def nest_position(state: GameState) -> str:
    return next(p for p in state.config.board.positions if state.room(p).tile == "nest")


def nest_emptied(state: GameState) -> GameState:
    """The Nest explored with no Egg left in it."""
    position = nest_position(state)
    return replace(state, eggs=0).with_room(position, replace(state.room(position), explored=True))


# -- the objectives step ----------------------------------------------------------------------------


def test_base_objective_choose_keeps_one_and_discards_the_other(game: GameState) -> None:
    state = game.with_character(replace(game.character(1), objectives=("ab-ovo", "hoarder")))
    state = with_frames(state, KeepObjective(1))
    after, fired = run(state, [decision(1, "keep-objective", objective="hoarder")])
    assert after.character(1).objectives == ("hoarder",)
    assert after.removed.count("objective:ab-ovo") == 1
    assert "base.objective.choose" in fired


# -- Corporate objectives ---------------------------------------------------------------------------


def test_base_objective_necroscopy_signal_and_carcass_weakness(game: GameState) -> None:
    state = discovered(fates(game, {1: "necroscopy"}, p1="escaped"), "intruder-carcass")
    assert winners(state)[0] == ()
    won, fired = winners(signalled(state, 1))
    assert won == (1,) and "base.objective.necroscopy" in fired
    other = signalled(discovered(state, "intruder-egg"), 1)
    assert winners(other)[0] == ()


def test_base_objective_ab_ovo_the_egg_weakness(game: GameState) -> None:
    state = fates(game, {1: "ab-ovo"}, p1="hibernating")
    assert winners(discovered(state, "intruder-carcass"))[0] == ()
    won, fired = winners(discovered(state, "intruder-egg"))
    assert won == (1,) and "base.objective.ab-ovo" in fired


def test_base_objective_extreme_field_biology_two_weaknesses(game: GameState) -> None:
    state = fates(game, {1: "extreme-field-biology"}, p1="hibernating")
    assert winners(discovered(state, "intruder-egg"))[0] == ()
    won, fired = winners(discovered(state, "intruder-egg", "character-corpse"))
    assert won == (1,) and "base.objective.extreme-field-biology" in fired


def test_base_objective_my_precious_signal_and_an_egg(game: GameState) -> None:
    state = fates(game, {1: "my-precious"}, p1="escaped")
    holding = state.with_character(replace(state.character(1), hands=("egg",)))
    assert winners(holding)[0] == ()  # no Signal
    assert winners(signalled(state, 1))[0] == ()  # no Egg
    won, fired = winners(signalled(holding, 1))
    assert won == (1,) and "base.objective.my-precious" in fired


def _named_player_must_not_survive(game: GameState, objective: str, named: int) -> None:
    holder = 1 if named != 1 else 2
    other = next(p for p in range(1, 6) if p not in (holder, named))
    # the named player survives alongside the holder: not fulfilled
    state = fates(game, {holder: objective}, **{f"p{holder}": "escaped", f"p{named}": "hibernating"})
    assert holder not in winners(state)[0]
    # the named player is dead, another player survives too: fulfilled
    state = fates(game, {holder: objective}, **{f"p{holder}": "escaped", f"p{other}": "hibernating"})
    won, fired = winners(state)
    assert holder in won and f"base.objective.{objective}" in fired


def test_base_objective_the_right_moment_to_strike_player_1_dies(game: GameState) -> None:
    _named_player_must_not_survive(game, "the-right-moment-to-strike", 1)


def test_base_objective_greener_pastures_player_2_dies(game: GameState) -> None:
    _named_player_must_not_survive(game, "greener-pastures", 2)


def test_base_objective_an_old_feud_player_3_dies(game: GameState) -> None:
    _named_player_must_not_survive(game, "an-old-feud", 3)


def test_base_objective_hostile_takeover_player_4_dies(game: GameState) -> None:
    _named_player_must_not_survive(game, "hostile-takeover", 4)


def test_base_objective_the_final_enlightenment_player_5_dies(game: GameState) -> None:
    _named_player_must_not_survive(game, "the-final-enlightenment", 5)


def test_base_objective_self_named_requires_being_the_sole_survivor(game: GameState) -> None:
    # player 3 holds An Old Feud, which names player 3
    state = fates(game, {3: "an-old-feud"}, p3="escaped", p1="hibernating")
    assert 3 not in winners(state)[0]
    won, fired = winners(state)
    assert "base.objective.self-named" in fired  # the atom naming its holder is read as "sole survivor"
    alone = fates(game, {3: "an-old-feud"}, p3="escaped")
    won, fired = winners(alone)
    assert won == (3,) and "base.objective.an-old-feud" in fired
    other = fates(game, {1: "an-old-feud"}, p1="escaped")  # the card names player 3, not its holder
    assert "base.objective.self-named" not in winners(other)[1]


# -- Personal objectives ----------------------------------------------------------------------------


def _earth_or_sole_survivor(game: GameState, objective: str) -> None:
    both = fates(game, {1: objective}, p1="hibernating", p2="hibernating")
    assert 1 not in winners(both)[0]  # neither Earth nor alone
    arrived = replace(both, flags=both.flags | {"ship-reaches-earth"})
    won, fired = winners(arrived)
    assert 1 in won and f"base.objective.{objective}" in fired
    alone = fates(game, {1: objective}, p1="hibernating")
    assert winners(alone)[0] == (1,)


def test_base_objective_salvaging_the_prime_asset_earth_or_alone(game: GameState) -> None:
    _earth_or_sole_survivor(game, "salvaging-the-prime-asset")


def test_base_objective_the_oldest_friend_earth_or_alone(game: GameState) -> None:
    _earth_or_sole_survivor(game, "the-oldest-friend")


def test_base_objective_quarantine_mars_or_earth_with_the_nest_destroyed(game: GameState) -> None:
    state = fates(game, {1: "quarantine"}, p1="hibernating")
    mars = replace(state, flags=state.flags | {"ship-reaches-mars"})
    won, fired = winners(mars)
    assert won == (1,) and "base.objective.quarantine" in fired
    earth = replace(state, flags=state.flags | {"ship-reaches-earth"})
    assert winners(earth)[0] == ()  # the Nest still holds Eggs
    assert winners(nest_emptied(earth))[0] == (1,)


def test_base_objective_the_great_hunt_signal_and_queen_or_ship(game: GameState) -> None:
    state = signalled(fates(game, {1: "the-great-hunt"}, p1="escaped"), 1)
    assert winners(state)[0] == ()
    queen = replace(state, flags=state.flags | {"queen-killed"})
    won, fired = winners(queen)
    assert won == (1,) and "base.objective.the-great-hunt" in fired
    unsent = replace(queen, characters=fates(game, {1: "the-great-hunt"}, p1="escaped").characters)
    assert winners(unsent)[0] == ()


def test_base_objective_a_proper_burial_signal_and_the_blue_corpse(game: GameState) -> None:
    state = signalled(fates(game, {1: "a-proper-burial"}, p1="escaped"), 1)
    assert winners(state)[0] == ()
    red = state.with_character(replace(state.character(1), hands=("corpse-red",)))
    assert winners(red)[0] == ()
    blue = state.with_character(replace(state.character(1), hands=("corpse-blue",)))
    won, fired = winners(blue)
    assert won == (1,) and "base.objective.a-proper-burial" in fired


def _with_items(state: GameState, player: int, hands: tuple[str, ...], inventory: tuple[str, ...]) -> GameState:
    from nemesis_rules.model.core.multiset import Multiset

    c = state.character(player)
    return state.with_character(replace(c, hands=hands, inventory=Multiset.of(inventory)))


def test_base_objective_hoarder_seven_items_in_a_pod(game: GameState) -> None:
    items = ("ammo", "bandage", "energy-charge", "flare", "medkit")
    pod = fates(game, {1: "hoarder"}, p1="escaped")
    pod = replace(pod, characters=tuple(replace(c, quests=()) for c in pod.characters))
    seven = _with_items(pod, 1, ("knife", "rifle"), items)
    won, fired = winners(seven)
    assert won == (1,) and "base.objective.hoarder" in fired
    six = _with_items(pod, 1, ("knife", "egg"), items)  # a Heavy Object is no Item
    assert winners(six)[0] == ()
    inactive = six.with_character(replace(six.character(1), quests=(("security-key", "inactive"),)))
    assert winners(inactive)[0] == ()
    active = six.with_character(replace(six.character(1), quests=(("security-key", "active"),)))
    assert winners(active)[0] == (1,)
    asleep = replace(
        seven, characters=tuple(replace(c, status="hibernating") if c.player == 1 else c for c in seven.characters)
    )
    assert winners(asleep)[0] == ()  # an Escape Pod, not the Hibernatorium


def test_base_objective_relentless_investigator_signal_and_every_room_explored(game: GameState) -> None:
    state = signalled(fates(game, {1: "relentless-investigator"}, p1="escaped"), 1)
    assert winners(state)[0] == ()
    every = replace(state, rooms=tuple(replace(r, explored=True) for r in state.rooms))
    won, fired = winners(every)
    assert won == (1,) and "base.objective.relentless-investigator" in fired


def test_base_objective_best_friends_forever_another_survives(game: GameState) -> None:
    alone = fates(game, {1: "best-friends-forever"}, p1="escaped")
    assert winners(alone)[0] == ()
    won, fired = winners(fates(game, {1: "best-friends-forever"}, p1="escaped", p4="hibernating"))
    assert 1 in won and "base.objective.best-friends-forever" in fired


def test_base_objective_aliens_on_a_spaceship_signal_and_nest_or_ship(game: GameState) -> None:
    state = signalled(fates(game, {1: "aliens-on-a-spaceship"}, p1="escaped"), 1)
    assert winners(state)[0] == ()
    won, fired = winners(nest_emptied(state))
    assert won == (1,) and "base.objective.aliens-on-a-spaceship" in fired
    assert winners(replace(state, flags=state.flags | {"ship-destroyed"}))[0] == (1,)


# -- facts objectives ask about ---------------------------------------------------------------------


def test_base_objective_signal_counts_only_for_its_sender(game: GameState) -> None:
    state = fates(game, {1: "relentless-investigator", 2: "relentless-investigator"}, p1="escaped", p2="escaped")
    state = replace(state, rooms=tuple(replace(r, explored=True) for r in state.rooms))
    won, fired = winners(signalled(state, 2))
    assert won == (2,)
    assert "base.objective.signal" in fired


def test_base_objective_nest_destroyed_no_egg_left_or_the_ship_explodes(game: GameState) -> None:
    state = signalled(fates(game, {1: "aliens-on-a-spaceship"}, p1="escaped"), 1)
    position = nest_position(state)
    explored_with_eggs = state.with_room(position, replace(state.room(position), explored=True))
    assert state.eggs > 0 and winners(explored_with_eggs)[0] == ()
    won, fired = winners(nest_emptied(state))
    assert won == (1,) and "base.objective.nest-destroyed" in fired
    assert "base.objective.explosion-kills" not in fired  # the Eggs are gone: no explosion needed
    won, fired = winners(replace(state, flags=state.flags | {"ship-destroyed"}))
    assert won == (1,) and "base.objective.explosion-kills" in fired


def test_base_objective_explosion_kills_the_queen_and_the_nest(game: GameState) -> None:
    hunt = signalled(fates(game, {1: "the-great-hunt", 2: "quarantine"}, p1="escaped", p2="escaped"), 1)
    exploded = replace(hunt, flags=hunt.flags | {"ship-destroyed"})
    assert "queen-killed" not in exploded.flags
    won, fired = winners(exploded)
    assert 1 in won and "base.objective.the-great-hunt" in fired
    assert "base.objective.explosion-kills" in fired
    # Quarantine's "Nest destroyed" holds too: an escaped character counts as reaching Earth
    assert 2 in won
