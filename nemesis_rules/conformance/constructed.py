"""Situations written for the clauses that neither the seeded games nor the clause tests pose.

These posable clauses fire only at the end of a massacre or of a game played toward one outcome,
and their clause tests build the state by hand and call the rule's function, not ``step``, so the
clause-test harvest (``tests/conformance/harvest_clause_tests.py``) cannot keep their situations:

* ``base.supply.components`` (facts.md §11: the box holds 8 Carcasses): an Adult killed while all
  8 Carcass tokens are out leaves none;
* ``base.end.quarantine-mars`` (facts.md §13): a hibernating holder of Quarantine survives an
  arrival at Mars;
* ``base.objective.aliens-on-a-spaceship`` (facts.md §8): the Signal sent and the Nest destroyed;
* ``vs.end.contamination-check.skip-raise`` (Void Seeders): a Character already at Insanity 5 skips
  the end-of-game raise.

Each has a situation file in ``data/situations/`` (what the table shows, as a person writes it:
docs/situations.md) and, for what a situation file does not write, the Objective its first player
kept, whether each Engine shows its Working token on top, and where the ship is bound (the face-down
Coordinates card and the Destination marker that send it there). From there :func:`reach` searches the
legal decisions and chance outcomes breadth-first, in the engine's order, for the first action
that fires the clause; the case's situation is the state just before that action, and its source
names the file and the record lines that led there. The engine computes the expected answer, as
for every other case.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from nemesis_rules.model.core.actions import Action
from nemesis_rules.model.core.engine import IllegalActionError, RuleGap, chance_outcomes, is_chance, legal_actions, step
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.situation.build import build_state
from nemesis_rules.situation.files import parse_situation_text

__all__ = ["CONSTRUCTED", "Construction", "Reached", "reach", "reached_cases"]

SITUATIONS = Path(__file__).with_name("data") / "situations"
"""The situation files of the constructed cases."""

DESTINATIONS = ("A", "B", "C")
"""The Destination marker's spaces."""

SEARCH_LIMIT = 20_000
"""The most transitions :func:`reach` tries before it gives up (the three need a few hundred)."""


@dataclass(frozen=True, slots=True)
class Construction:
    """A written situation from which an action fires ``clause`` within ``depth`` steps."""

    clause: str
    file: str
    """The situation file in :data:`SITUATIONS`."""
    objective: str | None = None
    """The Objective player 1 kept (objectives are dealt from the seed; a situation does not write them)."""
    working_engines: bool = False
    """Each Engine with its Working token on top, so the ship does not explode at the end (the
    Engine tokens are placed from the seed; a situation does not write them)."""
    bound_for: str | None = None
    """Where the Coordinates card and the Destination marker send the ship (``earth``, ``mars``):
    the setup's card when one of its Destinations leads there, else the first card that does."""
    depth: int = 3

    def state(self) -> GameState:
        """The written situation, with the Objective and the Engines set."""
        text = (SITUATIONS / self.file).read_text(encoding="utf-8")
        state = build_state(parse_situation_text(text, self.file), self.file)
        if self.objective is not None:
            state = state.with_character(state.character(1).evolve(objectives=(self.objective,)))
        if self.working_engines:
            state = state.evolve(engines=tuple(tuple(sorted(s, key=lambda t: t != "working")) for s in state.engines))
        if self.bound_for is not None:
            state = _bound_for(state, self.bound_for)
        return state


def _bound_for(state: GameState, place: str) -> GameState:
    cards = tables.coordinates_cards(state.config)
    order = [state.coordinates, *(c for c in cards if c != state.coordinates)] if state.coordinates else list(cards)
    for card in order:
        for letter in DESTINATIONS:
            if cards[card].destination(letter) == place:
                return state.evolve(coordinates=card, destination=letter)
    raise ValueError(f"no Coordinates card leads to {place!r}")


CONSTRUCTED: tuple[Construction, ...] = (
    Construction("base.supply.components", "supply-components.toml"),
    Construction(
        "base.end.quarantine-mars",
        "quarantine-mars.toml",
        objective="quarantine",
        working_engines=True,
        bound_for="mars",
    ),
    Construction(
        "base.objective.aliens-on-a-spaceship",
        "aliens-on-a-spaceship.toml",
        objective="aliens-on-a-spaceship",
        working_engines=True,
        bound_for="earth",
    ),
    Construction(
        "vs.end.contamination-check.skip-raise", "vs-skip-raise.toml", working_engines=True, bound_for="earth"
    ),
)
"""Every constructed situation, by the clause it poses."""


@dataclass(frozen=True, slots=True)
class Reached:
    """The state before the action that fires the clause, the action, and the actions that led there."""

    before: GameState
    action: Action
    fired: tuple[str, ...]
    path: tuple[Action, ...]


def _moves(state: GameState) -> Iterator[Action]:
    if is_chance(state):
        yield from (outcome for outcome, _ in chance_outcomes(state))
    else:
        yield from legal_actions(state)


def reach(construction: Construction) -> Reached | None:
    """The first action (breadth-first, in the engine's order) that fires the construction's clause;
    None when none does within its depth and :data:`SEARCH_LIMIT` transitions."""
    frontier: list[tuple[GameState, tuple[Action, ...]]] = [(construction.state(), ())]
    tried = 0
    for _ in range(construction.depth):
        following: list[tuple[GameState, tuple[Action, ...]]] = []
        for state, path in frontier:
            for action in _moves(state):
                tried += 1
                if tried > SEARCH_LIMIT:
                    return None
                try:
                    transition = step(state, action)
                except (IllegalActionError, RuleGap):
                    continue
                if construction.clause in transition.fired:
                    return Reached(state, action, transition.fired, path)
                following.append((transition.state, (*path, action)))
        frontier = following
    return None


def reached_cases(wanted: set[str]) -> Iterator[tuple[Construction, Reached | None]]:
    """Each construction of a ``wanted`` clause with what :func:`reach` finds from it."""
    for construction in CONSTRUCTED:
        if construction.clause in wanted:
            yield construction, reach(construction)
