"""Data rulings and data variants are one choice, spelled two ways.

A data ruling (``base.data.noise-die``) asks which source's numbers hold; the engine plays its answer
through a data-variant family (``noise-die``) that picks the component tables. ``--ruling`` and
``--variant`` must therefore agree: setting either one sets the other, and setting both to different
answers is bad input.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from nemesis_rules.errors import BadInputError

__all__ = ["DATA_RULING_VARIANTS", "align"]

DATA_RULING_VARIANTS: Final[Mapping[str, tuple[str, Mapping[str, str]]]] = MappingProxyType(
    {
        "base.data.combat-die": ("combat-die", {"scan": "scan", "arv-code": "arv", "reference": "reference"}),
        "base.data.computer-rooms": ("computers", {"printed": "printed", "reference": "reference"}),
        "base.data.duct-tape-component": ("duct-tape-component", {"none": "scan", "wrench": "pn"}),
        "base.data.event-movers-pn": ("event-deck", {"scan": "scan", "pn": "pn"}),
        "base.data.extended-magazine": ("extended-magazine", {"energy": "energy", "any-weapon": "any"}),
        "base.data.holo-computer-activation": (
            "holo-computer-activation",
            {"generator": "dsj", "emergency-room": "pn"},
        ),
        "base.data.infected-count": ("contamination-infected", {"seven": "7", "thirteen": "13"}),
        "base.data.noise-die": ("noise-die", {"printed": "printed", "reference": "reference"}),
        "base.data.pilot-quest-activation": ("pilot-quest-activation", {"scan": "dsj", "pn": "pn"}),
        "base.data.pistol-ammo": ("scientist-pistol-ammo", {"three": "scan", "two": "pn"}),
        "base.data.summoning-attackers": ("summoning-attackers", {"scan": "scan", "pn": "pn"}),
        "base.data.token-thresholds": ("token-thresholds", {"printed": "printed", "reference": "reference"}),
        "vs.data.pod-ejection": ("vs-pod-ejection", {"lowest": "lowest", "highest": "highest"}),
        "vs.data.token-count": ("vs-tokens", {"rulebook-16": "rulebook", "fan-app-17": "ab"}),
    }
)
"""Data ruling id -> (its data-variant family, reading id -> variant option)."""


def align(rulings: Mapping[str, str], variants: Mapping[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """The overrides with each data ruling and its variant family made to agree.

    ``rulings`` and ``variants`` are what the user asked for (not the defaults). A ruling given alone
    sets its family; a family given alone sets its ruling; both given must name the same answer.
    """
    out_rulings, out_variants = dict(rulings), dict(variants)
    for ruling, (family, options) in DATA_RULING_VARIANTS.items():
        reading, option = rulings.get(ruling), variants.get(family)
        if reading is not None and reading in options:
            wanted = options[reading]
            if option is not None and option != wanted:
                raise BadInputError(
                    f"--ruling {ruling}={reading} means --variant {family}={wanted}, not {option}", "--variant"
                )
            out_variants[family] = wanted
        elif option is not None and reading is None:
            by_option = {v: k for k, v in options.items()}
            if option in by_option:
                out_rulings[ruling] = by_option[option]
    return out_rulings, out_variants
