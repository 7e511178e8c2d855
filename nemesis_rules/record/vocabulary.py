"""The words a record may use, as replay asks about them: the declared table of
:mod:`nemesis_rules.model.data.vocabulary` (action words with their parameters, chance node names).

Replay asks this only about a line the engine refused, to tell a misspelt or invented word
(bad input, exit 2: ``unknown action 'fly'``) from a real action that the rules forbid now
(exit 1). The table is declared, not read from the engine's source; a test holds the engine to it
(every decision and outcome seeded games offer is declared there).
"""

from __future__ import annotations

from nemesis_rules.model.core.actions import Action, Decision
from nemesis_rules.model.data import vocabulary


def unknown_word(action: Action) -> str | None:
    """Why ``action`` uses a word or a parameter name the vocabulary does not declare, or None."""
    if isinstance(action, Decision):
        return vocabulary.unknown_word(action.kind, action.params)
    return vocabulary.unknown_word(action.chance, chance=True)
