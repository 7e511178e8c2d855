"""Hand-built situations for rulings: where random play does not reach a ruling (or reaches it only
where its readings agree), a scenario builds the state in which they differ.

A scenario is a start (a state snapshot, or a new game of a ruleset and player count when ``before`` is
``None``) and the lines to replay from it. The report writes one record per reading (the reading set in
the record header) and replays each; the readings must lead to different final states, or one of them must
refuse a line the others accept. Builders are registered per ruling id with :func:`scenario` and run
lazily, so importing the catalogue stays cheap.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, replace

from nemesis_rules.model.core.actions import Action
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data.configure import with_reading
from nemesis_rules.model.game import make_config
from nemesis_rules.record import RecordHeader, record_text

__all__ = [
    "NO_SITUATION",
    "SCENARIOS",
    "Scenario",
    "no_situation",
    "scenario",
    "scenario_records",
    "scenarios",
    "why_no_situation",
]


@dataclass(frozen=True, slots=True)
class Scenario:
    """A situation for one ruling.

    ``before`` is the state the record starts from (written as the header's snapshot, its config given
    each reading in turn); ``None`` starts a new game of ``ruleset`` with ``players`` under each reading
    (for rulings that act during setup). ``actions`` are the record's lines. ``note`` says in a sentence
    what the readings do differently here.
    """

    ruling: str
    note: str
    actions: tuple[Action, ...]
    before: GameState | None = None
    ruleset: str = "base"
    players: int = 2


SCENARIOS: dict[str, Callable[[], Scenario]] = {}
"""Ruling id -> the function that builds its scenario (filled when :func:`scenarios` loads the modules)."""


def scenario(ruling: str) -> Callable[[Callable[[], Scenario]], Callable[[], Scenario]]:
    """Register the decorated function as the builder of ``ruling``'s scenario (one per ruling)."""

    def register(build: Callable[[], Scenario]) -> Callable[[], Scenario]:
        if ruling in SCENARIOS:
            raise ValueError(f"two scenarios for ruling {ruling!r}")
        SCENARIOS[ruling] = build
        return build

    return register


NO_SITUATION: dict[str, str] = {}
"""Ruling id -> why no situation can exist for it (its readings give the same states in every game, or
one of them cannot be played), filled by :func:`no_situation` when :func:`scenarios` loads the modules."""


def no_situation(ruling: str, reason: str) -> None:
    """Record that ``ruling`` can have no situation, and why (shown by the conflict report)."""
    if ruling in NO_SITUATION or ruling in SCENARIOS:
        raise ValueError(f"ruling {ruling!r} already has a scenario or a reason for having none")
    NO_SITUATION[ruling] = reason


def scenarios() -> dict[str, Callable[[], Scenario]]:
    """Every registered builder, after importing each module of this package once."""
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")
    return SCENARIOS


def scenario_records(built: Scenario, readings: tuple[str, ...]) -> dict[str, str]:
    """The record text of ``built`` under each reading of its ruling (reading id -> JSON Lines text)."""
    records: dict[str, str] = {}
    for reading in readings:
        if built.before is None:
            config = make_config(built.ruleset, built.players, {built.ruling: reading}, None)
            header = RecordHeader.for_config(config)
        else:
            config = with_reading(built.before.config, built.ruling, reading)
            header = RecordHeader.for_config(config, snapshot=replace(built.before, config=config))
        records[reading] = record_text(header, built.actions)
    return records


def why_no_situation(ruling: str) -> str | None:
    """Why ``ruling`` can have no situation, if a scenario module says so (``None`` otherwise)."""
    scenarios()
    return NO_SITUATION.get(ruling)
