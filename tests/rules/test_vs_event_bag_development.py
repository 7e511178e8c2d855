"""Known-answer test that the Void Seeders Event Phase's bag development draws one token, named after its
clause id. It plays from the plain setup of test_vs_bag.py; test_vs_event.py plays from another `game`."""

from __future__ import annotations

from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.rules.void_seeders.bag import BagDevelopmentStep
from nemesis_rules.testing import after_setup, with_frames


def game(rulings: dict[str, str] | None = None) -> GameState:
    return after_setup(2, 0, ruleset="void-seeders", rulings=rulings)


def chance(state: GameState) -> str:
    return str(getattr(state.pending[-1], "chance", ""))


def test_vs_event_bag_development_draws_one_token() -> None:
    state = with_frames(game(), BagDevelopmentStep())
    assert chance(state) == "intruder-token"
    assert dict(state.pending[-1].outcomes(state)) == dict(state.bag.items())  # type: ignore[attr-defined]
