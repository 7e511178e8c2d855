"""Ledgers: counting components over the places of a state, in full or by difference.

A :class:`Ledger` lists the *sources* of one kind of component (a state field and how to count
what it holds) and the *box* (what exists in all). Its full check counts every source and
compares with the box: during setup no category may hold more than the box; once setup is
over every component is somewhere, exactly once.

A :class:`LedgerTracker` gives the same verdict after each transition without recounting: it
keeps the counts of the state it checked last and, for the next state, recounts only the
sources whose objects changed (states share unchanged parts by reference), and compares only
the counts that moved. Setup's changes of the box itself (a Character chosen) and the end of
setup fall back to the full check.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from nemesis_rules.invariants.core import Tracker, state_invariant
from nemesis_rules.invariants.fields import CHARACTERS, STATE_FIELDS, field_mask
from nemesis_rules.model.core.multiset import Multiset
from nemesis_rules.model.core.state import GameState

STATE_BITS = (1 << len(STATE_FIELDS)) - 1
"""The bits of the state-level fields in a mask of changed fields (the character-level bits follow)."""

Key = tuple[str, str]
"""(category, component key), e.g. ("deck:event", "damaging-fire-1")."""
Counts = dict[Key, int]


def tally(acc: Counts, category: str, items: Multiset | Iterable[str], sign: int = 1) -> None:
    """Add (``sign`` 1) or take away (-1) ``items`` under ``category``."""
    if isinstance(items, Multiset):
        for key, n in items.items():
            k = (category, key)
            acc[k] = acc.get(k, 0) + sign * n
    else:
        for key in items:
            k = (category, key)
            acc[k] = acc.get(k, 0) + sign


def multiset_delta(old: Multiset, new: Multiset) -> dict[str, int]:
    """The count changes from ``old`` to ``new`` (new minus old), keys that moved only. Most
    transitions move one or two cards of a large deck or hand: comparing the two sets of
    ``(key, count)`` pairs finds them without walking the unchanged keys in Python."""
    a, b = old.items(), new.items()
    if a == b:
        return {}
    before = set(a)
    out: dict[str, int] = {}
    for pair in before.symmetric_difference(b):  # the pairs of one side only: a pair of ``a`` left
        key, n = pair
        out[key] = out.get(key, 0) + (-n if pair in before else n)
    return out


def tally_delta(acc: Counts, category: str, old: Multiset, new: Multiset) -> None:
    """Add the change from ``old`` to ``new`` under ``category``."""
    for key, n in multiset_delta(old, new).items():
        k = (category, key)
        acc[k] = acc.get(k, 0) + n


def never_changes(before: GameState, after: GameState) -> bool:
    """The ``box_changed`` of a ledger whose box is fixed by the config (the tracker then does
    not ask)."""
    return False


Counter = Callable[[GameState, Any, Counts, int], None]
"""Counts what a field's value holds into the counts, with a sign."""
Differ = Callable[[GameState, GameState, Any, Any, Counts], None]
"""Counts the difference between a field's value before and after (after minus before)."""


@dataclass(frozen=True, slots=True)
class Source:
    """One state field that holds components of the ledger's kind. ``differ`` (optional) finds
    what changed inside a field more cheaply than recounting it twice."""

    field: str
    count: Counter
    differ: Differ | None = None
    character_reads: frozenset[str] = frozenset()
    """The :class:`Character` fields counting (or differencing) reads: of the characters the
    source holds, or of ``state.characters`` when another field's count depends on them (an
    out-of-the-game quest item counts with its owner's, found by the characters' names)."""

    def delta(self, before: GameState, after: GameState, old: Any, new: Any, acc: Counts) -> None:
        if self.differ is not None:
            self.differ(before, after, old, new, acc)
        else:
            self.count(before, old, acc, -1)
            self.count(after, new, acc, 1)


@dataclass(frozen=True, slots=True)
class Ledger:
    """One kind of component: where it can be (``sources``), what the box holds (``box``), and
    when the box itself may have changed between two states (``box_changed``)."""

    sources: tuple[Source, ...]
    box: Callable[[GameState], Counts]
    box_changed: Callable[[GameState, GameState], bool]
    exact: bool = True
    """False for a supply: what is in play may not exceed the box, and the rest is simply not
    in play (markers and miniatures wait beside the board without being tracked)."""
    box_character_reads: frozenset[str] = frozenset()
    """The :class:`Character` fields ``box`` reads (the cards of the characters drafted)."""

    @property
    def character_reads(self) -> frozenset[str]:
        """The :class:`Character` fields the ledger's verdict depends on."""
        return self.box_character_reads.union(*(s.character_reads for s in self.sources))

    @property
    def fields(self) -> tuple[str, ...]:
        """The state fields the ledger's verdict depends on."""
        reads_characters = {"characters"} if self.character_reads else set()
        return tuple(sorted({s.field for s in self.sources} | {"phase"} | reads_characters))

    def complete(self, state: GameState) -> bool:
        """Whether every component must be in some place now (an exact ledger after setup)."""
        return self.exact and laid_out(state)

    def count(self, state: GameState) -> Counts:
        acc: Counts = {}
        for source in self.sources:
            source.count(state, getattr(state, source.field), acc, 1)
        return acc

    def check(self, state: GameState) -> str | None:
        """The full check of one state."""
        return compare(self.count(state), self.box(state), None, laid_out=self.complete(state))


def laid_out(state: GameState) -> bool:
    """Whether every component has left the box (setup is over)."""
    return state.phase != "setup"


def _show(found: dict[str, list[tuple[str, int]]], what: str) -> list[str]:
    out = []
    for category in sorted(found):
        items = sorted(found[category])
        shown = ", ".join(f"{k} x{n}" if n > 1 else k for k, n in items[:6])
        more = f" and {len(items) - 6} more" if len(items) > 6 else ""
        out.append(f"{category}: {what}: {shown}{more}")
    return out


def compare(counts: Counts, box: Counts, keys: Iterable[Key] | None, *, laid_out: bool) -> str | None:
    """What differs between ``counts`` and ``box`` (over ``keys``, or every key)."""
    if keys is None:
        if not laid_out:  # only a count above the box is wrong, and only a key counted can be above it
            keys = counts
        elif counts.keys() == box.keys() and counts == box:
            return None
        else:
            keys = set(counts) | set(box)
    extra: dict[str, list[tuple[str, int]]] = {}
    missing: dict[str, list[tuple[str, int]]] = {}
    for k in keys:
        have = counts.get(k, 0)
        want = box.get(k, 0)
        if have > want:
            extra.setdefault(k[0], []).append((k[1], have - want))
        elif laid_out and have < want:
            missing.setdefault(k[0], []).append((k[1], want - have))
    found = _show(extra, "more than the box holds") + _show(missing, "missing (in no place)")
    return "; ".join(found) if found else None


class LedgerTracker:
    """The incremental form of a ledger's check (see the module docstring)."""

    __slots__ = (
        "_box",
        "_box_changed",
        "_box_mask",
        "_character_fields",
        "_counts",
        "_fields",
        "_masked",
        "_source_bits",
        "_sources",
        "_state",
        "_to_diff",
        "ledger",
    )

    takes_changed = True
    """:meth:`step` accepts the mask of the fields a transition changed (the checker has it)."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger
        self._state: GameState | None = None
        self._counts: Counts = {}
        self._box: Counts = {}
        fields = tuple(f for f in ledger.fields if f != "characters")  # "phase" and a source: a tuple
        self._fields = attrgetter(*fields) if len(fields) > 1 else attrgetter(fields[0], fields[0])
        """All the state fields the verdict depends on but the characters, read at once (a tuple)."""
        character_fields = ("player", *sorted(ledger.character_reads))
        self._character_fields = attrgetter(*character_fields) if "characters" in ledger.fields else None
        """The character fields the verdict depends on, read at once (None: it reads no character)."""
        self._sources = tuple((attrgetter(s.field), s) for s in ledger.sources)
        self._masked = tuple((_source_mask(s), s.field, s) for s in ledger.sources)
        self._source_bits = 0
        """The bits of the changes any source looks at."""
        for bit, _, _ in self._masked:
            self._source_bits |= bit
        self._to_diff: dict[int, tuple[tuple[str, Differ], ...]] = {}
        """The sources to look at for each mask of changed source fields (a ledger has a few
        sources, so a few masks), each with the function that counts its difference."""
        self._box_changed = None if ledger.box_changed is never_changes else ledger.box_changed
        self._box_mask = field_mask(frozenset({"config", "characters"}), ledger.box_character_reads)
        """The changes after which the box may differ (the config, or a character field the box reads)."""

    def full(self, state: GameState) -> str | None:
        self._state = state
        self._counts = self.ledger.count(state)
        self._box = self.ledger.box(state)
        return compare(self._counts, self._box, None, laid_out=self.ledger.complete(state))

    def step(self, before: GameState, after: GameState, changed: int | None = None) -> str | None:
        """The verdict on ``after``; ``changed``: the mask of the fields the transition changed
        (:func:`~nemesis_rules.invariants.checker.changed_fields`), when the caller knows it. A
        caller passing ``changed`` shows the tracker every transition since the last state it
        showed that changes a field of :attr:`Ledger.fields` (as the checker does)."""
        ledger = self.ledger
        last = self._state
        if last is not before and (last is None or (changed is None and not self._unchanged(last, before))):
            return self.full(after)
        # ``last`` is ``before``, or the transitions it was not shown left everything it counts
        # untouched: a checker (the caller that passes ``changed``) shows a tracker every
        # transition that changes a field it reads (see ``character_reads``); any other caller
        # is held to it by comparing those fields
        box_changed = self._box_changed
        if (before.phase is not after.phase and ledger.complete(before) != ledger.complete(after)) or (
            box_changed is not None and (changed is None or changed & self._box_mask) and box_changed(before, after)
        ):
            return self.full(after)
        self._state = after
        delta: Counts = {}
        if changed is None:
            for get, source in self._sources:
                old = get(before)
                new = get(after)
                if old is not new:
                    source.delta(before, after, old, new, delta)
        else:
            changed &= self._source_bits
            to_diff = self._to_diff.get(changed)
            if to_diff is None:
                to_diff = self._to_diff[changed] = tuple(
                    (f, s.differ if s.differ is not None else s.delta) for bit, f, s in self._masked if bit & changed
                )
            for field, differ in to_diff:
                differ(before, after, getattr(before, field), getattr(after, field), delta)
        if not delta:
            return None
        moved = [k for k, n in delta.items() if n]
        if not moved:
            return None
        counts = self._counts
        for k in moved:
            counts[k] = counts.get(k, 0) + delta[k]
        return compare(counts, self._box, moved, laid_out=ledger.complete(after))

    def tallies(self) -> tuple[Counts, Counts]:
        """The counts kept for the last state checked and its box (categories with no
        component left out): what a full count of that state gives."""
        return {k: n for k, n in self._counts.items() if n}, {k: n for k, n in self._box.items() if n}

    def _unchanged(self, last: GameState, now: GameState) -> bool:
        """Whether ``now`` holds the very objects ``last`` held wherever the verdict looks."""
        if not _same(self._fields(last), self._fields(now)):
            return False
        read = self._character_fields
        if read is None or last.characters is now.characters:
            return True
        old, new = last.characters, now.characters
        if len(old) != len(new):
            return False
        for a, b in zip(old, new, strict=True):  # noqa: SIM110 - a loop is faster than all() over a generator
            if a is not b and not _same(read(a), read(b)):
                return False
        return True


def _source_mask(source: Source) -> int:
    """The changes after which ``source``'s difference may be non-empty: its state field, and for
    a source of the characters that declares the character fields it reads, only those (its
    difference compares them alone when the number of characters stays the same, and a change
    of that number sets every character bit). A transition that moves a character and leaves
    its cards where they were is then not looked at by the card ledger's character source."""
    if source.field == CHARACTERS and source.character_reads:
        return field_mask(frozenset({CHARACTERS}), source.character_reads) & ~STATE_BITS
    return field_mask(frozenset({source.field})) & STATE_BITS


def _same(old: Any, new: Any) -> bool:
    """Whether two tuples of field values hold the very same objects."""
    for a, b in zip(old, new, strict=True):  # noqa: SIM110 - a loop is faster than all() over a generator
        if a is not b:
            return False
    return True


def register_ledger(
    id: str, statement: str, clause: str, ledger: Ledger, rulesets: Iterable[str] | None = None
) -> None:
    """Register ``ledger``'s check as a state invariant of the catalogue, checked by difference
    (:class:`LedgerTracker`) and skipped when none of the fields it reads changed."""

    def tracker() -> Tracker:
        return LedgerTracker(ledger)

    state_invariant(
        id,
        statement,
        clause,
        rulesets=rulesets,
        reads=ledger.fields,
        character_reads=ledger.character_reads,
        tracker=tracker,
    )(ledger.check)
