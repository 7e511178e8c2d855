"""User invariants: a plain function in a file of the user's, named on the command line as
``FILE.py:NAME`` (explicit opt-in; design.md, principle 6).

The function takes a state (``f(state)``) or a step (``f(before, action, after)``) and returns
a message when something is wrong, None otherwise. The file is loaded by the record package's
loader (:func:`nemesis_rules.record.invariant_files.load_invariant`), so ``replay --invariant``
and ``fuzz --invariant`` accept exactly the same files, and runs guarded the same way
(:func:`nemesis_rules.record.replay.run_plugin`): an exception, ``SystemExit`` or
``KeyboardInterrupt`` from it is a plug-in error (bad input naming it), never a verdict.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from nemesis_rules.invariants.core import Invariant
from nemesis_rules.record.invariant_files import load_invariant
from nemesis_rules.record.replay import run_plugin

USER_PREFIX = "user:"


def user_invariant(function: Callable[..., str | None], name: str, *, per_step: bool) -> Invariant:
    """A user's function as an :class:`Invariant` (id ``user:<name>``, every ruleset, no citation)."""
    doc = (function.__doc__ or "").strip().splitlines()
    return Invariant(
        id=f"{USER_PREFIX}{name}",
        statement=doc[0] if doc else f"the user's invariant {name}",
        clause="",
        kind="step" if per_step else "state",
        predicate=guarded(function, name),
    )


def guarded(function: Callable[..., str | None], name: str) -> Callable[..., str | None]:
    """``function`` run through :func:`~nemesis_rules.record.replay.run_plugin`."""

    @functools.wraps(function)
    def run(*args: object) -> str | None:
        return run_plugin(name, functools.partial(function, *args))

    return run


def load_user_invariant(spec: str) -> Invariant:
    """Load ``FILE.py:NAME``; any problem is :class:`~nemesis_rules.errors.BadInputError`."""

    loaded = load_invariant(spec)
    return user_invariant(loaded.check, loaded.name, per_step=loaded.per_step)
