"""The table of player actions the turn offers. A rule family registers its actions here;
a ruleset may replace an entry (design.md, principle 5) instead of branching inside it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from operator import itemgetter

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.state import GameState


@dataclass(frozen=True, slots=True)
class ActionRule:
    """One kind of action: ``options`` lists its legal decisions for a player now; ``perform``
    applies a legal one (paying included); ``diagnose`` explains a refusal (reason, clause)."""

    kind: str
    clause: str
    options: Callable[[GameState, int], list[Decision]]
    perform: Callable[[GameState, Decision, Context], GameState]
    diagnose: Callable[[GameState, Decision], tuple[str, str]]
    in_combat: bool = False
    """Whether it may be taken in Combat (RU-RB p.24; FAQ Actions 4)."""
    free: bool = False
    """A free action (dropping an object) does not count against the turn's two actions."""
    ordered: bool = False
    """``options`` already lists decisions of its own kind for the player asked, sorted by
    parameters and each once, so the turn takes them as they come
    (``tests/model/test_turn_option_paths.py`` holds each such rule to it)."""


ACTIONS: dict[str, ActionRule] = {}


def register(rule: ActionRule) -> ActionRule:
    ACTIONS[rule.kind] = rule
    return rule


def turn_options(state: GameState, player: int, first: Decision) -> tuple[Decision, ...]:
    """Every action ``player`` may take now, ``first`` (the pass) included, sorted by
    (player, kind, params) and each once (design.md: legal actions are sorted and unique).

    Each rule's options carry its own kind and the player, so visiting the rules in kind
    order and sorting each one's few options by their parameters alone gives the same tuple
    as one sort of the whole list, with far fewer and cheaper comparisons. Should a rule list
    another kind or player, the whole list goes through that one sort instead."""
    fighting = state.in_combat(player)
    out: list[Decision] = []
    everything: list[Decision] = [first]
    in_order = first.player == player and first.kind not in ACTIONS
    for kind, rule in _kinds_in_order(first.kind):
        if rule is None:
            out.append(first)
            continue
        if not rule.in_combat and fighting:
            continue
        options = rule.options(state, player)
        if not options:
            continue
        everything.extend(options)
        if not in_order:
            continue
        if rule.ordered:  # its own kind and player, sorted and each once (held to it by the tests)
            out.extend(options)
            continue
        for decision in options:
            if decision.kind != kind or decision.player != player:
                in_order = False
                break
        else:
            if len(options) == 1:
                out.append(options[0])
            else:
                by_params = {d.params: d for d in options}  # equal params: equal decisions
                out.extend([d for _, d in sorted(by_params.items(), key=_FIRST)])  # no second hash of the params
    if in_order:
        return tuple(out)
    by_key = {(d.player, d.kind, d.params): d for d in everything}
    return tuple([by_key[key] for key in sorted(by_key)])


_FIRST = itemgetter(0)


def _kinds_in_order(first: str) -> list[tuple[str, ActionRule | None]]:
    """The registered rules by kind, with ``first`` (no rule of its own) among them; kept
    until the table or ``first`` changes."""
    key = (first, tuple(ACTIONS.values()))
    if not _ORDER or _ORDER[0][0] != key:
        entries: list[tuple[str, ActionRule | None]] = [(first, None), *ACTIONS.items()]
        _ORDER[:] = [(key, sorted(entries, key=lambda entry: entry[0]))]
    return _ORDER[0][1]


_ORDER: list[tuple[tuple[str, tuple[ActionRule, ...]], list[tuple[str, ActionRule | None]]]] = []
