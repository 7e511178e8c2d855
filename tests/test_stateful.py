"""Hypothesis plays the game: every decision and every chance outcome (dice, draws, tiles) is
Hypothesis's choice, adversarial rather than weighted, and every catalogued invariant is checked
after every step. Quick under the "ci" settings profile; HYPOTHESIS_PROFILE=long for campaigns."""

from __future__ import annotations

from hypothesis import strategies as st
from hypothesis.stateful import invariant

from nemesis_rules.invariants import violations
from nemesis_rules.model.core.actions import Action
from nemesis_rules.model.core.engine import IllegalActionError, check, legal_actions
from nemesis_rules.model.core.state import GameState
from nemesis_rules.testing import NemesisGame

KNOWN_FINDINGS: tuple[str, ...] = ()
"""Invariants the engine still breaks (tests/invariants/test_findings.py pins each one)."""


class Game(NemesisGame):
    """The package's machine, with the known engine findings set aside and one property of the
    engine's own: everything it lists as legal, ``check`` accepts."""

    def _apply(self, action: Action) -> None:
        super()._apply(action)
        for known in KNOWN_FINDINGS:
            self.found.pop(known, None)

    @invariant()
    def listed_actions_pass_check(self) -> None:
        if self.state is None or self.state.end is not None:
            return
        for action in legal_actions(self.state):
            try:
                check(self.state, action)
            except IllegalActionError as exc:
                raise AssertionError(f"legal_actions lists {action} but check refuses it: {exc}") from None


TestGame = Game.TestCase


def test_states_strategy_reaches_checked_states() -> None:
    """The public ``states`` strategy gives reachable states the catalogue accepts."""
    from hypothesis import given, settings

    from nemesis_rules.testing import states

    @settings(max_examples=3)
    @given(states(players=st.just(2), max_steps=150))
    def reachable(state: GameState) -> None:
        found = {v.invariant for v in violations(state)} - set(KNOWN_FINDINGS)
        assert not found, found

    reachable()


def test_choice_sequences_replay_to_the_same_game() -> None:
    """A choice sequence is a game: playing it twice gives the same state, and the actions it
    took replay through ``step`` one by one."""
    from hypothesis import given, settings

    from nemesis_rules.model.core.engine import step
    from nemesis_rules.model.game import start
    from nemesis_rules.testing import choices, play_choices

    @settings(max_examples=5)
    @given(choices(max_size=150))
    def replays(sequence: list[int]) -> None:
        first, taken = play_choices(start("base", 2), sequence)
        again, _ = play_choices(start("base", 2), sequence)
        assert first == again
        state = start("base", 2)
        for action in taken:
            state = step(state, action).state
        assert state == first
        found = {v.invariant for v in violations(first)} - set(KNOWN_FINDINGS)
        assert not found, found

    replays()
