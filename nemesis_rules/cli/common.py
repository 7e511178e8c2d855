"""Options and helpers shared by the commands."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from nemesis_rules.atomic import write_atomic
from nemesis_rules.errors import BadInputError

if TYPE_CHECKING:
    from nemesis_rules.model.core.state import GameState


def parse_assignments(values: Iterable[str], option: str) -> dict[str, str]:
    """Parse repeated ``NAME=VALUE`` options; a malformed one is bad input naming the option."""
    out: dict[str, str] = {}
    for raw in values:
        name, sep, value = raw.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise BadInputError(f"expected NAME=VALUE, got {raw!r}", option)
        out[name.strip()] = value.strip()
    return out


def emit(text: str | bytes, out: Path | None) -> None:
    """Write to ``out`` atomically, or to stdout when ``out`` is None."""
    if out is None:
        if isinstance(text, bytes):
            sys.stdout.buffer.write(text)
        else:
            typer.echo(text, nl=False)
    else:
        write_atomic(out, text)


def start_check() -> Callable[[GameState], Sequence[tuple[str, str]]]:
    """The check of a starting snapshot or situation before play:
    :func:`~nemesis_rules.invariants.start_problems` (imported when a command asks for it)."""
    from nemesis_rules.invariants import start_problems

    return start_problems
