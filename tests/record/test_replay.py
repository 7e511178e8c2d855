"""Replay: recorded games replay to the same final state; a single edited line is refused at
that line with its reason and a catalogued clause; lenient replay reports every problem;
user invariants are checked after every step."""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import replace

import pytest

from nemesis_rules.errors import BadInputError, PluginError
from nemesis_rules.model.core.actions import Action, Decision, Outcome
from nemesis_rules.model.core.engine import apply, legal_actions
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.game import start
from nemesis_rules.players.play import GameLog, play_game
from nemesis_rules.record import Record, record_from_log, replay_record
from nemesis_rules.record.replay import UserInvariant, cite


def playable(ruleset: str) -> bool:
    try:
        start(ruleset, 2)
    except KeyError:
        return False
    return True


def test_every_recorded_game_replays_to_the_same_final_state(
    games: dict[tuple[int, int], tuple[GameState, GameLog]], records: dict[tuple[int, int], Record]
) -> None:
    for key, (final, log) in games.items():
        result = replay_record(records[key])
        assert result.legal, (key, result.problems[:1])
        assert result.final_state == final and result.steps == len(log.actions)
        assert result.outcome().startswith("ended by ")


@pytest.mark.parametrize("ruleset", ["base", "void-seeders"])
def test_games_of_each_ruleset_replay(ruleset: str) -> None:
    for seed in range(3):
        final, log = play_game(seed, 2 + seed, ruleset)
        result = replay_record(record_from_log(final.config, log))
        assert result.legal and result.final_state == final


def test_a_record_that_stops_early_is_legal_and_says_so(records: dict[tuple[int, int], Record]) -> None:
    record = records[(2, 3)]
    short = replace(record, actions=record.actions[:60])
    result = replay_record(short)
    assert result.legal and result.steps == 60
    assert result.outcome() == "record ends before the game's end"


# -- single edits --------------------------------------------------------------------------


def refusal(record: Record, index: int, action: Action) -> tuple[int, str, str]:
    """Replay ``record`` with action ``index`` replaced: (problem line, reason, clause)."""
    actions = (*record.actions[:index], action, *record.actions[index + 1 :])
    result = replay_record(replace(record, actions=actions, numbers=(), texts=()))
    assert len(result.problems) == 1 and result.steps == index
    problem = result.problems[0]
    assert problem.kind == "illegal" and problem.action == action
    return problem.line, problem.reason, problem.clause


def first(record: Record, wanted: type, kind: str) -> int:
    return next(
        i
        for i, a in enumerate(record.actions)
        if isinstance(a, wanted) and (a.kind if isinstance(a, Decision) else a.chance) == kind
    )


def test_a_move_without_a_corridor_is_refused_at_its_line(records: dict[tuple[int, int], Record]) -> None:
    record = records[(1, 2)]
    index = first(record, Decision, "move")
    move = record.actions[index]
    assert isinstance(move, Decision)
    state = replay_record(replace(record, actions=record.actions[:index])).final_state
    here = state.character(move.player).position
    far = next(p for p in state.config.board.positions if p != here and p not in state.config.board.neighbours[here])
    line, reason, clause = refusal(record, index, replace(move, params=(("pay", move.cards()), ("to", far))))
    assert line == index + 2
    assert reason == f"no corridor from {here} to {far}" and clause == "base.move.adjacent"


def test_a_card_not_in_hand_is_refused(records: dict[tuple[int, int], Record]) -> None:
    record = records[(1, 2)]
    index = first(record, Decision, "move")
    move = record.actions[index]
    assert isinstance(move, Decision)
    state = replay_record(replace(record, actions=record.actions[:index])).final_state
    character = state.character(move.player)
    absent = next(c for c in character.deck.distinct() if c not in character.hand)
    edited = Decision.make(move.player, "move", to=move.text("to"), pay=(absent,))
    line, reason, clause = refusal(record, index, edited)
    assert line == index + 2 and f"({absent})" in reason and "hand" in reason
    assert clause == "base.cost.paid-from-hand"


def test_a_die_face_that_does_not_exist_is_refused(records: dict[tuple[int, int], Record]) -> None:
    record = next(r for r in records.values() if any(getattr(a, "chance", "") == "noise-roll" for a in r.actions))
    index = first(record, Outcome, "noise-roll")
    line, reason, clause = refusal(record, index, Outcome("noise-roll", "7"))
    assert line == index + 2 and reason.startswith("'7' is not a possible outcome (possible: 1, 2, 3, 4, danger")
    assert cite(clause).file


def test_a_chance_outcome_that_was_not_possible_is_refused(records: dict[tuple[int, int], Record]) -> None:
    record = records[(4, 5)]
    index = first(record, Outcome, "room-tile")
    placed = record.actions[index]
    assert isinstance(placed, Outcome)
    # the same tile again: each room tile exists once, so the second draw cannot give it
    line, reason, _ = refusal(record, index + 1, Outcome("room-tile", placed.outcome))
    assert line == index + 3 and reason.startswith(f"'{placed.outcome}' is not a possible outcome")


def test_the_wrong_kind_of_line_is_refused(records: dict[tuple[int, int], Record]) -> None:
    record = records[(1, 2)]
    index = first(record, Decision, "move")
    line, reason, clause = refusal(record, index, Outcome("noise-roll", "1"))
    assert line == index + 2 and "must decide" in reason and clause
    line, reason, clause = refusal(record, 0, Decision.make(1, "pass"))
    assert line == 2 and "a chance outcome (room-tile) is due" in reason


def test_any_single_edited_decision_is_refused_at_its_line_with_a_cited_clause() -> None:
    """Every decision of a game, edited into an illegal one (another value of one of its
    parameters, or another player), is refused, citing a clause of the catalogue."""
    _, log = play_game(5, 3)
    rng = random.Random(5)
    seen: dict[tuple[str, str], set[object]] = defaultdict(set)
    for action in log.actions:
        if isinstance(action, Decision):
            for name, value in action.params:
                seen[(action.kind, name)].add(value)
    state = start("base", 3)
    edited = 0
    for action in log.actions:
        if isinstance(action, Decision):
            params = dict(action.params)
            options = [
                Decision.make(action.player, action.kind, **(params | {name: other}))
                for name in params
                for other in seen[(action.kind, name)]
                if other != params[name]
            ]
            options.append(Decision.make(action.player % 3 + 1, action.kind, **params))
            after = apply(state, action)
            legal = set(legal_actions(after)) if after.end is None else set()  # the edit is replayed after the action
            illegal = [o for o in options if o not in legal]
            if illegal:
                wrong = rng.choice(illegal)
                result = replay_record(record_from_log(state, [action, wrong]))
                assert result.problems and result.problems[0].line == 3, wrong
                assert cite(result.problems[0].clause).file, (wrong, result.problems[0].reason)
                edited += 1
        state = apply(state, action)
    assert edited > 40


def test_unknown_words_are_bad_input_not_rule_refusals(records: dict[tuple[int, int], Record]) -> None:
    record = records[(1, 2)]
    index = first(record, Decision, "move")
    move = record.actions[index]
    assert isinstance(move, Decision)
    cases = [
        (Decision.make(move.player, "teleport", to="01"), "unknown action 'teleport'"),
        (
            Decision.make(move.player, "move", to=move.text("to"), pay=move.cards(), speed="fast"),
            "unknown field 'speed'",
        ),
        (Outcome("coin-toss", "heads"), "unknown chance node 'coin-toss'"),
    ]
    for action, message in cases:
        actions = (*record.actions[:index], action)
        with pytest.raises(BadInputError, match=message) as caught:
            replay_record(replace(record, actions=actions, numbers=(), texts=(), source="g.jsonl"))
        assert caught.value.where == f"g.jsonl:{index + 2}"


# -- lenient replay and invariants ---------------------------------------------------------------


def test_lenient_replay_reports_every_problem_and_goes_on(records: dict[tuple[int, int], Record]) -> None:
    record = records[(1, 2)]
    i = first(record, Decision, "move")
    j = first(record, Outcome, "noise-roll")
    actions = list(record.actions)
    (first_at, first_bad), (then_at, then_bad) = sorted(
        [(i, Decision.make(1, "move", to="99")), (j, Outcome("noise-roll", "9"))], key=lambda pair: pair[0]
    )
    actions.insert(then_at, then_bad)
    actions.insert(first_at, first_bad)
    result = replay_record(replace(record, actions=tuple(actions)), lenient=True)
    assert [p.line for p in result.problems] == [first_at + 2, then_at + 3]
    assert result.steps == len(record.actions)
    assert result.final_state == replay_record(record).final_state
    strict = replay_record(replace(record, actions=tuple(actions)))
    assert [p.line for p in strict.problems] == [first_at + 2] and strict.steps == first_at


def test_state_and_step_invariants_are_checked_after_every_step(records: dict[tuple[int, int], Record]) -> None:
    record = records[(1, 2)]
    calls = {"state": 0, "step": 0}

    def rounds_never_go_back(before: GameState, action: Action, after: GameState) -> str | None:
        calls["step"] += 1
        return None if after.round >= before.round else f"round went from {before.round} to {after.round}"

    def at_most_one_intruder(state: GameState) -> str | None:
        calls["state"] += 1
        return f"{len(state.intruders)} intruders" if len(state.intruders) > 1 else None

    result = replay_record(record, invariants=[rounds_never_go_back, at_most_one_intruder])
    assert len(result.problems) == 1
    problem = result.problems[0]
    assert problem.kind == "invariant" and problem.clause == "at_most_one_intruder"
    assert problem.reason == "2 intruders" and len(problem.state.intruders) == 2
    assert calls["step"] == result.steps and calls["state"] == result.steps + 1
    lenient = replay_record(record, invariants=[at_most_one_intruder], lenient=True)
    assert len(lenient.problems) > 1 and lenient.steps == len(record.actions)


def test_an_invariant_needs_one_or_three_arguments() -> None:
    with pytest.raises(BadInputError, match="must take"):
        UserInvariant.of(lambda a, b: None)


def test_an_invariant_that_raises_is_bad_input(records: dict[tuple[int, int], Record]) -> None:
    def broken(state: GameState) -> str | None:
        raise ZeroDivisionError("oops")

    with pytest.raises(PluginError, match="plug-in 'broken' failed: it raised ZeroDivisionError: oops"):
        replay_record(records[(1, 2)], invariants=[broken])


def test_problems_carry_the_state_they_were_played_in(records: dict[tuple[int, int], Record]) -> None:
    record = records[(1, 2)]
    index = first(record, Decision, "move")
    player = record.actions[index].player  # type: ignore[union-attr]
    actions = (*record.actions[:index], Decision.make(player, "move", to="99"))
    problem = replay_record(replace(record, actions=actions, numbers=(), texts=())).problems[0]
    message = problem.message("g.jsonl")
    first_line, line, rule, state = message.splitlines()
    assert first_line.startswith(f"g.jsonl:{index + 2}: illegal action 'player {player} move to=99' (")
    assert line == f'  line {index + 2}: {{"player": {player}, "action": "move", "to": "99"}}'
    assert rule.startswith("  rule: base.") and "(" in rule
    round_ = problem.state.round
    assert state.startswith(f"  state: round {round_}, player phase, player {player} to decide (Turn); characters: 1 ")
    data = problem.to_json()
    assert data["line"] == index + 2 and data["state"]["acting"] == player and data["citation"]["file"]
