"""Hypothesis plays the game: every decision and every chance outcome (dice, draws, tiles) is
Hypothesis's choice, adversarial rather than weighted, and every catalogued invariant is checked
after every step. Quick under the "ci" settings profile; HYPOTHESIS_PROFILE=long for campaigns.

A failure reports itself (issue #19): under the quick profile the machine stops at the first
failure it finds, without spending the budget on shrinking (``phases`` without ``shrink``; the
long profile shrinks); the game that failed is saved as a record (JSON Lines, the format
``replay`` reads) in ``$NEMESIS_HYPOTHESIS_OUT`` (default ``hypothesis-failures/``), and the failure
message ends with the ``nemesis-rules replay`` command that shows the violation again."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import invariant

from nemesis_rules.invariants import violations
from nemesis_rules.invariants.named import replay_spec
from nemesis_rules.model.core.actions import Action
from nemesis_rules.model.core.engine import IllegalActionError, check, legal_actions
from nemesis_rules.model.core.state import GameState
from nemesis_rules.record import RecordHeader, write_record
from nemesis_rules.testing import NemesisGame

OUT = Path(os.environ.get("NEMESIS_HYPOTHESIS_OUT", "hypothesis-failures"))
"""Where a failing game is saved as a record."""
QUICK = os.environ.get("HYPOTHESIS_PROFILE", "ci") != "long"
"""The quick profile (conftest.py chooses it by HYPOTHESIS_PROFILE) stops at the first failure."""

KNOWN_FINDINGS: tuple[str, ...] = ()
"""Invariants the engine still breaks (tests/invariants/test_findings.py pins each one)."""


class Game(NemesisGame):
    """The package's machine, with the known engine findings set aside and one property of the
    engine's own: everything it lists as legal, ``check`` accepts. It keeps the game it plays, so
    that a failure can be saved as a record."""

    def __init__(self) -> None:
        super().__init__()
        self.first: GameState | None = None
        self.taken: list[Action] = []
        self._game: object = None

    def _apply(self, action: Action) -> None:
        if self.checker is not self._game:  # a new game started (each has its own checker)
            self._game, self.first, self.taken = self.checker, self.state, []
        self.taken.append(action)
        super()._apply(action)
        for known in KNOWN_FINDINGS:
            self.found.pop(known, None)

    @invariant()
    def catalogued_invariants_hold(self) -> None:
        """Every catalogued invariant of the ruleset holds after the last step; if not, the game
        is saved and the message says how to replay it."""
        if self.found:
            raise AssertionError(
                "; ".join(f"{k}: {v}" for k, v in sorted(self.found.items())) + self.saved(sorted(self.found))
            )

    def saved(self, invariant_ids: list[str]) -> str:
        """Save the game so far as a record; the replay command, as text to append to a message."""
        if self.first is None:
            return ""
        OUT.mkdir(parents=True, exist_ok=True)
        config = self.first.config
        path = OUT / f"hypothesis-{config.ruleset.name}-{config.players}p-{len(self.taken)}-steps.jsonl"
        write_record(path, RecordHeader.for_config(config), self.taken)
        checks = " ".join(f"--invariant {replay_spec(i)}" for i in invariant_ids if not i.startswith("user:"))
        return f"\n  saved: {path}\n  replay: nemesis-rules replay {path} {checks}".rstrip()

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
if QUICK:
    # stop at the first failure: no shrinking phase, one bug reported (the long profile shrinks)
    TestGame.settings = settings(
        settings(), phases=(Phase.explicit, Phase.reuse, Phase.generate), report_multiple_bugs=False
    )


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
