"""Where the code and the tests name a clause (design principle 4: every rule cites its clause).

* **Code**: the package's Python source (outside this ``rulebook`` package) is parsed, and every string
  literal that is a clause or ruling id (``"base.noise.danger"``) is a place that implements it. An f-string
  that starts like an id (``f"base.bag.{kind}"``) is a *pattern*: it names every catalogued id it matches.
* **Tests**: the ``tests/`` folder beside the package is parsed (without ``tests/rulebook/`` and the rules
  CLI tests, which name ids to test the catalogue itself). A test names a clause when a string in it
  contains the id, or when the test's name contains the id with dots and hyphens turned into underscores
  (``test_base_noise_danger_pulls_neighbours_in`` names ``base.noise.danger``; where several ids fit at one
  place, the longest wins).

Paths in :class:`Location` are relative to the repository root and use ``/``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType

import nemesis_rules

__all__ = [
    "EXCLUDED_TESTS",
    "ID_LITERAL",
    "Location",
    "NamedId",
    "clause_implementations",
    "clause_tests",
    "code_names",
    "id_pattern",
    "names_in_code",
    "names_in_tests",
    "package_dir",
    "repo_root",
    "tests_dir",
    "underscored",
]

#: A string literal that is a clause or ruling id: a prefix and at least two dotted kebab-case parts.
ID_LITERAL = re.compile(r"(?:base|vs)(?:\.[a-z0-9]+(?:-[a-z0-9]+)*){2,}")
_ID_IN_TEXT = re.compile(r"(?<![a-z0-9_.-])(?:base|vs)(?:\.[a-z0-9]+(?:-[a-z0-9]+)*){2,}")
_PLACEHOLDER = "{}"
#: Test files (relative to ``tests/``) whose ids test the catalogue, not a rule's implementation.
EXCLUDED_TESTS: tuple[str, ...] = ("rulebook/", "cli/test_rules_cli.py")


@dataclass(frozen=True, slots=True)
class Location:
    """A place in the repository: file (relative, ``/``-separated), 1-based line, and a name where useful
    (the test function, or the f-string pattern that names the id)."""

    file: str
    line: int
    name: str = ""

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}"
        return f"{where} {self.name}" if self.name else where


@dataclass(frozen=True, slots=True)
class NamedId:
    """An id the code names: the literal id, or an f-string template with ``{}`` placeholders."""

    text: str
    location: Location
    is_pattern: bool = False


def package_dir() -> Path:
    """The ``nemesis_rules`` package folder."""
    return Path(nemesis_rules.__file__).resolve().parent


def repo_root() -> Path:
    """The folder holding the package (the repository root in a source checkout)."""
    return package_dir().parent


def tests_dir() -> Path | None:
    """The repository's ``tests/`` folder, or ``None`` when the package is installed without it."""
    folder = repo_root() / "tests"
    return folder if folder.is_dir() else None


def underscored(clause_id: str) -> str:
    """The id as a test name spells it: ``base.careful-move.not-in-combat`` -> ``base_careful_move_not_in_combat``."""
    return clause_id.replace(".", "_").replace("-", "_")


def id_pattern(template: str) -> re.Pattern[str]:
    """The regular expression of an f-string template: each ``{}`` stands for one or more id parts."""
    pieces = template.split(_PLACEHOLDER)
    any_parts = r"[a-z0-9]+(?:[.-][a-z0-9]+)*"
    return re.compile(any_parts.join(re.escape(piece) for piece in pieces))


def _python_files(folder: Path, skip: tuple[str, ...]) -> Iterator[tuple[str, ast.Module]]:
    root = repo_root()
    for path in sorted(folder.rglob("*.py")):
        relative = path.relative_to(folder).as_posix()
        if any(relative.startswith(prefix) for prefix in skip):
            continue
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        except SyntaxError:  # a file being edited by someone else right now; it names nothing we can read
            continue
        yield path.relative_to(root).as_posix(), tree


def _template(node: ast.JoinedStr) -> str | None:
    parts: list[str] = []
    for value in node.values:
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            parts.append(value.value)
        else:
            parts.append(_PLACEHOLDER)
    text = "".join(parts)
    if text.startswith(_PLACEHOLDER + ".") and re.match(r"\.[a-z0-9-]+\.", text[len(_PLACEHOLDER) :]):
        # the ruleset's prefix chosen at run time (``f"{prefix}.attack-card.{effect}"``)
        return text
    return text if re.match(r"(?:base|vs)\.[a-z0-9-]+", text) and _PLACEHOLDER in text else None


def names_in_code(tree: ast.Module, file: str) -> list[NamedId]:
    """The ids (literal string constants) and id patterns (f-strings starting like an id) a module names."""
    found: list[NamedId] = []
    inside_fstrings = {id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for v in node.values}
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            template = _template(node)
            if template is not None:
                found.append(NamedId(template, Location(file, node.lineno, template), is_pattern=True))
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in inside_fstrings
            and ID_LITERAL.fullmatch(node.value)
        ):
            found.append(NamedId(node.value, Location(file, node.lineno)))
    return found


@cache
def code_names() -> tuple[NamedId, ...]:
    """Every id (or f-string pattern) the package source names outside ``rulebook/`` and ``findings/`` (the
    catalogue and the conflict situations quote ids; they implement none), in file order."""
    found = [
        named
        for file, tree in _python_files(package_dir(), ("rulebook/", "findings/"))
        for named in names_in_code(tree, file)
    ]
    return tuple(sorted(found, key=lambda n: (n.location.file, n.location.line, n.text)))


def clause_implementations(ids: frozenset[str] | set[str] | tuple[str, ...]) -> Mapping[str, tuple[Location, ...]]:
    """For each of ``ids``: the places in the code that name it, literal names first, then patterns."""
    wanted = frozenset(ids)
    literal: dict[str, list[Location]] = {i: [] for i in wanted}
    by_pattern: dict[str, list[Location]] = {i: [] for i in wanted}
    for named in code_names():
        if not named.is_pattern:
            if named.text in wanted:
                literal[named.text].append(named.location)
            continue
        regex = id_pattern(named.text)
        for clause_id in wanted:
            if regex.fullmatch(clause_id):
                by_pattern[clause_id].append(named.location)
    return MappingProxyType({i: tuple(literal[i] + by_pattern[i]) for i in sorted(wanted)})


def _credit_name(name: str, by_underscored: Mapping[str, tuple[str, ...]]) -> set[str]:
    """Clause ids a test name contains (underscored), the longest fit at each place."""
    tokens = name.split("_")
    credited: set[str] = set()
    for start, token in enumerate(tokens):
        if token not in ("base", "vs"):
            continue
        best: tuple[str, ...] = ()
        for end in range(start + 3, len(tokens) + 1):
            best = by_underscored.get("_".join(tokens[start:end]), best)
        credited.update(best)
    return credited


def _walk_tests(
    node: ast.AST, function: str, file: str, known: frozenset[str], by_underscored: Mapping[str, tuple[str, ...]]
) -> Iterator[tuple[str, Location]]:
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        if node.name.startswith("test"):
            function = node.name
            for clause_id in sorted(_credit_name(node.name, by_underscored)):
                yield clause_id, Location(file, node.lineno, node.name)
    elif isinstance(node, ast.Constant) and isinstance(node.value, str):
        for match in _ID_IN_TEXT.finditer(node.value):
            if match.group(0) in known:
                yield match.group(0), Location(file, node.lineno, function)
    for child in ast.iter_child_nodes(node):
        yield from _walk_tests(child, function, file, known, by_underscored)


def names_in_tests(tree: ast.Module, file: str, known: frozenset[str]) -> list[tuple[str, Location]]:
    """The ``known`` ids a test module names: in its strings, and underscored in its test names."""
    groups: dict[str, list[str]] = {}
    for clause_id in known:
        groups.setdefault(underscored(clause_id), []).append(clause_id)
    by_underscored = {key: tuple(sorted(ids)) for key, ids in groups.items()}
    found: list[tuple[str, Location]] = []
    for hit in _walk_tests(tree, "", file, known, by_underscored):
        if hit not in found:
            found.append(hit)
    return found


@cache
def _test_index(known: frozenset[str]) -> Mapping[str, tuple[Location, ...]]:
    folder = tests_dir()
    index: dict[str, list[Location]] = {i: [] for i in known}
    if folder is not None:
        for file, tree in _python_files(folder, EXCLUDED_TESTS):
            for clause_id, location in names_in_tests(tree, file, known):
                index[clause_id].append(location)
    return MappingProxyType({i: tuple(index[i]) for i in sorted(known)})


def clause_tests(ids: frozenset[str] | set[str] | tuple[str, ...]) -> Mapping[str, tuple[Location, ...]]:
    """For each of ``ids``: the tests that name it (empty everywhere when there is no ``tests/`` folder)."""
    return _test_index(frozenset(ids))
