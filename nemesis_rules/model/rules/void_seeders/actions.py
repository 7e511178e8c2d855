"""The expansion's changes to the base game's actions, plugged into the same tables
(void-seeders-rulebook.txt, Gameplay Changes): Rest lowers Insanity and/or scans; the Antidote
brings Insanity to 3 instead of removing a Larva. Room actions (Shower Room, Canteen,
Surgery, Laboratory) are replaced in :mod:`.rooms`.
"""

from __future__ import annotations

from nemesis_rules.model.rules.action_cards_common import override_card
from nemesis_rules.model.rules.effects import Effect
from nemesis_rules.model.rules.item_effects_blue import LARVA_CURES
from nemesis_rules.model.rules.void_seeders.changes import rest_resolve, rest_variants, vs_antidote_insanity

RULESET = "void-seeders"


def register() -> None:
    """Install the replacements (idempotent)."""
    override_card(RULESET, "rest", Effect("vs.change.rest", rest_variants, rest_resolve))
    LARVA_CURES[RULESET] = vs_antidote_insanity


register()
