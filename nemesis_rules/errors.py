"""The typed errors every part of nemesis-rules raises.

Three kinds, as design principle 8 asks: bad input (the user gave us something we cannot
read: exit code 2), a rules refusal (an illegal action, a violated invariant: exit code 1),
and a rule gap (the texts say nothing about a reachable situation: design principle 9).
Messages are lower case, quote the input and name the clause where there is one.
"""

from __future__ import annotations


class NemesisRulesError(Exception):
    """The root of every error this package raises on purpose."""


class BadInputError(NemesisRulesError):
    """Input that cannot be read or does not fit its format (exit code 2).

    ``where`` locates the problem (a file, ``file:line``, an option name).
    """

    def __init__(self, message: str, where: str | None = None) -> None:
        self.message = message
        self.where = where
        super().__init__(f"{where}: {message}" if where else message)


class DataError(NemesisRulesError):
    """A packaged data table is inconsistent (a bug in the package, not user input)."""
