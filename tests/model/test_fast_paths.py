"""The engine's fast paths give what the plain ones give: state copies equal
``dataclasses.replace`` and share every field they do not change; an action is accepted or
refused the same whether or not it is one of the objects ``legal_actions`` just handed out;
chance actions come in outcome order with their weights."""

from __future__ import annotations

import pickle
import random
from dataclasses import FrozenInstanceError, fields, replace
from itertools import permutations

import pytest

from nemesis_rules.model.core import fast
from nemesis_rules.model.core.actions import Decision, Outcome, paid_each, presorted
from nemesis_rules.model.core.engine import IllegalActionError, chance_outcomes, check, legal_actions, step
from nemesis_rules.model.core.state import Character, Deck, GameState, RoomState
from nemesis_rules.model.game import start
from nemesis_rules.model.rules.round import NextTurn, sorted_unique
from nemesis_rules.players.paths import MOVES, listed
from nemesis_rules.players.play import choose
from nemesis_rules.testing import after_setup


@pytest.fixture(scope="module")
def state() -> GameState:
    return after_setup(players=3, seed=2)


def shared_except(a: object, b: object, changed: set[str]) -> bool:
    return all((getattr(a, f.name) is getattr(b, f.name)) != (f.name in changed) for f in fields(a))  # type: ignore[arg-type]


def test_evolve_is_replace_and_shares_the_rest(state: GameState) -> None:
    evolved = state.evolve(round=state.round + 1, flags=frozenset({"x"}))
    assert evolved == replace(state, round=state.round + 1, flags=frozenset({"x"}))
    assert shared_except(state, evolved, {"round", "flags"})
    with pytest.raises(KeyError):
        state.evolve(no_such_field=1)


def test_push_and_pop_copy_only_the_stack(state: GameState) -> None:
    pushed = state.push(NextTurn(1), NextTurn(2))
    assert pushed.pending == (*state.pending, NextTurn(2), NextTurn(1))  # the first given resolves first
    assert shared_except(state, pushed, {"pending"})
    assert pushed.pop().pop() == state
    assert state.push(NextTurn(3)).pending[-1] == NextTurn(3)


def test_character_room_and_deck_copies(state: GameState) -> None:
    c = state.character(1)
    assert c.evolve(passed=True, insanity=3) == replace(c, passed=True, insanity=3)
    assert shared_except(c, c.evolve(passed=True), {"passed"})
    moved = state.with_character(c.evolve(position="02"))
    assert moved.character(1).position == "02" and shared_except(state, moved, {"characters"})
    room = RoomState(tile="lab")
    assert room.evolve(fire=True) == replace(room, fire=True)
    deck = Deck(top=("a", "b"))
    assert deck.evolve(top=("b",)) == deck.remove_top("a") and isinstance(deck.evolve(), Deck)
    assert isinstance(Character(1, "soldier", "01").evolve(), Character)


def test_copies_are_frozen_instances_of_their_class_that_pickle(state: GameState) -> None:
    """The copier fills a slotted twin and then gives the object its real class: what comes
    out must be exactly that class, still frozen and hashable like the original."""
    for copy in (state.evolve(round=2), state.pop(), state.with_character(state.character(1).evolve(insanity=2))):
        assert type(copy) is GameState
        with pytest.raises(FrozenInstanceError):
            copy.round = 3  # type: ignore[misc]
    c = state.character(1).evolve(insanity=2)
    assert type(c) is Character and hash(c) == hash(replace(state.character(1), insanity=2))
    assert pickle.loads(pickle.dumps(c)) == c
    with pytest.raises(FrozenInstanceError):
        c.insanity = 4  # type: ignore[misc]


def test_a_decision_rebuilt_from_its_json_is_accepted_like_the_one_handed_out() -> None:
    rng = random.Random(4)
    state = start("base", 2)
    seen_choice = False
    for _ in range(400):
        if state.end is not None:
            break
        action = choose(state, rng)
        if isinstance(action, Decision):
            seen_choice = True
            copy = Decision(action.player, action.kind, tuple(action.params))
            assert copy is not action
            check(state, copy)  # not one of the objects handed out: checked against the option set
            assert step(state, copy).state == step(state, action).state
        state = step(state, action).state
    assert seen_choice


def test_an_illegal_decision_is_refused_right_after_enumeration() -> None:
    rng = random.Random(5)
    state = start("base", 2)
    while not (state.pending and legal_actions(state) and isinstance(legal_actions(state)[0], Decision)):
        state = step(state, choose(state, rng)).state
    options = legal_actions(state)
    player = options[0].player  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError):
        check(state, Decision.make(player, "no-such-action"))
    with pytest.raises(IllegalActionError):
        check(state, Outcome("noise-roll", "1"))


def test_chance_actions_are_sorted_weighted_and_checked() -> None:
    state = start("base", 3)
    outcomes = chance_outcomes(state)
    assert outcomes and [o for o, _ in outcomes] == sorted(o for o, _ in outcomes)
    assert all(w > 0 for _, w in outcomes)
    assert legal_actions(state) == tuple(o for o, _ in outcomes)
    first = outcomes[0][0]
    check(state, Outcome(first.chance, first.outcome))  # an equal outcome, not the cached object
    with pytest.raises(IllegalActionError):
        check(state, Outcome(first.chance, "no-such-outcome"))


def test_sorted_unique_is_sorting_a_set() -> None:
    decisions = [
        Decision.make(1, "move", to="07", pay=("a",)),
        Decision.make(1, "pass"),
        Decision.make(1, "move", to="02", pay=("b",)),
        Decision.make(1, "move", to="07", pay=("a",)),
    ]
    assert sorted_unique(decisions) == tuple(sorted(set(decisions)))


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"to": "07"},
        {"to": "07", "pay": ("a",)},
        {"pay": ("a",), "to": "07"},
        *(dict(order) for order in permutations((("to", "07"), ("pay", ()), ("noise", "3")))),
        *(dict(order) for order in permutations((("to", "07"), ("pay", ()), ("noise", "3"), ("item", "x")))),
    ],
)
def test_decision_parameters_are_sorted_by_name(params: dict[str, str | tuple[str, ...]]) -> None:
    made = Decision.make(2, "careful-move", **params)
    assert made.params == tuple(sorted(params.items()))
    assert made == Decision(2, "careful-move", tuple(sorted(params.items())))


def test_presorted_and_paid_each_build_what_make_builds() -> None:
    ways = (("a", "b"), ("a", "c"), ("b", "c"))
    assert presorted(2, "careful-move", (("noise", "3"), ("pay", ways[0]), ("to", "07"))) == Decision.make(
        2, "careful-move", to="07", noise="3", pay=ways[0]
    )
    assert paid_each(1, "play-card", (("card", "search"),), ways) == [
        Decision.make(1, "play-card", card="search", pay=w) for w in ways
    ]
    assert paid_each(1, "room-action", (), ways, (("room", "armory"),)) == [
        Decision.make(1, "room-action", room="armory", pay=w) for w in ways
    ]


def test_a_listing_read_by_the_player_goals_keeps_every_decision_in_order(state: GameState) -> None:
    """The goals' view of a listing (worked out once per listing): every decision in order,
    the moves with where each goes, the other decisions in order; asked again about the same
    listing it is the same view, about an equal but new listing a new one."""
    options = tuple(legal_actions(state))
    seen = listed(options)
    assert seen.own == options
    assert [a for a, _ in seen.moves] == [a for a in options if isinstance(a, Decision) and a.kind in MOVES]
    assert all(to == a.get("to") for a, to in seen.moves) and seen.moves
    assert list(seen.others) == [a for a in options if isinstance(a, Decision) and a.kind not in MOVES]
    assert listed(options) is seen
    assert listed(tuple(options)) is seen  # tuple() of a tuple is the tuple itself
    assert listed(tuple(list(options))) is not seen
    as_list = list(options)  # a list may change between two calls: it is read afresh each time
    assert listed(as_list) is not listed(as_list) and listed(as_list).own == options


def test_a_state_listed_again_gets_the_listing_it_got_first() -> None:
    """``legal_actions`` and ``chance_outcomes`` asked twice about one state hand out the same
    listing (fast.LastAsked), which is what listing it afresh gives (the frame's own options)."""
    state = start("base", 2)
    rng = random.Random(4)
    seen_chance = seen_choice = False
    for _ in range(200):
        if state.end is not None:
            break
        first = legal_actions(state)
        again = legal_actions(state)
        assert again is first
        frame = state.pending[-1]
        if chance_outcomes(state):
            seen_chance = True
            assert chance_outcomes(state) == frame.actions(state)
            assert first == tuple(o for o, _ in frame.actions(state))
        else:
            seen_choice = True
            assert first == frame.options(state)
        state = step(state, first[rng.randrange(len(first))]).state
    assert seen_chance and seen_choice


def test_a_remembered_function_answers_as_the_function_and_keeps_a_bounded_table() -> None:
    asked: list[object] = []

    def plain(value: object) -> str:
        asked.append(value)
        return f"<{value}>"

    quick = fast.remembered(plain, kept=3)
    decisions = [Decision.make(1, "move", to=f"0{n}") for n in range(1, 6)]
    assert [quick(d) for d in decisions[:3]] == [f"<{d}>" for d in decisions[:3]]
    assert quick(Decision.make(1, "move", to="01")) == f"<{decisions[0]}>"  # an equal value is looked up
    assert len(asked) == 3
    for decision in decisions[3:]:  # the table holds three: it starts again
        assert quick(decision) == f"<{decision}>"
    assert quick(decisions[0]) == f"<{decisions[0]}>"
    assert len(asked) == 6
