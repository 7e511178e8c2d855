"""Provenance of a data value: where it comes from and whether it was transcribed or reconstructed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from nemesis_rules.errors import DataError

Status = Literal["transcribed", "reconstructed"]


@dataclass(frozen=True, slots=True)
class Provenance:
    """``source`` uses the source tags of shared/rules/facts.md; a reconstructed value says why."""

    source: str
    status: Status = "transcribed"
    reason: str | None = None

    def __post_init__(self) -> None:
        if self.status == "reconstructed" and not self.reason:
            raise DataError(f"reconstructed value from '{self.source}' has no reason")

    @classmethod
    def from_table(cls, table: Mapping[str, Any], default_source: str) -> Provenance:
        """Read ``source``/``status``/``reason`` keys, inheriting the table's source."""
        status = table.get("status", "transcribed")
        if status not in ("transcribed", "reconstructed"):
            raise DataError(f"unknown provenance status '{status}'")
        return cls(str(table.get("source", default_source)), status, table.get("reason"))

    def as_dict(self) -> dict[str, str]:
        out = {"source": self.source, "status": self.status}
        if self.reason:
            out["reason"] = self.reason
        return out
