"""Effects as step invariants: what each action and chance outcome does, checked over (before,
action, after) independently of the rule code (design.md, principle 6; issue #19).

Every decision word and chance name of the engine's vocabulary has an entry in :data:`EFFECTS`:
the check of its stated effect (a Search lowers the room's item counter by one, a Shoot spends one
Ammo, a drawn card leaves its deck, ...), written from the rule texts, never by asking the rule
code. Consequences that follow from the state (a track step, an ending) are checked from the
state. A word whose rule states no effect on the state beyond resolving the decision (``keep-roll``,
``doors-done``) is checked for that: the decision it answers is no longer open. The family modules
(:mod:`.effects_basic`, :mod:`.effects_chance`, :mod:`.effects_rooms`, :mod:`.effects_vs`) fill the
table and register one step invariant each; ``tests/invariants/test_effects.py`` fails when a word
of the vocabulary has no entry.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from nemesis_rules.model.core.actions import Action, Decision, Outcome
from nemesis_rules.model.core.state import Deck, GameState
from nemesis_rules.model.rules.interruption import InterruptionChoice, PayOnly, PerformAction

EffectCheck = Callable[[GameState, Action, GameState], "str | None"]


@dataclass(frozen=True, slots=True)
class Effect:
    """The stated effect of one decision word or chance name, and its check."""

    word: str
    kind: str  # "decision" or "chance"
    statement: str
    clause: str
    check: EffectCheck
    invariant: str
    """The id of the step invariant that runs the check."""


EFFECTS: dict[tuple[str, str], Effect] = {}
"""(kind, word) → its effect; filled by the family modules as they are read."""


def effect(kind: str, word: str, statement: str, clause: str, invariant: str) -> Callable[[EffectCheck], EffectCheck]:
    """File the decorated check as the effect of ``word`` (``kind``: decision or chance)."""

    def wrap(fn: EffectCheck) -> EffectCheck:
        key = (kind, word)
        if key in EFFECTS:
            raise ValueError(f"the effect of {kind} {word!r} is filed twice")
        EFFECTS[key] = Effect(word, kind, statement, clause, fn, invariant)
        return fn

    return wrap


def dispatch(invariant: str) -> Callable[[GameState, Action, GameState], str | None]:
    """The step predicate of one family's invariant: the check of the action's word, when this
    family files it."""

    def predicate(before: GameState, action: Action, after: GameState) -> str | None:
        key = ("decision", action.kind) if isinstance(action, Decision) else ("chance", action.chance)
        found = EFFECTS.get(key)
        if found is None or found.invariant != invariant or deferred(after):
            return None  # another family's word (asked first: the frames are scanned only for ours)
        return found.check(before, action, after)

    return predicate


# -- helpers the families share ----------------------------------------------------------------

DEFERRING = (InterruptionChoice, PerformAction, PayOnly)


def deferred(after: GameState) -> bool:
    """Whether an action waits on an Interruption window (its effect, and its payment, come
    once every other player in the room has declined to interrupt, or not at all). The answer
    for the last stack asked is kept: a decision's family asks it twice (for the payment and
    for the word's effect)."""
    pending = after.pending
    last = _LAST_DEFERRED
    if last[0] is pending:
        known: bool = last[1]
        return known
    found = holds(pending, DEFERRING)
    last[0], last[1] = pending, found
    return found


_LAST_DEFERRED: list[Any] = [None, False]
"""The last pending stack :func:`deferred` was asked about (held, so never another's id) and its answer."""


def holds(frames: tuple[object, ...], classes: tuple[type, ...]) -> bool:
    """Whether some frame of ``frames`` is an instance of ``classes``: the plain
    ``any(isinstance(frame, classes) for frame in frames)``. Every step asks it of the pending
    stack, so it asks each frame class met once whether it is one of ``classes``, and then
    answers with set operations over the frames' classes, in C (tests/invariants/test_effects_fast.py)."""
    kinds = set(map(type, frames))
    known = _KINDS.get(classes)
    if known is None:
        known = _KINDS[classes] = (set(), set())
    met, hits = known
    if not kinds <= met:
        for kind in kinds - met:
            if issubclass(kind, classes):
                hits.add(kind)
        met |= kinds
    return not hits.isdisjoint(kinds)


_KINDS: dict[tuple[type, ...], tuple[set[type], set[type]]] = {}
"""For each ``classes`` asked of :func:`holds`: the frame classes met, and those of them that are
subclasses of ``classes``."""


def pile(deck: Deck, card: str) -> int:
    """Copies of ``card`` in a deck's draw pile (unknown, known on top, known at the bottom)."""
    return deck.unknown.count(card) + deck.top.count(card) + deck.bottom.count(card)


def deck_of(state: GameState, name: str) -> Deck | None:
    for key, deck in state.decks:
        if key == name:
            return deck
    return None


def drawn_from(before: GameState, after: GameState, name: str, card: str, what: str) -> str | None:
    """A card drawn from deck ``name`` leaves its draw pile or is now known on top (a look, not a
    draw). Unless the pile did not shrink at all (the discard pile reshuffled into it, or a card
    whose effect shuffles it back): then the draw pile lost the drawn card, not another."""
    old, new = deck_of(before, name), deck_of(after, name)
    if old is None or new is None:
        return None
    if new.size >= old.size:
        return None  # reshuffled, or shuffled back by the card's own effect: the pile did not shrink
    if pile(new, card) < pile(old, card) or (new.top[:1] == (card,) and old.top[:1] != (card,)):
        return None
    return f"{what} {card!r} was drawn from the {name} deck but is still in its draw pile"


def resolved(before: GameState, action: Action, after: GameState) -> str | None:
    """The decision (or outcome) answered the frame that asked for it: that frame is no longer
    the open one, unchanged (a rule that states no other effect)."""
    if after.end is not None or not before.pending:
        return None
    if after.pending and after.pending[-1] is before.pending[-1]:
        return f"'{action}' left the frame that asked for it open and unchanged"
    return None


def in_play(state: GameState, player: int) -> bool:
    return state.end is None and state.character(player).active


def is_outcome(action: Action) -> bool:
    return isinstance(action, Outcome)
