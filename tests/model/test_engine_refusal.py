"""``refusal`` answers what ``check`` raises, and both answer what the plain ``check`` did, on
states of real games: the same reason and clause for every decision asked (the one taken, an
equal one built anew, decisions seen earlier in the game, by the acting player and by the
others, a chance outcome where a decision is due and a decision where an outcome is), whether
or not the state's listing is the one the engine kept. ``_is_listed`` is ``in`` the set of the
decisions listed, and what it leans on holds: a Choice lists only Decisions by its player."""

from __future__ import annotations

import pytest

from nemesis_rules.model.core import engine
from nemesis_rules.model.core.actions import Action, Decision, Outcome
from nemesis_rules.model.core.engine import (
    IllegalActionError,
    Transition,
    check,
    legal_actions,
    refusal,
)
from nemesis_rules.model.core.frames import ChanceNode, Choice
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.game import start
from nemesis_rules.players.play import play_game

GAMES = (("base", 3), ("void-seeders", 5), ("base", 8), ("void-seeders", 10))
"""(ruleset, seed) of the games whose states are asked about (2 to 4 players by seed)."""


def _plain_check(state: GameState, action: Action) -> None:
    """``check`` as first written: an action just handed out is accepted before anything else,
    and a decision is looked up in the set of the decisions listed."""
    if state.end is not None or not state.pending:
        raise IllegalActionError(action, "the game is over", "base.end.check-needed", state)
    frame = state.pending[-1]
    if engine._last.handed_out(state, action):
        return
    if isinstance(frame, ChanceNode):
        if not isinstance(action, Outcome):
            raise IllegalActionError(
                action, f"a chance outcome ({frame.chance}) is due, not a decision", frame.clause_for(state), state
            )
        if action.chance != frame.chance:
            raise IllegalActionError(
                action, f"the chance node open now is '{frame.chance}'", frame.clause_for(state), state
            )
        possible = dict(frame.outcomes(state))
        if possible.get(action.outcome, 0) <= 0:
            shown = ", ".join(sorted(possible)[:12])
            raise IllegalActionError(
                action,
                f"'{action.outcome}' is not a possible outcome (possible: {shown})",
                frame.clause_for(state),
                state,
            )
        return
    if isinstance(frame, Choice):
        if not isinstance(action, Decision):
            raise IllegalActionError(
                action, f"player {frame.player} must decide ({frame.describe()})", frame.clause, state
            )
        if action.player != frame.player:
            raise IllegalActionError(action, *engine._not_theirs(state, frame, action.player), state)
        if action not in frozenset(frame.options(state)):
            reason, clause = frame.diagnose(state, action)
            raise IllegalActionError(action, reason, clause, state)
        return
    raise IllegalActionError(action, "nothing is pending", "", state)


def _plain_answer(state: GameState, action: Action) -> tuple[str, str, str] | None:
    try:
        _plain_check(state, action)
    except IllegalActionError as error:
        return error.reason, error.clause, str(error)
    return None


def _anew(action: Action) -> Action:
    """An equal action that is not the object handed out."""
    if isinstance(action, Decision):
        return Decision(action.player, action.kind, action.params)
    return Outcome(action.chance, action.outcome)


def _played(ruleset: str, seed: int) -> list[tuple[GameState, Action]]:
    """Every (state, action taken) of one seeded game, and its final state (with no action)."""
    seen: list[tuple[GameState, Action]] = []

    def note(state: GameState, action: Action, transition: Transition) -> None:
        seen.append((state, action))

    end, _ = play_game(seed, 2 + seed % 3, ruleset, on_step=note)
    seen.append((end, seen[-1][1]))
    return seen


@pytest.fixture(scope="module", params=GAMES, ids=lambda g: f"{g[0]}-{g[1]}")
def played(request: pytest.FixtureRequest) -> list[tuple[GameState, Action]]:
    return _played(*request.param)


def _questions(played: list[tuple[GameState, Action]], i: int) -> list[Action]:
    """What is asked at step ``i``: the action taken, an equal one built anew, decisions taken and
    listed earlier (as they were and by each other player), an outcome seen earlier."""
    state, action = played[i]
    earlier = [a for _, a in played[max(0, i - 40) : i]]
    decisions = [a for a in earlier if isinstance(a, Decision)][-8:]
    outcomes = [a for a in earlier if isinstance(a, Outcome)][-2:]
    players = range(1, len(state.characters) + 2)  # one more than there are: no such player
    others = [Decision(p, d.kind, d.params) for d in decisions[-3:] for p in players if p != d.player]
    listed = list(legal_actions(played[i - 1][0])[:6]) if i else []
    return [action, _anew(action), *decisions, *outcomes, *others, *listed]


def test_a_choice_lists_only_decisions_by_its_player(played: list[tuple[GameState, Action]]) -> None:
    for state, _ in played:
        if state.pending and isinstance(frame := state.pending[-1], Choice):
            assert all(isinstance(a, Decision) and a.player == frame.player for a in legal_actions(state))


def test_refusal_and_check_answer_what_the_plain_check_did(played: list[tuple[GameState, Action]]) -> None:
    other = start("base", 2)
    refused = asked = 0
    for i, (state, _) in enumerate(played):
        for question in _questions(played, i):
            for listing_kept in (True, False):
                legal_actions(state if listing_kept else other)
                want = _plain_answer(state, question)
                legal_actions(state if listing_kept else other)
                got = refusal(state, question)
                assert got == (None if want is None else want[:2]), (i, question)
                legal_actions(state if listing_kept else other)
                if want is None:
                    check(state, question)
                    continue
                with pytest.raises(IllegalActionError) as raised:
                    check(state, question)
                assert (raised.value.reason, raised.value.clause, str(raised.value)) == want
                assert raised.value.action is question and raised.value.state is state
                refused += 1
            asked += 1
    assert refused > asked // 2 > 100


def test_is_listed_is_membership_in_the_set_listed(played: list[tuple[GameState, Action]]) -> None:
    for i, (state, _) in enumerate(played):
        if not (state.pending and isinstance(frame := state.pending[-1], Choice)) or state.end is not None:
            continue
        listed = frozenset(frame.options(state))
        for question in _questions(played, i):
            if isinstance(question, Decision):
                assert engine._is_listed(state, frame, question) == (question in listed), (i, question)
