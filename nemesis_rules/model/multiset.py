"""An immutable multiset (a bag of counted keys) used for decks, hands, the Intruder bag and supplies.

Card decks are modelled as multisets: the order of a shuffled deck is unknown, so a draw is a
chance node whose outcomes are the distinct cards left, weighted by their counts (design.md,
principle 2). Kept deliberately small: it sits on the engine's hot path.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping


class Multiset:
    """A frozen multiset of string keys; equal and hashable by content; iteration is sorted."""

    __slots__ = ("_hash", "_items", "_total")

    def __init__(self, items: Mapping[str, int] | Iterable[tuple[str, int]] = ()) -> None:
        pairs = items.items() if isinstance(items, Mapping) else items
        merged: dict[str, int] = {}
        for key, count in pairs:
            if count < 0:
                raise ValueError(f"negative count {count} for {key!r}")
            if count:
                merged[key] = merged.get(key, 0) + count
        self._items: tuple[tuple[str, int], ...] = tuple(sorted(merged.items()))
        self._total = sum(merged.values())
        self._hash = hash(self._items)

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
        return any(k == key for k, _ in self._items)

    def __len__(self) -> int:
        return self._total

    def __bool__(self) -> bool:
        return self._total > 0

    def __iter__(self) -> Iterator[str]:
        for key, count in self._items:
            for _ in range(count):
                yield key

    def distinct(self) -> tuple[str, ...]:
        return tuple(k for k, _ in self._items)

    def add(self, key: str, count: int = 1) -> Multiset:
        return Multiset((*self._items, (key, count)))

    def remove(self, key: str, count: int = 1) -> Multiset:
        """A copy without ``count`` copies of ``key``; KeyError when there are fewer."""
        have = self.count(key)
        if have < count:
            raise KeyError(key)
        return Multiset(tuple((k, n - count if k == key else n) for k, n in self._items))

    def union(self, other: Multiset) -> Multiset:
        return Multiset((*self._items, *other._items))

    def difference(self, other: Multiset) -> Multiset:
        """``self`` minus ``other``; KeyError when ``other`` is not contained."""
        out = self
        for key, count in other._items:
            out = out.remove(key, count)
        return out

    def contains_all(self, other: Multiset) -> bool:
        return all(self.count(k) >= n for k, n in other._items)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Multiset) and self._items == other._items

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Multiset({dict(self._items)!r})"

    def as_dict(self) -> dict[str, int]:
        return dict(self._items)


EMPTY = Multiset()
