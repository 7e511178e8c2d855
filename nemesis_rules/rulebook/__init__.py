"""The rulebook: clause catalogue, rulings (conflict report) and the numeric cross-check.

* :mod:`.catalogue` — every rule of the texts as a :class:`Clause` with a citation; ids such as
  ``base.noise.danger`` or ``vs.lurking.remove`` are what the engine tags its effects with.
* :mod:`.rulings` — every contradiction, ambiguity, gap and data conflict as a :class:`Ruling` with named
  readings and a default; :func:`resolve_rulings` gives a game's full ruling → reading map.
* :mod:`.numbers` — every number each source states; :func:`numeric_conflicts` lists the disagreements.
* :mod:`.sources` — the rule files and how a citation's section is found in them.
* :mod:`.triggers` — the same-trigger check: clauses for one situation, cited from different sources.
* :mod:`.references` — where the package's code and the tests name each clause; :mod:`.ratchet` — the
  checked-in list of clauses still without code or a test (it may only shrink).
* :mod:`.passages` — the cited passage of a clause, quoted from the rule texts when they are available;
  :mod:`.details` — everything about one clause (``rules show``).
* :mod:`.campaign`, :mod:`.coverage`, :mod:`.report`, :mod:`.situations` — seeded random games (or
  replayed records), the clauses they fired, and the conflict report with the gaps they reached and each
  reached ruling's situation as records. These import the engine and the record format, so this package
  does not import them by itself.

The data lives in ``data/clauses*.toml``, ``data/rulings*.toml``, ``data/numbers.toml``,
``data/trigger-reviews.toml`` and ``data/unimplemented.txt``.
"""

from nemesis_rules.rulebook.catalogue import (
    CARD_DECKS,
    RULESETS,
    Clause,
    card_slug,
    catalogue,
    check_ruleset,
    clause,
    clauses_for,
    families,
    load_clauses,
    validate_clauses,
)
from nemesis_rules.rulebook.errors import (
    CatalogueError,
    NumbersError,
    RulebookError,
    RulingsError,
    RulingSyntaxError,
    SectionNotFoundError,
    UnknownClauseError,
    UnknownQuantityError,
    UnknownReadingError,
    UnknownRulesetError,
    UnknownRulingError,
)
from nemesis_rules.rulebook.numbers import (
    NumericConflict,
    Quantity,
    QuantityValue,
    load_quantities,
    numeric_conflicts,
    quantities,
    quantity,
)
from nemesis_rules.rulebook.rulings import (
    Reading,
    Ruling,
    RulingChoice,
    RulingKind,
    load_rulings,
    parse_ruling_choice,
    parse_ruling_choices,
    resolve_rulings,
    ruling,
    rulings,
    rulings_for,
    uncovered_conflicts,
    validate_rulings,
)
from nemesis_rules.rulebook.sources import RULE_FILES, Citation, citation_problem, find_section

__all__ = [
    "CARD_DECKS",
    "RULESETS",
    "RULE_FILES",
    "CatalogueError",
    "Citation",
    "Clause",
    "NumbersError",
    "NumericConflict",
    "Quantity",
    "QuantityValue",
    "Reading",
    "RulebookError",
    "Ruling",
    "RulingChoice",
    "RulingKind",
    "RulingSyntaxError",
    "RulingsError",
    "SectionNotFoundError",
    "UnknownClauseError",
    "UnknownQuantityError",
    "UnknownReadingError",
    "UnknownRulesetError",
    "UnknownRulingError",
    "card_slug",
    "catalogue",
    "check_ruleset",
    "citation_problem",
    "clause",
    "clauses_for",
    "families",
    "find_section",
    "load_clauses",
    "load_quantities",
    "load_rulings",
    "numeric_conflicts",
    "parse_ruling_choice",
    "parse_ruling_choices",
    "quantities",
    "quantity",
    "resolve_rulings",
    "ruling",
    "rulings",
    "rulings_for",
    "uncovered_conflicts",
    "validate_clauses",
    "validate_rulings",
]
