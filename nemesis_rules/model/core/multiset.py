"""An immutable multiset (a bag of counted keys) used for decks, hands, the Intruder bag and supplies.

Card decks are modelled as multisets: the order of a shuffled deck is unknown, so a draw is a
chance node whose outcomes are the distinct cards left, weighted by their counts (design.md,
principle 2). Kept deliberately small: it sits on the engine's hot path.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping

from nemesis_rules.model.core import fast


class Multiset:
    """A frozen multiset of string keys; equal and hashable by content; iteration is sorted.

    The content is a tuple of ``(key, count)`` pairs sorted by key with positive counts. The
    updates (:meth:`add`, :meth:`remove`, :meth:`union`) keep that tuple sorted by merging
    instead of re-sorting, and the hash is computed only when asked for."""

    __slots__ = ("_hash", "_items", "_total")

    _hash: int | None
    _items: tuple[tuple[str, int], ...]
    _total: int

    def __init__(self, items: Mapping[str, int] | Iterable[tuple[str, int]] = ()) -> None:
        pairs = items.items() if isinstance(items, Mapping) else items
        merged: dict[str, int] = {}
        for key, count in pairs:
            if count < 0:
                raise ValueError(f"negative count {count} for {key!r}")
            if count:
                merged[key] = merged.get(key, 0) + count
        self._items = tuple(sorted(merged.items()))
        self._total = sum(merged.values())
        self._hash = None

    @classmethod
    def of(cls, keys: Iterable[str]) -> Multiset:
        counts: dict[str, int] = {}
        for key in keys:
            counts[key] = counts.get(key, 0) + 1
        return cls(counts)

    @property
    def total(self) -> int:
        return self._total

    def items(self) -> tuple[tuple[str, int], ...]:
        return self._items

    def count(self, key: str) -> int:
        for k, n in self._items:
            if k == key:
                return n
        return 0

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self.count(key) > 0

    def __len__(self) -> int:
        return self._total

    def __bool__(self) -> bool:
        return self._total > 0

    def __iter__(self) -> Iterator[str]:
        for key, count in self._items:
            for _ in range(count):
                yield key

    def distinct(self) -> tuple[str, ...]:
        return tuple([k for k, _ in self._items])

    def add(self, key: str, count: int = 1) -> Multiset:
        if count <= 0:
            if count < 0:
                raise ValueError(f"negative count {count} for {key!r}")
            return self
        items = self._items
        for i, (k, n) in enumerate(items):
            if k == key:
                return _make((*items[:i], (key, n + count), *items[i + 1 :]), self._total + count)
            if k > key:
                return _make((*items[:i], (key, count), *items[i:]), self._total + count)
        return _make((*items, (key, count)), self._total + count)

    def remove(self, key: str, count: int = 1) -> Multiset:
        """A copy without ``count`` copies of ``key``; KeyError when there are fewer."""
        if count < 0:
            raise ValueError(f"negative count {count} for {key!r}")
        items = self._items
        for i, (k, n) in enumerate(items):
            if k == key:
                if n < count:
                    break
                if n == count:
                    return _make((*items[:i], *items[i + 1 :]), self._total - count)
                return _make((*items[:i], (key, n - count), *items[i + 1 :]), self._total - count)
        else:
            if count == 0:
                return self
        raise KeyError(key)

    def union(self, other: Multiset) -> Multiset:
        if not other._total:
            return self
        if not self._total:
            return other
        merged = dict(self._items)
        for key, count in other._items:
            merged[key] = merged.get(key, 0) + count
        return _make(tuple(sorted(merged.items())), self._total + other._total)

    def difference(self, other: Multiset) -> Multiset:
        """``self`` minus ``other``; KeyError when ``other`` is not contained."""
        out = self
        for key, count in other._items:
            out = out.remove(key, count)
        return out

    def contains_all(self, other: Multiset) -> bool:
        return all(self.count(k) >= n for k, n in other._items)

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Multiset) and self._items == other._items)

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = self._hash = hash(self._items)
        return h

    def __repr__(self) -> str:
        return f"Multiset({dict(self._items)!r})"

    def __reduce__(self) -> tuple[type[Multiset], tuple[tuple[tuple[str, int], ...]]]:
        """Pickled by content only: a string's hash differs from process to process, so the
        cached hash must not travel with it (``fuzz --jobs`` moves states between processes)."""
        return (Multiset, (self._items,))

    def as_dict(self) -> dict[str, int]:
        return dict(self._items)


_build: Callable[[tuple[tuple[str, int], ...], int, int | None], Multiset] = fast.builder(
    Multiset, ("_items", "_total", "_hash")
)


def _make(items: tuple[tuple[str, int], ...], total: int) -> Multiset:
    """A multiset from pairs already sorted by key with positive counts (no checks)."""
    return _build(items, total, None)


EMPTY = Multiset()
