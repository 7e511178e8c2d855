"""The actions the turn offers: the game's ruleset holds them by kind
(:attr:`~nemesis_rules.model.core.ruleset.Ruleset.actions`), each rule family declaring its own
as :class:`~nemesis_rules.model.core.ruleset.ActionRule` values (design.md, principle 5)."""

from __future__ import annotations

from collections.abc import Mapping
from operator import itemgetter

from nemesis_rules.model.core.actions import Decision
from nemesis_rules.model.core.ruleset import ActionRule
from nemesis_rules.model.core.state import GameState


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
    actions = state.config.ruleset.actions
    in_order = first.player == player and first.kind not in actions
    for kind, rule in _kinds_in_order(first.kind, actions):
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


def _kinds_in_order(first: str, actions: Mapping[str, ActionRule]) -> list[tuple[str, ActionRule | None]]:
    """The ruleset's action rules by kind, with ``first`` (no rule of its own) among them; kept
    until the table or ``first`` changes."""
    if not _ORDER or _ORDER[0][0] != first or _ORDER[0][1] is not actions:
        entries: list[tuple[str, ActionRule | None]] = [(first, None), *actions.items()]
        _ORDER[:] = [(first, actions, sorted(entries, key=lambda entry: entry[0]))]
    return _ORDER[0][2]


_ORDER: list[tuple[str, Mapping[str, ActionRule], list[tuple[str, ActionRule | None]]]] = []
