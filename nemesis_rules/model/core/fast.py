"""The engine's speed tricks, in one place, each beside its plain equivalent.

Every transition copies a frozen state and builds a few small frozen objects (decisions,
outcomes, the transition record); fuzzing does that millions of times. The functions here make
those copies and builds without the dataclass machinery, and mean exactly what the plain code
in each docstring means: a test holds each to its plain version (``tests/model/test_fast_paths.py``).

* :func:`copier` — ``dataclasses.replace(obj, **changes)`` for a frozen slotted dataclass;
* :func:`builder` — ``cls(*values)`` without ``__init__``;
* :func:`frozen_init` — a frozen dataclass's own ``__init__``, storing through the slots
  (every frame the rules push is built by it; :class:`.frames.FrameMeta` installs it);
* :func:`remembered` — ``function(value)`` looked up when the same value was asked before;
* :func:`parts_difference` — the net change of what a tuple of records holds in some of their
  fields, generated in straight-line code (the card ledger's difference of the characters);
* :class:`LastAsked` — remembers the actions last listed for a state, so that checking one of
  them again (what every player does right after listing) is an identity test, not a search,
  and listing them again (coverage play, then its player, then the prober) is a lookup.

Not here, because they make fewer copies rather than the same copy faster, and so belong to the
state's own interface: ``GameState.replace_top`` and ``GameState.popped_with_character``
(``state.py``) and a frame's ``run_on_top`` (``frames.py``) build in one state copy what a pop
then a push (or a pop then a character update) build in two; ``tests/model/test_step_on_top.py``
holds every step taken that way to the two-copy way.

How: a copy is built as an instance of a twin of the class (a subclass adding no slot, so the
same memory layout, whose ``__setattr__`` is the plain one, not the frozen dataclass's), filled
by plain attribute stores, the interpreter's fastest, and then given the class itself (CPython
allows ``__class__`` assignment between classes of the same layout, and checks it: for a subclass
that adds nothing the check is a few comparisons, where a separate class with the same slots
had its slot names compared one by one, about a tenth of a state copy). Where a Python refuses
that, a separate slotted class is tried, then the slot descriptors are called instead. The
functions are generated once per class, one line per slot, so that no loop runs per copy.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import MISSING, fields
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from nemesis_rules.model.core.actions import Action, Outcome
    from nemesis_rules.model.core.state import GameState


def _twin(cls: type, names: Sequence[str]) -> type | None:
    """A class whose instances have ``cls``'s slots, take plain attribute stores and may become
    ``cls`` instances: a subclass adding no slot where this Python allows it, else a separate class
    with the same slots; None where this Python refuses the class switch for both. Its
    ``__init__`` is ``object``'s, so that calling it makes a blank instance (see :func:`_blank`)."""
    plain = {
        "__slots__": (),
        "__setattr__": object.__setattr__,
        "__delattr__": object.__delattr__,
        "__init__": object.__init__,
    }
    own = cls.__dict__.get("__slots__")
    slots = tuple(own) if own is not None and set(own) == set(names) else tuple(names)
    for twin in (
        type(f"_{cls.__name__}Draft", (cls,), plain),
        type(f"_{cls.__name__}Draft", (), {"__slots__": slots}),
    ):
        try:
            draft: Any = object.__new__(twin)
            for name in names:
                setattr(draft, name, None)
            draft.__class__ = cls
        except TypeError:  # pragma: no cover - CPython accepts the first
            continue
        return twin
    return None  # pragma: no cover - CPython accepts the first


def _blank(twin: type) -> str:
    """The expression making a blank ``twin`` instance in generated code: ``_twin()`` (what
    ``object.__new__(_twin)`` gives, a call cheaper by a third) unless a ``__new__`` of its own
    would run."""
    own_new: object = twin.__new__
    return "_twin()" if own_new is object.__new__ else "_new(_twin)"


def _slot(cls: type, name: str) -> Any:
    """The slot descriptor of ``name`` (on ``cls`` or the base that declares it)."""
    for klass in cls.__mro__:
        if name in klass.__dict__:
            return klass.__dict__[name]
    raise AttributeError(name)  # pragma: no cover - every field of a slotted dataclass is a slot


def _compile(source: list[str], namespace: dict[str, Any], where: str) -> Callable[..., Any]:
    exec(compile("\n".join(source), where, "exec"), namespace)
    function: Callable[..., Any] = namespace["generated"]
    return function


def copier(
    cls: type,
    only: str | None = None,
    computed: str | None = None,
    *,
    given: bool = False,
    also: Mapping[str, str] | None = None,
) -> Callable[..., Any]:
    """A copy function for the frozen slotted dataclass ``cls``.

    * ``only`` None: ``copy(obj, changes)`` is ``dataclasses.replace(obj, **changes)``;
    * ``only`` a field name: ``copy(obj, value)`` is ``dataclasses.replace(obj, **{only: value})``;
    * ``only`` and ``computed``, an expression of ``self`` (the object copied): ``copy(obj)`` is
      ``dataclasses.replace(obj, **{only: <computed with self = obj>})`` (the engine's pop: one
      call where a method calling the copier was two);
    * the same with ``given``: ``computed`` is an expression of ``self`` and ``value``, and
      ``copy(obj, value)`` is ``dataclasses.replace(obj, **{only: <computed>})`` (a step replacing
      its own frame on the stack by the frames that follow it, ``GameState.replace_top``);
    * with ``also``, other fields by name with an expression of ``self`` each: those fields
      computed too, in the same copy (``{"pending": "self.pending[:-1]"}`` pops the stack as well:
      ``GameState.popped_with_character``).

    None runs ``__post_init__`` or validates (the callers pass values of the field types).
    """
    names = tuple(f.name for f in fields(cls))
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    twin = _twin(cls, names)
    value = "value" if computed is None else f"({computed})"
    exprs = {name: f"self.{name}" for name in names}
    exprs.update({name: f"({expression})" for name, expression in (also or {}).items()})
    if only is not None:
        exprs[only] = value
    arguments = "changes" if only is None else "value" if computed is None or given else ""
    source = [f"def generated(self{', ' + arguments if arguments else ''}):"]
    if twin is not None:
        namespace["_twin"] = twin
        namespace["_setters"] = {name: _slot(twin, name).__set__ for name in names}
        source.append(f"    new = {_blank(twin)}")
        source.extend(f"    new.{name} = {exprs[name]}" for name in names)
    else:  # pragma: no cover - another Python: the slot descriptors themselves
        namespace["_setters"] = {name: _slot(cls, name).__set__ for name in names}
        namespace.update({f"_set_{i}": _slot(cls, name).__set__ for i, name in enumerate(names)})
        source.append("    new = _new(_cls)")
        source.extend(f"    _set_{i}(new, {exprs[name]})" for i, name in enumerate(names))
    if only is None:
        source.append("    for name, value in changes.items():")
        source.append("        _setters[name](new, value)")
    if twin is not None:
        source.append("    new.__class__ = _cls")
    source.append("    return new")
    where = "" if only is None else f" with a new {only}" if computed is None else f" with {only} = {computed}"
    where += "".join(f" and {name} = {expression}" for name, expression in (also or {}).items())
    return _compile(source, namespace, f"<copy of {cls.__name__}{where}>")


def builder(cls: type, names: Sequence[str] | None = None) -> Callable[..., Any]:
    """``build(*values)``: an instance of the slotted class ``cls`` with its slots ``names`` (a
    dataclass's fields by default) set to ``values`` in order, without ``__init__``. For a
    dataclass that is ``cls(*values)``."""
    slots = tuple(names) if names is not None else tuple(f.name for f in fields(cls))
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    twin = _twin(cls, slots)
    arguments = ", ".join(f"v{i}" for i in range(len(slots)))
    source = [f"def generated({arguments}):"]
    if twin is not None:
        namespace["_twin"] = twin
        source.append(f"    new = {_blank(twin)}")
        source.extend(f"    new.{name} = v{i}" for i, name in enumerate(slots))
        source.append("    new.__class__ = _cls")
    else:  # pragma: no cover - another Python: the slot descriptors themselves
        namespace.update({f"_set_{i}": _slot(cls, name).__set__ for i, name in enumerate(slots)})
        source.append("    new = _new(_cls)")
        source.extend(f"    _set_{i}(new, v{i})" for i in range(len(slots)))
    source.append("    return new")
    return _compile(source, namespace, f"<build {cls.__name__}>")


def frozen_init(cls: type) -> Callable[..., None] | None:
    """An ``__init__`` for the frozen slotted dataclass ``cls`` meaning exactly what the
    dataclass's own (``cls.__init__``) means: the same parameters with the same defaults, each
    stored in its field. The dataclass stores each with ``object.__setattr__(self, name, value)``,
    which looks the name up on the class every time; this one calls each slot's own ``__set__``,
    about half the cost of building a frame of one or two fields. None where the dataclass's
    ``__init__`` does more than store its parameters (a default factory, a field left out of
    ``__init__``, an ``InitVar``, keyword-only fields, ``__post_init__``): it is then kept."""
    plain = cls.__dict__.get("__init__")
    if plain is None or hasattr(cls, "__post_init__"):
        return None
    own = fields(cls)
    if any(not f.init or f.default_factory is not MISSING for f in own):
        return None
    parameters = list(inspect.signature(plain).parameters.values())[1:]
    if [p.name for p in parameters] != [f.name for f in own] or any(
        p.kind is not inspect.Parameter.POSITIONAL_OR_KEYWORD for p in parameters
    ):
        return None
    namespace: dict[str, Any] = {}
    arguments = ["self"]
    for i, p in enumerate(parameters):
        if p.default is inspect.Parameter.empty:
            arguments.append(p.name)
        else:
            namespace[f"_default_{i}"] = p.default
            arguments.append(f"{p.name}=_default_{i}")
        namespace[f"_set_{i}"] = _slot(cls, p.name).__set__
    source = [f"def generated({', '.join(arguments)}):"]
    source.extend(f"    _set_{i}(self, {p.name})" for i, p in enumerate(parameters))
    source.append("    return None")
    init = _compile(source, namespace, f"<init of {cls.__name__}>")
    init.__name__ = "__init__"
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__annotations__ = dict(plain.__annotations__)
    return init


def remembered(function: Callable[[Any], Any], kept: int) -> Callable[[Any], Any]:
    """``function`` (of one hashable, immutable value), answered from a table when the same value
    was asked before; the table starts again once it holds ``kept`` answers, so memory stays
    bounded. The plain equivalent is ``function`` itself: a value's answer never changes. (A
    dictionary lookup costs about a seventh of building coverage play's novelty key of a decision.)"""
    table: dict[Any, Any] = {}

    def lookup(value: Any) -> Any:
        found = table.get(value)
        if found is None:
            if len(table) >= kept:
                table.clear()
            found = table[value] = function(value)
        return found

    return lookup


def parts_difference(
    names: Sequence[str],
    extracts: Sequence[Callable[[Any, Any, Any], Mapping[str, int]] | None],
    groups: Sequence[object],
    count: Callable[[Any, Any, Any, int], None],
    apply: Callable[[dict[str, int], Any, Any, Any, Any], None],
) -> Callable[[Any, Any, Any, Any, Any], None]:
    """``difference(before, after, old, new, acc)``: what the records ``new`` (of state ``after``)
    hold beyond what ``old`` (of ``before``) held, in straight-line code with one ``is not`` test
    per field of a replaced record. The plain equivalent (the card ledger's
    ``places._character_delta_plain``)::

        if len(old) != len(new):
            count(before, old, acc, -1); count(after, new, acc, 1); return
        for a, b in zip(old, new):
            if a is b or the fields ``names`` of a and b are equal: continue
            for each group, net = {}: for each field of the group that is not the same object,
                a multiset field (``extracts[i]`` None): net += its pairs after minus before;
                else: net += extracts[i](after, b, value of b) - extracts[i](before, a, value of a)
            for each group whose net has a non-zero count: apply(net, group, after, b, acc)

    Fields whose ``groups`` entry is the same object share one net, so that a key moving
    between them (a card drawn from the deck into the hand) nets to nothing. A multiset field's
    changed pairs are found in C (a set's symmetric difference)."""
    order: list[object] = []
    for group in groups:
        if group not in order:
            order.append(group)
    namespace: dict[str, Any] = {"_count": count, "_apply": apply, "zip": zip, "len": len, "set": set}
    lines = [
        "def generated(before, after, old, new, acc):",
        "    if len(old) != len(new):",
        "        _count(before, old, acc, -1)",
        "        _count(after, new, acc, 1)",
        "        return",
        "    for a, b in zip(old, new):",
        "        if a is b:",
        "            continue",
        "        differs = False",
        *(f"        net{g} = None" for g in range(len(order))),
    ]
    for i, (name, extract, group) in enumerate(zip(names, extracts, groups, strict=True)):
        g = order.index(group)
        lines += [
            f"        va = a.{name}",
            f"        vb = b.{name}",
            "        if va is not vb:",
            f"            if net{g} is None:",
            f"                net{g} = {{}}",
            f"            net = net{g}",
        ]
        if extract is None:
            lines += [
                "            pairs_a = va.items()",
                "            pairs_b = vb.items()",
                "            if pairs_a != pairs_b:",
                "                differs = True",
                "                left = set(pairs_a)",
                "                for pair in left.symmetric_difference(pairs_b):",
                "                    key, n = pair",
                "                    net[key] = net.get(key, 0) + (-n if pair in left else n)",
            ]
        else:
            namespace[f"_extract{i}"] = extract
            lines += [
                "            if va != vb:",
                "                differs = True",
                f"            for key, n in _extract{i}(after, b, vb).items():",
                "                net[key] = net.get(key, 0) + n",
                f"            for key, n in _extract{i}(before, a, va).items():",
                "                net[key] = net.get(key, 0) - n",
            ]
    lines.append("        if differs:")
    for g, group in enumerate(order):
        namespace[f"_group{g}"] = group
        # a key moved within a group nets to zeros: no call
        lines += [
            f"            if net{g} and any(net{g}.values()):",
            f"                _apply(net{g}, _group{g}, after, b, acc)",
        ]
    return _compile(lines, namespace, f"<difference of {', '.join(names)}>")


class LastAsked:
    """The last state whose actions were listed, and them. Two uses:

    * ``step`` after ``legal_actions`` or ``chance_outcomes`` on the same state (what every
      player and checker does) recognises the very action objects it handed out instead of
      checking them again; the plain equivalent is to look the action up among
      ``legal_actions(state)``;
    * ``legal_actions`` and ``chance_outcomes`` asked again about the same state (coverage play
      lists the actions, then the player it falls back on lists them again, then the prober)
      hand out the same listing (:meth:`listed`, :meth:`listed_outcomes`) instead of building it
      again; the plain equivalent is to build it again: a state is immutable, so its listing is
      the same each time.

    Holding a reference to the state keeps the ``is`` comparison sound. Chance outcomes are kept
    as the (outcome, weight) pairs handed out, and their outcomes among ``actions``."""

    __slots__ = ("actions", "outcomes", "state")

    def __init__(self) -> None:
        self.state: GameState | None = None
        self.actions: tuple[Action, ...] = ()
        self.outcomes: tuple[tuple[Outcome, int], ...] | None = None

    def remember(self, state: GameState, actions: tuple[Action, ...]) -> None:
        """``actions``: every decision open in ``state`` (a decision node)."""
        self.state = state
        self.actions = actions
        self.outcomes = None

    def remember_outcomes(self, state: GameState, outcomes: tuple[tuple[Outcome, int], ...]) -> None:
        """``outcomes``: every outcome possible in ``state`` (a chance node), with its weight."""
        self.state = state
        self.actions = tuple([o for o, _ in outcomes])
        self.outcomes = outcomes

    def listed(self, state: GameState) -> tuple[Action, ...] | None:
        """The actions listed for ``state`` (decisions, or a chance node's outcomes), or None."""
        return self.actions if self.state is state else None

    def listed_outcomes(self, state: GameState) -> tuple[tuple[Outcome, int], ...] | None:
        """The (outcome, weight) pairs listed for the chance node ``state``, or None."""
        return self.outcomes if self.state is state else None

    def handed_out(self, state: GameState, action: Action) -> bool:
        """Whether ``action`` is one of the objects listed for ``state`` (then it is legal)."""
        if self.state is not state:
            return False
        for candidate in self.actions:  # noqa: SIM110 - loops are faster than any() over a generator
            if candidate is action:
                return True
        return False
