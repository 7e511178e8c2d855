"""The cyclic garbage collector, set for playing many games in a row (issue #7).

A game state is an immutable tree of tuples and frozen dataclasses that refer only downwards:
reference counting frees every state the moment nothing holds it, and the cyclic collector
finds nothing to free (zero objects collected over 20 random games with every invariant). Yet
each of its full collections walks every object alive, most of them the loaded modules and
rule tables (about 50,000 objects, 0.1-0.2 s per collection on a loaded machine): about 7% of
the time of a fuzz campaign. :func:`settled_heap` moves what is alive when it starts into the
permanent generation (``gc.freeze``, also what keeps a forked worker from copying those pages)
and collects the youngest generation less often; on leaving it restores both. Memory stays
bounded: garbage without cycles is freed by reference counting as before, and the collector
still runs (every :data:`YOUNG_THRESHOLD` net allocations) for whatever cycles a game makes.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

YOUNG_THRESHOLD = 10_000
"""Net allocations between collections of the youngest generation (CPython's default is 700):
a step allocates a few hundred objects and frees almost all of them itself."""


@contextmanager
def settled_heap() -> Iterator[None]:
    """Inside: the objects alive on entry are out of the collector's sight and the youngest
    generation is collected every :data:`YOUNG_THRESHOLD` net allocations. Load the rule tables
    (start a game of each ruleset) before entering, so that they are among the frozen."""
    thresholds = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(max(thresholds[0], YOUNG_THRESHOLD), *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()


def settle_for_good() -> None:
    """What :func:`settled_heap` does on entry, never undone: for a worker process that plays
    campaign blocks until it exits (a Dask worker: a ``--jobs`` worker is forked inside the
    campaign's :func:`settled_heap` and inherits it). Load the rule tables first."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(max(gc.get_threshold()[0], YOUNG_THRESHOLD), *gc.get_threshold()[1:])
