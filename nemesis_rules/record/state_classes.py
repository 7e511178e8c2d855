"""Which classes a snapshot may name, and the declared type of each of their fields.

A snapshot is data: loading one may build only the engine's own state classes (the dataclasses
reachable from :class:`~nemesis_rules.model.core.state.GameState` through its field types) and its
pending frames (every concrete subclass of :class:`~nemesis_rules.model.core.frames.Frame`). Both are
found by reflection, so a field or frame added to the engine needs no change here. A class is
named by its class name (``"Turn"``), or by ``module.Class`` where two modules of the engine
define classes of one name; a snapshot naming a frame whose module the engine has not imported
yet (it imports some rule modules only when a rule first runs) makes exactly that module of the
engine load, found from the engine's source text. Nothing else in a snapshot is imported or run.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import sys
import types
import typing
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from nemesis_rules.model import game as _engine  # noqa: F401  (every rule family, so every frame class exists)
from nemesis_rules.model.core import actions, config, frames, multiset, state
from nemesis_rules.model.core.config import GameConfig
from nemesis_rules.model.core.frames import Frame
from nemesis_rules.model.core.state import GameState
from nemesis_rules.record.engine_source import engine_modules, frame_modules

TYPE_KEY = "$type"
"""The key that names a dataclass in a snapshot (``{"$type": "Turn", "player": 1, "done": 0}``)."""

_FRAME_BASES = ("Frame", "Step", "ChanceNode", "Choice")
"""The abstract frame classes of :mod:`nemesis_rules.model.core.frames`: never built from a snapshot."""


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """One init field of a state class: its name, declared type, and its default (``required``
    when it has none)."""

    name: str
    hint: Any
    required: bool
    default: Any = None


@dataclass(frozen=True, slots=True, eq=False)
class Registry:
    """The classes a snapshot may name, by tag, and their fields."""

    by_tag: Mapping[str, type]
    tags: Mapping[type, str]
    fields: Mapping[type, tuple[FieldSpec, ...]]

    def accepted(self, hint: type) -> tuple[type, ...]:
        """The registered classes a value declared as ``hint`` may be (``hint`` and its subclasses)."""
        return tuple(cls for cls in self.tags if issubclass(cls, hint))


def load_class(tag: str) -> bool:
    """Import the engine module that defines the class ``tag`` names, if there is exactly one;
    whether a module was imported (the registry must then be rebuilt)."""
    candidates: tuple[str, ...]
    if "." in tag:
        module, _, name = tag.rpartition(".")
        candidates = (module,) if module in engine_modules() else ()
    else:
        name, candidates = tag, frame_modules().get(tag, ())
    if len(candidates) != 1 or candidates[0] in sys.modules or not name.isidentifier():
        return False
    try:
        importlib.import_module(candidates[0])
    except Exception:  # a module of the engine that cannot be imported holds no reachable frame
        return False
    return True


def complete_registry() -> Registry:
    """The registry with every frame class of the engine's source imported (for the published
    schema, which must name them all; replay never needs this)."""
    for modules in frame_modules().values():
        for module in modules:
            if module not in sys.modules:
                try:
                    importlib.import_module(module)
                except Exception:  # a module of the engine that cannot be imported holds no reachable frame
                    continue
    return refreshed_registry()


def _canonical(cls: type) -> bool:
    """Whether ``cls`` is the class its module exports (``slots=True`` leaves a stale twin behind)."""
    found: Any = sys.modules.get(cls.__module__)
    for part in cls.__qualname__.split("."):
        found = getattr(found, part, None)
    return found is cls


def _subclasses(cls: type) -> Iterator[type]:
    sub: type
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def _namespace() -> dict[str, Any]:
    """Names the engine's annotations use but import only for type checking."""

    names: dict[str, Any] = {}
    for module in (multiset, actions, frames, config, state):
        names.update({k: v for k, v in vars(module).items() if not k.startswith("_")})
    return names


def _hint(cls: type, field: dataclasses.Field[Any], namespace: Mapping[str, Any]) -> Any:
    """The declared type of ``field`` (``Any`` when it cannot be resolved: the value is then
    written in the self-describing form)."""
    if not isinstance(field.type, str):
        return field.type
    for klass in cls.__mro__:
        if field.name in getattr(klass, "__annotations__", {}):
            module_globals = vars(sys.modules[klass.__module__])
            break
    else:  # pragma: no cover - dataclass fields always come from some class's annotations
        module_globals = {}
    try:
        return eval(field.type, dict(module_globals), dict(namespace))  # our own annotation text, never input
    except Exception:
        return Any


def _field_specs(cls: type, namespace: Mapping[str, Any]) -> tuple[FieldSpec, ...]:
    specs = []
    for field in dataclasses.fields(cls):
        if not field.init:
            continue
        hint = _hint(cls, field, namespace)
        if field.default is not dataclasses.MISSING:
            specs.append(FieldSpec(field.name, hint, False, field.default))
        elif field.default_factory is not dataclasses.MISSING:
            specs.append(FieldSpec(field.name, hint, False, field.default_factory()))
        else:
            specs.append(FieldSpec(field.name, hint, True))
    return tuple(specs)


def _classes_in(hint: Any) -> Iterator[type]:
    """The dataclasses a type hint mentions."""
    if isinstance(hint, type) and dataclasses.is_dataclass(hint) and hint is not GameConfig:
        yield hint
    for arg in typing.get_args(hint):
        yield from _classes_in(arg)


def refreshed_registry(tag: str | None = None) -> Registry:
    """The registry rebuilt: for a class imported after the first look, or (given the ``tag`` a
    snapshot names) defined in an engine module not imported yet."""
    if tag is not None:
        load_class(tag)
    registry.cache_clear()
    return registry()


@functools.cache
def registry() -> Registry:
    """Every class a snapshot may name: the state dataclasses and every concrete frame imported."""
    namespace = _namespace()
    frames = [c for c in _subclasses(Frame) if _canonical(c) and dataclasses.is_dataclass(c)]
    todo: list[type] = [GameState, *frames]
    fields: dict[type, tuple[FieldSpec, ...]] = {}
    while todo:
        cls = todo.pop()
        if cls in fields:
            continue
        fields[cls] = _field_specs(cls, namespace)
        for spec in fields[cls]:
            todo.extend(c for c in _classes_in(spec.hint) if c not in fields)
    concrete = [
        c for c in fields if not (c.__module__ == Frame.__module__ and c.__name__ in _FRAME_BASES) and _canonical(c)
    ]
    # A class name shared by two classes (imported, or frames in the engine's source) is
    # written module-qualified, so that a tag means the same class in every process.
    homes: dict[str, set[str]] = {name: set(modules) for name, modules in frame_modules().items()}
    for cls in concrete:
        homes.setdefault(cls.__name__, set()).add(cls.__module__)
    tags = {
        cls: cls.__name__ if len(homes[cls.__name__]) == 1 else f"{cls.__module__}.{cls.__qualname__}"
        for cls in concrete
    }
    by_tag = {tag: cls for cls, tag in tags.items()}
    by_tag.update({f"{cls.__module__}.{cls.__qualname__}": cls for cls in concrete})
    return Registry(by_tag, tags, fields)


def union_args(hint: Any) -> tuple[Any, ...] | None:
    """The members of a union type, or None when ``hint`` is not a union."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return typing.get_args(hint)
    return None
