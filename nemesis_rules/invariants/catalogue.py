"""The invariant catalogue: every invariant the package defines, sorted by id."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

# The invariant families, in the catalogue: each defines its invariants with the decorators of
# :mod:`.core`, which file them in its registry as the module is read.
from nemesis_rules.invariants import (  # noqa: F401
    characters,
    conservation,
    effects_basic,
    effects_chance,
    effects_rooms,
    effects_vs,
    placement,
    procedure,
    supplies,
    tracks,
    universals,
    void_seeders,
)
from nemesis_rules.invariants.core import REGISTRY, Invariant, Kind, Violation

if TYPE_CHECKING:
    from nemesis_rules.model.core.actions import Action
    from nemesis_rules.model.core.state import GameState


@cache
def catalogue() -> tuple[Invariant, ...]:
    """Every catalogued invariant (state and step), sorted by id."""

    return tuple(REGISTRY[key] for key in sorted(REGISTRY))


def invariant(invariant_id: str) -> Invariant:
    """The catalogued invariant with this id; KeyError naming the known ids otherwise."""
    for item in catalogue():
        if item.id == invariant_id:
            return item
    raise KeyError(f"unknown invariant {invariant_id!r} (known: {', '.join(i.id for i in catalogue())})")


def for_ruleset(ruleset: str) -> tuple[Invariant, ...]:
    """The catalogued invariants that apply under ``ruleset``."""
    return tuple(i for i in catalogue() if i.applies_to(ruleset))


def _selected(invariants: Sequence[Invariant] | None, ruleset: str, kind: Kind) -> list[Invariant]:
    chosen = catalogue() if invariants is None else invariants
    return [i for i in chosen if i.kind == kind and i.applies_to(ruleset)]


def violations(state: GameState, invariants: Sequence[Invariant] | None = None) -> list[Violation]:
    """Every state invariant (of the catalogue, or ``invariants``) that ``state`` breaks."""
    out = []
    for inv in _selected(invariants, state.config.ruleset.name, "state"):
        message = inv.check_state(state)
        if message is not None:
            out.append(Violation(inv.id, message, inv.clause))
    return out


def start_problems(state: GameState) -> list[tuple[str, str]]:
    """The check of a starting snapshot or situation before play (issue #21): every state invariant
    that applies to its ruleset, as (invariant id, what is wrong) pairs. An invariant that cannot
    even be evaluated on the state counts as broken by it: a game never reaches such a state."""
    broken = []
    for inv in for_ruleset(state.config.ruleset.name):
        if inv.kind != "state":
            continue
        try:
            found = inv.check_state(state)
        except Exception as exc:
            found = f"cannot be checked on this state ({type(exc).__name__}: {exc})"
        if found is not None:
            broken.append((inv.id, found))
    return broken


def step_violations(
    before: GameState,
    action: Action,
    after: GameState,
    invariants: Sequence[Invariant] | None = None,
    fired: tuple[str, ...] = (),
) -> list[Violation]:
    """Every step invariant (of the catalogue, or ``invariants``) the transition breaks;
    ``fired``: the clauses the transition fired (``Transition.fired``)."""
    out = []
    for inv in _selected(invariants, before.config.ruleset.name, "step"):
        message = inv.check_step(before, action, after, fired)
        if message is not None:
            out.append(Violation(inv.id, message, inv.clause))
    return out
