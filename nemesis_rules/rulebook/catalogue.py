"""The clause catalogue: every rule of the texts as a clause with an id and a citation.

The engine tags each rule effect with the clause id(s) it implements (design principle 4); this module maps
an id to its statement, its ruleset(s) and where the texts say it. The data lives in ``data/clauses.toml``.

Ids are ``base.<family>.<rule>`` or ``vs.<family>.<rule>``: lower case, kebab-case parts. A card clause is
``<base|vs>.<deck>.<slug>`` where ``slug`` is :func:`card_slug` of the card's name as ``facts.md`` spells it.
A Void Seeders clause may ``replaces`` base clauses; a replaced base clause belongs to the base ruleset only.

A clause may name its ``trigger``: the situation it says what happens in, as a short normalized string
(kebab-case words joined by dots, e.g. ``noise-roll.danger``, ``encounter.token.blank``). Clauses sharing a
trigger are compared by :mod:`nemesis_rules.rulebook.triggers` (same trigger, different effects).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from types import MappingProxyType
from typing import Any

from nemesis_rules.rulebook.errors import CatalogueError, UnknownClauseError, UnknownRulesetError
from nemesis_rules.rulebook.sources import Citation, citation_problem

__all__ = [
    "CARD_DECKS",
    "RULESETS",
    "Clause",
    "card_slug",
    "catalogue",
    "check_ruleset",
    "clause",
    "clauses_for",
    "families",
    "load_clauses",
    "parse_clauses",
    "validate_clauses",
]

#: The rulesets, in canonical order.
RULESETS: tuple[str, ...] = ("base", "void-seeders")
#: Card decks whose clauses are one per distinct card effect.
CARD_DECKS: frozenset[str] = frozenset(
    {
        "event-card",
        "attack-card",
        "serious-wound",
        "item",
        "action-card",
        "quest-item",
        "objective",
        "weakness",
        "panic-card",
    }
)
_PART = r"[a-z0-9]+(?:-[a-z0-9]+)*"
CLAUSE_ID = re.compile(rf"(base|vs)\.({_PART})\.({_PART}(?:\.{_PART})*)")
TRIGGER = re.compile(rf"{_PART}(?:\.{_PART})*")
_PREFIX_RULESET = {"base": "base", "vs": "void-seeders"}


def card_slug(name: str) -> str:
    """The id slug of a card name: lower case, every run of non-alphanumerics turned into one ``-``.

    >>> card_slug("Evacuation Pod Ejection")
    'evacuation-pod-ejection'
    >>> card_slug("Motion Scanner/Sensor")
    'motion-scanner-sensor'
    """
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def check_ruleset(name: str) -> str:
    """``name`` if it is a ruleset, else :class:`UnknownRulesetError`."""
    if name not in RULESETS:
        raise UnknownRulesetError(name, RULESETS)
    return name


@dataclass(frozen=True, slots=True)
class Clause:
    """One testable rule effect, with its citation into the rule texts."""

    id: str
    family: str
    statement: str
    rulesets: tuple[str, ...]
    citation: Citation
    also: tuple[Citation, ...] = ()
    replaces: tuple[str, ...] = ()
    card: str | None = None
    trigger: str | None = None
    unreachable: tuple[tuple[str, str], ...] = ()
    """Rulesets under which no game can meet the clause, each with why (a component Void Seeders
    never uses, a table aid with no game state): coverage reports list them apart."""

    @property
    def citations(self) -> tuple[Citation, ...]:
        """The main citation followed by the further ones."""
        return (self.citation, *self.also)

    @property
    def origin(self) -> str:
        """``"base"`` or ``"void-seeders"``: which game the clause's id belongs to."""
        return _PREFIX_RULESET[self.id.split(".", 1)[0]]

    def applies_to(self, ruleset: str) -> bool:
        """Whether the clause is in force under ``ruleset``."""
        return ruleset in self.rulesets

    def unreachable_under(self, ruleset: str) -> str | None:
        """Why no game of ``ruleset`` can meet the clause, or None when one can."""
        return dict(self.unreachable).get(ruleset)


def validate_clauses(clauses: Iterable[Clause]) -> list[str]:
    """Every problem of a set of clauses (empty if there is none).

    Checks: duplicate ids, id syntax, family = the id's middle part, unknown file or malformed section,
    unknown or empty rulesets, a ``vs.`` clause in the base ruleset, empty statement, ``replaces`` naming an
    unknown id, a non-base id or a base clause still in the Void Seeders ruleset, ``replaces`` on a base
    clause, a card clause whose slug does not match its card name, and a malformed trigger.
    """
    problems: list[str] = []
    items = list(clauses)
    seen: set[str] = set()
    for item in items:
        if item.id in seen:
            problems.append(f"duplicate clause id {item.id!r}")
        seen.add(item.id)
    by_id: dict[str, Clause] = {}
    for item in items:
        by_id.setdefault(item.id, item)
    for item in items:
        problems.extend(_clause_problems(item, by_id))
    return problems


def _clause_problems(item: Clause, by_id: Mapping[str, Clause]) -> list[str]:
    problems: list[str] = []
    cid = item.id
    match = CLAUSE_ID.fullmatch(cid)
    if match is None:
        problems.append(f"bad clause id {cid!r} (expected base|vs.<family>.<rule>, lower-case kebab-case)")
    elif match.group(2) != item.family:
        problems.append(f"clause {cid!r} has family {item.family!r}, its id says {match.group(2)!r}")
    if not item.statement.strip() or "\n" in item.statement:
        problems.append(f"clause {cid!r} needs a one-line statement")
    if not item.rulesets:
        problems.append(f"clause {cid!r} has no ruleset")
    for ruleset in item.rulesets:
        if ruleset not in RULESETS:
            problems.append(f"clause {cid!r} has unknown ruleset {ruleset!r}")
    if cid.startswith("vs.") and "base" in item.rulesets:
        problems.append(f"clause {cid!r} is a void seeders clause but lists ruleset 'base'")
    for citation in item.citations:
        problem = citation_problem(citation.file, citation.section)
        if problem is not None:
            problems.append(f"clause {cid!r}: {problem}")
    if item.replaces and not cid.startswith("vs."):
        problems.append(f"clause {cid!r} is not a void seeders clause but replaces {list(item.replaces)}")
    for target in item.replaces:
        replaced = by_id.get(target)
        if replaced is None:
            problems.append(f"clause {cid!r} replaces unknown clause {target!r}")
        elif not target.startswith("base."):
            problems.append(f"clause {cid!r} replaces {target!r}, which is not a base clause")
        elif "void-seeders" in replaced.rulesets:
            problems.append(f"clause {cid!r} replaces {target!r}, which still lists ruleset 'void-seeders'")
    for ruleset, reason in item.unreachable:
        if ruleset not in item.rulesets:
            problems.append(f"clause {cid!r} is unreachable under {ruleset!r}, a ruleset it is not in force under")
        if not reason.strip() or "\n" in reason:
            problems.append(f"clause {cid!r} needs a one-line reason why it is unreachable under {ruleset!r}")
    if item.trigger is not None and TRIGGER.fullmatch(item.trigger) is None:
        problems.append(f"clause {cid!r}: bad trigger {item.trigger!r} (expected kebab-case words joined by dots)")
    if item.card is not None and match is not None:
        if match.group(2) not in CARD_DECKS:
            problems.append(f"clause {cid!r} names card {item.card!r} but {match.group(2)!r} is no card deck")
        elif card_slug(item.card) != match.group(3):
            problems.append(f"clause {cid!r}: card {item.card!r} has slug {card_slug(item.card)!r}")
    return problems


def _citation(raw: Any, where: str, problems: list[str]) -> Citation | None:
    if not isinstance(raw, Mapping):
        problems.append(f"{where}: citation must be a table with file and section")
        return None
    file, section = raw.get("file"), raw.get("section")
    if not isinstance(file, str) or not isinstance(section, str):
        problems.append(f"{where}: citation needs string 'file' and 'section'")
        return None
    return Citation(file, section)


def _string_list(raw: Any, key: str, where: str, problems: list[str]) -> tuple[str, ...] | None:
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        problems.append(f"{where}: {key!r} must be a list of strings")
        return None
    return tuple(raw)


_CLAUSE_KEYS = frozenset(
    {"id", "family", "statement", "rulesets", "file", "section", "also", "replaces", "card", "trigger", "unreachable"}
)


def parse_clauses(data: Mapping[str, Any]) -> tuple[list[Clause], list[str]]:
    """The clauses of a parsed ``clauses.toml`` document, and every problem met while reading them."""
    problems: list[str] = []
    clauses: list[Clause] = []
    raw_clauses = data.get("clause", [])
    if not isinstance(raw_clauses, list):
        return [], ["'clause' must be an array of tables"]
    for index, raw in enumerate(raw_clauses, start=1):
        where = f"clause #{index}"
        if not isinstance(raw, Mapping):
            problems.append(f"{where} is not a table")
            continue
        if isinstance(raw.get("id"), str):
            where = f"clause {raw['id']!r}"
        for key in sorted(set(raw) - _CLAUSE_KEYS):
            problems.append(f"{where}: unknown key {key!r}")
        missing = [k for k in ("id", "family", "statement", "rulesets", "file", "section") if k not in raw]
        if missing:
            problems.append(f"{where}: missing {', '.join(missing)}")
            continue
        scalars = {k: raw[k] for k in ("id", "family", "statement")}
        if not all(isinstance(v, str) for v in scalars.values()):
            problems.append(f"{where}: id, family and statement must be strings")
            continue
        citation = _citation(raw, where, problems)
        rulesets = _string_list(raw["rulesets"], "rulesets", where, problems)
        replaces = _string_list(raw.get("replaces", []), "replaces", where, problems)
        raw_also = raw.get("also", [])
        also: list[Citation] = []
        if isinstance(raw_also, list):
            for entry in raw_also:
                extra = _citation(entry, where, problems)
                if extra is not None:
                    also.append(extra)
        else:
            problems.append(f"{where}: 'also' must be an array of citations")
        card = raw.get("card")
        if card is not None and not isinstance(card, str):
            problems.append(f"{where}: 'card' must be a string")
            card = None
        trigger = raw.get("trigger")
        if trigger is not None and not isinstance(trigger, str):
            problems.append(f"{where}: 'trigger' must be a string")
            trigger = None
        raw_unreachable = raw.get("unreachable", {})
        unreachable: tuple[tuple[str, str], ...] = ()
        if isinstance(raw_unreachable, Mapping) and all(isinstance(v, str) for v in raw_unreachable.values()):
            unreachable = tuple(sorted((str(k), v) for k, v in raw_unreachable.items()))
        else:
            problems.append(f"{where}: 'unreachable' must be a table of ruleset = \"why\"")
        if citation is None or rulesets is None or replaces is None:
            continue
        clauses.append(
            Clause(
                id=scalars["id"],
                family=scalars["family"],
                statement=scalars["statement"],
                rulesets=rulesets,
                citation=citation,
                also=tuple(also),
                replaces=replaces,
                card=card,
                trigger=trigger,
                unreachable=unreachable,
            )
        )
    return clauses, problems


def load_clauses(text: str) -> Mapping[str, Clause]:
    """Parse and validate a ``clauses.toml`` text; :class:`CatalogueError` names every problem at once."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise CatalogueError([f"not valid TOML: {error}"]) from None
    clauses, problems = parse_clauses(data)
    problems.extend(validate_clauses(clauses))
    if problems:
        raise CatalogueError(problems)
    return MappingProxyType({c.id: c for c in sorted(clauses, key=lambda c: c.id)})


def _data_text(name: str) -> str:
    return (files("nemesis_rules.rulebook") / "data" / name).read_text(encoding="utf-8")


def data_texts(stem: str) -> str:
    """``<stem>.toml`` and every ``<stem>-*.toml`` of the data folder, joined into one document.

    Each rule family may keep its clauses (or rulings) in a file of its own; the files hold only
    ``[[clause]]`` (or ``[[ruling]]``) tables, so joining them is one valid TOML document.
    """
    folder = files("nemesis_rules.rulebook") / "data"
    names = sorted(
        entry.name
        for entry in folder.iterdir()
        if entry.name == f"{stem}.toml" or (entry.name.startswith(f"{stem}-") and entry.name.endswith(".toml"))
    )
    return "\n".join(_data_text(name) for name in names)


@cache
def catalogue() -> Mapping[str, Clause]:
    """The package's clause catalogue, id → clause, sorted by id (loaded and validated once).

    It is ``data/clauses.toml`` plus every ``data/clauses-*.toml``."""
    return load_clauses(data_texts("clauses"))


def clause(clause_id: str) -> Clause:
    """The clause with this id; :class:`UnknownClauseError` if there is none."""
    table = catalogue()
    try:
        return table[clause_id]
    except KeyError:
        raise UnknownClauseError(clause_id, table) from None


def clauses_for(ruleset: str) -> tuple[Clause, ...]:
    """The clauses in force under ``ruleset`` (sorted by id)."""
    check_ruleset(ruleset)
    return tuple(c for c in catalogue().values() if c.applies_to(ruleset))


def families(clauses: Sequence[Clause] | None = None) -> Mapping[str, tuple[Clause, ...]]:
    """Clauses grouped by ``(origin prefix).family`` (e.g. ``"base.noise"``), sorted by key."""
    groups: dict[str, list[Clause]] = {}
    for item in catalogue().values() if clauses is None else clauses:
        groups.setdefault(".".join(item.id.split(".")[:2]), []).append(item)
    return MappingProxyType({key: tuple(groups[key]) for key in sorted(groups)})
