"""The typed errors every part of nemesis-rules raises, and how a user's value is quoted.

Four kinds, as design principle 9 asks: bad input (the user gave us something we cannot
read, an impossible state, a plug-in that failed: exit code 2), a rules refusal (an illegal
action, a violated invariant: exit code 1), a rule gap (the texts say nothing about a reachable
situation: design principle 10), and an internal fault (the engine failed on input it accepted:
exit code 3, "please report"). Messages are lower case, quote the input with :func:`quote` and
name the clause where there is one; a message is one line.
"""

from __future__ import annotations

from typing import Any

SHORTENED = "...[{} more characters]"
"""The marker :func:`shorten` puts where it cut a text."""
ECHO_LIMIT = 200
"""How many characters of a user's value a message quotes before it shortens it."""


def shorten(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, with a marker saying how much was left out."""
    if len(text) <= limit:
        return text
    return text[:limit] + SHORTENED.format(len(text) - limit)


def quote(value: object, limit: int = ECHO_LIMIT) -> str:
    """A user's value as a message shows it: ``repr``-style (quotes, and a line break or a
    control character escaped, so the message stays one line), shortened past ``limit``."""
    text = value if isinstance(value, str) else str(value)
    return shorten(repr(text), limit)


def one_line(text: str) -> str:
    """``text`` with its line breaks and control characters escaped (a message is one line)."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class NemesisRulesError(Exception):
    """The root of every error this package raises on purpose."""


class BadInputError(NemesisRulesError):
    """Input that cannot be read or does not fit its format (exit code 2).

    ``where`` locates the problem (a file, ``file:line``, an option name).
    """

    def __init__(self, message: str, where: str | None = None) -> None:
        self.message = one_line(message)
        self.where = one_line(where) if where is not None else None
        super().__init__(f"{self.where}: {self.message}" if self.where else self.message)

    def __reduce__(self) -> tuple[Any, ...]:  # so that it crosses to and from worker processes intact
        return (BadInputError, (self.message, self.where))


class PluginError(BadInputError):
    """A user's plug-in (an ``--invariant FILE.py:NAME`` function) failed, exited or was
    interrupted while it ran: bad input naming the plug-in (exit code 2), never a verdict."""

    def __init__(self, plugin: str, what: str) -> None:
        self.plugin = plugin
        self.what = what
        super().__init__(f"plug-in {quote(plugin)} failed: {what}", "--invariant")

    def __reduce__(self) -> tuple[Any, ...]:
        return (PluginError, (self.plugin, self.what))


class LimitError(BadInputError):
    """Input larger than a limit allows (bytes per line, bytes per record, steps per record):
    bad input naming the limit and the option that raises it (exit code 2)."""


class InternalError(NemesisRulesError):
    """The engine failed on input it had accepted: a bug of this package (exit code 3).

    The message says where (``at line N``), what failed, and asks for a report."""

    def __init__(self, message: str) -> None:
        self.message = one_line(message)
        super().__init__(f"internal error {self.message}; please report")

    def __reduce__(self) -> tuple[Any, ...]:
        return (InternalError, (self.message,))


class DataError(NemesisRulesError):
    """A packaged data table is inconsistent (a bug in the package, not user input)."""
