"""The expansion's changes to the base game's actions, plugged into the same tables
(void-seeders-rulebook.txt, Gameplay Changes): Rest lowers Insanity and/or scans; the Antidote
brings Insanity to 3 instead of removing a Larva; the Clothes lose their Slime use. Room actions (Shower Room, Canteen,
Surgery, Laboratory) are replaced in :mod:`.rooms`.
"""

from __future__ import annotations

from nemesis_rules.model.rules.action_cards_common import override_card
from nemesis_rules.model.rules.effects import RULESET_ITEM_EFFECTS, Effect
from nemesis_rules.model.rules.item_effects_blue import LARVA_CURES
from nemesis_rules.model.rules.item_effects_yellow import clothes, dress_variants
from nemesis_rules.model.rules.void_seeders.changes import rest_resolve, rest_variants, vs_antidote_insanity

RULESET = "void-seeders"


def register() -> None:
    """Install the replacements (idempotent)."""
    override_card(RULESET, "rest", Effect("vs.change.rest", rest_variants, rest_resolve))
    LARVA_CURES[RULESET] = vs_antidote_insanity
    # no Slime in the expansion: the Clothes only dress a Serious Wound
    RULESET_ITEM_EFFECTS[(RULESET, "clothes")] = Effect("vs.change.clothes", dress_variants, clothes)


register()
