"""Helpers for writing tests against the engine: seeded setups, scripted play and situations,
and Hypothesis strategies and a state machine for property tests.

``nemesis_rules.testing`` is public so that users can write their own rule tests the way the
package's own tests do: play setup from a seed, then arrange a situation with
``dataclasses.replace`` and put a rule procedure on the pending stack; or let Hypothesis play:
:func:`games`, :func:`states`, :func:`legal_actions_of`, :func:`choices` and the
:class:`NemesisGame` state machine, whose invariants are the package's invariant catalogue.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import replace

from hypothesis import event
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from nemesis_rules.invariants import Checker
from nemesis_rules.invariants.fuzzing import playable_rulesets
from nemesis_rules.model.core.actions import Action, Decision, Outcome
from nemesis_rules.model.core.engine import (
    Context,
    IllegalActionError,
    Transition,
    acting_player,
    check,
    legal_actions,
    settle,
    step,
)
from nemesis_rules.model.core.frames import Choice, Frame
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.ruleset import Ruleset
from nemesis_rules.model.core.state import GameState, Intruder
from nemesis_rules.model.game import make_config, start
from nemesis_rules.players.play import choose


def with_ruleset(state: GameState, ruleset: Ruleset) -> GameState:
    """``state`` with its game's ruleset replaced by ``ruleset`` (a value: for a test that changes
    one rule of a ruleset, ``dataclasses.replace(state.config.ruleset, ...)``)."""
    return replace(state, config=replace(state.config, ruleset=ruleset))


def after_setup(
    players: int = 2,
    seed: int = 0,
    ruleset: str | Ruleset = "base",
    rulings: Mapping[str, str] | None = None,
    variants: Mapping[str, str] | None = None,
) -> GameState:
    """A game played (randomly, from ``seed``) up to the first player's first turn (``ruleset``:
    a name, or a ruleset value of one's own)."""
    rng = random.Random(seed)
    state = start(ruleset, players, rulings, variants)
    while not (
        state.phase == "player"
        and acting_player(state) is not None
        and state.round == 1
        and type(state.pending[-1]).__name__ == "Turn"
    ):
        state = step(state, choose(state, rng)).state
    return state


def run(state: GameState, actions: Iterable[Action]) -> tuple[GameState, list[str]]:
    """Apply ``actions`` in order; returns the final state and every clause that fired."""
    fired: list[str] = []
    for action in actions:
        transition: Transition = step(state, action)
        fired.extend(transition.fired)
        state = transition.state
    return state, fired


def settled(state: GameState, *frames: Frame) -> tuple[GameState, list[str]]:
    """Put ``frames`` on the stack (the first resolves first), run every automatic step, and
    return the state with the clauses that fired."""
    ctx = Context()
    return settle(state.push(*frames), ctx), ctx.fired


def refused_clause(state: GameState, action: Action) -> str:
    """The clause ``check`` names when it refuses ``action`` in ``state``; an AssertionError when
    the action is legal."""
    try:
        check(state, action)
    except IllegalActionError as error:
        return error.clause
    raise AssertionError(f"{action} is legal here, not refused")


def with_frames(state: GameState, *frames: Frame) -> GameState:
    """``state`` with ``frames`` put on top of its pending stack (the first resolves first),
    and every step that needs no input already run."""
    return settle(state.push(*frames), Context())


def outcome(chance: str, value: str) -> Outcome:
    return Outcome(chance, value)


def decision(player: int, kind: str, **params: str | tuple[str, ...]) -> Decision:
    return Decision.make(player, kind, **params)


def with_hand(state: GameState, player: int, *cards: str) -> GameState:
    """Give ``player`` exactly ``cards`` in hand (the rest of their deck unchanged)."""
    c = state.character(player)
    return state.with_character(replace(c, hand=Multiset.of(cards)))


def move_character(state: GameState, player: int, position: str) -> GameState:
    return state.with_character(replace(state.character(player), position=position))


def top_frame(state: GameState) -> Frame:
    return state.pending[-1]


def turn_of(state: GameState) -> int | None:
    """The player whose Turn decision is open, if any."""
    frame = state.pending[-1] if state.pending else None
    return frame.player if isinstance(frame, Choice) else None


ITEM_TEST_HAND = ("search", "rest", "demolition")
"""The hand :func:`equip` gives by default: three cards to pay item actions with."""


def equip(
    state: GameState, player: int, *items: str, hand: tuple[str, ...] = ITEM_TEST_HAND, **fields: object
) -> GameState:
    """``player`` holds ``items`` in the inventory and ``hand`` in hand; ``fields`` set other
    Character fields (``ammo=(("rifle", 1),)``, ``mods=...``)."""
    c = replace(state.character(player), hand=Multiset.of(hand), inventory=Multiset.of(items))
    return state.with_character(replace(c, **fields))  # type: ignore[arg-type]  # fields are Character's own


def item_uses(state: GameState, item: str) -> list[Decision]:
    """Every legal ``use-item`` decision for ``item`` now."""
    return [
        a for a in legal_actions(state) if isinstance(a, Decision) and a.kind == "use-item" and a.get("item") == item
    ]


def use_item(
    item: str, pay: tuple[str, ...] = ("search",), player: int = 1, **params: str | tuple[str, ...]
) -> Decision:
    """Player ``player``'s decision to use ``item``, paying with ``pay``."""
    return Decision.make(player, "use-item", item=item, pay=pay, **params)


def with_intruders(state: GameState, *intruders: Intruder) -> GameState:
    """``state`` with exactly ``intruders`` on the board (ids as given)."""
    return replace(state, intruders=tuple(sorted(intruders)), next_intruder=max(i.id for i in intruders) + 1)


def explored(state: GameState, *positions: str) -> GameState:
    """``positions`` explored, their exploration tokens gone."""
    for position in positions:
        state = state.with_room(position, replace(state.room(position), explored=True, token=None))
    return state


def with_ruling(state: GameState, ruling: str, reading: str) -> GameState:
    """``state`` under a config with ``ruling`` set to ``reading`` (everything else kept)."""

    config = state.config
    rulings = {**config.rulings, ruling: reading}
    return replace(state, config=make_config(config.ruleset.name, config.players, rulings, config.variants))


# -- Hypothesis: strategies and the state machine ----------------------------------------------
# Property tests in the style of the package's own: Hypothesis chooses every decision and every
# chance outcome (dice and draws included, so outcomes are adversarial, not weighted), and
# shrinks a failure to a short, simple game whose actions print as valid Python.


def games(
    rulesets: Iterable[str] | None = None,
    players: st.SearchStrategy[int] | None = None,
) -> st.SearchStrategy[GameState]:
    """New games (at setup's first chance node) of a playable ruleset and 1-5 players."""
    names = tuple(rulesets) if rulesets is not None else playable_rulesets()
    return st.builds(
        start,
        ruleset=st.sampled_from(names),
        players=players if players is not None else st.integers(1, 5),
    )


def legal_actions_of(state: GameState) -> st.SearchStrategy[Action]:
    """One of the actions legal in ``state``: a decision of the acting player or a chance
    outcome (any possible one, whatever its weight). Shrinks toward the first in sorted order."""
    options = legal_actions(state)
    if not options:
        raise ValueError("no action is legal in this state (the game is over)")
    return st.sampled_from(options)


@st.composite
def states(
    draw: st.DrawFn,
    rulesets: Iterable[str] | None = None,
    players: st.SearchStrategy[int] | None = None,
    max_steps: int = 300,
) -> GameState:
    """Reachable states: a new game played for up to ``max_steps`` actions Hypothesis chooses."""
    state = draw(games(rulesets, players))
    steps = draw(st.integers(0, max_steps), label="steps")
    for _ in range(steps):
        if state.end is not None:
            break
        state = step(state, draw(legal_actions_of(state))).state
    return state


def choices(max_size: int = 2000) -> st.SearchStrategy[list[int]]:
    """Choice sequences: at each step, which of the legal actions (by index, modulo their
    number) is taken. :func:`play_choices` turns one into a game; shrinking a choice sequence
    shrinks the game."""
    return st.lists(st.integers(0, 2**16), max_size=max_size)


def play_choices(state: GameState, sequence: Iterable[int]) -> tuple[GameState, list[Action]]:
    """Apply a choice sequence from ``state`` (stopping at the game's end); returns the final
    state and the actions taken."""
    taken: list[Action] = []
    for index in sequence:
        if state.end is not None:
            break
        options = legal_actions(state)
        action = options[index % len(options)]
        state = step(state, action).state
        taken.append(action)
    return state, taken


def _foreign_decision_possible(machine: NemesisGame) -> bool:
    state = machine.state
    return state is not None and state.config.players > 1 and acting_player(state) is not None


class NemesisGame(RuleBasedStateMachine):
    """Games driven by Hypothesis: every decision and every chance outcome is Hypothesis's
    choice, and a game that ends is followed by a new one. Every catalogued invariant of the
    ruleset is checked after each step (incrementally, as the fuzzer does) by an ``@invariant``.
    Subclass it to add invariants of your own::

        class MyGame(NemesisGame):
            @invariant()
            def nobody_holds_two_light_wounds(self) -> None:
                assert self.state is None or all(c.light_wounds < 2 for c in self.state.characters)

        TestMyGame = MyGame.TestCase
    """

    rulesets: tuple[str, ...] | None = None
    """The rulesets to play (None: every playable one)."""
    players: tuple[int, ...] = (1, 2, 3, 4, 5)
    """The player counts to play."""

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState | None = None
        self.checker: Checker | None = None
        self.found: dict[str, str] = {}
        self.steps = 0

    @initialize(data=st.data())
    def new_game(self, data: st.DataObject) -> None:
        """A new game of a ruleset and player count Hypothesis picks."""

        ruleset = data.draw(st.sampled_from(self.rulesets or playable_rulesets()), label="ruleset")
        players = data.draw(st.sampled_from(self.players), label="players")
        self.state = start(ruleset, players)
        self.checker = Checker(ruleset)
        self.found = {v.invariant: v.message for v in self.checker.first(self.state)}

    def _apply(self, action: Action) -> None:
        assert self.state is not None and self.checker is not None
        transition = step(self.state, action)
        before, self.state = self.state, transition.state
        self.steps += 1
        self.found = {v.invariant: v.message for v in self.checker.after(before, action, self.state, transition.fired)}

    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        """Hypothesis decides for the acting player, or rolls the die or draws the card (any
        possible outcome, whatever its weight). After the end of a game, a new one starts."""
        assert self.state is not None
        if self.state.end is not None:
            assert legal_actions(self.state) == (), "actions are legal after the end of the game"
            event(f"{self.state.config.ruleset.name}: {self.state.end.reason}")
            self.new_game(data)
            return
        label = "decision" if acting_player(self.state) is not None else "outcome"
        self._apply(data.draw(legal_actions_of(self.state), label=label))

    @precondition(_foreign_decision_possible)
    @rule(data=st.data())
    def foreign_decision_is_refused(self, data: st.DataObject) -> None:
        """A decision open to the acting player, made by another player, is illegal."""

        assert self.state is not None
        acting = acting_player(self.state)
        decision = data.draw(legal_actions_of(self.state), label="decision")
        assert isinstance(decision, Decision)
        other = data.draw(st.sampled_from([p for p in range(1, self.state.config.players + 1) if p != acting]))
        try:
            check(self.state, replace(decision, player=other))
        except IllegalActionError as refusal:
            assert refusal.clause, "a refusal names the clause it rests on"
        else:
            raise AssertionError(f"player {other} may make player {acting}'s decision {decision}")

    @invariant()
    def catalogued_invariants_hold(self) -> None:
        """Every catalogued invariant of the ruleset holds after the last step."""
        assert not self.found, "; ".join(f"{k}: {v}" for k, v in sorted(self.found.items()))

    def teardown(self) -> None:
        if self.state is not None and self.state.end is None:
            event(f"{self.state.config.ruleset.name}: unfinished after {self.steps} steps")
