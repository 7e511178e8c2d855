"""The engine's one-call pop, its check skipped for an action just handed out and the frames'
fast ``__init__`` give what the plain code gives, on states of real games: ``popped(state)`` is
``dataclasses.replace`` of the stack without its top, ``step`` on the very object
``legal_actions`` handed out is ``step`` on an equal action built anew (which ``check`` looks up
the plain way), and a frame built by :func:`.fast.frozen_init` is the frame the dataclass's own
``__init__`` builds."""

from __future__ import annotations

import inspect
from dataclasses import MISSING, FrozenInstanceError, fields, replace

import pytest

from nemesis_rules.model.core.actions import Action, Decision, Outcome
from nemesis_rules.model.core.engine import Transition, legal_actions, step
from nemesis_rules.model.core.frames import PLAIN_INITS
from nemesis_rules.model.core.state import GameState, popped
from nemesis_rules.model.game import start
from nemesis_rules.players.play import play_game


def _played(seed: int, ruleset: str) -> list[tuple[GameState, Action]]:
    """Every (state, action) of one seeded game."""
    seen: list[tuple[GameState, Action]] = []

    def note(state: GameState, action: Action, transition: Transition) -> None:
        seen.append((state, action))

    play_game(seed, 2 + seed % 3, ruleset, on_step=note)
    return seen


@pytest.fixture(scope="module")
def played() -> list[tuple[GameState, Action]]:
    return [pair for ruleset in ("base", "void-seeders") for seed in (3, 8) for pair in _played(seed, ruleset)]


def test_popped_is_replace_without_the_top_frame(played: list[tuple[GameState, Action]]) -> None:
    for state, _ in played[::7]:
        new = popped(state)
        assert type(new) is GameState
        assert new == replace(state, pending=state.pending[:-1]) == state.pop()
        assert all((getattr(new, f.name) is getattr(state, f.name)) != (f.name == "pending") for f in fields(state))
        with pytest.raises(FrozenInstanceError):
            new.round = 0  # type: ignore[misc]


def _anew(action: Action) -> Action:
    """An equal action that is not the object handed out."""
    if isinstance(action, Decision):
        return Decision(action.player, action.kind, action.params)
    return Outcome(action.chance, action.outcome)


def test_stepping_the_object_handed_out_is_stepping_an_equal_one(played: list[tuple[GameState, Action]]) -> None:
    other = start("base", 2)
    for state, action in played[::5]:
        listed = legal_actions(state)
        handed = next(a for a in listed if a == action)
        fast = step(state, handed)
        legal_actions(other)  # forget the listing: ``check`` looks the action up the plain way
        plain = step(state, _anew(action))
        assert fast.state == plain.state
        assert fast.fired == plain.fired and fast.gaps == plain.gaps


def test_every_fast_frame_init_has_the_dataclass_signature() -> None:
    assert len(PLAIN_INITS) > 100  # every frame the rules define, as their modules are imported
    for cls, plain in PLAIN_INITS.items():
        assert inspect.signature(cls.__init__) == inspect.signature(plain), cls  # type: ignore[misc]
        for f in fields(cls):
            if f.default is not MISSING:
                assert inspect.signature(cls.__init__).parameters[f.name].default is f.default  # type: ignore[misc]


def test_frames_built_fast_are_the_frames_the_dataclass_builds(played: list[tuple[GameState, Action]]) -> None:
    checked: set[type] = set()
    for state, _ in played:
        for frame in state.pending:
            cls = type(frame)
            if cls not in PLAIN_INITS:
                continue
            values = [getattr(frame, f.name) for f in fields(frame)]
            plain = object.__new__(cls)
            PLAIN_INITS[cls](plain, *values)
            for built in (cls(*values), cls(**{f.name: v for f, v in zip(fields(frame), values, strict=True)})):
                assert type(built) is cls and built == plain == frame and hash(built) == hash(plain)
                assert all(getattr(built, f.name) is getattr(plain, f.name) for f in fields(frame))
                if values:
                    with pytest.raises(FrozenInstanceError):
                        setattr(built, fields(frame)[0].name, 0)
            checked.add(cls)
    assert len(checked) > 20
