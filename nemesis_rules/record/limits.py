"""How much a record may hold before it is refused: bytes per line, bytes per record, steps
per record.

A record is read whole and every line is parsed, echoed and replayed, so an unbounded input is
unbounded memory and time (a 200 MB record took 2.2 GB; one 50 MB line 750 MB). Each limit has
a default far above any game the engine plays and an option of ``replay`` that raises it; a
record past a limit is bad input (exit 2) naming the limit and the option.
"""

from __future__ import annotations

from dataclasses import dataclass

LINE_BYTES = 1 << 20
"""Bytes per line: 1 MiB. The longest line a game writes is its header with a full snapshot
(about 20 kB); an action line is under 200 bytes."""
RECORD_BYTES = 64 << 20
"""Bytes per record: 64 MiB, some two thousand times the longest example game."""
STEPS = 200_000
"""Action lines per record: the number of steps after which the random players give up on a
game as an engine bug (``players.play.MAX_STEPS``); a game ends by its rules in a few thousand."""


@dataclass(frozen=True, slots=True)
class Limits:
    """The limits a record is read and replayed under (``replay --max-line-bytes`` ...)."""

    line_bytes: int = LINE_BYTES
    record_bytes: int = RECORD_BYTES
    steps: int = STEPS


DEFAULT = Limits()
