"""The totality finder: the places in the rule code where a mandated effect does nothing, and what
allows each.

Design principle 10: a rule body that returns the state unchanged, cascades to a fallback or picks
a default the text does not state either cites the sentence that allows it or goes through a
ruling. This finder reads the rule code (``nemesis_rules/model/rules``, as source text with
:mod:`ast`; the rulebook imports no model) and lists every ``return state`` of a function taking
``state`` before it assigns it: the state unchanged. Such a place is *cited* when the block it
stands in names a clause or a ruling before it (a ``ctx.fire``, a ``ctx.gap``, a clause id), or the
line or the one above it names one in a comment; every ``ctx.gap`` call is a place where the code
asks a ruling instead of choosing. The rest are open questions: why does nothing happen here?
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from nemesis_rules.rulebook.finders.questions import Finding

__all__ = ["RULE_CODE", "Place", "gap_rulings", "places", "totality_findings"]

RULE_CODE = Path(__file__).resolve().parents[2] / "model" / "rules"
"""The rule families' source folder (read as text, never imported from here)."""
_CLAUSE = re.compile(r"\b(?:base|vs)\.[a-z0-9]+(?:-[a-z0-9]+)*\.[a-z0-9]+(?:[.-][a-z0-9]+)*")


@dataclass(frozen=True, slots=True)
class Place:
    """A ``return state`` that leaves the state unchanged: module (relative path), function, line, and
    the clause or ruling id that allows it (empty when none is named)."""

    module: str
    function: str
    line: int
    cites: str


def _names_clause(node: ast.AST) -> str:
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute) and sub.func.attr in ("fire", "gap"):
            for arg in sub.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and _CLAUSE.fullmatch(arg.value):
                    return arg.value
            return f"{sub.func.attr}(...)"
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str) and _CLAUSE.fullmatch(sub.value):
            return sub.value
    return ""


def _assigns_state(node: ast.stmt) -> bool:
    return any(isinstance(n, ast.Name) and n.id == "state" and isinstance(n.ctx, ast.Store) for n in ast.walk(node))


def _asked_ruling(stmt: ast.stmt, names: dict[str, str]) -> str:
    """The ruling a statement asks (``... = ctx.gap(state, RULING, ...)``), or ""."""
    for sub in ast.walk(stmt):
        if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute) and sub.func.attr == "gap":
            ids = [_string(a, names) for a in sub.args]
            return next((i for i in ids if i and _CLAUSE.fullmatch(i)), "gap(...)")
    return ""


def _is_unchanged(stmt: ast.stmt, assigned: bool) -> bool:
    return (
        isinstance(stmt, ast.Return) and isinstance(stmt.value, ast.Name) and stmt.value.id == "state" and not assigned
    )


def _returns(
    stmts: list[ast.stmt], assigned: bool, lines: list[str], names: dict[str, str], asked: str = ""
) -> Iterator[tuple[int, str]]:
    """The unchanged-state returns of ``stmts`` with what they cite; ``asked``: a ruling an enclosing
    block asked before this one (its reading decides the branches inside)."""
    for index, stmt in enumerate(stmts):
        if _is_unchanged(stmt, assigned):
            cites = next((c for s in stmts[:index] if (c := _names_clause(s))), "") or asked
            if not cites:
                comment = " ".join(lines[max(0, stmt.lineno - 2) : stmt.lineno])
                found = _CLAUSE.search(comment)
                cites = found.group(0) if found else ""
            yield stmt.lineno, cites
        if isinstance(stmt, ast.If | ast.For | ast.While | ast.With | ast.Try):
            inner = next((r for s in (*stmts[:index], stmt) if (r := _asked_ruling(s, names))), asked)
            for field in ("body", "orelse", "finalbody"):
                block = getattr(stmt, field, None)
                if isinstance(block, list) and block:
                    yield from _returns(block, assigned, lines, names, inner)
        if _assigns_state(stmt):
            assigned = True


def places(folder: Path = RULE_CODE) -> list[Place]:
    """Every unchanged-state return of the rule code under ``folder``, in file and line order."""
    out = []
    for path in sorted(folder.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        tree = ast.parse(source)
        names = _string_constants(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and "state" in [a.arg for a in node.args.args]:
                for line, cites in _returns(node.body, False, lines, names):
                    out.append(Place(str(path.relative_to(folder)), node.name, line, cites))
    return sorted(out, key=lambda p: (p.module, p.line))


def gap_rulings(folder: Path = RULE_CODE) -> dict[str, str]:
    """Ruling id -> the first place (``module:line``) where the rule code asks it (``ctx.gap``)."""
    found: dict[str, str] = {}
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = _string_constants(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "gap":
                ids = [_string(a, names) for a in node.args]
                ruling = next((i for i in ids if i and _CLAUSE.fullmatch(i)), "")
                if ruling:
                    found.setdefault(ruling, f"{path.relative_to(folder)}:{node.lineno}")
    return found


def _string_constants(tree: ast.Module) -> dict[str, str]:
    """The module's ``NAME = "text"`` assignments (a ruling id kept in a constant)."""
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            out.update({t.id: node.value.value for t in node.targets if isinstance(t, ast.Name)})
    return out


def _string(node: ast.expr, names: dict[str, str]) -> str:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return names.get(node.id, "") if isinstance(node, ast.Name) else ""


def totality_findings(folder: Path = RULE_CODE) -> list[Finding]:
    """One question per module of the rule code with the unchanged-state returns that name no clause
    or ruling (open), and one per cited place (answered by the clause or ruling it names)."""
    out: list[Finding] = []
    uncited: dict[str, list[Place]] = {}
    for place in places(folder):
        if place.cites:
            kind = "ruling" if ".gap." in place.cites or ".ambiguity." in place.cites else "clause"
            answer = f"{kind}:{place.cites}" if _CLAUSE.fullmatch(place.cites) else "clause:code"
            out.append(
                Finding(
                    f"totality:{place.module}:{place.line}", "totality", "gap",
                    f"{place.module}, {place.function}: the state is returned unchanged; what allows it?",
                    (), (), answer, f"{place.module}:{place.line}",
                )
            )  # fmt: skip
        else:
            uncited.setdefault(place.module, []).append(place)
    for module, found in sorted(uncited.items()):
        where = ", ".join(f"{p.function} (line {p.line})" for p in found)
        out.append(
            Finding(
                f"totality:{module}", "totality", "gap",
                f"In {module} the rule code returns the state unchanged without naming a clause or a ruling in "
                f"{len(found)} place(s): {where}. Which sentence allows each, or which ruling decides it?",
                (), (), "", f"{module}: {len(found)} place(s)",
            )
        )  # fmt: skip
    return out
