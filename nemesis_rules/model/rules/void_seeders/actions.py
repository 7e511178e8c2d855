"""The expansion's changes to the base game's actions, plugged into the same tables
(void-seeders-rulebook.txt, Gameplay Changes): Rest lowers Insanity and/or scans; the Antidote
brings Insanity to 3 instead of removing a Larva; the Clothes lose their Slime use. Room actions (Shower Room,
Canteen, Surgery, Laboratory) are replaced in :mod:`.rooms`. The ruleset value takes these tables in
(:mod:`nemesis_rules.model.rulesets.void_seeders`).
"""

from __future__ import annotations

from nemesis_rules.model.rules.effects import Effect
from nemesis_rules.model.rules.item_effects_yellow import clothes, dress_variants
from nemesis_rules.model.rules.void_seeders.changes import (
    rest_resolve,
    rest_variants,
    rest_why_not,
    vs_antidote_insanity,
)

ACTION_CARDS: dict[str, Effect] = {"rest": Effect("vs.change.rest", rest_variants, rest_resolve, rest_why_not)}
"""The Action cards the expansion resolves its own way."""

ITEMS: dict[str, Effect] = {
    # no Slime in the expansion: the Clothes only dress a Serious Wound
    "clothes": Effect("vs.change.clothes", dress_variants, clothes),
}
"""The items whose action the expansion replaces."""

LARVA_CURE = vs_antidote_insanity
"""The Antidote brings Insanity to 3 instead of removing a Larva."""
