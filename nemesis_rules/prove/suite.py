"""The default proof suite: every obligation the package knows, in a stable order."""

from __future__ import annotations

import importlib

from nemesis_rules.prove import bag, supplies, tracks
from nemesis_rules.prove.core import Obligation


def default_obligations() -> list[Obligation]:
    """Supplies, tracks, pods, token conservation, Insanity, and conflict witnesses."""
    out = [*supplies.obligations(), *tracks.obligations(), *bag.obligations()]
    for name in ("insanity", "conflicts"):
        out.extend(importlib.import_module(f"nemesis_rules.prove.{name}").obligations())
    return out
