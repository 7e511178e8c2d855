"""The default proof suite: every obligation the package knows, in a stable order."""

from __future__ import annotations

import importlib

from nemesis_rules.prove import bag, supplies, tracks
from nemesis_rules.prove.core import Obligation


def default_obligations() -> list[Obligation]:
    """Supplies, tracks, pods, token conservation; insanity and conflict witnesses when the
    Void Seeders ruleset's encodings are importable."""
    out = [*supplies.obligations(), *tracks.obligations(), *bag.obligations()]
    try:
        insanity = importlib.import_module("nemesis_rules.prove.insanity")
    except ImportError:  # pragma: no cover - the expansion ships with the package
        return out
    out.extend(insanity.obligations())
    return out
