"""The same-trigger check: clauses that say what happens in the same situation, taken from different sources.

A clause may name its ``trigger`` (the situation it covers, see :mod:`.catalogue`). Two clauses are a
*same-trigger pair* when they

* name the same trigger,
* are in force together (their rulesets overlap) and neither ``replaces`` the other, and
* are cited from disjoint sets of sources (a source is a rule file; the Void Seeders rulebook counts as two,
  its main text and its Rules Summary).

Each source then states an effect of the situation that the other does not: a contradiction, an exception,
or two compatible parts of one rule. A pair is settled when a ruling lists both clauses (the disagreement is
already in the conflict report) or when ``data/trigger-reviews.toml`` records a reviewed verdict with its
reason; every other pair is an open finding of ``nemesis-rules rules conflicts``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib.resources import files
from itertools import combinations
from types import MappingProxyType
from typing import Any

from nemesis_rules.rulebook.catalogue import Clause, catalogue
from nemesis_rules.rulebook.errors import RulebookError
from nemesis_rules.rulebook.rulings import Ruling, rulings
from nemesis_rules.rulebook.sources import Citation

__all__ = [
    "Review",
    "TriggerPair",
    "TriggerReviewError",
    "Verdict",
    "clause_sources",
    "load_reviews",
    "open_pairs",
    "reviews",
    "same_trigger_pairs",
    "source_of",
    "stale_reviews",
]


class TriggerReviewError(RulebookError, ValueError):
    """``trigger-reviews.toml`` does not validate; the message names every problem."""

    def __init__(self, problems: Iterable[str]) -> None:
        self.problems = tuple(problems)
        super().__init__(f"trigger reviews have {len(self.problems)} problem(s): " + "; ".join(self.problems))


class Verdict(StrEnum):
    """What a reviewer found a same-trigger pair to be."""

    COMPATIBLE = "compatible"  # both effects apply; each source states a part of the rule
    EXCEPTION = "exception"  # one clause is a stated exception to the other in its own situation


@dataclass(frozen=True, slots=True)
class Review:
    """A reviewed same-trigger pair: the two clause ids (sorted), the verdict and why."""

    clauses: tuple[str, str]
    verdict: Verdict
    reason: str


@dataclass(frozen=True, slots=True)
class TriggerPair:
    """Two clauses with the same trigger from disjoint sources, and what settles them (if anything)."""

    trigger: str
    first: Clause
    second: Clause
    rulesets: tuple[str, ...]
    linked_by: tuple[str, ...]
    review: Review | None

    @property
    def ids(self) -> tuple[str, str]:
        return (self.first.id, self.second.id)

    @property
    def is_open(self) -> bool:
        """Neither a ruling nor a review settles the pair."""
        return not self.linked_by and self.review is None


def source_of(citation: Citation) -> str:
    """The source a citation belongs to: its file, or the Void Seeders main text / Rules Summary."""
    part = citation.part
    return citation.file if part is None else f"{citation.file} ({'Rules Summary' if part == 'summary' else 'main'})"


def clause_sources(item: Clause) -> frozenset[str]:
    """Every source a clause is cited from."""
    return frozenset(source_of(c) for c in item.citations)


def _linking_rulings(first: str, second: str, table: Mapping[str, Ruling]) -> tuple[str, ...]:
    return tuple(r.id for r in table.values() if first in r.clauses and second in r.clauses)


def same_trigger_pairs(
    clauses: Mapping[str, Clause] | None = None,
    ruling_table: Mapping[str, Ruling] | None = None,
    review_table: Mapping[tuple[str, str], Review] | None = None,
) -> list[TriggerPair]:
    """Every same-trigger pair of the catalogue (see the module docstring), sorted by trigger and ids."""
    table = catalogue() if clauses is None else clauses
    known_rulings = rulings() if ruling_table is None else ruling_table
    known_reviews = reviews() if review_table is None else review_table
    by_trigger: dict[str, list[Clause]] = {}
    for item in table.values():
        if item.trigger is not None:
            by_trigger.setdefault(item.trigger, []).append(item)
    pairs: list[TriggerPair] = []
    for trigger in sorted(by_trigger):
        for first, second in combinations(sorted(by_trigger[trigger], key=lambda c: c.id), 2):
            shared = tuple(r for r in first.rulesets if r in second.rulesets)
            if not shared or first.id in second.replaces or second.id in first.replaces:
                continue
            if clause_sources(first) & clause_sources(second):
                continue
            pairs.append(
                TriggerPair(
                    trigger=trigger,
                    first=first,
                    second=second,
                    rulesets=shared,
                    linked_by=_linking_rulings(first.id, second.id, known_rulings),
                    review=known_reviews.get((first.id, second.id)),
                )
            )
    return pairs


def open_pairs() -> list[TriggerPair]:
    """The same-trigger pairs that no ruling links and no review settles: the check's open findings."""
    return [p for p in same_trigger_pairs() if p.is_open]


def _parse_review(raw: Any, index: int, known: Mapping[str, Clause], problems: list[str]) -> Review | None:
    where = f"review #{index}"
    if not isinstance(raw, Mapping):
        problems.append(f"{where} is not a table")
        return None
    unknown = sorted(set(raw) - {"clauses", "verdict", "reason"})
    problems.extend(f"{where}: unknown key {key!r}" for key in unknown)
    ids, verdict, reason = raw.get("clauses"), raw.get("verdict"), raw.get("reason")
    if not isinstance(ids, list) or len(ids) != 2 or not all(isinstance(i, str) for i in ids) or ids[0] == ids[1]:
        problems.append(f"{where}: 'clauses' must list two different clause ids")
        return None
    problems.extend(f"{where}: unknown clause {i!r}" for i in ids if i not in known)
    if verdict not in {v.value for v in Verdict}:
        problems.append(f"{where}: verdict must be one of {', '.join(v.value for v in Verdict)}, not {verdict!r}")
        return None
    if not isinstance(reason, str) or not reason.strip():
        problems.append(f"{where}: needs a reason")
        return None
    first, second = sorted(ids)
    return Review((first, second), Verdict(verdict), reason)


def load_reviews(text: str, clauses: Mapping[str, Clause] | None = None) -> Mapping[tuple[str, str], Review]:
    """Parse and validate a ``trigger-reviews.toml`` text; :class:`TriggerReviewError` names every problem."""
    known = catalogue() if clauses is None else clauses
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise TriggerReviewError([f"not valid TOML: {error}"]) from None
    raw_list = data.get("review", [])
    if not isinstance(raw_list, list):
        raise TriggerReviewError(["'review' must be an array of tables"])
    problems: list[str] = []
    table: dict[tuple[str, str], Review] = {}
    for index, raw in enumerate(raw_list, start=1):
        review = _parse_review(raw, index, known, problems)
        if review is None:
            continue
        if review.clauses in table:
            problems.append(f"review #{index}: pair {' / '.join(review.clauses)} is reviewed twice")
        table[review.clauses] = review
    if problems:
        raise TriggerReviewError(problems)
    return MappingProxyType(dict(sorted(table.items())))


@cache
def reviews() -> Mapping[tuple[str, str], Review]:
    """The package's reviewed same-trigger pairs (``data/trigger-reviews.toml``), keyed by sorted clause ids."""
    text = (files("nemesis_rules.rulebook") / "data" / "trigger-reviews.toml").read_text(encoding="utf-8")
    return load_reviews(text)


def stale_reviews() -> list[tuple[str, str]]:
    """Reviewed pairs that are no longer an unlinked same-trigger pair (the review should be deleted)."""
    live = {p.ids for p in same_trigger_pairs() if not p.linked_by}
    return [ids for ids in reviews() if ids not in live]
