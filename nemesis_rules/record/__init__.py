"""Game records: the JSON Lines format, state snapshots, replay and their JSON Schemas.

* :mod:`.lines` — :class:`RecordHeader`, :class:`Record`, :func:`read_record`, :func:`write_record`,
  :func:`record_from_log`.
* :mod:`.snapshot` — :func:`to_snapshot` / :func:`from_snapshot`: a whole state as JSON, exactly.
* :mod:`.replay` — :func:`replay_record`: every line checked, problems with clause and citation.
* :mod:`.schema` — the published JSON Schemas (``nemesis-rules schema record|snapshot``).
"""

from nemesis_rules.record.lines import (
    RECORD_FORMAT,
    RECORD_VERSION,
    Record,
    RecordHeader,
    parse_record,
    read_record,
    record_from_log,
    record_text,
    write_record,
)
from nemesis_rules.record.replay import Problem, ReplayResult, UserInvariant, replay_record
from nemesis_rules.record.snapshot import SNAPSHOT_FORMAT, SNAPSHOT_VERSION, from_snapshot, to_snapshot

__all__ = [
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "SNAPSHOT_FORMAT",
    "SNAPSHOT_VERSION",
    "Problem",
    "Record",
    "RecordHeader",
    "ReplayResult",
    "UserInvariant",
    "from_snapshot",
    "parse_record",
    "read_record",
    "record_from_log",
    "record_text",
    "replay_record",
    "to_snapshot",
    "write_record",
]
