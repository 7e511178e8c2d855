"""The multiset behind decks, hands and the bag keeps its contract on every path: its updates
merge into the sorted content instead of re-sorting it, so they are checked against
``collections.Counter`` doing the same thing."""

from __future__ import annotations

import pickle
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nemesis_rules.model.core.multiset import EMPTY, Multiset

keys = st.sampled_from(["adrenaline", "basic-repairs", "contamination", "demolition", "interruption", "zzz"])
counters = st.dictionaries(keys, st.integers(min_value=0, max_value=4)).map(Counter)


def same(m: Multiset, c: Counter[str]) -> bool:
    """``m`` holds what ``c`` holds, in key order, with a consistent total."""
    expected = tuple(sorted((k, n) for k, n in c.items() if n > 0))
    return m.items() == expected and m.total == sum(n for _, n in expected) and list(m) == sorted(c.elements())


@given(counters, keys, st.integers(min_value=0, max_value=3))
def test_add_merges_in_key_order(c: Counter[str], key: str, n: int) -> None:
    added = Multiset(c).add(key, n)
    assert same(added, c + Counter({key: n}))
    assert added == Multiset(c + Counter({key: n}))
    assert hash(added) == hash(Multiset(c + Counter({key: n})))


@given(counters, keys, st.integers(min_value=0, max_value=5))
def test_remove_takes_copies_or_refuses(c: Counter[str], key: str, n: int) -> None:
    m = Multiset(c)
    if c[key] < n:
        with pytest.raises(KeyError):
            m.remove(key, n)
        return
    left = Counter(c)
    left[key] -= n
    assert same(m.remove(key, n), left)
    assert (key in m.remove(key, n)) == (left[key] > 0)


@given(counters, counters)
def test_union_and_difference_agree_with_counter(a: Counter[str], b: Counter[str]) -> None:
    union = Multiset(a).union(Multiset(b))
    assert same(union, a + b)
    assert union.difference(Multiset(b)) == Multiset(a)
    assert Multiset(a + b).contains_all(Multiset(b))


def test_negative_counts_are_refused() -> None:
    with pytest.raises(ValueError, match="negative count"):
        Multiset({"a": -1})
    with pytest.raises(ValueError, match="negative count"):
        EMPTY.add("a", -1)
    with pytest.raises(ValueError, match="negative count"):
        Multiset({"a": 2}).remove("a", -1)


def test_equal_contents_are_equal_however_built() -> None:
    built = EMPTY.add("b").add("a", 2).add("c").remove("c")
    assert built == Multiset.of(["a", "b", "a"]) == Multiset({"b": 1, "a": 2})
    assert {built: 1}[Multiset.of(["a", "a", "b"])] == 1
    assert built.count("a") == 2 and built.count("z") == 0
    assert "a" in built and "z" not in built and 3 not in built
    assert built.distinct() == ("a", "b")


def test_a_pickled_multiset_is_rebuilt_by_content() -> None:
    m = Multiset({"b": 2, "a": 1})
    hash(m)  # cached now; the copy must compute its own
    copy = pickle.loads(pickle.dumps(m))
    assert copy == m and hash(copy) == hash(m) and copy.items() == (("a", 1), ("b", 2))
