"""Loading a user's invariant from ``FILE.py:NAME`` (``replay --invariant``, design principle 6).

This is the one place a record check runs user code, and only code the user names on the
command line: the file is imported as a module of its own and ``NAME`` must be a plain function
``f(state) -> str | None`` or ``f(before, action, after) -> str | None``. A record never names code.
"""

from __future__ import annotations

import hashlib
import importlib.util
import inspect
from pathlib import Path

from nemesis_rules.errors import BadInputError, quote, shorten
from nemesis_rules.record.replay import UserInvariant


def load_invariant(spec: str) -> UserInvariant:
    """The function ``NAME`` of ``FILE.py`` as an invariant; every problem is bad input naming ``spec``."""
    where = "--invariant"
    path_text, sep, name = spec.rpartition(":")
    if not sep or not path_text or not name.isidentifier():
        raise BadInputError(f"expected FILE.py:NAME, got {quote(spec)}", where)
    path = Path(path_text)
    if not path.is_file():
        raise BadInputError(f"no such file {quote(str(path))}", where)
    module_name = "nemesis_user_invariant_" + hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:12]
    loader_spec = importlib.util.spec_from_file_location(module_name, path)
    if loader_spec is None or loader_spec.loader is None:
        raise BadInputError(f"cannot load {quote(str(path))} as Python", where)
    module = importlib.util.module_from_spec(loader_spec)
    try:
        loader_spec.loader.exec_module(module)
    except (Exception, SystemExit, KeyboardInterrupt) as exc:  # the user's file: report, never a traceback
        failure = f"{type(exc).__name__}: {shorten(str(exc))}"
        raise BadInputError(f"cannot load {quote(str(path))}: {failure}", where) from None
    function = getattr(module, name, None)
    if function is None:
        raise BadInputError(f"{quote(str(path))} defines no {quote(name)}", where)
    if not inspect.isfunction(function):
        raise BadInputError(f"{quote(name)} in {quote(str(path))} is not a plain function", where)
    return UserInvariant.of(function, f"{path.name}:{name}")
