"""The rule texts' universal sentences ("only", "never", "cannot", "the only way") as invariants.

The universals finder (:mod:`nemesis_rules.rulebook.finders.universals`) lists every such sentence
of the four texts and names what holds each: an invariant of the catalogue, a refusal clause whose
cases must stay illegal, or a ruling. The sentences no other invariant held yet are here; fuzzing
and ``check`` test them after every transition, so an effect elsewhere that does what a universal
forbids (an Event card, an item, a hook of the expansion) is found, not just the one action the
sentence was written for.
"""

from __future__ import annotations

from nemesis_rules.invariants.core import fired_step_invariant, step_invariant
from nemesis_rules.model.core.actions import Action
from nemesis_rules.model.core.state import GameState
from nemesis_rules.model.data import tables
from nemesis_rules.model.rules.noise import BAG_NOISE_RULING, EGG_NOISE_RULING, NoiseRoll

LAIR_NOISE = "vs.lair.noise-roll"
GENERATOR = "base.room.generator"


def _new_noise_rolls(before: GameState, after: GameState) -> list[NoiseRoll]:
    old = {id(frame) for frame in before.pending}
    return [f for f in after.pending if isinstance(f, NoiseRoll) and id(f) not in old]


@fired_step_invariant(
    "universal.noise-in-combat-only-lair",
    "With Void Seeders, a Character In Combat rolls for Noise only because of a Lair in its room "
    "(void-seeders-rulebook.txt: 'the only way to Roll for Noise when in Combat').",
    LAIR_NOISE,
    rulesets=("void-seeders",),
)
def noise_in_combat_only_lair(
    before: GameState, action: Action, after: GameState, fired: tuple[str, ...]
) -> str | None:
    if LAIR_NOISE in fired or EGG_NOISE_RULING in fired or BAG_NOISE_RULING in fired:
        return None
    for roll in _new_noise_rolls(before, after):
        character = after.character(roll.player)
        if character.active and character.position == roll.position and after.in_combat(roll.player):
            return f"player {roll.player} rolls for Noise In Combat in room {roll.position}, and no Lair made them"
    return None


@fired_step_invariant(
    "universal.generator-not-while-hibernating",
    "The Generator never starts the Self-Destruct sequence while any Character is hibernating.",
    GENERATOR,
)
def generator_not_while_hibernating(
    before: GameState, action: Action, after: GameState, fired: tuple[str, ...]
) -> str | None:
    if before.self_destruct is not None or after.self_destruct is None or GENERATOR not in fired:
        return None
    sleeping = [c.player for c in before.characters if c.status == "hibernating"]
    if sleeping:
        return f"the Generator started the Self-Destruct while player(s) {sleeping} hibernate"
    return None


@step_invariant(
    "universal.destination-not-while-hibernating",
    "The destination is never changed while any Character is hibernating.",
    "base.room.cockpit",
    reads=("destination",),
)
def destination_not_while_hibernating(before: GameState, action: Action, after: GameState) -> str | None:
    if after.destination == before.destination or before.coordinates is None:
        return None
    sleeping = [c.player for c in before.characters if c.status == "hibernating"]
    if sleeping:
        moved = f"{before.destination} to {after.destination}"
        return f"the destination moved from {moved} while player(s) {sleeping} hibernate"
    return None


@step_invariant(
    "universal.self-destruct-unstoppable",
    "Once the Self-Destruct marker has reached a yellow space, the sequence is never stopped.",
    "base.self-destruct.lock",
    reads=("self_destruct",),
)
def self_destruct_unstoppable(before: GameState, action: Action, after: GameState) -> str | None:
    if before.self_destruct is None or after.self_destruct is not None or after.end is not None:
        return None
    if "no-abort" in tables.self_destruct_flags(before):
        return f"the Self-Destruct sequence was stopped on space index {before.self_destruct}, past the lock"
    return None
