"""The package's architecture, enforced: the layer contracts hold (import-linter's
``lint-imports``, configured in pyproject.toml), no import cycle remains among the package's
modules (imports inside functions counted), no module ends with imports, and no import hides
inside a function to dodge a cycle (the command line alone loads its commands lazily)."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "nemesis_rules"

LAZY_PACKAGES = ("nemesis_rules.cli",)
"""Where an import inside a function is the design: each command imports what it needs when it
runs, so that ``--help`` and every other command start without loading the rest."""


def modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


def imported(module: str, node: ast.Import | ast.ImportFrom, known: dict[str, Path]) -> Iterator[str]:
    """The package's modules an import statement loads (a package's ``__init__`` included)."""
    if isinstance(node, ast.Import):
        targets = [alias.name for alias in node.names]
    else:
        base = node.module or ""
        if node.level:
            parts = module.split(".")
            if known[module].name != "__init__.py":
                parts = parts[:-1]
            base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
        targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
    for target in targets:
        while target and target not in known:
            target = target.rpartition(".")[0]
        if not target or target == module:
            continue
        parts = target.split(".")
        for i in range(1, len(parts) + 1):
            package = ".".join(parts[:i])
            if package in known and package != module and not module.startswith(package + "."):
                yield package


def type_checking_nodes(tree: ast.Module) -> set[int]:
    return {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for inner in ast.walk(node)
    }


def function_imports(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    for function in ast.walk(tree):
        if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            for node in ast.walk(function):
                if isinstance(node, ast.Import | ast.ImportFrom):
                    yield node


def import_graph() -> dict[str, set[str]]:
    known = modules()
    graph: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = type_checking_nodes(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom) and id(node) not in typing_only:
                graph[name].update(imported(name, node, known))
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def test_the_layer_contracts_hold() -> None:
    """import-linter checks the contracts of pyproject.toml: the package's layers, the model's
    layers (game, rulesets, rules, data, core), the rule families in their declared order, the
    core knowing no rule, the rules knowing no player, the catalogue knowing no model."""
    command = Path(sys.executable).parent / "lint-imports"
    done = subprocess.run([str(command)], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout


def test_no_import_cycle_counting_imports_inside_functions() -> None:
    assert cycles(import_graph()) == []


def test_the_cycle_finder_sees_a_cycle_through_a_function_level_import() -> None:
    graph = import_graph()
    graph["nemesis_rules.model.core.state"].add("nemesis_rules.model.rules.round")  # as a planted import would
    found = cycles(graph)
    assert any("nemesis_rules.model.core.state" in c and "nemesis_rules.model.rules.round" in c for c in found)


def test_no_module_ends_with_imports() -> None:
    late = []
    for name, path in modules().items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        seen_code = False
        for node in tree.body:
            if isinstance(node, ast.Import | ast.ImportFrom):
                if seen_code:
                    late.append(f"{name}:{node.lineno}")
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                seen_code = True
    assert late == []


def test_no_import_inside_a_function_outside_the_command_line() -> None:
    hidden = []
    for name, path in modules().items():
        if name.startswith(LAZY_PACKAGES):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        hidden.extend(f"{name}:{node.lineno}: {ast.unparse(node)}" for node in function_imports(tree))
    assert hidden == []
