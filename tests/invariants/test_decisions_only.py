"""Step invariants declared ``decisions_only`` are skipped by the checker after a chance
outcome and still catch what they catch after a decision."""

from __future__ import annotations

from nemesis_rules.invariants import Checker, catalogue
from nemesis_rules.invariants.core import Invariant
from nemesis_rules.model.core.actions import Action
from nemesis_rules.model.core.state import GameState
from nemesis_rules.testing import after_setup, decision, outcome


def _always_broken(before: GameState, action: Action, after: GameState) -> str | None:
    return f"broken by {action}"


ALWAYS = Invariant("test.always", "Never holds.", "", "step", _always_broken, decisions_only=True)


def test_a_decisions_only_invariant_is_checked_after_a_decision() -> None:
    state = after_setup(2)
    checker = Checker("base", [ALWAYS])
    changed = state.evolve(round=state.round + 1)
    found = checker.after(state, decision(1, "pass"), changed)
    assert [v.invariant for v in found] == ["test.always"]


def test_a_decisions_only_invariant_is_skipped_after_a_chance_outcome() -> None:
    state = after_setup(2)
    checker = Checker("base", [ALWAYS])
    changed = state.evolve(round=state.round + 1)
    assert checker.after(state, outcome("noise-roll", "3"), changed) == []
    # the plans of the two kinds of action are kept apart: a decision on the same fields still checks it
    assert [v.invariant for v in checker.after(state, decision(1, "pass"), changed)] == ["test.always"]


def test_turns_dead_never_act_still_reports_a_dead_players_decision() -> None:
    state = after_setup(2)
    dead = state.with_character(state.character(1).evolve(status="dead"))
    chosen = [i for i in catalogue() if i.id == "turns.dead-never-act"]
    assert chosen and chosen[0].decisions_only
    checker = Checker("base", chosen)
    found = checker.after(dead, decision(1, "pass"), dead.evolve(round=dead.round + 1))
    assert [v.invariant for v in found] == ["turns.dead-never-act"]


def test_decisions_only_invariants_find_nothing_wrong_with_chance_outcomes() -> None:
    """The declaration is honest: each such predicate, given an outcome, finds nothing, even on
    a transition where the same player deciding would break it."""
    state = after_setup(2)
    dead = state.with_character(state.character(1).evolve(status="dead", passed=True))
    after = dead.evolve(round=dead.round + 1)
    flagged = [i for i in catalogue() if i.decisions_only]
    assert {i.id for i in flagged} >= {"turns.dead-never-act", "turns.passed-no-actions"}
    for inv in flagged:
        assert inv.check_step(dead, outcome("noise-roll", "3"), after) is None, inv.id
        assert inv.check_step(dead, decision(1, "pass"), after) is not None, inv.id
