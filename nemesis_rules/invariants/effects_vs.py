"""The stated effects on the Insanity track (void-seeders-rulebook.txt, Void Seeders Features >
Insanity Level and Insanity Track Card; Rules Summary > Rest, Canteen and Shower Room).

Each raise moves the marker one space up (a Character at the top asked to go higher dies); the
INFECTED result of a scan puts it on the last space; Surgery and the Antidote set it to 3. So in
one transition a living Character's level never rises by more than one space per raise the
transition could hold, except to the top or to 3; and it never falls by more than one space except
to 3 (Surgery, Antidote). The end-of-game Contamination check, which may raise several times at
once, is left out (the character is no longer active then). The numbers are the specification's
(rulebook/data/spec.toml).
"""

from __future__ import annotations

from nemesis_rules.invariants.core import problems, step_invariant
from nemesis_rules.model.core.actions import Action
from nemesis_rules.model.core.state import GameState
from nemesis_rules.rulebook.spec import spec_value

FLOOR = spec_value("insanity.floor")
TOP = spec_value("insanity.max")


@step_invariant(
    "effects.insanity-steps",
    "The Insanity level moves one space at a time, except straight to the top (INFECTED) or to 3 (Surgery, Antidote).",
    "vs.insanity.track",
    rulesets=("void-seeders",),
    reads=("characters",),
    character_reads=("insanity", "status"),
)
def insanity_steps(before: GameState, action: Action, after: GameState) -> str | None:
    if before.characters is after.characters:
        return None
    found = []
    for b, a in zip(before.characters, after.characters, strict=False):
        if a.insanity == b.insanity or a.status != "active" or after.end is not None:
            continue
        if abs(a.insanity - b.insanity) > 1 and a.insanity not in (TOP, FLOOR):
            found.append(f"player {a.player}'s Insanity jumped from {b.insanity} to {a.insanity}")
    return problems(found)
