"""The engine's source files, read as text (never run): where each frame class is defined.

Snapshots use this to know the engine's frame classes without importing every module (a
module imported only to look at it could register rules the engine has not wired in yet): which
module defines a frame class a snapshot names. (The words of a record are declared, not read
from here: :mod:`nemesis_rules.model.data.vocabulary`.)
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Mapping
from pathlib import Path

import nemesis_rules.model as model

FRAME_ROOT = "Frame"


@functools.cache
def model_sources() -> tuple[tuple[str, str], ...]:
    """(module name, source text) of every module of :mod:`nemesis_rules.model`."""
    root = Path(model.__file__).parent
    out = []
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        name = ".".join(("nemesis_rules", "model", *parts)).removesuffix(".__init__")
        try:
            out.append((name, path.read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError):
            continue
    return tuple(out)


@functools.cache
def model_trees() -> tuple[tuple[str, ast.Module], ...]:
    """(module name, syntax tree) of every module that parses."""
    out = []
    for module, text in model_sources():
        try:
            out.append((module, ast.parse(text)))
        except (SyntaxError, ValueError):
            continue
    return tuple(out)


def _base_name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else None


@functools.cache
def frame_modules() -> Mapping[str, tuple[str, ...]]:
    """Frame class name -> the modules of the engine that define a frame class of that name
    (a top-level class deriving, through classes of the engine, from ``Frame``)."""
    classes: list[tuple[str, str, tuple[str, ...]]] = []
    for module, tree in model_trees():
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                bases = tuple(b for b in (_base_name(base) for base in node.bases) if b is not None)
                classes.append((node.name, module, bases))
    frames = {FRAME_ROOT}
    grew = True
    while grew:
        grew = False
        for name, _, bases in classes:
            if name not in frames and frames.intersection(bases):
                frames.add(name)
                grew = True
    found: dict[str, list[str]] = {}
    for name, module, bases in classes:
        if name != FRAME_ROOT and frames.intersection(bases):
            found.setdefault(name, []).append(module)
    return {name: tuple(modules) for name, modules in found.items()}


def engine_modules() -> frozenset[str]:
    return frozenset(module for module, _ in model_sources())
