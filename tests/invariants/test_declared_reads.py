"""Every invariant's declaration of what it reads is true: the checker skips an invariant on a
transition that changes nothing it declares (``reads``: GameState fields; ``character_reads``:
Character fields), so a field missing from a declaration would let a violation through
unreported. Each predicate (and each tracker, which the checker calls instead) is run over
the transitions of seeded games of both rulesets on copies of the states whose classes record
every field looked up; what it touched must be declared.

State invariants are held to both levels. A step invariant's ``reads`` is a claim about which
changes can break it (it may look at other fields to tell, e.g. the pending procedure), so it is
held to its ``character_reads`` alone.
"""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any

import pytest

from nemesis_rules.invariants import catalogue
from nemesis_rules.invariants.checker import changed_fields
from nemesis_rules.invariants.core import Invariant
from nemesis_rules.invariants.fields import IDENTITY
from nemesis_rules.model.core.engine import step
from nemesis_rules.model.core.state import Character, GameState
from nemesis_rules.model.game import start
from nemesis_rules.players.strategies import DEFAULT_PLAYER, PLAYERS

GAMES = (("base", 1, 2), ("base", 3, 4), ("void-seeders", 1, 3), ("void-seeders", 4, 5))
"""(ruleset, seed, players) of the games whose transitions are looked at."""
STATIC = frozenset({"config"})
"""State fields no transition changes (a game's config): reading them needs no declaration."""
EVERY = 3
"""After setup, one transition in this many is looked at (setup, where characters are drafted
and named, is looked at whole)."""

_STATE_NAMES = frozenset(f.name for f in fields(GameState))
_CHARACTER_NAMES = frozenset(f.name for f in fields(Character))
_touched_state: set[str] = set()
_touched_character: set[str] = set()
Transitions = list[tuple[GameState, Any, GameState, tuple[str, ...]]]


class _RecordingState(GameState):
    """A GameState that notes each of its fields looked up."""

    __slots__ = ()

    def __getattribute__(self, name: str) -> Any:
        if name in _STATE_NAMES:
            _touched_state.add(name)
        return object.__getattribute__(self, name)


class _RecordingCharacter(Character):
    """A Character that notes each of its fields looked up."""

    __slots__ = ()

    def __getattribute__(self, name: str) -> Any:
        if name in _CHARACTER_NAMES:
            _touched_character.add(name)
        return object.__getattribute__(self, name)


def _copy(obj: Any, cls: type, names: frozenset[str], **changes: Any) -> Any:
    new: Any = object.__new__(cls)
    for name in names:
        object.__setattr__(new, name, changes[name] if name in changes else getattr(obj, name))
    return new


def _recording(state: GameState, memo: dict[int, Any]) -> GameState:
    """``state`` as a recording copy; characters (and tuples of them) shared by two states stay
    shared between their copies (``memo``), so an incremental check sees what it would see."""
    characters = memo.get(id(state.characters))
    if characters is None:
        characters = memo[id(state.characters)] = tuple(
            memo.setdefault(id(c), _copy(c, _RecordingCharacter, _CHARACTER_NAMES)) for c in state.characters
        )
    copy: GameState = _copy(state, _RecordingState, _STATE_NAMES, characters=characters)
    return copy


def _run(
    inv: Invariant, before: GameState, action: Any, after: GameState, fired: tuple[str, ...], changed: int
) -> None:
    """Call everything the checker may call for ``inv`` on this transition (``changed``: the
    mask of the fields it changed)."""
    if inv.kind == "step":
        inv.check_step(before, action, after, fired)
        return
    inv.check_state(after)
    if inv.tracker is not None:
        tracker: Any = inv.tracker()
        tracker.full(before)
        if getattr(tracker, "takes_changed", False):
            tracker.step(before, after, changed)
        else:
            tracker.step(before, after)


def _touched(inv: Invariant, transitions: Transitions) -> tuple[set[str], set[str]]:
    """The state fields and the character fields ``inv`` touched over ``transitions``."""
    state: set[str] = set()
    character: set[str] = set()
    for before, action, after, fired in transitions:
        memo: dict[int, Any] = {}
        b, a = _recording(before, memo), _recording(after, memo)
        changed = changed_fields(b, a)
        _touched_state.clear()
        _touched_character.clear()
        try:
            _run(inv, b, action, a, fired, changed)
        finally:
            state |= _touched_state
            character |= _touched_character
    return state, character


@pytest.fixture(scope="module")
def transitions() -> dict[str, Transitions]:
    """The transitions looked at, by ruleset."""
    choose = PLAYERS[DEFAULT_PLAYER]
    out: dict[str, Transitions] = {}
    for ruleset, seed, players in GAMES:
        rng = random.Random(seed)
        state = start(ruleset, players)
        n = 0
        while state.end is None:
            action = choose(state, rng)
            transition = step(state, action)
            if state.phase == "setup" or n % EVERY == 0 or transition.state.end is not None:
                out.setdefault(ruleset, []).append((state, action, transition.state, transition.fired))
            state = transition.state
            n += 1
    return out


DECLARING = [i for i in catalogue() if i.reads is not None or i.character_reads is not None]


@pytest.mark.parametrize("inv", DECLARING, ids=lambda i: i.id)
def test_an_invariant_reads_only_what_it_declares(inv: Invariant, transitions: dict[str, Transitions]) -> None:
    chosen = [t for ruleset, ts in transitions.items() if inv.applies_to(ruleset) for t in ts]
    state, character = _touched(inv, chosen)
    if inv.kind == "state":
        assert inv.reads is not None
        assert state - STATIC <= inv.reads, f"reads undeclared state fields {sorted(state - STATIC - inv.reads)}"
    if inv.character_reads is not None:
        assert inv.reads is not None and "characters" in inv.reads
        undeclared = character - inv.character_reads - {IDENTITY}
        assert not undeclared, f"reads undeclared character fields {sorted(undeclared)}"


def test_the_recording_copies_see_each_field_a_predicate_reads(
    transitions: dict[str, Transitions],
) -> None:
    """The proof above is only as good as its recording: an invariant declaring one field too
    few is caught (here the wound check, declared without the dressed wounds it compares)."""
    wounds = next(i for i in catalogue() if i.id == "characters.wounds")
    assert wounds.character_reads is not None
    state, character = _touched(wounds, transitions["base"])
    assert {"light_wounds", "serious_wounds", "dressed"} <= character
    assert "characters" in state
    short = wounds.character_reads - {"dressed"}
    assert character - short - {IDENTITY}
