"""The words a record may use: decision kinds with their parameter names, and chance node names.

Replay asks this only about a line the engine refused, to tell a misspelt or invented word
(bad input, exit 2: ``unknown action 'fly'``) from a real action that the rules forbid now
(exit 1). The words come from the engine itself, never from a list kept here: decision kinds
from the table of turn actions and from the calls that build decisions in the engine's source
(``Decision.make(player, "kind", name=...)``, and ``presorted(player, "kind", (("name", value),
...))`` and ``paid_each(player, "kind", before, ways, after)`` for parameters already in order),
chance names from the ``chance = "..."`` attributes of its classes (source read as text with
:mod:`ast`, never run) and of the chance node classes imported.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Mapping

from nemesis_rules.model.core.actions import Action, Decision
from nemesis_rules.model.core.frames import ChanceNode
from nemesis_rules.model.rulesets import RULESETS
from nemesis_rules.record.engine_source import model_trees
from nemesis_rules.record.state_classes import registry

OPEN: frozenset[str] = frozenset({"*"})
"""The parameter set of a kind built with ``**params`` or from a tuple: any name may occur."""


def _chance_names(tree: ast.AST) -> set[str]:
    """The ``chance = "..."`` class attributes (how a chance node class names itself)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        for item in node.body:
            target: ast.expr | None = item.target if isinstance(item, ast.AnnAssign) else None
            if isinstance(item, ast.Assign) and len(item.targets) == 1:
                target = item.targets[0]
            value = item.value if isinstance(item, ast.Assign | ast.AnnAssign) else None
            if _named(target, "chance") and isinstance(value, ast.Constant) and isinstance(value.value, str):
                found.add(value.value)
    return found


def _pair_names(node: ast.expr) -> set[str]:
    """The names of a literal tuple of ``("name", value)`` pairs; :data:`OPEN` when it is not one."""
    if not isinstance(node, ast.Tuple):
        return set(OPEN)
    names: set[str] = set()
    for pair in node.elts:
        if not (isinstance(pair, ast.Tuple) and len(pair.elts) == 2):
            return set(OPEN)
        name = pair.elts[0]
        if not (isinstance(name, ast.Constant) and isinstance(name.value, str)):
            return set(OPEN)
        names.add(name.value)
    return names


def _presorted_calls(node: ast.Call) -> tuple[str, set[str]] | None:
    """A ``presorted(player, "kind", pairs)`` or ``paid_each(player, "kind", before, ways[, after])``
    call: its kind and parameter names."""
    if not isinstance(node.func, ast.Name) or node.func.id not in ("presorted", "paid_each") or len(node.args) < 3:
        return None
    kind = node.args[1]
    if not (isinstance(kind, ast.Constant) and isinstance(kind.value, str)):
        return None
    if node.func.id == "presorted":
        return kind.value, _pair_names(node.args[2])
    names = {"pay"} | _pair_names(node.args[2])
    if len(node.args) > 4:
        names |= _pair_names(node.args[4])
    return kind.value, names


def _make_calls(tree: ast.AST) -> dict[str, frozenset[str]]:
    found: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or len(node.args) < 2:
            continue
        ordered = _presorted_calls(node)
        if ordered is not None:
            found.setdefault(ordered[0], set()).update(ordered[1])
            continue
        func = node.func
        made = isinstance(func, ast.Attribute) and func.attr == "make" and _named(func.value, "Decision")
        built = _named(func, "Decision")
        kind = node.args[1]
        if not (made or built) or not isinstance(kind, ast.Constant) or not isinstance(kind.value, str):
            continue
        names = found.setdefault(kind.value, set())
        if built or any(k.arg is None for k in node.keywords):
            names |= OPEN
        names.update(k.arg for k in node.keywords if k.arg is not None)
    return {k: frozenset(v) for k, v in found.items()}


def _named(node: ast.AST | None, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


@functools.cache
def _scan() -> tuple[Mapping[str, frozenset[str]], frozenset[str]]:
    kinds: dict[str, frozenset[str]] = {}
    chances: set[str] = set()
    for _, tree in model_trees():
        for kind, names in _make_calls(tree).items():
            kinds[kind] = kinds.get(kind, frozenset()) | names
        chances |= _chance_names(tree)
    return kinds, frozenset(chances)


def chance_names() -> frozenset[str]:
    """The ``chance`` names of every chance node class of the engine, and of those imported."""

    imported = {cls.chance for cls in registry().tags if issubclass(cls, ChanceNode)}
    return _scan()[1] | imported


def decision_kinds() -> Mapping[str, frozenset[str]]:
    """Every decision kind the engine can offer, with the parameter names it uses."""
    kinds = dict(_scan()[0])
    for kind in {kind for ruleset in RULESETS.values() for kind in ruleset.actions}:
        kinds.setdefault(kind, OPEN)
    return kinds


def unknown_word(action: Action) -> str | None:
    """Why ``action`` uses a word the engine does not know, or None when every word is known.

    When the engine's source cannot be read (no decision kind found), decisions are not judged.
    """
    if not isinstance(action, Decision):
        if action.chance not in chance_names():
            return f"unknown chance node {action.chance!r}"
        return None
    kinds = decision_kinds()
    if not kinds:
        return None
    names = kinds.get(action.kind)
    if names is None:
        return f"unknown action {action.kind!r} (known: {', '.join(sorted(kinds))})"
    if names >= OPEN:
        return None
    for name, _ in action.params:
        if name not in names:
            expected = ", ".join(sorted(names)) or "none"
            return f"unknown field {name!r} for action {action.kind!r} (its fields: {expected})"
    return None
