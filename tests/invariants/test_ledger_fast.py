"""The checker's speed tricks held to their plain versions on the transitions of seeded games:
the card ledger's difference of the pending stack, the generated difference of the characters'
card-holding fields (also on tampered transitions, where it is not empty), and the step
invariants declared ``only_after`` one kind of action (they find nothing after the other kind)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

import pytest

from nemesis_rules.invariants import Checker, catalogue
from nemesis_rules.invariants.card_ledger import CARDS, _pending_delta, _pending_delta_plain
from nemesis_rules.invariants.core import Invariant
from nemesis_rules.invariants.effects import EFFECTS
from nemesis_rules.invariants.ledger import Counts
from nemesis_rules.invariants.ledgers import SETUP_PIECES
from nemesis_rules.invariants.places import PLAIN_DIFFERS
from nemesis_rules.model.core.actions import Action, Decision
from nemesis_rules.model.core.engine import Transition
from nemesis_rules.model.core.state import GameState
from nemesis_rules.players.play import play_game
from nemesis_rules.testing import after_setup, decision, outcome

Step = tuple[GameState, Action, GameState, tuple[str, ...]]


def _steps(ruleset: str, seed: int, players: int) -> list[Step]:
    out: list[Step] = []

    def record(state: GameState, action: Action, transition: Transition) -> None:
        out.append((state, action, transition.state, transition.fired))

    play_game(seed, players, ruleset, on_step=record)
    return out


GAMES = [(ruleset, seed, 2 + seed % 3) for ruleset in ("base", "void-seeders") for seed in range(3)]


@pytest.fixture(scope="module")
def steps() -> list[Step]:
    return [s for game in GAMES for s in _steps(*game)]


def _nonzero(counts: Counts) -> Counts:
    return {k: n for k, n in counts.items() if n}


def test_the_pending_difference_is_its_plain_version(steps: list[Step]) -> None:
    holding = 0
    for before, _, after, _ in steps:
        fast: Counts = {}
        plain: Counts = {}
        _pending_delta(before, after, before.pending, after.pending, fast)
        _pending_delta_plain(before, after, before.pending, after.pending, plain)
        assert fast == plain
        holding += bool(plain)
    assert holding, "no transition moved a card into or out of the pending stack"


def _tampered(state: GameState) -> Iterator[GameState]:
    """``state`` with one character's card-holding field changed wrongly (cards from nowhere)."""
    for c in state.characters:
        if c.hand:
            yield state.with_character(c.evolve(hand=c.hand.add(c.hand.distinct()[0])))
        if c.deck:
            yield state.with_character(c.evolve(deck=c.deck.remove(c.deck.distinct()[0]), hands=(*c.hands, "x")))
        if c.objectives:
            yield state.with_character(c.evolve(objectives=c.objectives[1:]))
        return


@pytest.mark.parametrize("ledger", [CARDS, SETUP_PIECES], ids=["cards", "setup-pieces"])
def test_the_generated_character_difference_is_its_plain_version(steps: list[Step], ledger: object) -> None:
    source = next(s for s in ledger.sources if s.field == "characters")  # type: ignore[attr-defined]
    fast_differ, plain_differ = source.differ, PLAIN_DIFFERS[source.differ]
    moved = 0
    for before, _, after, _ in steps:
        for target in (after, *_tampered(after)):
            fast: Counts = {}
            plain: Counts = {}
            fast_differ(before, target, before.characters, target.characters, fast)
            plain_differ(before, target, before.characters, target.characters, plain)
            assert _nonzero(fast) == _nonzero(plain)
            moved += bool(_nonzero(plain))
    assert moved, "no transition changed what the characters hold"


def test_no_chance_effect_is_a_decision_family_s_and_no_decision_effect_the_chance_family_s() -> None:
    """What makes the effect families' ``only_after`` honest: each dispatches only the words
    filed under its own id, all of one kind."""
    only = {i.id: i.only_after for i in catalogue() if i.only_after is not None}
    for (kind, _), effect in EFFECTS.items():
        if effect.invariant in only:
            assert only[effect.invariant] == ("decision" if kind == "decision" else "outcome"), effect.invariant


def test_invariants_only_after_one_kind_find_nothing_after_the_other(steps: list[Step]) -> None:
    flagged = [i for i in catalogue() if i.only_after is not None]
    assert {i.id for i in flagged} >= {"effects.decisions", "effects.chance", "effects.room-actions"}
    for before, action, after, fired in steps:
        kind = "decision" if isinstance(action, Decision) else "outcome"
        for inv in flagged:
            if inv.only_after != kind:
                assert inv.check_step(before, action, after, fired) is None, inv.id


def test_the_checker_skips_an_invariant_only_after_one_kind_after_the_other() -> None:
    state = after_setup(2)
    changed = state.evolve(round=state.round + 1)
    cases: list[tuple[Literal["decision", "outcome"], Action, Action]] = [
        ("decision", decision(1, "pass"), outcome("noise-roll", "3")),
        ("outcome", outcome("noise-roll", "3"), decision(1, "pass")),
    ]
    for only_after, asked, skipped in cases:
        always = Invariant("test.always", "Never holds.", "", "step", _always_broken, only_after=only_after)
        checker = Checker("base", [always])
        assert checker.after(state, skipped, changed) == []
        assert [v.invariant for v in checker.after(state, asked, changed)] == ["test.always"]


def _always_broken(before: GameState, action: Action, after: GameState) -> str | None:
    return f"broken by {action}"
