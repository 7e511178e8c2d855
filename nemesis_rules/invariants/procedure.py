"""The procedure stack: a round ends only once every effect triggered in it has been resolved
(RU-RB p.10; facts.md §2)."""

from __future__ import annotations

from nemesis_rules.invariants.core import step_invariant
from nemesis_rules.model.core.actions import Action
from nemesis_rules.model.core.state import GameState


@step_invariant(
    "procedure.round-resolved",
    "A new round starts only when everything the previous round triggered has been resolved: "
    "no procedure of the old round is still pending beneath it.",
    "base.round.end",
    reads=("round",),
)
def round_resolved(before: GameState, action: Action, after: GameState) -> str | None:
    if after.round == before.round or not before.pending:
        return None
    old = {id(frame) for frame in before.pending}
    left = [type(frame).__name__ for frame in after.pending if id(frame) in old]
    if left:
        return f"round {after.round} started with {len(left)} procedure(s) of round {before.round} unresolved: " + (
            ", ".join(left)
        )
    return None
