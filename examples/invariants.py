"""Example user invariants for ``nemesis-rules replay GAME.jsonl --invariant examples/invariants.py:NAME``.

An invariant is a plain function: ``f(state)`` checks one state, ``f(before, action, after)``
checks one step; it returns None when all is well, or a sentence saying what is wrong.
"""

from __future__ import annotations

from nemesis_rules.model.core.actions import Action
from nemesis_rules.model.core.state import GameState


def characters_stand_in_placed_rooms(state: GameState) -> str | None:
    """Once the game is under way, every living character stands in a room whose tile is placed."""
    if state.phase == "setup":
        return None
    for character in state.characters:
        if character.alive and state.room(character.position).tile is None:
            return f"player {character.player} stands in {character.position}, which has no room tile"
    return None


def rounds_only_advance(before: GameState, action: Action, after: GameState) -> str | None:
    """No action takes the game back to an earlier round."""
    if after.round < before.round:
        return f"'{action}' took the game from round {before.round} back to round {after.round}"
    return None
