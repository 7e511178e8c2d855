"""The end of the game (RU-RB p.11; facts.md §13).

Triggers: the time track's red space (hyperjump: everyone awake aboard dies), the ship's
destruction (self-destruct, a ninth Fire or Malfunction), the last active character leaving
play. Then the victory check, in order: engines, coordinates, the final contamination check,
objectives. The check is a procedure of its own (it draws cards), queued in place of
everything else that was pending.
"""

from __future__ import annotations

from dataclasses import dataclass

from nemesis_rules.model.core.engine import Context
from nemesis_rules.model.core.frames import Step
from nemesis_rules.model.core.state import EndOfGame, GameState
from nemesis_rules.model.rules import replaceable

SHIP_DESTROYED = (
    "ship-destroyed-self-destruct",
    "ship-destroyed-ninth-fire",
    "hull-breach-ninth-malfunction",
    "last-character-left-self-destruct",
)
JUMPS = ("hyperjump", "last-character-left-hyperjump")


def end_game(state: GameState, reason: str, ctx: Context) -> GameState:
    """The game ends for ``reason``: resolve the trigger's deaths, then the victory check."""
    if state.end is not None or any(isinstance(f, VictoryCheck) for f in state.pending):
        # base.end.survival: a game ends once; an end already under way is not started again
        return state
    characters = list(state.characters)
    if reason in JUMPS:
        ctx.fire("base.time.jump")
        if any(c.status == "hibernating" for c in characters):
            ctx.fire("base.hibernation.immune")  # only the ship's destruction reaches them
        characters = [c.evolve(status="dead") if c.status == "active" else c for c in characters]
        if state.intruders:
            ctx.fire("base.objective.jump-no-kill")  # the Intruders stay: no Queen or Nest goes with them
    elif reason in SHIP_DESTROYED:
        ctx.fire("base.end.destruction")
        characters = [c.evolve(status="dead") if c.status in ("active", "hibernating") else c for c in characters]
        state = state.evolve(flags=state.flags | {"ship-destroyed"})
    for frame in reversed(state.pending):
        state = frame.on_drop(state)
    state = state.evolve(characters=tuple(characters), phase="over", pending=())
    return state.push(*replaceable.victory_steps(state, reason), VictoryCheck(reason))


@dataclass(frozen=True, slots=True)
class VictoryCheck(Step):
    """Last step: survivors are those hibernating or escaped; winners also fulfil their objective."""

    after_the_end = True

    reason: str

    def run(self, state: GameState, ctx: Context) -> GameState:
        survivors = tuple(c.player for c in state.characters if c.status in ("hibernating", "escaped"))
        if survivors:
            ctx.fire("base.end.survival")  # in a launched pod, or hibernating on a ship that got through
        winners = replaceable.winners(state, survivors, ctx)
        return state.evolve(end=EndOfGame(self.reason, survivors, winners), phase="over", pending=())
